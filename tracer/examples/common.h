/* SPDX-License-Identifier: EPL-2.0 */
/* Shared by the examples: argument parsing and the crash-injection hook used by
 * `make check` to test what the tracer leaves behind when a rank dies mid-run. */
#ifndef EXAMPLES_COMMON_H
#define EXAMPLES_COMMON_H

#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ex_die_at = -1, ex_die_sig;

/* usage: prog ITERATIONS [abort:K | kill:K]  (rank 1 dies at iteration K) */
static int ex_args(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (argc > 2) {
        if (!strncmp(argv[2], "abort:", 6)) { ex_die_at = atoi(argv[2] + 6); ex_die_sig = SIGABRT; }
        if (!strncmp(argv[2], "kill:", 5)) { ex_die_at = atoi(argv[2] + 5); ex_die_sig = SIGKILL; }
    }
    return n < 0 ? 0 : n;
}

static void ex_maybe_die(int rank, int it)
{
    if (rank != 1 || it != ex_die_at) return;
    if (ex_die_sig == SIGABRT) abort();
    raise(SIGKILL);
}

#endif

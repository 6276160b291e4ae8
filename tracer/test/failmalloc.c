/* SPDX-License-Identifier: EPL-2.0 */
/* Fault injection for the tracer's allocations, preloaded before liblooptrace.so:
 * LOOPTRACE_FAIL_ALLOC=N lets the first N allocations made by the tracer itself succeed and
 * fails every later one (malloc and calloc return NULL), while the program and the MPI library
 * allocate as usual. The caller is recognized by the object its return address lies in. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);

static __thread int inside;
static long seen;

/* Whether the allocation called from return address `caller` made by the tracer must fail. */
static int fails(void *caller)
{
    if (inside) return 0;
    inside = 1;
    Dl_info info;
    int ours = dladdr(caller, &info) && info.dli_fname && strstr(info.dli_fname, "liblooptrace");
    const char *limit = ours ? getenv("LOOPTRACE_FAIL_ALLOC") : NULL;
    int fail = limit && ++seen > atol(limit);
    inside = 0;
    return fail;
}

void *malloc(size_t n)
{
    return fails(__builtin_return_address(0)) ? NULL : __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
    return fails(__builtin_return_address(0)) ? NULL : __libc_calloc(n, size);
}

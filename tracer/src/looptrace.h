/* SPDX-License-Identifier: EPL-2.0 */
/* Internal interface shared by the tracer's core, C wrappers, Fortran wrappers and
 * -finstrument-functions hooks. Not installed; applications never include it. */
#ifndef LOOPTRACE_H
#define LOOPTRACE_H

#include <mpi.h>
#include <stdint.h>

#define LT_HIDDEN __attribute__((visibility("hidden")))

/* What the tracer knows about a communicator, cached on it as an MPI attribute so
 * that a freed and reused handle never sees stale data. */
typedef struct lt_comm {
    int64_t id;      /* 0 = MPI_COMM_WORLD; same value on every member */
    char tok[32];    /* tag prefix: "" for world, "c<id>." otherwise */
    int size;        /* size of the (local) group */
    int *world;      /* comm rank -> world rank, local group */
    int rsize;       /* remote group size (intercommunicators), else 0 */
    int *rworld;     /* remote rank -> world rank */
    char *group;     /* canonical world rank set of all members, for sync events */
    int refs;        /* the attribute + pending requests: MPI_Comm_free may precede completion */
} lt_comm_t;

LT_HIDDEN extern int lt_on;           /* tracing between MPI_Init and MPI_Finalize */
LT_HIDDEN extern int lt_calls;        /* LOOPTRACE_CALLS */
LT_HIDDEN extern int lt_rank;         /* rank in MPI_COMM_WORLD */
LT_HIDDEN extern lt_comm_t lt_world;

LT_HIDDEN int64_t lt_now(void);
LT_HIDDEN void lt_start(void);        /* after PMPI_Init*: open files, set lt_on */
LT_HIDDEN void lt_stop(void);         /* before PMPI_Finalize: flush, close */
LT_HIDDEN lt_comm_t *lt_comm(MPI_Comm c);
LT_HIDDEN void lt_comm_register(MPI_Comm newcomm); /* collective on newcomm */
LT_HIDDEN lt_comm_t *lt_comm_ref(lt_comm_t *ci);  /* for a request entry; released on delete */

/* Events. Ranks are ranks of the communicator; the core translates to world ranks. */
LT_HIDDEN void lt_ev_send(lt_comm_t *ci, int dst, int tag, int64_t t0, int64_t t1,
                          int64_t bytes, int64_t count);
LT_HIDDEN void lt_ev_recv(lt_comm_t *ci, const MPI_Status *st, int typesize,
                          int64_t t0, int64_t t1);
LT_HIDDEN void lt_ev_sync(lt_comm_t *ci, const char *name, int64_t t0, int64_t t1,
                          int64_t bytes, int64_t count);
LT_HIDDEN void lt_ev_local(const char *what, const char *name, int64_t t);

/* Requests whose completion the tracer must see: receives and persistent requests. */
enum { LT_RECV = 1, LT_PSEND = 2, LT_PRECV = 3 };
typedef struct {
    MPI_Request key;
    lt_comm_t *ci;
    int kind, active, peer, tag, typesize;
    int64_t count;
} lt_req_t;
LT_HIDDEN lt_req_t *lt_req_add(MPI_Request r);
LT_HIDDEN lt_req_t *lt_req_find(MPI_Request r);
LT_HIDDEN void lt_req_del(MPI_Request r);
/* Called after a request completed with status st (kept copy e of the entry). */
LT_HIDDEN void lt_req_done(MPI_Request before, const MPI_Status *st, int64_t t0, int64_t t1);
/* Scratch arrays reused across calls (grow to the largest count seen, never per event). */
LT_HIDDEN MPI_Request *lt_scratch_reqs(int n);
LT_HIDDEN MPI_Status *lt_scratch_stats(int n);
LT_HIDDEN int lt_any_tracked(const MPI_Request *r, int n);

LT_HIDDEN int lt_typesize(MPI_Datatype dt);
/* Allocation that never returns NULL: out of memory flushes whole lines, says so and aborts. */
LT_HIDDEN void *lt_alloc(size_t bytes, const char *what);
LT_HIDDEN void *lt_zalloc(size_t n, size_t size, const char *what);
LT_HIDDEN char *lt_strdup(const char *s, const char *what);
LT_HIDDEN void lt_fn_init(void);     /* -finstrument-functions hooks (functions.c) */

#define LT_CALL(name, t) do { if (lt_calls) lt_ev_local("call", name, t); } while (0)
#define LT_RET(name, t) do { if (lt_calls) lt_ev_local("return", name, t); } while (0)

#endif

/* SPDX-License-Identifier: EPL-2.0 */
/* Fortran bindings. Debian's Open MPI 4.1 Fortran library calls PMPI_* directly, so the
 * C wrappers never see Fortran calls: these wrappers take the Fortran symbols (mpif.h and
 * `use mpi`: mpi_x, mpi_x_, mpi_x__, MPI_X; `use mpi_f08` goes through ompi_x_f), record
 * the event and forward to Open MPI's own Fortran routine (found with dlsym RTLD_NEXT),
 * which keeps every Fortran-specific conversion (handles, MPI_IN_PLACE, ignores) there. */
#define _GNU_SOURCE
#include "looptrace.h"

#include <dlfcn.h>
#include <stdlib.h>

typedef MPI_Fint F;

static void *real(const char *name)
{
    void *p = dlsym(RTLD_NEXT, name);
    if (!p) p = dlsym(RTLD_DEFAULT, name);
    return p;
}
#define REAL(T, l) static T r_; if (!r_) *(void **)&r_ = real("ompi_" #l "_f")

/* Status ignores are addresses of common blocks: compare with every spelling. */
static void *st_ign[4], *sts_ign[4], *inplace[4];
static int ign_init;
static void init_ign(void)
{
    const char *s[4] = {"mpi_fortran_status_ignore_", "mpi_fortran_status_ignore",
                        "mpi_fortran_status_ignore__", "MPI_FORTRAN_STATUS_IGNORE"};
    const char *ss[4] = {"mpi_fortran_statuses_ignore_", "mpi_fortran_statuses_ignore",
                         "mpi_fortran_statuses_ignore__", "MPI_FORTRAN_STATUSES_IGNORE"};
    const char *ip[4] = {"mpi_fortran_in_place_", "mpi_fortran_in_place",
                         "mpi_fortran_in_place__", "MPI_FORTRAN_IN_PLACE"};
    for (int i = 0; i < 4; i++) {
        st_ign[i] = dlsym(RTLD_DEFAULT, s[i]);
        sts_ign[i] = dlsym(RTLD_DEFAULT, ss[i]);
        inplace[i] = dlsym(RTLD_DEFAULT, ip[i]);
    }
    ign_init = 1;
}
static int is_in(void *const *set, const void *p)
{
    if (!ign_init) init_ign();
    for (int i = 0; i < 4; i++)
        if (set[i] && set[i] == p) return 1;
    return 0;
}

#define FSTAT 16 /* >= MPI_STATUS_SIZE (6 in Open MPI) */
static F *fstats;
static int fstats_n;
static F *fstat_array(F *user, int n)
{
    if (!is_in(sts_ign, user)) return user;
    if (n > fstats_n) {
        free(fstats);
        fstats = lt_alloc(sizeof(F) * FSTAT * (size_t)n * 2, "an array of Fortran statuses");
        fstats_n = n * 2;
    }
    return fstats;
}
static MPI_Fint stsize(void)
{
    static int n;
    if (!n) n = (int)(sizeof(MPI_Status) / sizeof(F)); /* MPI_STATUS_SIZE */
    return n;
}

static lt_comm_t *fcomm(F *c) { return lt_comm(PMPI_Comm_f2c(*c)); }
static int fts(F *d) { return lt_typesize(PMPI_Type_f2c(*d)); }
static void done_f(MPI_Request before, F *fst, int64_t t0, int64_t t1)
{
    MPI_Status cs;
    PMPI_Status_f2c(fst, &cs);
    lt_req_done(before, &cs, t0, t1);
}
static void recv_f(lt_comm_t *ci, F *fst, int ts, int64_t t0, int64_t t1)
{
    MPI_Status cs;
    PMPI_Status_f2c(fst, &cs);
    lt_ev_recv(ci, &cs, ts, t0, t1);
}

/* Five exported names per routine, all calling w_<name>. */
#define FWRAP(l, U, PARAMS, ARGS)                      \
    void mpi_##l PARAMS { w_##l ARGS; }                \
    void mpi_##l##_ PARAMS { w_##l ARGS; }             \
    void mpi_##l##__ PARAMS { w_##l ARGS; }            \
    void MPI_##U PARAMS { w_##l ARGS; }                \
    void ompi_##l##_f PARAMS { w_##l ARGS; }

#define T0(NAME) int64_t t0 = lt_now(); LT_CALL(NAME, t0)
#define T1(NAME) int64_t t1 = lt_now(); LT_RET(NAME, t1); (void)t1

/* ---- init / finalize ---- */
typedef void (*init_t)(F *);
typedef void (*init_thread_t)(F *, F *, F *);
static void w_init(F *ierr) { REAL(init_t, init); r_(ierr); if (*ierr == MPI_SUCCESS) lt_start(); }
static void w_init_thread(F *req, F *prov, F *ierr)
{
    REAL(init_thread_t, init_thread);
    r_(req, prov, ierr);
    if (*ierr == MPI_SUCCESS) lt_start();
}
static void w_finalize(F *ierr) { REAL(init_t, finalize); lt_stop(); r_(ierr); }
FWRAP(init, INIT, (F *e), (e))
FWRAP(init_thread, INIT_THREAD, (F *a, F *b, F *e), (a, b, e))
FWRAP(finalize, FINALIZE, (F *e), (e))

/* ---- sends ---- */
typedef void (*send_t)(void *, F *, F *, F *, F *, F *, F *);
typedef void (*isend_t)(void *, F *, F *, F *, F *, F *, F *, F *);

#define FSEND(l, U, NAME)                                                           \
    static void w_##l(void *b, F *c, F *d, F *p, F *t, F *m, F *e)                  \
    {                                                                               \
        REAL(send_t, l);                                                            \
        if (!lt_on) { r_(b, c, d, p, t, m, e); return; }                            \
        T0(NAME);                                                                   \
        r_(b, c, d, p, t, m, e);                                                    \
        int64_t t1 = lt_now();                                                      \
        if (*e == MPI_SUCCESS && *p != MPI_PROC_NULL)                               \
            lt_ev_send(fcomm(m), *p, *t, t0, t1, (int64_t)*c * fts(d), *c);         \
        LT_RET(NAME, t1);                                                           \
    }                                                                               \
    FWRAP(l, U, (void *b, F *c, F *d, F *p, F *t, F *m, F *e), (b, c, d, p, t, m, e))

#define FISEND(l, U, NAME, PERSISTENT)                                              \
    static void w_##l(void *b, F *c, F *d, F *p, F *t, F *m, F *r, F *e)            \
    {                                                                               \
        REAL(isend_t, l);                                                           \
        if (!lt_on) { r_(b, c, d, p, t, m, r, e); return; }                         \
        T0(NAME);                                                                   \
        r_(b, c, d, p, t, m, r, e);                                                 \
        int64_t t1 = lt_now();                                                      \
        if (*e == MPI_SUCCESS && *p != MPI_PROC_NULL) {                             \
            if (!PERSISTENT) {                                                      \
                lt_ev_send(fcomm(m), *p, *t, t0, t1, (int64_t)*c * fts(d), *c);     \
            } else {                                                                \
                lt_req_t *q = lt_req_add(PMPI_Request_f2c(*r));                     \
                if (q) {                                                            \
                    q->kind = LT_PSEND; q->ci = lt_comm_ref(fcomm(m)); q->peer = *p; q->tag = *t; \
                    q->count = *c; q->typesize = fts(d);                            \
                }                                                                   \
            }                                                                       \
        }                                                                           \
        LT_RET(NAME, t1);                                                           \
    }                                                                               \
    FWRAP(l, U, (void *b, F *c, F *d, F *p, F *t, F *m, F *r, F *e), (b, c, d, p, t, m, r, e))

FSEND(send, SEND, "MPI_Send")
FSEND(ssend, SSEND, "MPI_Ssend")
FSEND(bsend, BSEND, "MPI_Bsend")
FSEND(rsend, RSEND, "MPI_Rsend")
FISEND(isend, ISEND, "MPI_Isend", 0)
FISEND(issend, ISSEND, "MPI_Issend", 0)
FISEND(ibsend, IBSEND, "MPI_Ibsend", 0)
FISEND(irsend, IRSEND, "MPI_Irsend", 0)
FISEND(send_init, SEND_INIT, "MPI_Send_init", 1)
FISEND(ssend_init, SSEND_INIT, "MPI_Ssend_init", 1)
FISEND(bsend_init, BSEND_INIT, "MPI_Bsend_init", 1)
FISEND(rsend_init, RSEND_INIT, "MPI_Rsend_init", 1)

/* ---- receives ---- */
typedef void (*recv_t)(void *, F *, F *, F *, F *, F *, F *, F *);
static void w_recv(void *b, F *c, F *d, F *s, F *t, F *m, F *st, F *e)
{
    REAL(recv_t, recv);
    if (!lt_on) { r_(b, c, d, s, t, m, st, e); return; }
    F tmp[FSTAT];
    F *fs = is_in(st_ign, st) ? tmp : st; /* we need source and tag */
    T0("MPI_Recv");
    r_(b, c, d, s, t, m, fs, e);
    int64_t t1 = lt_now();
    if (*e == MPI_SUCCESS) recv_f(fcomm(m), fs, fts(d), t0, t1);
    LT_RET("MPI_Recv", t1);
}
FWRAP(recv, RECV, (void *b, F *c, F *d, F *s, F *t, F *m, F *st, F *e), (b, c, d, s, t, m, st, e))

#define FIRECV(l, U, NAME, KIND)                                                    \
    static void w_##l(void *b, F *c, F *d, F *s, F *t, F *m, F *r, F *e)            \
    {                                                                               \
        REAL(isend_t, l);                                                           \
        if (!lt_on) { r_(b, c, d, s, t, m, r, e); return; }                         \
        T0(NAME);                                                                   \
        r_(b, c, d, s, t, m, r, e);                                                 \
        if (*e == MPI_SUCCESS && *s != MPI_PROC_NULL) {                             \
            lt_req_t *q = lt_req_add(PMPI_Request_f2c(*r));                         \
            if (q) {                                                                \
                q->kind = KIND; q->active = KIND == LT_RECV; q->ci = lt_comm_ref(fcomm(m));      \
                q->typesize = fts(d);                                               \
            }                                                                       \
        }                                                                           \
        T1(NAME);                                                                   \
    }                                                                               \
    FWRAP(l, U, (void *b, F *c, F *d, F *s, F *t, F *m, F *r, F *e), (b, c, d, s, t, m, r, e))
FIRECV(irecv, IRECV, "MPI_Irecv", LT_RECV)
FIRECV(recv_init, RECV_INIT, "MPI_Recv_init", LT_PRECV)

typedef void (*sendrecv_t)(void *, F *, F *, F *, F *, void *, F *, F *, F *, F *, F *, F *, F *);
static void w_sendrecv(void *sb, F *sc, F *sd, F *p, F *stag, void *rb, F *rc, F *rd, F *s,
                       F *rtag, F *m, F *st, F *e)
{
    REAL(sendrecv_t, sendrecv);
    if (!lt_on) { r_(sb, sc, sd, p, stag, rb, rc, rd, s, rtag, m, st, e); return; }
    F tmp[FSTAT];
    F *fs = is_in(st_ign, st) ? tmp : st;
    T0("MPI_Sendrecv");
    r_(sb, sc, sd, p, stag, rb, rc, rd, s, rtag, m, fs, e);
    int64_t t1 = lt_now();
    if (*e == MPI_SUCCESS) {
        if (*p != MPI_PROC_NULL) lt_ev_send(fcomm(m), *p, *stag, t0, t1, (int64_t)*sc * fts(sd), *sc);
        recv_f(fcomm(m), fs, fts(rd), t0, t1);
    }
    LT_RET("MPI_Sendrecv", t1);
}
FWRAP(sendrecv, SENDRECV, (void *a, F *b, F *c, F *d, F *f, void *g, F *h, F *i, F *j, F *k,
                           F *l, F *m, F *n), (a, b, c, d, f, g, h, i, j, k, l, m, n))

typedef void (*sendrecv_replace_t)(void *, F *, F *, F *, F *, F *, F *, F *, F *, F *);
static void w_sendrecv_replace(void *b, F *c, F *d, F *p, F *stag, F *s, F *rtag, F *m, F *st,
                               F *e)
{
    REAL(sendrecv_replace_t, sendrecv_replace);
    if (!lt_on) { r_(b, c, d, p, stag, s, rtag, m, st, e); return; }
    F tmp[FSTAT];
    F *fs = is_in(st_ign, st) ? tmp : st;
    T0("MPI_Sendrecv_replace");
    r_(b, c, d, p, stag, s, rtag, m, fs, e);
    int64_t t1 = lt_now();
    if (*e == MPI_SUCCESS) {
        if (*p != MPI_PROC_NULL) lt_ev_send(fcomm(m), *p, *stag, t0, t1, (int64_t)*c * fts(d), *c);
        recv_f(fcomm(m), fs, fts(d), t0, t1);
    }
    LT_RET("MPI_Sendrecv_replace", t1);
}
FWRAP(sendrecv_replace, SENDRECV_REPLACE, (void *a, F *b, F *c, F *d, F *f, F *g, F *h, F *i,
                                           F *j, F *k), (a, b, c, d, f, g, h, i, j, k))

/* ---- persistent requests ---- */
typedef void (*start_t)(F *, F *);
typedef void (*startall_t)(F *, F *, F *);
static void started_f(F r, int64_t t0, int64_t t1)
{
    lt_req_t *q = lt_req_find(PMPI_Request_f2c(r));
    if (!q) return;
    q->active = 1;
    if (q->kind == LT_PSEND) lt_ev_send(q->ci, q->peer, q->tag, t0, t1, q->count * q->typesize, q->count);
}
static void w_start(F *r, F *e)
{
    REAL(start_t, start);
    if (!lt_on) { r_(r, e); return; }
    T0("MPI_Start");
    r_(r, e);
    int64_t t1 = lt_now();
    if (*e == MPI_SUCCESS) started_f(*r, t0, t1);
    LT_RET("MPI_Start", t1);
}
FWRAP(start, START, (F *r, F *e), (r, e))
static void w_startall(F *n, F *r, F *e)
{
    REAL(startall_t, startall);
    if (!lt_on) { r_(n, r, e); return; }
    T0("MPI_Startall");
    r_(n, r, e);
    int64_t t1 = lt_now();
    if (*e == MPI_SUCCESS)
        for (int i = 0; i < *n; i++) started_f(r[i], t0, t1);
    LT_RET("MPI_Startall", t1);
}
FWRAP(startall, STARTALL, (F *n, F *r, F *e), (n, r, e))
static void w_request_free(F *r, F *e)
{
    REAL(start_t, request_free);
    if (!lt_on) { r_(r, e); return; }
    T0("MPI_Request_free");
    MPI_Request before = PMPI_Request_f2c(*r);
    r_(r, e);
    lt_req_del(before);
    T1("MPI_Request_free");
}
FWRAP(request_free, REQUEST_FREE, (F *r, F *e), (r, e))

/* ---- completion ---- */
static MPI_Request *before_f(F *r, int n)
{
    MPI_Request *b = lt_scratch_reqs(n);
    for (int i = 0; i < n; i++) b[i] = PMPI_Request_f2c(r[i]);
    return b;
}

typedef void (*wait_t)(F *, F *, F *);
typedef void (*test_t)(F *, F *, F *, F *);
static void w_wait(F *r, F *st, F *e)
{
    REAL(wait_t, wait);
    if (!lt_on) { r_(r, st, e); return; }
    F tmp[FSTAT];
    F *fs = is_in(st_ign, st) ? tmp : st;
    T0("MPI_Wait");
    MPI_Request b = PMPI_Request_f2c(*r);
    r_(r, fs, e);
    int64_t t1 = lt_now();
    if (*e == MPI_SUCCESS) done_f(b, fs, t0, t1);
    LT_RET("MPI_Wait", t1);
}
FWRAP(wait, WAIT, (F *r, F *s, F *e), (r, s, e))
static void w_test(F *r, F *flag, F *st, F *e)
{
    REAL(test_t, test);
    if (!lt_on) { r_(r, flag, st, e); return; }
    F tmp[FSTAT];
    F *fs = is_in(st_ign, st) ? tmp : st;
    T0("MPI_Test");
    MPI_Request b = PMPI_Request_f2c(*r);
    r_(r, flag, fs, e);
    int64_t t1 = lt_now();
    if (*e == MPI_SUCCESS && *flag) done_f(b, fs, t0, t1);
    LT_RET("MPI_Test", t1);
}
FWRAP(test, TEST, (F *r, F *f, F *s, F *e), (r, f, s, e))

typedef void (*waitall_t)(F *, F *, F *, F *);
typedef void (*testall_t)(F *, F *, F *, F *, F *);
static void w_waitall(F *n, F *r, F *sts, F *e)
{
    REAL(waitall_t, waitall);
    if (!lt_on) { r_(n, r, sts, e); return; }
    T0("MPI_Waitall");
    MPI_Request *b = before_f(r, *n);
    F *fs = fstat_array(sts, *n);
    r_(n, r, fs, e);
    int64_t t1 = lt_now();
    if (*e == MPI_SUCCESS)
        for (int i = 0; i < *n; i++) done_f(b[i], fs + i * stsize(), t0, t1);
    LT_RET("MPI_Waitall", t1);
}
FWRAP(waitall, WAITALL, (F *n, F *r, F *s, F *e), (n, r, s, e))
static void w_testall(F *n, F *r, F *flag, F *sts, F *e)
{
    REAL(testall_t, testall);
    if (!lt_on) { r_(n, r, flag, sts, e); return; }
    T0("MPI_Testall");
    MPI_Request *b = before_f(r, *n);
    F *fs = fstat_array(sts, *n);
    r_(n, r, flag, fs, e);
    int64_t t1 = lt_now();
    if (*e == MPI_SUCCESS && *flag)
        for (int i = 0; i < *n; i++) done_f(b[i], fs + i * stsize(), t0, t1);
    LT_RET("MPI_Testall", t1);
}
FWRAP(testall, TESTALL, (F *n, F *r, F *f, F *s, F *e), (n, r, f, s, e))

typedef void (*waitany_t)(F *, F *, F *, F *, F *);
typedef void (*testany_t)(F *, F *, F *, F *, F *, F *);
static void w_waitany(F *n, F *r, F *idx, F *st, F *e)
{
    REAL(waitany_t, waitany);
    if (!lt_on) { r_(n, r, idx, st, e); return; }
    F tmp[FSTAT];
    F *fs = is_in(st_ign, st) ? tmp : st;
    T0("MPI_Waitany");
    MPI_Request *b = before_f(r, *n);
    r_(n, r, idx, fs, e);
    int64_t t1 = lt_now();
    if (*e == MPI_SUCCESS && *idx != MPI_UNDEFINED) done_f(b[*idx - 1], fs, t0, t1); /* 1-based */
    LT_RET("MPI_Waitany", t1);
}
FWRAP(waitany, WAITANY, (F *n, F *r, F *i, F *s, F *e), (n, r, i, s, e))
static void w_testany(F *n, F *r, F *idx, F *flag, F *st, F *e)
{
    REAL(testany_t, testany);
    if (!lt_on) { r_(n, r, idx, flag, st, e); return; }
    F tmp[FSTAT];
    F *fs = is_in(st_ign, st) ? tmp : st;
    T0("MPI_Testany");
    MPI_Request *b = before_f(r, *n);
    r_(n, r, idx, flag, fs, e);
    int64_t t1 = lt_now();
    if (*e == MPI_SUCCESS && *flag && *idx != MPI_UNDEFINED) done_f(b[*idx - 1], fs, t0, t1);
    LT_RET("MPI_Testany", t1);
}
FWRAP(testany, TESTANY, (F *n, F *r, F *i, F *f, F *s, F *e), (n, r, i, f, s, e))

typedef void (*waitsome_t)(F *, F *, F *, F *, F *, F *);
#define FSOME(l, U, NAME)                                                           \
    static void w_##l(F *n, F *r, F *outc, F *idx, F *sts, F *e)                    \
    {                                                                               \
        REAL(waitsome_t, l);                                                        \
        if (!lt_on) { r_(n, r, outc, idx, sts, e); return; }                        \
        T0(NAME);                                                                   \
        MPI_Request *b = before_f(r, *n);                                           \
        F *fs = fstat_array(sts, *n);                                               \
        r_(n, r, outc, idx, fs, e);                                                 \
        int64_t t1 = lt_now();                                                      \
        if (*e == MPI_SUCCESS && *outc != MPI_UNDEFINED)                            \
            for (int k = 0; k < *outc; k++) done_f(b[idx[k] - 1], fs + k * stsize(), t0, t1); \
        LT_RET(NAME, t1);                                                           \
    }                                                                               \
    FWRAP(l, U, (F *n, F *r, F *o, F *i, F *s, F *e), (n, r, o, i, s, e))
FSOME(waitsome, WAITSOME, "MPI_Waitsome")
FSOME(testsome, TESTSOME, "MPI_Testsome")

/* ---- collectives: size = count * type size of this rank's send buffer ---- */
#define FCOLL(l, U, NAME, PARAMS, ARGS, COMM, BYTES, COUNT)                         \
    typedef void (*l##_t) PARAMS;                                                   \
    static void w_##l PARAMS                                                        \
    {                                                                               \
        REAL(l##_t, l);                                                             \
        if (!lt_on) { r_ ARGS; return; }                                            \
        T0(NAME);                                                                   \
        r_ ARGS;                                                                    \
        int64_t t1 = lt_now();                                                      \
        if (*e == MPI_SUCCESS) lt_ev_sync(fcomm(COMM), NAME, t0, t1, BYTES, COUNT); \
        LT_RET(NAME, t1);                                                           \
    }                                                                               \
    FWRAP(l, U, PARAMS, ARGS)

static int64_t fsum(F *comm, F *c)
{
    lt_comm_t *ci = fcomm(comm);
    int n = ci->rsize ? ci->rsize : ci->size;
    int64_t s = 0;
    for (int i = 0; i < n; i++) s += c[i];
    return s;
}
static int fsize(F *comm) { return fcomm(comm)->size; }
static int froot(F *comm, F *root)
{
    int r;
    PMPI_Comm_rank(PMPI_Comm_f2c(*comm), &r);
    return r == *root;
}
#define IP(sb, x) (is_in(inplace, sb) ? 0 : (x))

FCOLL(barrier, BARRIER, "MPI_Barrier", (F *m, F *e), (m, e), m, 0, 0)
FCOLL(bcast, BCAST, "MPI_Bcast", (void *b, F *c, F *d, F *root, F *m, F *e),
      (b, c, d, root, m, e), m, (int64_t)*c * fts(d), *c)
FCOLL(reduce, REDUCE, "MPI_Reduce", (void *sb, void *rb, F *c, F *d, F *op, F *root, F *m, F *e),
      (sb, rb, c, d, op, root, m, e), m, (int64_t)*c * fts(d), *c)
FCOLL(allreduce, ALLREDUCE, "MPI_Allreduce", (void *sb, void *rb, F *c, F *d, F *op, F *m, F *e),
      (sb, rb, c, d, op, m, e), m, (int64_t)*c * fts(d), *c)
FCOLL(scan, SCAN, "MPI_Scan", (void *sb, void *rb, F *c, F *d, F *op, F *m, F *e),
      (sb, rb, c, d, op, m, e), m, (int64_t)*c * fts(d), *c)
FCOLL(exscan, EXSCAN, "MPI_Exscan", (void *sb, void *rb, F *c, F *d, F *op, F *m, F *e),
      (sb, rb, c, d, op, m, e), m, (int64_t)*c * fts(d), *c)
FCOLL(reduce_scatter, REDUCE_SCATTER, "MPI_Reduce_scatter",
      (void *sb, void *rb, F *c, F *d, F *op, F *m, F *e), (sb, rb, c, d, op, m, e), m,
      fsum(m, c) * fts(d), fsum(m, c))
FCOLL(reduce_scatter_block, REDUCE_SCATTER_BLOCK, "MPI_Reduce_scatter_block",
      (void *sb, void *rb, F *c, F *d, F *op, F *m, F *e), (sb, rb, c, d, op, m, e), m,
      (int64_t)*c * fsize(m) * fts(d), (int64_t)*c * fsize(m))
FCOLL(gather, GATHER, "MPI_Gather",
      (void *sb, F *sc, F *sd, void *rb, F *rc, F *rd, F *root, F *m, F *e),
      (sb, sc, sd, rb, rc, rd, root, m, e), m, IP(sb, (int64_t)*sc * fts(sd)), IP(sb, *sc))
FCOLL(gatherv, GATHERV, "MPI_Gatherv",
      (void *sb, F *sc, F *sd, void *rb, F *rc, F *dis, F *rd, F *root, F *m, F *e),
      (sb, sc, sd, rb, rc, dis, rd, root, m, e), m, IP(sb, (int64_t)*sc * fts(sd)), IP(sb, *sc))
FCOLL(scatter, SCATTER, "MPI_Scatter",
      (void *sb, F *sc, F *sd, void *rb, F *rc, F *rd, F *root, F *m, F *e),
      (sb, sc, sd, rb, rc, rd, root, m, e), m,
      froot(m, root) ? (int64_t)*sc * fsize(m) * fts(sd) : 0,
      froot(m, root) ? (int64_t)*sc * fsize(m) : 0)
FCOLL(scatterv, SCATTERV, "MPI_Scatterv",
      (void *sb, F *sc, F *dis, F *sd, void *rb, F *rc, F *rd, F *root, F *m, F *e),
      (sb, sc, dis, sd, rb, rc, rd, root, m, e), m,
      froot(m, root) ? fsum(m, sc) * fts(sd) : 0, froot(m, root) ? fsum(m, sc) : 0)
FCOLL(allgather, ALLGATHER, "MPI_Allgather",
      (void *sb, F *sc, F *sd, void *rb, F *rc, F *rd, F *m, F *e),
      (sb, sc, sd, rb, rc, rd, m, e), m, IP(sb, (int64_t)*sc * fts(sd)), IP(sb, *sc))
FCOLL(allgatherv, ALLGATHERV, "MPI_Allgatherv",
      (void *sb, F *sc, F *sd, void *rb, F *rc, F *dis, F *rd, F *m, F *e),
      (sb, sc, sd, rb, rc, dis, rd, m, e), m, IP(sb, (int64_t)*sc * fts(sd)), IP(sb, *sc))
FCOLL(alltoall, ALLTOALL, "MPI_Alltoall",
      (void *sb, F *sc, F *sd, void *rb, F *rc, F *rd, F *m, F *e),
      (sb, sc, sd, rb, rc, rd, m, e), m, IP(sb, (int64_t)*sc * fsize(m) * fts(sd)),
      IP(sb, (int64_t)*sc * fsize(m)))
FCOLL(alltoallv, ALLTOALLV, "MPI_Alltoallv",
      (void *sb, F *sc, F *sdis, F *sd, void *rb, F *rc, F *rdis, F *rd, F *m, F *e),
      (sb, sc, sdis, sd, rb, rc, rdis, rd, m, e), m, IP(sb, fsum(m, sc) * fts(sd)),
      IP(sb, fsum(m, sc)))
FCOLL(alltoallw, ALLTOALLW, "MPI_Alltoallw",
      (void *sb, F *sc, F *sdis, F *sd, void *rb, F *rc, F *rdis, F *rd, F *m, F *e),
      (sb, sc, sdis, sd, rb, rc, rdis, rd, m, e), m, IP(sb, fsum(m, sc) * fts(sd)),
      IP(sb, fsum(m, sc))) /* size assumes the first send type for every peer */

/* ---- communicator constructors ---- */
#define FNEWCOMM(l, U, NAME, PARAMS, ARGS, OUT)                                     \
    typedef void (*l##_t) PARAMS;                                                   \
    static void w_##l PARAMS                                                        \
    {                                                                               \
        REAL(l##_t, l);                                                             \
        if (!lt_on) { r_ ARGS; return; }                                            \
        T0(NAME);                                                                   \
        r_ ARGS;                                                                    \
        if (*e == MPI_SUCCESS) lt_comm_register(PMPI_Comm_f2c(*OUT));               \
        T1(NAME);                                                                   \
    }                                                                               \
    FWRAP(l, U, PARAMS, ARGS)

FNEWCOMM(comm_dup, COMM_DUP, "MPI_Comm_dup", (F *m, F *nc, F *e), (m, nc, e), nc)
FNEWCOMM(comm_split, COMM_SPLIT, "MPI_Comm_split", (F *m, F *c, F *k, F *nc, F *e),
         (m, c, k, nc, e), nc)
FNEWCOMM(comm_create, COMM_CREATE, "MPI_Comm_create", (F *m, F *g, F *nc, F *e),
         (m, g, nc, e), nc)
FNEWCOMM(cart_create, CART_CREATE, "MPI_Cart_create",
         (F *m, F *nd, F *dims, F *per, F *reo, F *nc, F *e), (m, nd, dims, per, reo, nc, e), nc)
FNEWCOMM(cart_sub, CART_SUB, "MPI_Cart_sub", (F *m, F *rem, F *nc, F *e), (m, rem, nc, e), nc)

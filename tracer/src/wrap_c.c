/* SPDX-License-Identifier: EPL-2.0 */
/* PMPI wrappers of the C bindings. Sends are recorded at posting, receives when a
 * completion hands back the status (real source and tag), collectives after the call. */
#include "looptrace.h"

#include <stddef.h>

#define OFF(call) if (!lt_on) return call

/* ---------------- init / finalize ---------------- */

int MPI_Init(int *argc, char ***argv)
{
    int rc = PMPI_Init(argc, argv);
    if (rc == MPI_SUCCESS) lt_start();
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    if (rc == MPI_SUCCESS) lt_start();
    return rc;
}

int MPI_Finalize(void)
{
    lt_stop();
    return PMPI_Finalize();
}

/* ---------------- point-to-point: sends ---------------- */

typedef int (*send_fn)(const void *, int, MPI_Datatype, int, int, MPI_Comm);
typedef int (*isend_fn)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);

static int do_send(const char *name, send_fn fn, const void *buf, int count, MPI_Datatype dt,
                   int dest, int tag, MPI_Comm comm)
{
    OFF(fn(buf, count, dt, dest, tag, comm));
    int64_t t0 = lt_now();
    LT_CALL(name, t0);
    int rc = fn(buf, count, dt, dest, tag, comm);
    int64_t t1 = lt_now();
    if (dest != MPI_PROC_NULL)
        lt_ev_send(lt_comm(comm), dest, tag, t0, t1, (int64_t)count * lt_typesize(dt), count);
    LT_RET(name, t1);
    return rc;
}

static int do_isend(const char *name, isend_fn fn, const void *buf, int count,
                    MPI_Datatype dt, int dest, int tag, MPI_Comm comm, MPI_Request *req)
{
    OFF(fn(buf, count, dt, dest, tag, comm, req));
    int64_t t0 = lt_now();
    LT_CALL(name, t0);
    int rc = fn(buf, count, dt, dest, tag, comm, req);
    int64_t t1 = lt_now();
    if (dest != MPI_PROC_NULL)
        lt_ev_send(lt_comm(comm), dest, tag, t0, t1, (int64_t)count * lt_typesize(dt), count);
    LT_RET(name, t1);
    return rc;
}

/* Persistent sends: the message is posted by MPI_Start, so remember its channel. */
static int do_send_init(const char *name, isend_fn fn, const void *buf, int count,
                        MPI_Datatype dt, int dest, int tag, MPI_Comm comm, MPI_Request *req)
{
    OFF(fn(buf, count, dt, dest, tag, comm, req));
    int64_t t0 = lt_now();
    LT_CALL(name, t0);
    int rc = fn(buf, count, dt, dest, tag, comm, req);
    int64_t t1 = lt_now();
    if (rc == MPI_SUCCESS && dest != MPI_PROC_NULL) {
        lt_req_t *e = lt_req_add(*req);
        if (e) {
            e->kind = LT_PSEND;
            e->ci = lt_comm_ref(lt_comm(comm));
            e->peer = dest;
            e->tag = tag;
            e->count = count;
            e->typesize = lt_typesize(dt);
        }
    }
    LT_RET(name, t1);
    return rc;
}

#define SEND(N) \
    int MPI_##N(const void *b, int c, MPI_Datatype d, int p, int t, MPI_Comm m) \
    { return do_send("MPI_" #N, PMPI_##N, b, c, d, p, t, m); }
#define ISEND(N, H) \
    int MPI_##N(const void *b, int c, MPI_Datatype d, int p, int t, MPI_Comm m, MPI_Request *r) \
    { return H("MPI_" #N, PMPI_##N, b, c, d, p, t, m, r); }

SEND(Send)
SEND(Ssend)
SEND(Bsend)
SEND(Rsend)
ISEND(Isend, do_isend)
ISEND(Issend, do_isend)
ISEND(Ibsend, do_isend)
ISEND(Irsend, do_isend)
ISEND(Send_init, do_send_init)
ISEND(Ssend_init, do_send_init)
ISEND(Bsend_init, do_send_init)
ISEND(Rsend_init, do_send_init)

/* ---------------- point-to-point: receives ---------------- */

int MPI_Recv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm,
             MPI_Status *st)
{
    OFF(PMPI_Recv(buf, count, dt, src, tag, comm, st));
    MPI_Status tmp;
    MPI_Status *s = st == MPI_STATUS_IGNORE ? &tmp : st; /* we need source and tag */
    int64_t t0 = lt_now();
    LT_CALL("MPI_Recv", t0);
    int rc = PMPI_Recv(buf, count, dt, src, tag, comm, s);
    int64_t t1 = lt_now();
    if (rc == MPI_SUCCESS) lt_ev_recv(lt_comm(comm), s, lt_typesize(dt), t0, t1);
    LT_RET("MPI_Recv", t1);
    return rc;
}

typedef int (*irecv_fn)(void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);

static int do_irecv(const char *name, irecv_fn fn, int kind, void *buf, int count,
                    MPI_Datatype dt, int src, int tag, MPI_Comm comm, MPI_Request *req)
{
    OFF(fn(buf, count, dt, src, tag, comm, req));
    int64_t t0 = lt_now();
    LT_CALL(name, t0);
    int rc = fn(buf, count, dt, src, tag, comm, req);
    if (rc == MPI_SUCCESS && src != MPI_PROC_NULL) {
        lt_req_t *e = lt_req_add(*req);
        if (e) {
            e->kind = kind;
            e->active = kind == LT_RECV;
            e->ci = lt_comm_ref(lt_comm(comm));
            e->typesize = lt_typesize(dt);
        }
    }
    LT_RET(name, lt_now());
    return rc;
}

int MPI_Irecv(void *b, int c, MPI_Datatype d, int s, int t, MPI_Comm m, MPI_Request *r)
{
    return do_irecv("MPI_Irecv", PMPI_Irecv, LT_RECV, b, c, d, s, t, m, r);
}

int MPI_Recv_init(void *b, int c, MPI_Datatype d, int s, int t, MPI_Comm m, MPI_Request *r)
{
    return do_irecv("MPI_Recv_init", PMPI_Recv_init, LT_PRECV, b, c, d, s, t, m, r);
}

int MPI_Sendrecv(const void *sbuf, int scount, MPI_Datatype sdt, int dest, int stag,
                 void *rbuf, int rcount, MPI_Datatype rdt, int src, int rtag, MPI_Comm comm,
                 MPI_Status *st)
{
    OFF(PMPI_Sendrecv(sbuf, scount, sdt, dest, stag, rbuf, rcount, rdt, src, rtag, comm, st));
    MPI_Status tmp;
    MPI_Status *s = st == MPI_STATUS_IGNORE ? &tmp : st;
    int64_t t0 = lt_now();
    LT_CALL("MPI_Sendrecv", t0);
    int rc = PMPI_Sendrecv(sbuf, scount, sdt, dest, stag, rbuf, rcount, rdt, src, rtag, comm, s);
    int64_t t1 = lt_now();
    lt_comm_t *ci = lt_comm(comm);
    if (dest != MPI_PROC_NULL)
        lt_ev_send(ci, dest, stag, t0, t1, (int64_t)scount * lt_typesize(sdt), scount);
    if (rc == MPI_SUCCESS) lt_ev_recv(ci, s, lt_typesize(rdt), t0, t1);
    LT_RET("MPI_Sendrecv", t1);
    return rc;
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype dt, int dest, int stag, int src,
                         int rtag, MPI_Comm comm, MPI_Status *st)
{
    OFF(PMPI_Sendrecv_replace(buf, count, dt, dest, stag, src, rtag, comm, st));
    MPI_Status tmp;
    MPI_Status *s = st == MPI_STATUS_IGNORE ? &tmp : st;
    int64_t t0 = lt_now();
    LT_CALL("MPI_Sendrecv_replace", t0);
    int rc = PMPI_Sendrecv_replace(buf, count, dt, dest, stag, src, rtag, comm, s);
    int64_t t1 = lt_now();
    lt_comm_t *ci = lt_comm(comm);
    int ts = lt_typesize(dt);
    if (dest != MPI_PROC_NULL) lt_ev_send(ci, dest, stag, t0, t1, (int64_t)count * ts, count);
    if (rc == MPI_SUCCESS) lt_ev_recv(ci, s, ts, t0, t1);
    LT_RET("MPI_Sendrecv_replace", t1);
    return rc;
}

/* Probes receive nothing: no event, status passed through untouched. */
int MPI_Probe(int src, int tag, MPI_Comm comm, MPI_Status *st)
{
    OFF(PMPI_Probe(src, tag, comm, st));
    LT_CALL("MPI_Probe", lt_now());
    int rc = PMPI_Probe(src, tag, comm, st);
    LT_RET("MPI_Probe", lt_now());
    return rc;
}

int MPI_Iprobe(int src, int tag, MPI_Comm comm, int *flag, MPI_Status *st)
{
    OFF(PMPI_Iprobe(src, tag, comm, flag, st));
    LT_CALL("MPI_Iprobe", lt_now());
    int rc = PMPI_Iprobe(src, tag, comm, flag, st);
    LT_RET("MPI_Iprobe", lt_now());
    return rc;
}

/* ---------------- persistent requests ---------------- */

static void started(MPI_Request r, int64_t t0, int64_t t1)
{
    lt_req_t *e = lt_req_find(r);
    if (!e) return;
    e->active = 1;
    if (e->kind == LT_PSEND)
        lt_ev_send(e->ci, e->peer, e->tag, t0, t1, e->count * e->typesize, e->count);
}

int MPI_Start(MPI_Request *req)
{
    OFF(PMPI_Start(req));
    int64_t t0 = lt_now();
    LT_CALL("MPI_Start", t0);
    int rc = PMPI_Start(req);
    int64_t t1 = lt_now();
    if (rc == MPI_SUCCESS) started(*req, t0, t1);
    LT_RET("MPI_Start", t1);
    return rc;
}

int MPI_Startall(int n, MPI_Request *reqs)
{
    OFF(PMPI_Startall(n, reqs));
    int64_t t0 = lt_now();
    LT_CALL("MPI_Startall", t0);
    int rc = PMPI_Startall(n, reqs);
    int64_t t1 = lt_now();
    if (rc == MPI_SUCCESS)
        for (int i = 0; i < n; i++) started(reqs[i], t0, t1);
    LT_RET("MPI_Startall", t1);
    return rc;
}

int MPI_Request_free(MPI_Request *req)
{
    OFF(PMPI_Request_free(req));
    int64_t t0 = lt_now();
    LT_CALL("MPI_Request_free", t0);
    MPI_Request before = *req;
    int rc = PMPI_Request_free(req);
    /* a receive freed while active completes unseen: its recv event is lost */
    lt_req_del(before);
    LT_RET("MPI_Request_free", lt_now());
    return rc;
}

/* ---------------- completion ---------------- */

int MPI_Wait(MPI_Request *req, MPI_Status *st)
{
    OFF(PMPI_Wait(req, st));
    MPI_Status tmp;
    MPI_Status *s = st == MPI_STATUS_IGNORE ? &tmp : st;
    int64_t t0 = lt_now();
    LT_CALL("MPI_Wait", t0);
    MPI_Request before = *req;
    int rc = PMPI_Wait(req, s);
    int64_t t1 = lt_now();
    if (rc == MPI_SUCCESS) lt_req_done(before, s, t0, t1);
    LT_RET("MPI_Wait", t1);
    return rc;
}

int MPI_Test(MPI_Request *req, int *flag, MPI_Status *st)
{
    OFF(PMPI_Test(req, flag, st));
    MPI_Status tmp;
    MPI_Status *s = st == MPI_STATUS_IGNORE ? &tmp : st;
    int64_t t0 = lt_now();
    LT_CALL("MPI_Test", t0);
    MPI_Request before = *req;
    int rc = PMPI_Test(req, flag, s);
    int64_t t1 = lt_now();
    if (rc == MPI_SUCCESS && *flag) lt_req_done(before, s, t0, t1);
    LT_RET("MPI_Test", t1);
    return rc;
}

static int ok_status(int rc, const MPI_Status *s)
{
    return rc == MPI_SUCCESS || (rc == MPI_ERR_IN_STATUS && s->MPI_ERROR == MPI_SUCCESS);
}

/* Copies handles before the call (completion resets them to MPI_REQUEST_NULL) and
 * substitutes a status array when the caller ignores statuses. */
#define PREP_MANY(n, reqs, sts)                                              \
    int tracked = lt_any_tracked(reqs, n);                                   \
    MPI_Request *before = NULL;                                              \
    MPI_Status *s = sts;                                                     \
    if (tracked) {                                                           \
        before = lt_scratch_reqs(n);                                         \
        for (int i = 0; i < n; i++) before[i] = reqs[i];                     \
        if (sts == MPI_STATUSES_IGNORE) s = lt_scratch_stats(n);             \
    }

int MPI_Waitall(int n, MPI_Request reqs[], MPI_Status sts[])
{
    OFF(PMPI_Waitall(n, reqs, sts));
    int64_t t0 = lt_now();
    LT_CALL("MPI_Waitall", t0);
    PREP_MANY(n, reqs, sts)
    int rc = PMPI_Waitall(n, reqs, s);
    int64_t t1 = lt_now();
    if (tracked)
        for (int i = 0; i < n; i++)
            if (ok_status(rc, &s[i])) lt_req_done(before[i], &s[i], t0, t1);
    LT_RET("MPI_Waitall", t1);
    return rc;
}

int MPI_Testall(int n, MPI_Request reqs[], int *flag, MPI_Status sts[])
{
    OFF(PMPI_Testall(n, reqs, flag, sts));
    int64_t t0 = lt_now();
    LT_CALL("MPI_Testall", t0);
    PREP_MANY(n, reqs, sts)
    int rc = PMPI_Testall(n, reqs, flag, s);
    int64_t t1 = lt_now();
    if (tracked && *flag)
        for (int i = 0; i < n; i++)
            if (ok_status(rc, &s[i])) lt_req_done(before[i], &s[i], t0, t1);
    LT_RET("MPI_Testall", t1);
    return rc;
}

int MPI_Waitany(int n, MPI_Request reqs[], int *idx, MPI_Status *st)
{
    OFF(PMPI_Waitany(n, reqs, idx, st));
    MPI_Status tmp;
    MPI_Status *s1 = st == MPI_STATUS_IGNORE ? &tmp : st;
    int64_t t0 = lt_now();
    LT_CALL("MPI_Waitany", t0);
    PREP_MANY(n, reqs, MPI_STATUSES_IGNORE)
    (void)s;
    int rc = PMPI_Waitany(n, reqs, idx, s1);
    int64_t t1 = lt_now();
    if (tracked && rc == MPI_SUCCESS && *idx != MPI_UNDEFINED)
        lt_req_done(before[*idx], s1, t0, t1);
    LT_RET("MPI_Waitany", t1);
    return rc;
}

int MPI_Testany(int n, MPI_Request reqs[], int *idx, int *flag, MPI_Status *st)
{
    OFF(PMPI_Testany(n, reqs, idx, flag, st));
    MPI_Status tmp;
    MPI_Status *s1 = st == MPI_STATUS_IGNORE ? &tmp : st;
    int64_t t0 = lt_now();
    LT_CALL("MPI_Testany", t0);
    PREP_MANY(n, reqs, MPI_STATUSES_IGNORE)
    (void)s;
    int rc = PMPI_Testany(n, reqs, idx, flag, s1);
    int64_t t1 = lt_now();
    if (tracked && rc == MPI_SUCCESS && *flag && *idx != MPI_UNDEFINED)
        lt_req_done(before[*idx], s1, t0, t1);
    LT_RET("MPI_Testany", t1);
    return rc;
}

int MPI_Waitsome(int n, MPI_Request reqs[], int *outc, int idx[], MPI_Status sts[])
{
    OFF(PMPI_Waitsome(n, reqs, outc, idx, sts));
    int64_t t0 = lt_now();
    LT_CALL("MPI_Waitsome", t0);
    PREP_MANY(n, reqs, sts)
    int rc = PMPI_Waitsome(n, reqs, outc, idx, s);
    int64_t t1 = lt_now();
    if (tracked && *outc != MPI_UNDEFINED)
        for (int k = 0; k < *outc; k++)
            if (ok_status(rc, &s[k])) lt_req_done(before[idx[k]], &s[k], t0, t1);
    LT_RET("MPI_Waitsome", t1);
    return rc;
}

int MPI_Testsome(int n, MPI_Request reqs[], int *outc, int idx[], MPI_Status sts[])
{
    OFF(PMPI_Testsome(n, reqs, outc, idx, sts));
    int64_t t0 = lt_now();
    LT_CALL("MPI_Testsome", t0);
    PREP_MANY(n, reqs, sts)
    int rc = PMPI_Testsome(n, reqs, outc, idx, s);
    int64_t t1 = lt_now();
    if (tracked && *outc != MPI_UNDEFINED)
        for (int k = 0; k < *outc; k++)
            if (ok_status(rc, &s[k])) lt_req_done(before[idx[k]], &s[k], t0, t1);
    LT_RET("MPI_Testsome", t1);
    return rc;
}

/* ---------------- collectives ---------------- */
/* size = bytes this rank hands to the call (its send buffer); count = elements of it. */

#define COLL(NAME, CALL, BYTES, COUNT)                         \
    OFF(CALL);                                                 \
    int64_t t0 = lt_now();                                     \
    LT_CALL(NAME, t0);                                         \
    int rc = CALL;                                             \
    int64_t t1 = lt_now();                                     \
    lt_ev_sync(lt_comm(comm), NAME, t0, t1, BYTES, COUNT);     \
    LT_RET(NAME, t1);                                          \
    return rc

static int is_root(MPI_Comm comm, int root)
{
    int r, inter = 0;
    PMPI_Comm_test_inter(comm, &inter);
    if (inter) return root == MPI_ROOT;
    PMPI_Comm_rank(comm, &r);
    return r == root;
}

static int64_t sum_counts(MPI_Comm comm, const int *c)
{
    int64_t s = 0;
    if (!c) return 0;
    int n = lt_comm(comm)->rsize ? lt_comm(comm)->rsize : lt_comm(comm)->size;
    for (int i = 0; i < n; i++) s += c[i];
    return s;
}

int MPI_Barrier(MPI_Comm comm)
{
    COLL("MPI_Barrier", PMPI_Barrier(comm), 0, 0);
}

int MPI_Bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm)
{
    COLL("MPI_Bcast", PMPI_Bcast(buf, count, dt, root, comm),
         (int64_t)count * lt_typesize(dt), count);
}

int MPI_Reduce(const void *sb, void *rb, int count, MPI_Datatype dt, MPI_Op op, int root,
               MPI_Comm comm)
{
    COLL("MPI_Reduce", PMPI_Reduce(sb, rb, count, dt, op, root, comm),
         (int64_t)count * lt_typesize(dt), count);
}

int MPI_Allreduce(const void *sb, void *rb, int count, MPI_Datatype dt, MPI_Op op,
                  MPI_Comm comm)
{
    COLL("MPI_Allreduce", PMPI_Allreduce(sb, rb, count, dt, op, comm),
         (int64_t)count * lt_typesize(dt), count);
}

int MPI_Scan(const void *sb, void *rb, int count, MPI_Datatype dt, MPI_Op op, MPI_Comm comm)
{
    COLL("MPI_Scan", PMPI_Scan(sb, rb, count, dt, op, comm),
         (int64_t)count * lt_typesize(dt), count);
}

int MPI_Exscan(const void *sb, void *rb, int count, MPI_Datatype dt, MPI_Op op, MPI_Comm comm)
{
    COLL("MPI_Exscan", PMPI_Exscan(sb, rb, count, dt, op, comm),
         (int64_t)count * lt_typesize(dt), count);
}

int MPI_Reduce_scatter(const void *sb, void *rb, const int rc_[], MPI_Datatype dt, MPI_Op op,
                       MPI_Comm comm)
{
    int64_t n = lt_on ? sum_counts(comm, rc_) : 0;
    COLL("MPI_Reduce_scatter", PMPI_Reduce_scatter(sb, rb, rc_, dt, op, comm),
         n * lt_typesize(dt), n);
}

int MPI_Reduce_scatter_block(const void *sb, void *rb, int count, MPI_Datatype dt, MPI_Op op,
                             MPI_Comm comm)
{
    int64_t n = lt_on ? (int64_t)count * lt_comm(comm)->size : 0;
    COLL("MPI_Reduce_scatter_block", PMPI_Reduce_scatter_block(sb, rb, count, dt, op, comm),
         n * lt_typesize(dt), n);
}

int MPI_Gather(const void *sb, int sc, MPI_Datatype sdt, void *rb, int rc_, MPI_Datatype rdt,
               int root, MPI_Comm comm)
{
    int64_t n = (lt_on && sb != MPI_IN_PLACE) ? sc : 0;
    COLL("MPI_Gather", PMPI_Gather(sb, sc, sdt, rb, rc_, rdt, root, comm),
         n * (n ? lt_typesize(sdt) : 0), n);
}

int MPI_Gatherv(const void *sb, int sc, MPI_Datatype sdt, void *rb, const int rcs[],
                const int displs[], MPI_Datatype rdt, int root, MPI_Comm comm)
{
    int64_t n = (lt_on && sb != MPI_IN_PLACE) ? sc : 0;
    COLL("MPI_Gatherv", PMPI_Gatherv(sb, sc, sdt, rb, rcs, displs, rdt, root, comm),
         n * (n ? lt_typesize(sdt) : 0), n);
}

int MPI_Scatter(const void *sb, int sc, MPI_Datatype sdt, void *rb, int rc_, MPI_Datatype rdt,
                int root, MPI_Comm comm)
{
    int64_t n = (lt_on && is_root(comm, root)) ? (int64_t)sc * lt_comm(comm)->size : 0;
    COLL("MPI_Scatter", PMPI_Scatter(sb, sc, sdt, rb, rc_, rdt, root, comm),
         n * (n ? lt_typesize(sdt) : 0), n);
}

int MPI_Scatterv(const void *sb, const int scs[], const int displs[], MPI_Datatype sdt,
                 void *rb, int rc_, MPI_Datatype rdt, int root, MPI_Comm comm)
{
    int64_t n = (lt_on && is_root(comm, root)) ? sum_counts(comm, scs) : 0;
    COLL("MPI_Scatterv", PMPI_Scatterv(sb, scs, displs, sdt, rb, rc_, rdt, root, comm),
         n * (n ? lt_typesize(sdt) : 0), n);
}

int MPI_Allgather(const void *sb, int sc, MPI_Datatype sdt, void *rb, int rc_,
                  MPI_Datatype rdt, MPI_Comm comm)
{
    int64_t n = (lt_on && sb != MPI_IN_PLACE) ? sc : 0;
    COLL("MPI_Allgather", PMPI_Allgather(sb, sc, sdt, rb, rc_, rdt, comm),
         n * (n ? lt_typesize(sdt) : 0), n);
}

int MPI_Allgatherv(const void *sb, int sc, MPI_Datatype sdt, void *rb, const int rcs[],
                   const int displs[], MPI_Datatype rdt, MPI_Comm comm)
{
    int64_t n = (lt_on && sb != MPI_IN_PLACE) ? sc : 0;
    COLL("MPI_Allgatherv", PMPI_Allgatherv(sb, sc, sdt, rb, rcs, displs, rdt, comm),
         n * (n ? lt_typesize(sdt) : 0), n);
}

int MPI_Alltoall(const void *sb, int sc, MPI_Datatype sdt, void *rb, int rc_,
                 MPI_Datatype rdt, MPI_Comm comm)
{
    int64_t n = (lt_on && sb != MPI_IN_PLACE) ? (int64_t)sc * lt_comm(comm)->size : 0;
    COLL("MPI_Alltoall", PMPI_Alltoall(sb, sc, sdt, rb, rc_, rdt, comm),
         n * (n ? lt_typesize(sdt) : 0), n);
}

int MPI_Alltoallv(const void *sb, const int scs[], const int sd[], MPI_Datatype sdt, void *rb,
                  const int rcs[], const int rd[], MPI_Datatype rdt, MPI_Comm comm)
{
    int64_t n = (lt_on && sb != MPI_IN_PLACE) ? sum_counts(comm, scs) : 0;
    COLL("MPI_Alltoallv", PMPI_Alltoallv(sb, scs, sd, sdt, rb, rcs, rd, rdt, comm),
         n * (n ? lt_typesize(sdt) : 0), n);
}

int MPI_Alltoallw(const void *sb, const int scs[], const int sd[], const MPI_Datatype sdts[],
                  void *rb, const int rcs[], const int rd[], const MPI_Datatype rdts[],
                  MPI_Comm comm)
{
    int64_t n = 0, bytes = 0;
    if (lt_on && sb != MPI_IN_PLACE) {
        int p = lt_comm(comm)->rsize ? lt_comm(comm)->rsize : lt_comm(comm)->size;
        for (int i = 0; i < p; i++) {
            n += scs[i];
            bytes += (int64_t)scs[i] * lt_typesize(sdts[i]);
        }
    }
    COLL("MPI_Alltoallw", PMPI_Alltoallw(sb, scs, sd, sdts, rb, rcs, rd, rdts, comm), bytes, n);
}

/* ---------------- communicator constructors: agree on an id ---------------- */

#define NEWCOMM(NAME, CALL, OUT)               \
    OFF(CALL);                                 \
    LT_CALL(NAME, lt_now());                   \
    int rc = CALL;                             \
    if (rc == MPI_SUCCESS) lt_comm_register(OUT); \
    LT_RET(NAME, lt_now());                    \
    return rc

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *nc)
{
    NEWCOMM("MPI_Comm_dup", PMPI_Comm_dup(comm, nc), *nc);
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *nc)
{
    NEWCOMM("MPI_Comm_dup_with_info", PMPI_Comm_dup_with_info(comm, info, nc), *nc);
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *nc)
{
    NEWCOMM("MPI_Comm_split", PMPI_Comm_split(comm, color, key, nc), *nc);
}

int MPI_Comm_split_type(MPI_Comm comm, int type, int key, MPI_Info info, MPI_Comm *nc)
{
    NEWCOMM("MPI_Comm_split_type", PMPI_Comm_split_type(comm, type, key, info, nc), *nc);
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group g, MPI_Comm *nc)
{
    NEWCOMM("MPI_Comm_create", PMPI_Comm_create(comm, g, nc), *nc);
}

int MPI_Comm_create_group(MPI_Comm comm, MPI_Group g, int tag, MPI_Comm *nc)
{
    NEWCOMM("MPI_Comm_create_group", PMPI_Comm_create_group(comm, g, tag, nc), *nc);
}

int MPI_Cart_create(MPI_Comm comm, int nd, const int dims[], const int periods[], int reorder,
                    MPI_Comm *nc)
{
    NEWCOMM("MPI_Cart_create", PMPI_Cart_create(comm, nd, dims, periods, reorder, nc), *nc);
}

int MPI_Cart_sub(MPI_Comm comm, const int remain[], MPI_Comm *nc)
{
    NEWCOMM("MPI_Cart_sub", PMPI_Cart_sub(comm, remain, nc), *nc);
}

int MPI_Graph_create(MPI_Comm comm, int nn, const int index[], const int edges[], int reorder,
                     MPI_Comm *nc)
{
    NEWCOMM("MPI_Graph_create", PMPI_Graph_create(comm, nn, index, edges, reorder, nc), *nc);
}

int MPI_Dist_graph_create(MPI_Comm comm, int n, const int srcs[], const int degs[],
                          const int dsts[], const int w[], MPI_Info info, int reorder,
                          MPI_Comm *nc)
{
    NEWCOMM("MPI_Dist_graph_create",
            PMPI_Dist_graph_create(comm, n, srcs, degs, dsts, w, info, reorder, nc), *nc);
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm, int ind, const int srcs[], const int sw[],
                                   int outd, const int dsts[], const int dw[], MPI_Info info,
                                   int reorder, MPI_Comm *nc)
{
    NEWCOMM("MPI_Dist_graph_create_adjacent",
            PMPI_Dist_graph_create_adjacent(comm, ind, srcs, sw, outd, dsts, dw, info, reorder,
                                            nc), *nc);
}

int MPI_Intercomm_merge(MPI_Comm ic, int high, MPI_Comm *nc)
{
    NEWCOMM("MPI_Intercomm_merge", PMPI_Intercomm_merge(ic, high, nc), *nc);
}

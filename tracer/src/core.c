/* SPDX-License-Identifier: EPL-2.0 */
/* Tracer core: output buffers, event formatting, communicator and request bookkeeping. */
#define _GNU_SOURCE
#include "looptrace.h"

#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int lt_on, lt_calls, lt_rank;
lt_comm_t lt_world;

static int lt_size, lt_keyval = MPI_KEYVAL_INVALID;
static int64_t lt_seq = 1;            /* communicators this rank has led (0 = MPI_COMM_SELF) */
static lt_comm_t *lt_self;

/* Output: whole lines / whole records accumulate in memory and go out with write(2),
 * so a file only ever holds complete lines, and the two files are flushed together. */
static int tfd = -1, dfd = -1;
static char *tbuf, *dbuf;
static size_t tlen, tcap, dlen, dcap;
static volatile sig_atomic_t lt_flushing;

#define NATTR 7
static const char *attr_names[NATTR] = {"time", "end", "size", "count", "peer", "tag", "comm"};
#define LINE_MAX_LEN 1024

int64_t lt_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return; /* disk full etc.: nothing sensible to do inside MPI calls */
        }
        p += w;
        n -= (size_t)w;
    }
}

/* Trace first, then data: an interruption between them leaves data shorter than the
 * trace, the case FORMATS.md says readers report. Async-signal-safe. */
static void lt_flush(void)
{
    if (lt_flushing) return;
    lt_flushing = 1;
    if (tfd >= 0 && tlen) write_all(tfd, tbuf, tlen);
    tlen = 0;
    if (dfd >= 0 && dlen) write_all(dfd, dbuf, dlen);
    dlen = 0;
    lt_flushing = 0;
}

static char *put_i64(char *p, int64_t v)
{
    char tmp[24];
    int n = 0;
    uint64_t u = v < 0 ? (uint64_t)(-(v + 1)) + 1 : (uint64_t)v;
    if (v < 0) *p++ = '-';
    do { tmp[n++] = (char)('0' + u % 10); u /= 10; } while (u);
    while (n) *p++ = tmp[--n];
    return p;
}

static char *put_str(char *p, const char *s, size_t max)
{
    size_t n = strnlen(s, max);
    memcpy(p, s, n);
    return p + n;
}

/* Out of memory: what was traced goes out as whole lines and whole records, a comment line
 * closes the trace, stderr says what happened, and the run is aborted (the tracer cannot go on
 * without its bookkeeping, and a trace silently missing events would mislead). */
static void out_of_memory(size_t bytes, const char *what)
{
    static const char note[] = "# looptrace: out of memory, tracing stopped here\n";
    lt_flush();
    if (tfd >= 0) write_all(tfd, note, sizeof note - 1);
    fprintf(stderr, "looptrace: rank %d: out of memory allocating %zu bytes for %s: trace.%d and "
            "data.%d end at the last whole event; aborting the run\n", lt_rank, bytes, what,
            lt_rank, lt_rank);
    lt_stop();
    PMPI_Abort(MPI_COMM_WORLD, 1);
    _exit(1);
}

void *lt_alloc(size_t bytes, const char *what)
{
    void *p = malloc(bytes);
    if (!p) out_of_memory(bytes, what);
    return p;
}

void *lt_zalloc(size_t n, size_t size, const char *what)
{
    void *p = calloc(n, size);
    if (!p) out_of_memory(n * size, what);
    return p;
}

char *lt_strdup(const char *s, const char *what)
{
    size_t n = strlen(s) + 1;
    return memcpy(lt_alloc(n, what), s, n);
}

static void emit(const char *line, size_t n, int64_t t0, int64_t t1, int64_t size,
                 int64_t count, int64_t peer, int64_t tag, int64_t comm)
{
    if (tfd < 0) return;
    if (tlen + n > tcap || dlen + 8 * NATTR > dcap) lt_flush();
    if (n > tcap) { /* longer than the buffer (huge group): written through, whole */
        write_all(tfd, line, n);
    } else {
        memcpy(tbuf + tlen, line, n);
        tlen += n;
    }
    int64_t rec[NATTR] = {t0, t1, size, count, peer, tag, comm};
    memcpy(dbuf + dlen, rec, sizeof rec); /* x86-64/aarch64: little-endian already */
    dlen += sizeof rec;
}

static char *put_tag(char *p, const lt_comm_t *ci, int tag)
{
    p = put_str(p, ci->tok, sizeof ci->tok);
    return put_i64(p, tag);
}

static int to_world(const lt_comm_t *ci, int r, int remote)
{
    if (remote) return (r >= 0 && r < ci->rsize) ? ci->rworld[r] : -1;
    return (r >= 0 && r < ci->size) ? ci->world[r] : -1;
}

void lt_ev_send(lt_comm_t *ci, int dst, int tag, int64_t t0, int64_t t1, int64_t bytes,
                int64_t count)
{
    char line[LINE_MAX_LEN], *p = line;
    int w = to_world(ci, dst, ci->rsize > 0);
    p = put_i64(p, lt_rank);
    p = put_str(p, " send ", 8);
    p = put_i64(p, w);
    *p++ = ' ';
    p = put_tag(p, ci, tag);
    *p++ = '\n';
    emit(line, (size_t)(p - line), t0, t1, bytes, count, w, tag, ci->id);
}

void lt_ev_recv(lt_comm_t *ci, const MPI_Status *st, int typesize, int64_t t0, int64_t t1)
{
    if (st->MPI_SOURCE == MPI_PROC_NULL || st->MPI_SOURCE < 0) return;
    int cancelled = 0;
    PMPI_Test_cancelled(st, &cancelled);
    if (cancelled) return;
    int bytes = 0;
    PMPI_Get_count(st, MPI_BYTE, &bytes);
    char line[LINE_MAX_LEN], *p = line;
    int w = to_world(ci, st->MPI_SOURCE, ci->rsize > 0);
    p = put_i64(p, w);
    p = put_str(p, " recv ", 8);
    p = put_i64(p, lt_rank);
    *p++ = ' ';
    p = put_tag(p, ci, st->MPI_TAG);
    *p++ = '\n';
    emit(line, (size_t)(p - line), t0, t1, bytes, typesize > 0 ? bytes / typesize : bytes,
         w, st->MPI_TAG, ci->id);
}

void lt_ev_sync(lt_comm_t *ci, const char *name, int64_t t0, int64_t t1, int64_t bytes,
                int64_t count)
{
    char line[LINE_MAX_LEN], *p = line;
    p = put_i64(p, lt_rank);
    p = put_str(p, " sync ", 8);
    p = put_str(p, name, 64);
    *p++ = ' ';
    size_t gl = strlen(ci->group);
    if (gl + (size_t)(p - line) + 1 <= sizeof line) {
        p = put_str(p, ci->group, gl);
        *p++ = '\n';
        emit(line, (size_t)(p - line), t0, t1, bytes, count, -1, -1, ci->id);
    } else { /* very large irregular groups: assemble on the heap (rare) */
        size_t n = (size_t)(p - line);
        char *big = lt_alloc(n + gl + 1, "a collective's group");
        memcpy(big, line, n);
        memcpy(big + n, ci->group, gl);
        big[n + gl] = '\n';
        emit(big, n + gl + 1, t0, t1, bytes, count, -1, -1, ci->id);
        free(big);
    }
}

void lt_ev_local(const char *what, const char *name, int64_t t)
{
    char line[LINE_MAX_LEN], *p = line;
    p = put_i64(p, lt_rank);
    p = put_str(p, " local ", 8);
    p = put_str(p, what, 16);
    *p++ = ' ';
    p = put_str(p, name, LINE_MAX_LEN - 64); /* names are truncated, never split lines */
    *p++ = '\n';
    emit(line, (size_t)(p - line), t, t, 0, 0, -1, -1, -1);
}

/* A local event with the caller's words, for programs that replay a model (looptrace replay):
 * their `local` events have no MPI call to be seen through. Exported; callers declare it weak,
 * so they also run untraced. Words stay on one line: a newline ends them. */
__attribute__((visibility("default"))) void looptrace_local(const char *words)
{
    if (!lt_on || !words) return;
    int64_t t = lt_now();
    char line[LINE_MAX_LEN], *p = line;
    p = put_i64(p, lt_rank);
    p = put_str(p, " local ", 8);
    size_t n = strcspn(words, "\n");
    p = put_str(p, words, n < LINE_MAX_LEN - 32 ? n : LINE_MAX_LEN - 32);
    *p++ = '\n';
    emit(line, (size_t)(p - line), t, t, 0, 0, -1, -1, -1);
}

/* ---- rank sets ---- */

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Canonical text: ascending, runs of 3 or more as a-b, e.g. 0,2,4-7. */
static char *rankset(const int *r, int n)
{
    int *s = lt_alloc(sizeof(int) * (size_t)(n ? n : 1), "a rank set");
    char *out = lt_alloc((size_t)n * 24 + 2, "a rank set"), *p = out;
    memcpy(s, r, sizeof(int) * (size_t)n);
    qsort(s, (size_t)n, sizeof(int), cmp_int);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || s[i] != s[m - 1]) s[m++] = s[i];
    for (int i = 0; i < m;) {
        int j = i;
        while (j + 1 < m && s[j + 1] == s[j] + 1) j++;
        if (p != out) *p++ = ',';
        if (j - i >= 2) {
            p = put_i64(p, s[i]);
            *p++ = '-';
            p = put_i64(p, s[j]);
        } else {
            for (int k = i; k <= j; k++) {
                if (k > i) *p++ = ',';
                p = put_i64(p, s[k]);
            }
        }
        i = j + 1;
    }
    *p = 0;
    free(s);
    return out;
}

/* ---- communicators ---- */

static int *translate(MPI_Group g, int n)
{
    MPI_Group wg;
    int *in = lt_alloc(sizeof(int) * (size_t)(n ? n : 1), "a communicator's ranks");
    int *out = lt_alloc(sizeof(int) * (size_t)(n ? n : 1), "a communicator's ranks");
    for (int i = 0; i < n; i++) in[i] = i;
    PMPI_Comm_group(MPI_COMM_WORLD, &wg);
    PMPI_Group_translate_ranks(g, n, in, wg, out);
    PMPI_Group_free(&wg);
    free(in);
    return out;
}

static lt_comm_t *comm_info_new(MPI_Comm c)
{
    lt_comm_t *ci = lt_zalloc(1, sizeof *ci, "a communicator");
    ci->refs = 1;
    MPI_Group g;
    int inter = 0;
    PMPI_Comm_test_inter(c, &inter);
    PMPI_Comm_group(c, &g);
    PMPI_Group_size(g, &ci->size);
    ci->world = translate(g, ci->size);
    PMPI_Group_free(&g);
    int n = ci->size;
    int *all = ci->world;
    if (inter) {
        PMPI_Comm_remote_group(c, &g);
        PMPI_Group_size(g, &ci->rsize);
        ci->rworld = translate(g, ci->rsize);
        PMPI_Group_free(&g);
        n += ci->rsize;
        all = lt_alloc(sizeof(int) * (size_t)n, "a communicator's ranks");
        memcpy(all, ci->world, sizeof(int) * (size_t)ci->size);
        memcpy(all + ci->size, ci->rworld, sizeof(int) * (size_t)ci->rsize);
    }
    ci->group = rankset(all, n);
    if (all != ci->world) free(all);
    return ci;
}

static void set_id(lt_comm_t *ci, int64_t id, int hashed)
{
    ci->id = id;
    if (hashed)
        snprintf(ci->tok, sizeof ci->tok, "h%lld.", (long long)-id);
    else
        snprintf(ci->tok, sizeof ci->tok, "c%lld.", (long long)id);
}

static void comm_unref(lt_comm_t *ci)
{
    if (ci && ci != &lt_world && --ci->refs <= 0) {
        free(ci->world);
        free(ci->rworld);
        free(ci->group);
        free(ci);
    }
}

lt_comm_t *lt_comm_ref(lt_comm_t *ci)
{
    if (ci) ci->refs++;
    return ci;
}

static int del_fn(MPI_Comm c, int kv, void *val, void *extra)
{
    (void)c; (void)kv; (void)extra;
    comm_unref(val);
    return MPI_SUCCESS;
}

lt_comm_t *lt_comm(MPI_Comm c)
{
    if (c == MPI_COMM_WORLD) return &lt_world;
    void *v = NULL;
    int flag = 0;
    PMPI_Comm_get_attr(c, lt_keyval, &v, &flag);
    if (flag) return v;
    /* Created by a call the tracer did not see (e.g. MPI_Comm_create_group, intercomm
     * constructors): an id every member computes alike from the member list. Two such
     * communicators with the same members share the token: documented limitation. */
    lt_comm_t *ci = comm_info_new(c);
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < ci->size; i++) h = (h ^ (uint64_t)ci->world[i]) * 1099511628211ULL;
    for (int i = 0; i < ci->rsize; i++) h = (h ^ (uint64_t)ci->rworld[i] ^ 0x9e37) * 1099511628211ULL;
    set_id(ci, -(int64_t)(h & 0x7fffffffULL) - 1, 1);
    PMPI_Comm_set_attr(c, lt_keyval, ci);
    return ci;
}

void lt_comm_register(MPI_Comm c)
{
    if (!lt_on || c == MPI_COMM_NULL) return;
    int inter = 0;
    PMPI_Comm_test_inter(c, &inter);
    if (inter) return; /* resolved lazily in lt_comm() */
    int r;
    long long id = 0;
    PMPI_Comm_rank(c, &r);
    /* Unique across the run: the leader's world rank and its own sequence number. */
    if (r == 0) id = (long long)(lt_seq++ * lt_size + lt_rank + 1);
    PMPI_Bcast(&id, 1, MPI_LONG_LONG, 0, c);
    lt_comm_t *ci = comm_info_new(c);
    set_id(ci, id, 0);
    PMPI_Comm_set_attr(c, lt_keyval, ci);
}

/* ---- requests: open addressing, linear probing, backward-shift deletion ---- */

static lt_req_t *rt;
static size_t rt_cap, rt_n;

static size_t rhash(MPI_Request r)
{
    uint64_t x = (uint64_t)(uintptr_t)r;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

lt_req_t *lt_req_find(MPI_Request r)
{
    if (!rt_n || r == MPI_REQUEST_NULL) return NULL;
    for (size_t i = rhash(r) & (rt_cap - 1);; i = (i + 1) & (rt_cap - 1)) {
        if (rt[i].key == r) return &rt[i];
        if (rt[i].key == MPI_REQUEST_NULL) return NULL;
    }
}

lt_req_t *lt_req_add(MPI_Request r)
{
    if (r == MPI_REQUEST_NULL) return NULL;
    lt_req_t *e = lt_req_find(r);
    if (e) { /* stale entry of a reused handle: start afresh */
        comm_unref(e->ci);
        memset(&e->ci, 0, sizeof *e - offsetof(lt_req_t, ci));
        return e;
    }
    if ((rt_n + 1) * 2 > rt_cap) {
        size_t ocap = rt_cap;
        lt_req_t *old = rt;
        size_t cap = ocap ? ocap * 2 : 256;
        rt = lt_zalloc(cap, sizeof *rt, "the table of pending requests");
        rt_cap = cap;
        for (size_t i = 0; i < rt_cap; i++) rt[i].key = MPI_REQUEST_NULL;
        rt_n = 0;
        for (size_t i = 0; i < ocap; i++)
            if (old[i].key != MPI_REQUEST_NULL) *lt_req_add(old[i].key) = old[i];
        free(old);
    }
    size_t i = rhash(r) & (rt_cap - 1);
    while (rt[i].key != MPI_REQUEST_NULL) i = (i + 1) & (rt_cap - 1);
    memset(&rt[i], 0, sizeof rt[i]);
    rt[i].key = r;
    rt_n++;
    return &rt[i];
}

void lt_req_del(MPI_Request r)
{
    lt_req_t *e = lt_req_find(r);
    if (!e) return;
    size_t i = (size_t)(e - rt), j = i;
    comm_unref(e->ci);
    rt[i].key = MPI_REQUEST_NULL;
    rt_n--;
    for (;;) {
        j = (j + 1) & (rt_cap - 1);
        if (rt[j].key == MPI_REQUEST_NULL) return;
        size_t k = rhash(rt[j].key) & (rt_cap - 1);
        /* move j back to i unless its home k lies cyclically in (i, j] */
        if ((i <= j) ? (i < k && k <= j) : (i < k || k <= j)) continue;
        rt[i] = rt[j];
        rt[j].key = MPI_REQUEST_NULL;
        i = j;
    }
}

int lt_any_tracked(const MPI_Request *r, int n)
{
    if (!rt_n) return 0;
    for (int i = 0; i < n; i++)
        if (lt_req_find(r[i])) return 1;
    return 0;
}

void lt_req_done(MPI_Request before, const MPI_Status *st, int64_t t0, int64_t t1)
{
    lt_req_t *e = lt_req_find(before);
    if (!e) return;
    switch (e->kind) {
    case LT_RECV: {
        lt_ev_recv(e->ci, st, e->typesize, t0, t1);
        lt_req_del(before);
        break;
    }
    case LT_PRECV:
        if (e->active) {
            e->active = 0;
            lt_ev_recv(e->ci, st, e->typesize, t0, t1);
        }
        break;
    default:
        e->active = 0;
    }
}

static MPI_Request *sreq;
static MPI_Status *sst;
static int sreq_n, sst_n;

MPI_Request *lt_scratch_reqs(int n)
{
    if (n > sreq_n) {
        free(sreq);
        sreq = lt_alloc(sizeof *sreq * (size_t)n * 2, "an array of requests");
        sreq_n = n * 2;
    }
    return sreq;
}

MPI_Status *lt_scratch_stats(int n)
{
    if (n > sst_n) {
        free(sst);
        sst = lt_alloc(sizeof *sst * (size_t)n * 2, "an array of statuses");
        sst_n = n * 2;
    }
    return sst;
}

int lt_typesize(MPI_Datatype dt)
{
    int s = 0;
    if (dt != MPI_DATATYPE_NULL) PMPI_Type_size(dt, &s);
    return s;
}

/* ---- start / stop, fatal signals ---- */

static const int fatal_sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTERM,
                                 SIGINT, SIGQUIT, SIGHUP, SIGUSR1, SIGUSR2};
#define NSIG_FATAL (int)(sizeof fatal_sigs / sizeof fatal_sigs[0])
static struct sigaction old_act[NSIG_FATAL];

static void on_fatal(int sig)
{
    lt_flush();
    for (int i = 0; i < NSIG_FATAL; i++)
        if (fatal_sigs[i] == sig) sigaction(sig, &old_act[i], NULL);
    raise(sig); /* delivered with the previous disposition once we return */
}

static void at_exit_flush(void) { lt_flush(); }

static void mkdirs(const char *path)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(buf, 0777);
            *p = '/';
        }
    mkdir(buf, 0777);
}

static int open_out(const char *dir, const char *kind, int r)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.%d", dir, kind, r);
    return open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
}

/* data.<r> appears with its whole header: written under a hidden name, then renamed, so that a
 * rank killed at start-up (mpirun ends the run when another rank aborts) never leaves a data
 * file without its header. */
static int open_data(const char *dir, int r, const char *hdr, size_t len)
{
    char path[4096], part[4096];
    snprintf(path, sizeof path, "%s/data.%d", dir, r);
    snprintf(part, sizeof part, "%s/.data.%d.part", dir, r);
    int fd = open(part, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    write_all(fd, hdr, len);
    if (rename(part, path) != 0) {
        int err = errno;
        close(fd);
        unlink(part);
        errno = err;
        return -1;
    }
    return fd;
}

void lt_start(void)
{
    if (lt_on) return;
    PMPI_Comm_rank(MPI_COMM_WORLD, &lt_rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &lt_size);
    const char *dir = getenv("LOOPTRACE_DIR");
    if (!dir || !*dir) dir = "./looptrace-trace";
    const char *e = getenv("LOOPTRACE_CALLS");
    lt_calls = e && *e && strcmp(e, "0") != 0;
    e = getenv("LOOPTRACE_BUFFER");
    tcap = e ? (size_t)strtoull(e, NULL, 10) : 0;
    if (tcap < 2 * LINE_MAX_LEN) tcap = tcap ? 2 * LINE_MAX_LEN : (size_t)1 << 20;
    dcap = tcap / 2 > 8 * NATTR ? tcap / 2 : 8 * NATTR; /* ~same number of events */
    tbuf = lt_alloc(tcap, "the trace buffer (LOOPTRACE_BUFFER)");
    dbuf = lt_alloc(dcap, "the data buffer (LOOPTRACE_BUFFER)");
    mkdirs(dir);
    if (lt_rank == 0) { /* a folder's rank count is its number of trace.* files */
        char path[4096];
        for (int r = lt_size;; r++) {
            int gone = 0;
            const char *kinds[] = {"trace.%d", "trace.%d.gz", "data.%d"};
            for (int k = 0; k < 3; k++) {
                snprintf(path, sizeof path, "%s/", dir);
                size_t l = strlen(path);
                snprintf(path + l, sizeof path - l, kinds[k], r);
                gone += unlink(path) == 0;
            }
            if (!gone) break;
        }
    }
    char hdr[16 + 16 * NATTR];
    memset(hdr, 0, sizeof hdr);
    memcpy(hdr, "LTDATA1", 8);
    uint32_t a = NATTR;
    memcpy(hdr + 8, &a, 4);
    for (int i = 0; i < NATTR; i++) strncpy(hdr + 16 + 16 * i, attr_names[i], 16);
    /* data first: a trace file never stands without its data file */
    dfd = open_data(dir, lt_rank, hdr, sizeof hdr);
    tfd = dfd < 0 ? -1 : open_out(dir, "trace", lt_rank);
    if (tfd < 0 || dfd < 0) {
        fprintf(stderr, "looptrace: rank %d cannot write in %s: %s\n", lt_rank, dir,
                strerror(errno));
        if (dfd >= 0) close(dfd);
        tfd = dfd = -1;
    }

    lt_world.id = 0;
    lt_world.tok[0] = 0;
    lt_world.size = lt_size;
    lt_world.world = lt_alloc(sizeof(int) * (size_t)lt_size, "the ranks of MPI_COMM_WORLD");
    for (int i = 0; i < lt_size; i++) lt_world.world[i] = i;
    lt_world.group = rankset(lt_world.world, lt_size);

    PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, del_fn, &lt_keyval, NULL);
    lt_self = comm_info_new(MPI_COMM_SELF);
    set_id(lt_self, lt_rank + 1, 0); /* sequence 0 of this rank */
    PMPI_Comm_set_attr(MPI_COMM_SELF, lt_keyval, lt_self);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < NSIG_FATAL; i++) sigaction(fatal_sigs[i], &sa, &old_act[i]);
    atexit(at_exit_flush);
    lt_fn_init();
    lt_on = 1;
}

void lt_stop(void)
{
    if (!lt_on) return;
    lt_on = 0;
    lt_flush();
    if (tfd >= 0) close(tfd);
    if (dfd >= 0) close(dfd);
    tfd = dfd = -1;
    for (int i = 0; i < NSIG_FATAL; i++) sigaction(fatal_sigs[i], &old_act[i], NULL);
    /* the MPI_COMM_SELF attribute is deleted by MPI_Finalize through del_fn */
}

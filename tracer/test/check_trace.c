/* SPDX-License-Identifier: EPL-2.0 */
/* Checks a trace folder written by liblooptrace (see tracer/README.md):
 *   check_trace DIR NP [-e EXPECT] [-partial]
 * - trace.0 .. trace.NP-1 exist (and trace.NP does not), every line is a whole, valid
 *   event line of docs/FORMATS.md owned by that rank, sync groups are canonical rank sets;
 * - data.<p>: valid header with time/end/size, whole records only, one record per event
 *   (at most one per event with -partial), time <= end, time non-decreasing;
 * - without -partial: per channel (src,dst,tag) as many recvs as sends, and the k-th recv
 *   has the size of the k-th send (FIFO); every member of a collective group has the same
 *   sequence of collectives on that group;
 * - with -e: the counts per channel and per (collective, group, member) equal EXPECT, whose
 *   lines are `send SRC DST TAG COUNT` and `sync NAME GROUP COUNT`; channels and
 *   collectives not listed must not occur.
 * Exit status 0 when everything holds; every failure is printed. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int errors;
#define FAIL(...) do { fprintf(stderr, "check_trace: " __VA_ARGS__); fputc('\n', stderr); \
                       if (++errors > 50) exit(1); } while (0)

/* ---- string-keyed hash table ---- */
typedef struct {
    char *key;
    int64_t *sizes[2]; /* send sizes, recv sizes (in order) */
    long n[2], cap[2];
    long *member;      /* sync: events per member rank */
    uint64_t *seqhash; /* sync group key "G group": name sequence hash per member */
    long expect;       /* -1 when not expected */
    int expected;
} ent;
static ent *tab;
static size_t tcap, tn;
static int NP;

static uint64_t shash(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    while (*s) h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
    return h;
}

static ent *get(const char *key)
{
    if ((tn + 1) * 2 > tcap) {
        size_t oc = tcap;
        ent *old = tab;
        tcap = oc ? oc * 2 : 1024;
        tab = calloc(tcap, sizeof *tab);
        for (size_t i = 0; i < oc; i++)
            if (old[i].key) {
                size_t j = shash(old[i].key) & (tcap - 1);
                while (tab[j].key) j = (j + 1) & (tcap - 1);
                tab[j] = old[i];
            }
        free(old);
    }
    size_t j = shash(key) & (tcap - 1);
    while (tab[j].key) {
        if (!strcmp(tab[j].key, key)) return &tab[j];
        j = (j + 1) & (tcap - 1);
    }
    tab[j].key = strdup(key);
    tab[j].member = calloc((size_t)NP, sizeof(long));
    tab[j].seqhash = calloc((size_t)NP, sizeof(uint64_t));
    tab[j].expect = -1;
    tn++;
    return &tab[j];
}

static void push(ent *e, int k, int64_t v)
{
    if (e->n[k] == e->cap[k]) {
        e->cap[k] = e->cap[k] ? e->cap[k] * 2 : 16;
        e->sizes[k] = realloc(e->sizes[k], sizeof(int64_t) * (size_t)e->cap[k]);
    }
    e->sizes[k][e->n[k]++] = v;
}

/* ---- rank sets ---- */
/* Parses a rank set into mem[] (1 = member); returns 0 unless canonical and in range. */
static int parse_set(const char *s, char *mem)
{
    memset(mem, 0, (size_t)NP);
    int last = -1;
    const char *p = s;
    while (*p) {
        char *end;
        long a = strtol(p, &end, 10), b = a;
        if (end == p || a < 0) return 0;
        p = end;
        if (*p == '-') {
            b = strtol(p + 1, &end, 10);
            if (end == p + 1 || b < a + 2) return 0; /* runs of 3 or more only */
            p = end;
        }
        if (a <= last || b >= NP) return 0;
        for (long r = a; r <= b; r++) mem[r] = 1;
        last = (int)b;
        if (*p == ',') p++;
        else if (*p) return 0;
    }
    /* canonical: re-render and compare */
    char buf[65536], *q = buf;
    for (int i = 0; i < NP;) {
        if (!mem[i]) { i++; continue; }
        int j = i;
        while (j + 1 < NP && mem[j + 1]) j++;
        if (q != buf) *q++ = ',';
        if (j - i >= 2) q += sprintf(q, "%d-%d", i, j);
        else for (int k = i; k <= j; k++) q += sprintf(q, k > i ? ",%d" : "%d", k);
        i = j + 1;
        if (q - buf > 65000) return 1;
    }
    *q = 0;
    return strcmp(buf, s) == 0;
}

/* ---- one rank ---- */
static char *slurp(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)*len + 1);
    if (fread(b, 1, (size_t)*len, f) != (size_t)*len) { fclose(f); free(b); return NULL; }
    b[*len] = 0;
    fclose(f);
    return b;
}

static int isnum(const char *s)
{
    if (*s == '-') s++;
    if (!*s) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

static void check_rank(const char *dir, int p, int partial)
{
    char path[4096];
    long tl = 0, dl = 0;
    snprintf(path, sizeof path, "%s/trace.%d", dir, p);
    char *t = slurp(path, &tl);
    if (!t) { FAIL("%s missing", path); return; }
    if (tl > 0 && t[tl - 1] != '\n') FAIL("%s: last line is torn (no newline)", path);
    snprintf(path, sizeof path, "%s/data.%d", dir, p);
    char *d = slurp(path, &dl);
    if (!d) { FAIL("%s missing", path); free(t); return; }
    long A = 0, it = -1, ie = -1, is = -1, nrec = 0;
    if (dl < 16 || memcmp(d, "LTDATA1\0", 8)) FAIL("%s: bad magic", path);
    else {
        uint32_t a;
        memcpy(&a, d + 8, 4);
        A = a;
        if (A < 1 || A > 64 || dl < 16 + 16 * A) { FAIL("%s: bad attribute count", path); A = 0; }
        for (long i = 0; i < A; i++) {
            const char *nm = d + 16 + 16 * i;
            if (!strncmp(nm, "time", 16)) it = i;
            if (!strncmp(nm, "end", 16)) ie = i;
            if (!strncmp(nm, "size", 16)) is = i;
        }
        if (A && (it < 0 || ie < 0 || is < 0)) FAIL("%s: time/end/size attributes missing", path);
        if (A && (dl - 16 - 16 * A) % (8 * A)) FAIL("%s: torn last record", path);
        if (A) nrec = (dl - 16 - 16 * A) / (8 * A);
    }
    const char *recs = d + 16 + 16 * A;
    int64_t prev = INT64_MIN;
    for (long i = 0; A && it >= 0 && ie >= 0 && i < nrec; i++) {
        int64_t tm, en;
        memcpy(&tm, recs + (i * A + it) * 8, 8);
        memcpy(&en, recs + (i * A + ie) * 8, 8);
        if (tm > en) FAIL("%s: record %ld time > end", path, i);
        if (tm < prev) FAIL("%s: record %ld time decreases", path, i);
        prev = tm;
    }
    char *mem = malloc((size_t)NP);
    long line = 0;
    char *save = NULL;
    for (char *l = strtok_r(t, "\n", &save); l; l = strtok_r(NULL, "\n", &save), line++) {
        char *f[8];
        int nf = 0;
        char copy[65536];
        snprintf(copy, sizeof copy, "%s", l);
        for (char *s2 = NULL, *w = strtok_r(copy, " ", &s2); w && nf < 8; w = strtok_r(NULL, " ", &s2))
            f[nf++] = w;
        int64_t size = 0;
        if (is >= 0 && line < nrec) memcpy(&size, recs + (line * A + is) * 8, 8);
        if (nf < 3 || !isnum(f[0])) { FAIL("trace.%d:%ld: bad line '%s'", p, line + 1, l); continue; }
        int a = atoi(f[0]);
        if (!strcmp(f[1], "send") || !strcmp(f[1], "recv")) {
            int k = f[1][0] == 'r';
            if (nf != 4 || !isnum(f[2])) { FAIL("trace.%d:%ld: bad %s '%s'", p, line + 1, f[1], l); continue; }
            int b = atoi(f[2]);
            if (a < 0 || a >= NP || b < 0 || b >= NP) FAIL("trace.%d:%ld: rank out of range", p, line + 1);
            if ((k ? b : a) != p) FAIL("trace.%d:%ld: event not owned by %d", p, line + 1, p);
            char key[256];
            snprintf(key, sizeof key, "%d %d %s", a, b, f[3]);
            push(get(key), k, size);
        } else if (!strcmp(f[1], "sync")) {
            if (nf != 4 || a != p) { FAIL("trace.%d:%ld: bad sync '%s'", p, line + 1, l); continue; }
            if (!parse_set(f[3], mem)) FAIL("trace.%d:%ld: group '%s' not canonical", p, line + 1, f[3]);
            else if (!mem[p]) FAIL("trace.%d:%ld: %d not in its group", p, line + 1, p);
            char key[65600];
            snprintf(key, sizeof key, "S %s %s", f[2], f[3]);
            get(key)->member[p]++;
            snprintf(key, sizeof key, "G %s", f[3]);
            ent *g = get(key);
            g->seqhash[p] = (g->seqhash[p] ^ shash(f[2])) * 1099511628211ULL;
        } else if (!strcmp(f[1], "local")) {
            if (a != p) FAIL("trace.%d:%ld: local event of another rank", p, line + 1);
        } else {
            FAIL("trace.%d:%ld: unknown event '%s'", p, line + 1, f[1]);
        }
    }
    if (partial ? nrec > line : nrec != line)
        FAIL("data.%d: %ld records for %ld events", p, nrec, line);
    free(mem);
    free(t);
    free(d);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: check_trace DIR NP [-e EXPECT] [-partial]\n");
        return 2;
    }
    const char *dir = argv[1], *expect = NULL;
    int partial = 0;
    NP = atoi(argv[2]);
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "-partial")) partial = 1;
        else if (!strcmp(argv[i], "-e") && i + 1 < argc) expect = argv[++i];
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/trace.%d", dir, NP);
    FILE *x = fopen(path, "r");
    if (x) { fclose(x); FAIL("%s should not exist", path); }
    for (int p = 0; p < NP; p++) check_rank(dir, p, partial);
    if (!partial) {
        for (size_t i = 0; i < tcap; i++) {
            ent *e = &tab[i];
            if (!e->key) continue;
            if (e->key[0] == 'G') { /* same sequence of collectives on every member */
                char *mem = malloc((size_t)NP);
                if (parse_set(e->key + 2, mem)) {
                    int first = -1;
                    for (int p = 0; p < NP; p++)
                        if (mem[p]) {
                            if (first < 0) first = p;
                            else if (e->seqhash[p] != e->seqhash[first])
                                FAIL("group %s: ranks %d and %d differ in collective sequence", e->key + 2, first, p);
                        }
                }
                free(mem);
            } else if (e->key[0] == 'S') {
                char name[256], grp[65536];
                if (sscanf(e->key, "S %255s %65535s", name, grp) != 2) continue;
                char *mem = malloc((size_t)NP);
                parse_set(grp, mem);
                long c = -1;
                for (int p = 0; p < NP; p++)
                    if (mem[p]) {
                        if (c < 0) c = e->member[p];
                        else if (e->member[p] != c)
                            FAIL("%s %s: rank %d has %ld, another member %ld", name, grp, p, e->member[p], c);
                    }
                free(mem);
            } else {
                if (e->n[0] != e->n[1])
                    FAIL("channel %s: %ld sends, %ld recvs", e->key, e->n[0], e->n[1]);
                long m = e->n[0] < e->n[1] ? e->n[0] : e->n[1];
                for (long k = 0; k < m; k++)
                    if (e->sizes[0][k] != e->sizes[1][k]) {
                        FAIL("channel %s: message %ld sent %lld bytes, received %lld (FIFO)",
                             e->key, k, (long long)e->sizes[0][k], (long long)e->sizes[1][k]);
                        break;
                    }
            }
        }
    }
    if (expect) {
        FILE *f = fopen(expect, "r");
        if (!f) { FAIL("cannot read %s", expect); return 1; }
        char l[70000], a[256], b[65536], c[256];
        long n;
        while (fgets(l, sizeof l, f)) {
            char key[66100];
            if (sscanf(l, "send %255s %255s %255s %ld", a, b, c, &n) == 4) {
                snprintf(key, sizeof key, "%s %s %s", a, b, c);
            } else if (sscanf(l, "sync %255s %65535s %ld", a, b, &n) == 3) {
                snprintf(key, sizeof key, "S %s %s", a, b);
            } else continue;
            ent *e = get(key);
            e->expected = 1;
            e->expect = n;
        }
        fclose(f);
        for (size_t i = 0; i < tcap; i++) {
            ent *e = &tab[i];
            if (!e->key || e->key[0] == 'G') continue;
            long have = 0;
            if (e->key[0] == 'S') {
                char name[256], grp[65536];
                sscanf(e->key, "S %255s %65535s", name, grp);
                char *mem = malloc((size_t)NP);
                parse_set(grp, mem);
                for (int p = 0; p < NP; p++)
                    if (mem[p]) { have = e->member[p]; break; }
                free(mem);
            } else {
                have = e->n[0] > e->n[1] ? e->n[0] : e->n[1];
            }
            if (!e->expected && have) FAIL("unexpected: %s (%ld events)", e->key, have);
            else if (e->expected && have != e->expect)
                FAIL("%s: %ld events, expected %ld", e->key, have, e->expect);
        }
    }
    if (errors) {
        fprintf(stderr, "check_trace: %s: %d problem(s)\n", dir, errors);
        return 1;
    }
    return 0;
}

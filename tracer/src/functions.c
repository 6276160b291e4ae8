/* SPDX-License-Identifier: EPL-2.0 */
/* -finstrument-functions hooks: `local call F` / `local return F` between MPI_Init and
 * MPI_Finalize when LOOPTRACE_FUNCTIONS is set. Names come from dladdr, else from the
 * ELF symbol table of the object (static functions); every address is resolved once. */
#define _GNU_SOURCE
#include "looptrace.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define NOINST __attribute__((no_instrument_function))

static int fn_on;
static pthread_t fn_thread; /* only the thread that initialised MPI is traced */

/* address -> name cache */
typedef struct { void *addr; char *name; } fn_ent;
static fn_ent *ft;
static size_t ft_cap, ft_n;

/* ELF objects whose symbol tables were read */
typedef struct {
    void *base;
    const Elf64_Sym *syms;
    size_t nsyms;
    const char *str;
    uintptr_t bias;
} elf_obj;
static elf_obj objs[64];
static int nobjs;

NOINST void lt_fn_init(void)
{
    const char *e = getenv("LOOPTRACE_FUNCTIONS");
    fn_on = e && *e && strcmp(e, "0") != 0;
    fn_thread = pthread_self();
}

NOINST static elf_obj *load_obj(const char *file, void *base)
{
    for (int i = 0; i < nobjs; i++)
        if (objs[i].base == base) return &objs[i];
    if (nobjs == 64) return NULL;
    elf_obj *o = &objs[nobjs++];
    memset(o, 0, sizeof *o);
    o->base = base;
    int fd = open(file, O_RDONLY | O_CLOEXEC);
    if (fd < 0) fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC); /* argv[0] not a path */
    if (fd < 0) return o;
    struct stat st;
    if (fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(Elf64_Ehdr)) { close(fd); return o; }
    /* kept mapped for the run: bounded by the binary size, names point into it */
    const unsigned char *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (m == MAP_FAILED) return o;
    const Elf64_Ehdr *eh = (const void *)m;
    if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf64_Shdr) > (size_t)st.st_size)
        return o;
    o->bias = eh->e_type == ET_DYN ? (uintptr_t)base : 0;
    const Elf64_Shdr *sh = (const void *)(m + eh->e_shoff);
    for (int i = 0; i < eh->e_shnum; i++) {
        if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum) continue;
        o->syms = (const void *)(m + sh[i].sh_offset);
        o->nsyms = sh[i].sh_size / sizeof(Elf64_Sym);
        o->str = (const char *)(m + sh[sh[i].sh_link].sh_offset);
        break;
    }
    return o;
}

NOINST static char *resolve(void *fn)
{
    Dl_info di;
    memset(&di, 0, sizeof di);
    if (dladdr(fn, &di) && di.dli_sname && di.dli_saddr == fn) return lt_strdup(di.dli_sname, "a function name");
    if (di.dli_fbase) {
        const char *file = di.dli_fname;
        if (!file || !*file) file = "/proc/self/exe"; /* the main program */
        elf_obj *o = load_obj(file, di.dli_fbase);
        if (o && o->syms) {
            uintptr_t a = (uintptr_t)fn - o->bias;
            for (size_t i = 0; i < o->nsyms; i++) {
                const Elf64_Sym *s = &o->syms[i];
                if (ELF64_ST_TYPE(s->st_info) != STT_FUNC) continue;
                if (a >= s->st_value && a < s->st_value + (s->st_size ? s->st_size : 1))
                    return lt_strdup(o->str + s->st_name, "a function name");
            }
        }
    }
    char buf[32];
    snprintf(buf, sizeof buf, "%p", fn);
    return lt_strdup(buf, "a function name");
}

NOINST static size_t fhash(void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 29;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 32;
    return (size_t)x;
}

NOINST static const char *fn_name(void *fn)
{
    if (ft_cap) {
        for (size_t i = fhash(fn) & (ft_cap - 1); ft[i].addr; i = (i + 1) & (ft_cap - 1))
            if (ft[i].addr == fn) return ft[i].name;
    }
    if ((ft_n + 1) * 2 > ft_cap) {
        size_t oc = ft_cap;
        fn_ent *old = ft;
        size_t cap = oc ? oc * 2 : 1024;
        ft = lt_zalloc(cap, sizeof *ft, "the table of function names");
        ft_cap = cap;
        for (size_t j = 0; j < oc; j++)
            if (old[j].addr) {
                size_t i = fhash(old[j].addr) & (ft_cap - 1);
                while (ft[i].addr) i = (i + 1) & (ft_cap - 1);
                ft[i] = old[j];
            }
        free(old);
    }
    size_t i = fhash(fn) & (ft_cap - 1);
    while (ft[i].addr) i = (i + 1) & (ft_cap - 1);
    ft[i].addr = fn;
    ft[i].name = resolve(fn);
    ft_n++;
    return ft[i].name;
}

NOINST void __cyg_profile_func_enter(void *fn, void *site)
{
    (void)site;
    if (!fn_on || !lt_on || !pthread_equal(pthread_self(), fn_thread)) return;
    lt_ev_local("call", fn_name(fn), lt_now());
}

NOINST void __cyg_profile_func_exit(void *fn, void *site)
{
    (void)site;
    if (!fn_on || !lt_on || !pthread_equal(pthread_self(), fn_thread)) return;
    lt_ev_local("return", fn_name(fn), lt_now());
}

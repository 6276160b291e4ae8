/* SPDX-License-Identifier: EPL-2.0 */
/* CG-like iterative solver on a 1-D decomposition (non-periodic): halo to the right with
 * Sendrecv (tag 7), halo to the left with Sendrecv_replace (tag 8), two dot-product
 * Allreduces per iteration. After the loop, one call of each remaining collective so that
 * every traced collective appears in a trace. */
#include "common.h"

#define M 64

/* static and noinline: a target for the ELF-symbol-table name lookup of
 * LOOPTRACE_FUNCTIONS (dladdr cannot name static functions) */
static __attribute__((noinline)) double dot(const double *a, const double *b, int n)
{
    double s = 0;
    for (int k = 0; k < n; k++) s += a[k] * b[k];
    return s;
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    int n = ex_args(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    double x[M + 2], r[M], rr = 1, pap = 1;
    for (int k = 0; k < M + 2; k++) x[k] = rank + k;
    for (int it = 0; it < n; it++) {
        ex_maybe_die(rank, it);
        MPI_Sendrecv(&x[M], 1, MPI_DOUBLE, right, 7, &x[0], 1, MPI_DOUBLE, left, 7,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double halo = x[1];
        MPI_Sendrecv_replace(&halo, 1, MPI_DOUBLE, left, 8, right, 8, MPI_COMM_WORLD,
                             MPI_STATUS_IGNORE);
        if (right != MPI_PROC_NULL) x[M + 1] = halo;
        for (int k = 0; k < M; k++) r[k] = x[k] - 0.5 * (x[k + 1] + x[k + 2]) / (1 + rr);
        double d1 = dot(r, r, M), d2 = dot(r, x + 1, M);
        MPI_Allreduce(&d1, &rr, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(&d2, &pap, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        for (int k = 1; k <= M; k++) x[k] -= 1e-3 * r[k - 1] * pap / (rr + 1);
    }
    /* one of each other collective */
    int *sc = malloc(sizeof(int) * (size_t)size), *dis = malloc(sizeof(int) * (size_t)size);
    double *big = malloc(sizeof(double) * (size_t)size * 2), *big2 = malloc(sizeof(double) * (size_t)size * 2);
    MPI_Datatype *ts = malloc(sizeof(MPI_Datatype) * (size_t)size);
    int *bd = malloc(sizeof(int) * (size_t)size);
    for (int k = 0; k < size; k++) { sc[k] = 2; dis[k] = 2 * k; ts[k] = MPI_DOUBLE; bd[k] = 16 * k; }
    for (int k = 0; k < 2 * size; k++) big[k] = k;
    double v = rank, w;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Bcast(&v, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Reduce(&v, &w, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Scan(&v, &w, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Exscan(&v, &w, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Gather(&v, 1, MPI_DOUBLE, big2, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Gatherv(big, 2, MPI_DOUBLE, big2, sc, dis, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Scatter(big, 1, MPI_DOUBLE, &w, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Scatterv(big, sc, dis, MPI_DOUBLE, big2, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Allgather(&v, 1, MPI_DOUBLE, big2, 1, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Allgatherv(big, 2, MPI_DOUBLE, big2, sc, dis, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Alltoall(big, 2, MPI_DOUBLE, big2, 2, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Alltoallv(big, sc, dis, MPI_DOUBLE, big2, sc, dis, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Alltoallw(big, sc, bd, ts, big2, sc, bd, ts, MPI_COMM_WORLD);
    MPI_Reduce_scatter(big, big2, sc, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Reduce_scatter_block(big, big2, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("solver: %d iterations, rr %g\n", n, rr);
    free(sc); free(dis); free(big); free(big2); free(ts); free(bd);
    MPI_Finalize();
    return 0;
}

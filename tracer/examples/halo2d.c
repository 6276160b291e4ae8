/* SPDX-License-Identifier: EPL-2.0 */
/* 2-D halo exchange on a non-periodic Cartesian communicator: Irecv/Isend to the four
 * neighbours (tag = direction of travel: 0 up, 1 down, 2 left, 3 right), Waitall, then an
 * Allreduce of the residual. Edge neighbours are MPI_PROC_NULL and produce no events. */
#include "common.h"

#define NB 16

int main(int argc, char **argv)
{
    int rank, size, dims[2] = {0, 0}, periods[2] = {0, 0};
    MPI_Init(&argc, &argv);
    int n = ex_args(argc, argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    MPI_Comm cart;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Comm_rank(cart, &rank);
    int up, down, left, right;
    MPI_Cart_shift(cart, 0, 1, &up, &down);
    MPI_Cart_shift(cart, 1, 1, &left, &right);
    int nb[4] = {up, down, left, right};
    int from_tag[4] = {1, 0, 3, 2}; /* what neighbour d sends towards me */
    double out[4][NB], in[4][NB], res = 1;
    for (int it = 0; it < n; it++) {
        ex_maybe_die(rank, it);
        MPI_Request rq[8];
        for (int d = 0; d < 4; d++)
            MPI_Irecv(in[d], NB, MPI_DOUBLE, nb[d], from_tag[d], cart, &rq[d]);
        for (int d = 0; d < 4; d++) {
            for (int k = 0; k < NB; k++) out[d][k] = rank + it + k;
            MPI_Isend(out[d], 1 + (it + d) % NB, MPI_DOUBLE, nb[d], d, cart, &rq[4 + d]);
        }
        MPI_Waitall(8, rq, MPI_STATUSES_IGNORE);
        double local = res / (it + 2);
        MPI_Allreduce(&local, &res, 1, MPI_DOUBLE, MPI_MAX, cart);
    }
    if (rank == 0) printf("halo2d: %dx%d, %d iterations, res %g\n", dims[0], dims[1], n, res);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return 0;
}

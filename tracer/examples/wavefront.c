/* SPDX-License-Identifier: EPL-2.0 */
/* LU-style pipelined wavefront on a 2-D grid of ranks (world communicator, row-major):
 * forward sweep receives from north and west and sends south (tag 10) and east (11);
 * backward sweep receives from south and east and sends north (12) and west (13).
 * A norm Allreduce every 5 iterations. */
#include "common.h"

int main(int argc, char **argv)
{
    int rank, size, dims[2] = {0, 0};
    MPI_Init(&argc, &argv);
    int n = ex_args(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    int i = rank / dims[1], j = rank % dims[1];
    int north = i > 0 ? rank - dims[1] : MPI_PROC_NULL;
    int south = i < dims[0] - 1 ? rank + dims[1] : MPI_PROC_NULL;
    int west = j > 0 ? rank - 1 : MPI_PROC_NULL;
    int east = j < dims[1] - 1 ? rank + 1 : MPI_PROC_NULL;
    double v[8] = {0}, norm = 0;
    for (int it = 0; it < n; it++) {
        ex_maybe_die(rank, it);
        MPI_Recv(v, 8, MPI_DOUBLE, north, 10, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(v, 8, MPI_DOUBLE, west, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        v[0] += 1;
        MPI_Send(v, 8, MPI_DOUBLE, south, 10, MPI_COMM_WORLD);
        MPI_Send(v, 4, MPI_DOUBLE, east, 11, MPI_COMM_WORLD);
        MPI_Recv(v, 8, MPI_DOUBLE, south, 12, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(v, 8, MPI_DOUBLE, east, 13, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        v[1] += 1;
        MPI_Send(v, 2, MPI_DOUBLE, north, 12, MPI_COMM_WORLD);
        MPI_Send(v, 1, MPI_DOUBLE, west, 13, MPI_COMM_WORLD);
        if (it % 5 == 4) MPI_Allreduce(&v[0], &norm, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    if (rank == 0) printf("wavefront: %dx%d, %d iterations, norm %g\n", dims[0], dims[1], n, norm);
    MPI_Finalize();
    return 0;
}

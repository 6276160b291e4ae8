/* SPDX-License-Identifier: EPL-2.0 */
/* Sub-communicators and wildcard receives. The world is split into even and odd ranks;
 * inside each half a ring sends with tag it%3 and receives with MPI_ANY_SOURCE /
 * MPI_ANY_TAG, then Allreduce on the half (every iteration) and Bcast (even iterations).
 * On MPI_COMM_WORLD each rank also sends tag 0 to world rank r+2: the same
 * (src, dst, tag) as the even/odd ring, on another communicator. A Comm_dup of the world
 * carries a Barrier at the end. */
#include "common.h"

int main(int argc, char **argv)
{
    int rank, size, srank, ssize;
    MPI_Init(&argc, &argv);
    int n = ex_args(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm dup, half;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Comm_rank(half, &srank);
    MPI_Comm_size(half, &ssize);
    int snext = (srank + 1) % ssize;
    double a[4] = {rank, 0, 0, 0}, b[4], sum = 0;
    for (int it = 0; it < n; it++) {
        ex_maybe_die(rank, it);
        MPI_Request rq[2];
        MPI_Status st;
        MPI_Isend(a, 1 + it % 4, MPI_DOUBLE, snext, it % 3, half, &rq[0]);
        MPI_Isend(a, 2, MPI_DOUBLE, (rank + 2) % size, 0, MPI_COMM_WORLD, &rq[1]);
        MPI_Recv(b, 4, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, half, &st);
        MPI_Recv(b, 4, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
        double s = b[0] + st.MPI_TAG;
        MPI_Allreduce(&s, &sum, 1, MPI_DOUBLE, MPI_SUM, half);
        if (it % 2 == 0) MPI_Bcast(&sum, 1, MPI_DOUBLE, 0, half);
    }
    MPI_Barrier(dup);
    if (rank == 0) printf("anysource_comm: %d iterations, sum %g\n", n, sum);
    MPI_Comm_free(&half);
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}

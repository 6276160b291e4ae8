/* SPDX-License-Identifier: EPL-2.0 */
/* Token ring (blocking Send/Recv, tag 1) plus a persistent-request exchange with the left
 * neighbour (Send_init/Recv_init/Startall/Waitall, tag 2) every iteration. */
#include "common.h"

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    int n = ex_args(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    double token = 0, pout[4] = {rank, 0, 0, 0}, pin[4];
    MPI_Request pr[2];
    MPI_Send_init(pout, 4, MPI_DOUBLE, left, 2, MPI_COMM_WORLD, &pr[0]);
    MPI_Recv_init(pin, 4, MPI_DOUBLE, right, 2, MPI_COMM_WORLD, &pr[1]);
    for (int it = 0; it < n; it++) {
        ex_maybe_die(rank, it);
        int len = 1 + it % 3; /* varying sizes let the checker verify FIFO order */
        double msg[3] = {token, 0, 0};
        if (rank == 0) {
            MPI_Send(msg, len, MPI_DOUBLE, right, 1, MPI_COMM_WORLD);
            MPI_Recv(msg, 3, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(msg, 3, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            msg[0] += 1;
            MPI_Send(msg, len, MPI_DOUBLE, right, 1, MPI_COMM_WORLD);
        }
        token = msg[0];
        MPI_Startall(2, pr);
        MPI_Waitall(2, pr, MPI_STATUSES_IGNORE);
    }
    MPI_Request_free(&pr[0]);
    MPI_Request_free(&pr[1]);
    double sum = 0;
    MPI_Reduce(&token, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("ring: %d iterations, token %g\n", n, token);
    MPI_Finalize();
    return 0;
}

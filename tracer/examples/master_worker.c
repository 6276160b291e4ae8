/* SPDX-License-Identifier: EPL-2.0 */
/* Hand-made scatter/gather: the master (rank 0) sends a task to every worker (Isend,
 * tag 1), workers Probe for its size, Recv it and answer (Send, tag 2). The master
 * collects answers with a different completion call each iteration (Recv ANY_SOURCE,
 * Waitany, Waitsome, Testany, Testsome, Testall, Test) to exercise every one of them. */
#include "common.h"

#define MAXW 256

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    int n = ex_args(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int nw = size - 1;
    if (nw > MAXW) MPI_Abort(MPI_COMM_WORLD, 1);
    double task[8], res[MAXW][8], total = 0;
    for (int it = 0; it < n; it++) {
        ex_maybe_die(rank, it);
        int len = 1 + it % 8;
        if (rank == 0) {
            MPI_Request sr[MAXW], rr[MAXW];
            for (int k = 0; k < 8; k++) task[k] = it + k;
            for (int w = 1; w <= nw; w++)
                MPI_Isend(task, len, MPI_DOUBLE, w, 1, MPI_COMM_WORLD, &sr[w - 1]);
            int mode = it % 7, done = 0, flag, idx, outc, ids[MAXW];
            if (mode == 0) {
                for (int w = 0; w < nw; w++) {
                    MPI_Status st;
                    MPI_Recv(res[0], 8, MPI_DOUBLE, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &st);
                    total += res[0][0] + st.MPI_SOURCE;
                }
            } else {
                for (int w = 1; w <= nw; w++)
                    MPI_Irecv(res[w - 1], 8, MPI_DOUBLE, w, 2, MPI_COMM_WORLD, &rr[w - 1]);
                while (done < nw) {
                    switch (mode) {
                    case 1: MPI_Waitany(nw, rr, &idx, MPI_STATUS_IGNORE); done++; break;
                    case 2: MPI_Waitsome(nw, rr, &outc, ids, MPI_STATUSES_IGNORE); done += outc; break;
                    case 3: MPI_Testany(nw, rr, &idx, &flag, MPI_STATUS_IGNORE);
                        if (flag && idx != MPI_UNDEFINED) done++;
                        break;
                    case 4: MPI_Testsome(nw, rr, &outc, ids, MPI_STATUSES_IGNORE);
                        if (outc != MPI_UNDEFINED) done += outc;
                        break;
                    case 5: MPI_Testall(nw, rr, &flag, MPI_STATUSES_IGNORE);
                        if (flag) done = nw;
                        break;
                    default:
                        for (int w = 0; w < nw; w++) {
                            flag = 0;
                            while (!flag) MPI_Test(&rr[w], &flag, MPI_STATUS_IGNORE);
                        }
                        done = nw;
                    }
                }
                for (int w = 0; w < nw; w++) total += res[w][0];
            }
            MPI_Waitall(nw, sr, MPI_STATUSES_IGNORE);
        } else {
            MPI_Status st;
            int cnt;
            MPI_Probe(0, 1, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &cnt);
            MPI_Recv(task, cnt, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (int k = 0; k < cnt; k++) task[k] *= rank;
            MPI_Send(task, 1 + (it + rank) % 8, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD);
        }
    }
    int stop = 1;
    MPI_Bcast(&stop, 1, MPI_INT, 0, MPI_COMM_WORLD);
    double all[MAXW + 1];
    MPI_Gather(&total, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("master_worker: %d workers, %d iterations, total %g\n", nw, n, total);
    MPI_Finalize();
    return 0;
}

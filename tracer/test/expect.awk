# SPDX-License-Identifier: EPL-2.0
# Expected event counts of an example run, from its parameters:
#   awk -f expect.awk -v ex=NAME -v P=RANKS -v N=ITERATIONS
# Prints `send SRC DST TAG COUNT` per channel and `sync NAME GROUP COUNT` (per member).
# Communicator tokens follow the tracer's id rule: id = seq * P + leader + 1, where seq
# counts the communicators the leader (world rank of rank 0 of the new communicator)
# has led, from 1; tag token c<id>.<tag>.
function rs(list, n,    i, j, out) {   # canonical rank set of sorted list[1..n]
    out = ""
    for (i = 1; i <= n; ) {
        j = i
        while (j < n && list[j + 1] == list[j] + 1) j++
        if (out != "") out = out ","
        if (j - i >= 2) { out = out list[i] "-" list[j] }
        else { out = out list[i]; if (j > i) out = out "," list[j] }
        i = j + 1
    }
    return out
}
function all(   i, l) { for (i = 1; i <= P; i++) l[i] = i - 1; return rs(l, P) }
function snd(s, d, t, c) { if (c > 0) S[s " " d " " t] += c }
function syn(name, g, c) { if (c > 0) Y[name " " g] += c }
function dims(   k) { d1 = 1; for (k = 1; k * k <= P; k++) if (P % k == 0) d1 = k; d0 = P / d1 }
function ntag(t) { return N > t ? int((N - t + 2) / 3) : 0 }  # iterations with it%3 == t
BEGIN {
    A = all()
    if (ex == "ring") {
        for (r = 0; r < P; r++) { snd(r, (r + 1) % P, 1, N); snd(r, (r + P - 1) % P, 2, N) }
        syn("MPI_Reduce", A, 1)
    } else if (ex == "halo2d") {
        dims(); tok = "c" (P + 1) "."
        for (r = 0; r < P; r++) {
            i = int(r / d1); j = r % d1
            if (i > 0) snd(r, r - d1, tok 0, N)
            if (i < d0 - 1) snd(r, r + d1, tok 1, N)
            if (j > 0) snd(r, r - 1, tok 2, N)
            if (j < d1 - 1) snd(r, r + 1, tok 3, N)
        }
        syn("MPI_Allreduce", A, N)
    } else if (ex == "wavefront") {
        dims()
        for (r = 0; r < P; r++) {
            i = int(r / d1); j = r % d1
            if (i < d0 - 1) snd(r, r + d1, 10, N)
            if (j < d1 - 1) snd(r, r + 1, 11, N)
            if (i > 0) snd(r, r - d1, 12, N)
            if (j > 0) snd(r, r - 1, 13, N)
        }
        syn("MPI_Allreduce", A, int(N / 5))
    } else if (ex == "master_worker") {
        for (w = 1; w < P; w++) { snd(0, w, 1, N); snd(w, 0, 2, N) }
        syn("MPI_Bcast", A, 1); syn("MPI_Gather", A, 1)
    } else if (ex == "solver") {
        for (r = 0; r < P; r++) { if (r < P - 1) snd(r, r + 1, 7, N); if (r > 0) snd(r, r - 1, 8, N) }
        syn("MPI_Allreduce", A, 2 * N)
        split("Barrier Bcast Reduce Scan Exscan Gather Gatherv Scatter Scatterv Allgather " \
              "Allgatherv Alltoall Alltoallv Alltoallw Reduce_scatter Reduce_scatter_block", c, " ")
        for (k in c) syn("MPI_" c[k], A, 1)
    } else if (ex == "anysource_comm") {
        # Comm_dup: leader 0, seq 1; split: even half leader 0 seq 2, odd half leader 1 seq 1
        id[0] = 2 * P + 1; id[1] = P + 2
        for (color = 0; color < 2; color++) {
            m = 0; delete l
            for (r = color; r < P; r += 2) l[++m] = r
            g = rs(l, m)
            for (s = 1; s <= m; s++)
                for (t = 0; t < 3; t++) snd(l[s], l[s % m + 1], "c" id[color] "." t, ntag(t))
            syn("MPI_Allreduce", g, N); syn("MPI_Bcast", g, int((N + 1) / 2))
        }
        for (r = 0; r < P; r++) snd(r, (r + 2) % P, 0, N)
        syn("MPI_Barrier", A, 1)
    } else if (ex == "fring") {
        for (r = 0; r < P; r++) { snd(r, (r + 1) % P, 1, N); snd(r, (r + P - 1) % P, 2, N) }
        syn("MPI_Allreduce", A, N)
        for (color = 0; color < 2; color++) {
            m = 0; delete l
            for (r = color; r < P; r += 2) l[++m] = r
            syn("MPI_Barrier", rs(l, m), 1)
        }
    } else if (ex == "fanysource_f08") {
        for (r = 0; r < P; r++) snd(r, (r + 1) % P, 5 + r, 1)
        syn("MPI_Allreduce", A, 1)
    } else { print "expect.awk: unknown example " ex > "/dev/stderr"; exit 1 }
    for (k in S) print "send " k " " S[k]
    for (k in Y) print "sync " k " " Y[k]
}

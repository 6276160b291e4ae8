#!/bin/sh
# SPDX-License-Identifier: EPL-2.0
# `make check`: runs every example under the tracer at 4 and 9 ranks and checks the
# trace folders with check_trace against counts computed by expect.awk; then link-time
# tracing, LOOPTRACE_CALLS, LOOPTRACE_FUNCTIONS, a rank dying mid-run (abort and SIGKILL)
# and, when mpif90 works, Fortran. Usage: sh test/run_checks.sh BUILD_DIR
set -u
B=${1:-build}
T=$(cd "$(dirname "$0")" && pwd)
B=$(cd "$B" && pwd)
LIB=$B/liblooptrace.so
OUT=$B/test
N=${LOOPTRACE_TEST_ITERS:-25}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
# containers without a usable network: shared memory and self are enough on one node
export OMPI_MCA_btl=${OMPI_MCA_btl:-self,vader}
export OMPI_MCA_btl_vader_single_copy_mechanism=${OMPI_MCA_btl_vader_single_copy_mechanism:-none}
MPIRUN="mpirun --oversubscribe --allow-run-as-root"
fails=0
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; fails=$((fails + 1)); }
rm -rf "$OUT"; mkdir -p "$OUT"

# run NAME NP DIR [mpirun/env args...] -- PROGRAM ARGS: traced run, output in OUT/NAME.log
run() {
    name=$1 np=$2 dir=$3; shift 3
    $MPIRUN -np "$np" -x LOOPTRACE_DIR="$dir" "$@" > "$OUT/$name.log" 2>&1
}

for ex in ring halo2d wavefront master_worker solver anysource_comm; do
    for np in 4 9; do
        d=$OUT/$ex.$np
        if ! run "$ex.$np" "$np" "$d" -x LD_PRELOAD="$LIB" "$B/examples/$ex" "$N"; then
            fail "$ex -np $np (run, see $OUT/$ex.$np.log)"; continue
        fi
        awk -f "$T/expect.awk" -v ex="$ex" -v P="$np" -v N="$N" > "$d.expect"
        if "$B/check_trace" "$d" "$np" -e "$d.expect"; then pass "$ex -np $np"
        else fail "$ex -np $np"; fi
    done
done

# link-time tracing: liblooptrace.a linked before libmpi, no LD_PRELOAD
d=$OUT/ring_static.4
awk -f "$T/expect.awk" -v ex=ring -v P=4 -v N="$N" > "$d.expect"
if run ring_static.4 4 "$d" "$B/examples/ring_static" "$N" &&
   "$B/check_trace" "$d" 4 -e "$d.expect"; then pass "ring_static (liblooptrace.a) -np 4"
else fail "ring_static (liblooptrace.a) -np 4"; fi

# LOOPTRACE_CALLS: same communication events, plus balanced call/return of MPI_*
d=$OUT/master_worker.calls.4
awk -f "$T/expect.awk" -v ex=master_worker -v P=4 -v N="$N" > "$d.expect"
if run master_worker.calls.4 4 "$d" -x LD_PRELOAD="$LIB" -x LOOPTRACE_CALLS=1 \
       "$B/examples/master_worker" "$N" && "$B/check_trace" "$d" 4 -e "$d.expect"; then
    ok=1
    for p in 0 1 2 3; do
        c=$(grep -c "^$p local call MPI_" "$d/trace.$p"); r=$(grep -c "^$p local return MPI_" "$d/trace.$p")
        [ "$c" -gt 0 ] && [ "$c" = "$r" ] || ok=0
    done
    grep -q "^0 local call MPI_Waitsome" "$d/trace.0" || ok=0
    # nesting: every event between a call and its return (awk stack check)
    awk '$2=="local" && $3=="call" {depth++} $2=="local" && $3=="return" {depth--; if (depth<0) bad=1}
         END {exit bad || depth}' "$d/trace.0" || ok=0
    [ $ok = 1 ] && pass "LOOPTRACE_CALLS" || fail "LOOPTRACE_CALLS (call/return)"
else fail "LOOPTRACE_CALLS"; fi

# LOOPTRACE_FUNCTIONS with -finstrument-functions: static function named from the ELF table
d=$OUT/solver_fn.4
awk -f "$T/expect.awk" -v ex=solver -v P=4 -v N="$N" > "$d.expect"
if run solver_fn.4 4 "$d" -x LD_PRELOAD="$LIB" -x LOOPTRACE_FUNCTIONS=1 \
       "$B/examples/solver_fn" "$N" && "$B/check_trace" "$d" 4 -e "$d.expect"; then
    c=$(grep -c "^0 local call dot$" "$d/trace.0"); r=$(grep -c "^0 local return dot$" "$d/trace.0")
    if [ "$c" = $((2 * N)) ] && [ "$r" = "$c" ] && ! grep -q "local call main" "$d/trace.0"; then
        pass "LOOPTRACE_FUNCTIONS"
    else fail "LOOPTRACE_FUNCTIONS (dot: $c calls, $r returns)"; fi
else fail "LOOPTRACE_FUNCTIONS"; fi

# a rank dies mid-run: every file must hold whole lines and whole records only
for how in abort kill; do
    d=$OUT/ring_$how.4
    run "ring_$how.4" 4 "$d" -x LD_PRELOAD="$LIB" -x LOOPTRACE_BUFFER=4096 \
        "$B/examples/ring" 2000 "$how:1500"
    rc=$?
    n1=$(wc -l < "$d/trace.1" 2>/dev/null || echo 0)
    if [ $rc -ne 0 ] && [ "$n1" -gt 0 ] && "$B/check_trace" "$d" 4 -partial; then
        pass "rank 1 $how at iteration 1500: files readable (trace.1: $n1 lines)"
    else fail "rank 1 $how (rc $rc, trace.1 $n1 lines)"; fi
done

# Fortran (mpif.h / use mpi / use mpi_f08) through the Fortran wrappers
if [ -x "$B/examples/fring" ]; then
    for ex in fring fanysource_f08; do
        d=$OUT/$ex.4
        awk -f "$T/expect.awk" -v ex=$ex -v P=4 -v N="$N" > "$d.expect"
        if run $ex.4 4 "$d" -x LD_PRELOAD="$LIB" "$B/examples/$ex" "$N" &&
           "$B/check_trace" "$d" 4 -e "$d.expect"; then pass "Fortran $ex -np 4"
        else fail "Fortran $ex -np 4"; fi
    done
else
    echo "SKIP Fortran (no mpif90 build)"
fi

# the checker itself must reject broken folders (a lost recv, a torn line)
d=$OUT/neg.4
rm -rf "$d"; cp -r "$OUT/anysource_comm.4" "$d"
sed -i '0,/ recv /{/ recv /d}' "$d/trace.1"
if "$B/check_trace" "$d" 4 -e "$OUT/anysource_comm.4.expect" 2>/dev/null; then fail "checker accepted a lost recv"
else pass "checker rejects a lost recv"; fi
cp "$OUT/anysource_comm.4/trace.1" "$d/trace.1"
printf '1 send 3' >> "$d/trace.1"
if "$B/check_trace" "$d" 4 -partial 2>/dev/null; then fail "checker accepted a torn line"
else pass "checker rejects a torn line"; fi

if [ $fails -ne 0 ]; then echo "$fails check(s) failed"; exit 1; fi
echo "all checks passed"

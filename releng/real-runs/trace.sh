#!/bin/sh
# SPDX-License-Identifier: EPL-2.0
# trace.sh OUTDIR NP PROGRAM [ARGS...]: runs PROGRAM on NP ranks under the LoopTrace tracer
# (preloaded; build it first with `make -C tracer`), writing trace.<p> and data.<p> into OUTDIR and
# the program's output into OUTDIR.stdout. Open MPI; ranks may outnumber the cores.
set -eu
[ $# -ge 3 ] || { echo "usage: trace.sh OUTDIR NP PROGRAM [ARGS...]" >&2; exit 2; }
out=$1; np=$2; shift 2
repo=$(cd "$(dirname "$0")/../.." && pwd)
library=$repo/tracer/build/liblooptrace.so
[ -f "$library" ] || { echo "trace.sh: no $library: build the tracer first (make -C $repo/tracer)" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl="${OMPI_MCA_btl:-self,vader}"
rm -rf "$out"; mkdir -p "$out"
mpirun --oversubscribe -np "$np" -x LD_PRELOAD="$library" -x LOOPTRACE_DIR="$out" "$@" > "$out.stdout" 2>&1

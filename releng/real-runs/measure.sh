#!/bin/sh
# SPDX-License-Identifier: EPL-2.0
# measure.sh RUNS_DIR [LAUNCHER]
#
# Prints the "Real runs" table of docs/PERFORMANCE.md for the trace folders in RUNS_DIR
# (<bench>.<class>.<N> and sweep3d.<N>, N = 4 and 16; see README.md), measured with the
# LoopTrace launcher LAUNCHER (default: this repository's looptrace; give a worktree's launcher
# to measure that branch).
#
#   events (16 ranks)   lines of all trace.<p> of the 16-rank folder
#   local constructs    lines of the NLR local models of all ranks (looptrace nlr -o, K = 64)
#                       that are not `done` (loops + events), as `bench merge` counts them
#   section III         "constructs:" of `looptrace model --no-fold --stats`
#   folded              "constructs:" of `looptrace model --stats` (the default, folding)
#   growth              16-rank figure / 4-rank figure
#   ScalaTrace          EVENT records of the global trace ScalaTrace V2 (its public copy
#                       ScalaTrace-TI) writes for the same 16-rank run, measured on a machine
#                       of this kind (see README.md; not measured by this script)
#
# Every model is built with --no-cache (a cache of local models kept from another build could
# hide a change of NLR). Set CACHE=1 to allow the cache (faster when only the merge changed).
# Set KEEP=DIR to keep each run's --stats output and models in DIR (stats.<run>.<mode>,
# <run>.<mode>.loops). Set RUNS="lu.S cg.S ..." to measure only some runs.
# Progress goes to stderr, the table (Markdown) to stdout.

repo=$(cd "$(dirname "$0")/../.." && pwd)
launcher=${2:-$repo/looptrace}
[ $# -ge 1 ] || { echo "usage: measure.sh RUNS_DIR [LAUNCHER]" >&2; exit 2; }
runs_dir=$(cd "$1" && pwd) || exit 2
runs=${RUNS:-"lu.S cg.S mg.S bt.S sp.S sweep3d lu.W cg.W mg.W bt.W sp.W"}
cache_opt=--no-cache
[ "${CACHE:-0}" = 1 ] && cache_opt=
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
keep=${KEEP:-$tmp}
mkdir -p "$keep" && keep=$(cd "$keep" && pwd)
launcher_dir=$(cd "$(dirname "$launcher")" && pwd) || exit 2
[ -x "$launcher_dir/$(basename "$launcher")" ] || { echo "measure.sh: no launcher $launcher" >&2; exit 2; }
launcher="$launcher_dir/$(basename "$launcher")"

# n: number with thousands separators
n() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }
# growth A B: B/A with one decimal
growth() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0) printf "%.1f×", b / a; else printf "–" }'; }

scalatrace() {
  case $1 in
    lu.*) echo 144 ;; bt.*) echo 103 ;; sp.*) echo 89 ;; cg.*) echo 59 ;; mg.*) echo 376 ;; sweep3d) echo 30 ;;
    *) echo – ;;
  esac
}

# events FOLDER
events() { cat "$1"/trace.* | wc -l | tr -d ' '; }

# local_constructs FOLDER
local_constructs() {
  out="$tmp/nlr.$$"
  rm -rf "$out"
  (cd "$launcher_dir" && "$launcher" nlr "$1" -o "$out" >/dev/null) || { echo "?"; return; }
  cat "$out"/local.*.loops | grep -v -E '^[[:space:]]*(done)?[[:space:]]*$' | grep -v -c -E '^[[:space:]]*//'
  rm -rf "$out"
}

# constructs FOLDER NAME MODE(fold|nofold): "constructs:" of --stats
constructs() {
  opt=
  [ "$3" = nofold ] && opt=--no-fold
  stats="$keep/stats.$2.$3"
  (cd "$launcher_dir" && "$launcher" model "$1" --stats $cache_opt $opt -o "$keep/$2.$3.loops" --force 2>"$stats" >/dev/null) \
    || { echo "?"; echo "model $1 $opt failed, see $stats" >&2; return; }
  sed -n 's/^constructs:[[:space:]]*\([0-9]*\).*/\1/p' "$stats"
}

echo "| run | events (16 ranks) | local constructs 4 / 16 | section III 4 / 16 (growth) | folded 4 / 16 (growth) | ScalaTrace V2 records (16) |"
echo "|---|---|---|---|---|---|"
for run in $runs; do
  f4="$runs_dir/$run.4"; f16="$runs_dir/$run.16"
  if [ ! -f "$f4/trace.0" ] || [ ! -f "$f16/trace.0" ]; then
    echo "$run: missing $f4 or $f16, skipped" >&2
    continue
  fi
  echo "$run ..." >&2
  ev=$(events "$f16")
  l4=$(local_constructs "$f4"); l16=$(local_constructs "$f16")
  s4=$(constructs "$f4" "$run.4" nofold); s16=$(constructs "$f16" "$run.16" nofold)
  g4=$(constructs "$f4" "$run.4" fold); g16=$(constructs "$f16" "$run.16" fold)
  label=$run
  [ "$run" = sweep3d ] && label="sweep3d (20³ cells)"
  echo "| $label | $(n "$ev") | $(n "$l4") / $(n "$l16") | $(n "$s4") / $(n "$s16") ($(growth "$s4" "$s16")) | $(n "$g4") / $(n "$g16") ($(growth "$g4" "$g16")) | $(scalatrace "$run") |"
done

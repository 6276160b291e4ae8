#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
# Starts the installed LoopTrace IDE on a fresh workspace under the current X display and checks
# that it comes up: the process still runs after the start-up time and its log holds no error.
# Usage: smoke-test.sh <product folder> [seconds]
set -euo pipefail
product=$1
seconds=${2:-25}
java=${JAVA_HOME:?JAVA_HOME must name a JDK 21+}/bin/java
workspace=$(mktemp -d)
pid=""
trap '[ -z "$pid" ] || { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }; rm -rf "$workspace"' EXIT

launcher=$(ls "$product"/plugins/org.eclipse.equinox.launcher_*.jar | head -1)
"$java" -jar "$launcher" -install "$product" -data "$workspace" -consoleLog > "$workspace.out" 2>&1 &
pid=$!
for _ in $(seq "$seconds"); do
  sleep 1
  kill -0 "$pid" 2>/dev/null || { echo "smoke test: the IDE exited during start-up:"; cat "$workspace.out"; exit 1; }
done
if [ -s "$workspace/.metadata/.log" ] && grep -q '^!ENTRY [^ ]* 4' "$workspace/.metadata/.log"; then
  echo "smoke test: the IDE logged errors during start-up:"; cat "$workspace/.metadata/.log"; exit 1
fi
rm -f "$workspace.out"
echo "smoke test: the LoopTrace IDE started and ran ${seconds} s without error"

# The commands print only their own output: nothing on stderr on success (no JVM warnings); run
# from another folder than the repository, as a user on the PATH runs them.
root=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)
model=$(mktemp --suffix=.loops)
for command in "model $root/examples/ring-8 -o $model --force" "format $model" "expand $model" "check $root/examples/ring-8"; do
  # shellcheck disable=SC2086
  if ! (cd "$workspace" && "$root/looptrace" $command) > /dev/null 2> "$workspace.err" || [ -s "$workspace.err" ]; then
    echo "smoke test: looptrace $command failed or wrote to stderr:"; cat "$workspace.err"; rm -f "$model"; exit 1
  fi
done
rm -f "$model" "$workspace.err"
echo "smoke test: looptrace model, format, expand and check wrote nothing to stderr"

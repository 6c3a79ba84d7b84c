#!/bin/bash
# Remote execution (issue 33): ptoc's rules run on a Remote Execution API
# server, Bazel's own reference worker (src/tools/remote/ of Debian's
# bazel-bootstrap-source, the server Bazel's integration tests use).
#
# 1. Compiles the worker with javac against Bazel's server jar and starts it
#    on a free loopback port, with its own work and CAS folders.
# 2. Builds and tests //examples:all in a copy of this checkout, in a fresh
#    output base, with --remote_executor: every action runs on the worker.
# 3. Asserts from the execution log that every ptoc step and every compile
#    ran remotely (runner "remote"), and that the ptoc_sim_tests passed.
# 4. Compares every ptoc step's output with a local build of this checkout,
#    byte for byte.
# Stops the worker and removes its folders, also when the test fails.
# Exits 77 when the worker's sources or javac are missing (1 under CI=true).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
worker_src=/usr/src/bazel-bootstrap/src/tools/remote/src/main/java
server_jar=/usr/share/bazel/A-server.jar

missing() {
  echo "remote_exec_test: $1 (tools/setup.sh installs it)" >&2
  [[ "${CI:-}" == true ]] && exit 1
  echo "remote_exec_test: skipped"
  exit 77
}
[[ -d "$worker_src" ]] || missing "no Bazel remote worker sources in $worker_src (bazel-bootstrap-source)"
[[ -f "$server_jar" ]] || missing "no $server_jar (bazel-bootstrap-data)"
command -v javac >/dev/null || missing "no javac (openjdk-17-jdk-headless)"

work="$(mktemp -d /tmp/ptoc-remote-exec.XXXXXX)"
worker_pid=""
cleanup() {
  [[ -n "$worker_pid" ]] && kill "$worker_pid" 2>/dev/null && wait "$worker_pid" 2>/dev/null || true
  [[ -d "$work/ob" ]] && (cd "$work/checkout" && bazel --output_base="$work/ob" shutdown 2>/dev/null) || true
  chmod -R u+w "$work" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# --- 1. the worker ---
start=$SECONDS
mapfile -t sources < <(find "$worker_src" -name '*.java' | sort)
javac -nowarn -d "$work/classes" -cp "$server_jar" "${sources[@]}" 2>"$work/javac.log" ||
  { cat "$work/javac.log" >&2; fail "the remote worker does not compile"; }
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$work/worker" "$work/cas"
java -cp "$work/classes:$server_jar" com.google.devtools.build.remote.worker.RemoteWorker \
  --listen_port="$port" --work_path="$work/worker" --cas_path="$work/cas" --jobs=2 \
  >"$work/worker.log" 2>&1 &
worker_pid=$!
for _ in $(seq 300); do
  (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  kill -0 "$worker_pid" 2>/dev/null || { cat "$work/worker.log" >&2; fail "the worker exited"; }
  sleep 0.1
done
(echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null || fail "the worker does not listen on $port"
echo "remote worker listening on 127.0.0.1:$port"

# --- 2. build and test the examples on it ---
mkdir -p "$work/checkout"
(cd "$repo" && git ls-files -co --exclude-standard -z | xargs -0 tar cf -) |
  (cd "$work/checkout" && tar xf -)
(cd "$work/checkout" && bazel --output_base="$work/ob" test ${PTOC_BAZEL_FLAGS:-} //examples:all \
    --remote_executor="grpc://127.0.0.1:$port" --execution_log_json_file="$work/exec.log" \
    --test_output=errors 2>&1 | tail -4) || fail "the remote build or its tests failed"

# --- 3. everything ran remotely ---
log_tool="$repo/testing/integration/exec_log.py"
python3 "$log_tool" runners "$work/exec.log" "" > "$work/runners"
echo "spawns by runner: $(tr '\n' ' ' < "$work/runners")"
read -r _ steps < <(python3 "$log_tool" hits "$work/exec.log")
read -r _ compiles < <(python3 "$log_tool" hits "$work/exec.log" CppCompile)
remote_steps=$(python3 "$log_tool" runners "$work/exec.log" | awk '$1 == "remote" {print $2}')
remote_compiles=$(python3 "$log_tool" runners "$work/exec.log" CppCompile | awk '$1 == "remote" {print $2}')
echo "ptoc steps run remotely: ${remote_steps:-0} of $steps; compiles: ${remote_compiles:-0} of $compiles"
[[ $steps -gt 0 && "${remote_steps:-0}" -eq $steps ]] || fail "not every ptoc step ran on the worker"
[[ $compiles -gt 0 && "${remote_compiles:-0}" -eq $compiles ]] || fail "not every compile ran on the worker"
grep -qv '^remote ' "$work/runners" &&
  echo "note: spawns not run remotely: $(grep -v '^remote ' "$work/runners" | tr '\n' ' ')"

# --- 4. the same bytes as a local build ---
(cd "$repo" && bazel build ${PTOC_BAZEL_FLAGS:-} //examples:all 2>&1 | tail -1)
local_bin="$(cd "$repo" && bazel info ${PTOC_BAZEL_FLAGS:-} bazel-bin 2>/dev/null)"
remote_bin="$(cd "$work/checkout" && bazel --output_base="$work/ob" info ${PTOC_BAZEL_FLAGS:-} bazel-bin 2>/dev/null)"
compared=0
while read -r path _; do
  rel="${path#*/bin/}"
  [[ -f "$local_bin/$rel" ]] || fail "the local build has no $rel"
  cmp -s "$local_bin/$rel" "$remote_bin/$rel" || fail "remote and local outputs differ: $rel"
  compared=$((compared + 1))
done < <(python3 "$log_tool" outputs "$work/exec.log")
[[ $compared -eq $steps ]] || fail "compared $compared outputs for $steps ptoc steps"
echo "remote and local outputs byte-identical: $compared of $steps ptoc step outputs"
echo "remote execution test passed in $((SECONDS - start)) s"

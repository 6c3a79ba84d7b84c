#!/bin/bash
# tools/test: background
# Pipelines as build rules, run by a remote executor and reused through a
# remote cache (ptoc.bzl; README, "Bazel rules"). One server plays both:
# Bazel's own reference worker (src/tools/remote/ of Debian's
# bazel-bootstrap-source, the server Bazel's integration tests use), whose
# action cache and CAS are a Remote Execution API cache.
#
# 1. Compiles the worker with javac against Bazel's server jar and starts it
#    on a free loopback port, with its own work and CAS folders.
# 2. Checkout A builds and tests //examples:all on the worker from a fresh
#    output base (--remote_executor): the execution log shows every ptoc
#    step and every compile ran remotely; every step's output equals a
#    local build of this checkout, byte for byte.
# 3. Checkout B (another copy, another output base) builds the same with
#    the worker as its cache only (--remote_cache): every ptoc step and
#    every compile is a cache hit.
# 4. Determinism: re-runs every ptoc step of A's log inside B's execroot
#    and compares the bytes with A's outputs, for every step; and runs every
#    step twice.
# 5. Changing one pass's option in B re-runs only the steps from that pass on.
# 6. A third checkout whose (simulated) libabsl-dev version differs gets no
#    hit for any action (ptoc step, compile, protoc run, link); the same
#    versions (B) got all. It
#    builds the parse step of every example, which needs the front end's
#    compiles only (a third of the tree: the test's most expensive step).
# Stops the worker and removes its folders, also when the test fails.
# Exits 77 when the worker's sources or javac are missing (1 under CI=true).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
worker_src=/usr/src/bazel-bootstrap/src/tools/remote/src/main/java
server_jar=/usr/share/bazel/A-server.jar

missing() {
  echo "remote_build_test: $1 (tools/setup.sh installs it)" >&2
  [[ "${CI:-}" == true ]] && exit 1
  echo "remote_build_test: skipped"
  exit 77
}
[[ -d "$worker_src" ]] || missing "no Bazel remote worker sources in $worker_src (bazel-bootstrap-source)"
[[ -f "$server_jar" ]] || missing "no $server_jar (bazel-bootstrap-data)"
command -v javac >/dev/null || missing "no javac (openjdk-17-jdk-headless)"

work="$(mktemp -d /tmp/ptoc-remote-build.XXXXXX)"
worker_pid=""
cleanup() {
  [[ -n "$worker_pid" ]] && kill "$worker_pid" 2>/dev/null && wait "$worker_pid" 2>/dev/null || true
  for c in a b c; do
    [[ -d "$work/ob_$c" ]] && (cd "$work/$c" && bazel --output_base="$work/ob_$c" shutdown 2>/dev/null) || true
  done
  chmod -R u+w "$work" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
log_tool="$repo/testing/integration/exec_log.py"

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
server="grpc://127.0.0.1:$port"

copy_checkout() {
  mkdir -p "$2"
  (cd "$1" && git ls-files -co --exclude-standard -z | xargs -0 tar cf -) | (cd "$2" && tar xf -)
}
copy_checkout "$repo" "$work/a"
copy_checkout "$repo" "$work/b"

# --- 2. A: build and test the examples on the worker ---
(cd "$work/a" && bazel --output_base="$work/ob_a" test ${PTOC_BAZEL_FLAGS:-} //examples:all \
    --remote_executor="$server" --execution_log_json_file="$work/a.log" \
    --test_output=errors 2>&1 | tail -4) || fail "the remote build or its tests failed"
python3 "$log_tool" runners "$work/a.log" "" > "$work/runners"
echo "checkout A, spawns by runner: $(tr '\n' ' ' < "$work/runners")"
read -r _ steps < <(python3 "$log_tool" hits "$work/a.log")
read -r _ compiles < <(python3 "$log_tool" hits "$work/a.log" CppCompile)
remote_steps=$(python3 "$log_tool" runners "$work/a.log" | awk '$1 == "remote" {print $2}')
remote_compiles=$(python3 "$log_tool" runners "$work/a.log" CppCompile | awk '$1 == "remote" {print $2}')
echo "ptoc steps run remotely: ${remote_steps:-0} of $steps; compiles: ${remote_compiles:-0} of $compiles"
[[ $steps -gt 0 && "${remote_steps:-0}" -eq $steps ]] || fail "not every ptoc step ran on the worker"
[[ $compiles -gt 0 && "${remote_compiles:-0}" -eq $compiles ]] || fail "not every compile ran on the worker"

(cd "$repo" && bazel build ${PTOC_BAZEL_FLAGS:-} //examples:all 2>&1 | tail -1)
local_bin="$(cd "$repo" && bazel info ${PTOC_BAZEL_FLAGS:-} bazel-bin 2>/dev/null)"
remote_bin="$(cd "$work/a" && bazel --output_base="$work/ob_a" info ${PTOC_BAZEL_FLAGS:-} bazel-bin 2>/dev/null)"
compared=0
while read -r path _; do
  rel="${path#*/bin/}"
  [[ -f "$local_bin/$rel" ]] || fail "the local build has no $rel"
  cmp -s "$local_bin/$rel" "$remote_bin/$rel" || fail "remote and local outputs differ: $rel"
  compared=$((compared + 1))
done < <(python3 "$log_tool" outputs "$work/a.log")
[[ $compared -eq $steps ]] || fail "compared $compared outputs for $steps ptoc steps"
echo "remote and local outputs byte-identical: $compared of $steps ptoc step outputs"

# --- 3. B: the worker as a cache ---
build() {  # build CHECKOUT OUTPUT_BASE LOG [FLAGS...] (TARGETS: //examples:all)
  local checkout="$1" ob="$2" log="$3"
  shift 3
  # shellcheck disable=SC2086
  (cd "$checkout" && bazel --output_base="$ob" build ${PTOC_BAZEL_FLAGS:-} ${TARGETS:-//examples:all} \
      --remote_cache="$server" --execution_log_json_file="$log" "$@" 2>&1 | tail -3)
}
build "$work/b" "$work/ob_b" "$work/b.log"
read -r hits total < <(python3 "$log_tool" hits "$work/b.log")
read -r chits_b ctotal_b < <(python3 "$log_tool" hits "$work/b.log" CppCompile)
echo "checkout B: $hits of $total ptoc steps and $chits_b of $ctotal_b compiles were remote cache hits"
[[ $total -eq $steps ]] || fail "A ran $steps ptoc steps, B saw $total"
if [[ $hits -ne $total ]]; then
  python3 "$log_tool" misses "$work/b.log"
  fail "not every ptoc step of checkout B was a remote cache hit"
fi
[[ $ctotal_b -gt 0 && $chits_b -eq $ctotal_b ]] || fail "the same versions did not share every compile"

# --- 4. determinism across checkouts, output bases and runs ---
python3 "$log_tool" steps "$work/a.log" > "$work/a.log.steps"
execroot_a="$(cd "$work/a" && bazel --output_base="$work/ob_a" info execution_root 2>/dev/null)"
execroot_b="$(cd "$work/b" && bazel --output_base="$work/ob_b" info execution_root 2>/dev/null)"
reruns=0
while IFS= read -r line; do
  mapfile -t args < <(python3 -c 'import json, sys; print("\n".join(json.loads(sys.argv[1])))' "$line")
  # The output follows -o; re-run the step in B's execroot into scratch files.
  out=""
  for ((i = 0; i < ${#args[@]}; i++)); do
    [[ "${args[$i]}" == "-o" ]] && out="${args[$((i + 1))]}"
  done
  [[ -n "$out" ]] || fail "no -o in step: ${args[*]}"
  for run in 1 2; do
    rerun=("${args[@]}")
    for ((i = 0; i < ${#rerun[@]}; i++)); do
      [[ "${rerun[$i]}" == "$out" ]] && rerun[$i]="$work/rerun.$run"
    done
    (cd "$execroot_b" && "${rerun[@]}") || fail "step failed in B: ${args[*]}"
  done
  cmp -s "$execroot_a/$out" "$work/rerun.1" || fail "step output differs across checkouts: $out"
  cmp -s "$work/rerun.1" "$work/rerun.2" || fail "step output differs between runs: $out"
  cmp -s "$execroot_a/$out" "$execroot_b/$out" || fail "cached output differs: $out"
  reruns=$((reruns + 1))
done < "$work/a.log.steps"
echo "determinism: $reruns step outputs byte-identical across checkouts and runs"

# --- 5. one pass's option changes: only the steps from that pass on re-run ---
python3 - "$work/b/examples/BUILD" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
new, n = re.subn(r'(ptoc_kernel\(\s*name = "ring_allreduce",)',
                 r'\1\n    options = {"insert-comm-fence": ["--narrow-regions"]},', text)
if n != 1:
    sys.exit("FAIL: could not add an option to ring_allreduce in examples/BUILD")
open(path, "w").write(new)
PY
build "$work/b" "$work/ob_b" "$work/b2.log"
ran="$(python3 "$log_tool" executed "$work/b2.log" | sort | tr '\n' ' ')"
want="ring_allreduce.checked.pb ring_allreduce.cpp ring_allreduce.fenced.pb ring_allreduce.materialized.pb ring_allreduce.pto "
echo "after changing an insert-comm-fence option, re-ran: $ran"
[[ "$ran" == "$want" ]] || fail "expected exactly the steps from insert-comm-fence on: $want"

# --- 6. the version stamp keys every step and compile, per machine ---
# A third checkout whose dpkg database says another libabsl-dev version (the
# stamp is read on the machine running the build, never taken from a cache):
# no ptoc step and no compile may be served from A's results.
mkdir -p "$work/dpkg/info" "$work/dpkg/updates"
awk -v RS= -v ORS='\n\n' '/(^|\n)Package: libabsl-dev\n/ {
    sub(/\nVersion: [^\n]*/, "&+simulated1") } { print }' /var/lib/dpkg/status \
    > "$work/dpkg/status"
simulated="$(dpkg-query --admindir="$work/dpkg" -W -f='${Version}' libabsl-dev)"
[[ "$simulated" == *simulated1 ]] || fail "could not simulate another libabsl-dev version"
copy_checkout "$repo" "$work/c"
parse_targets="$(cd "$work/c" && bazel --output_base="$work/ob_c" query 'attr(name, "_parse$", //examples:all)' 2>/dev/null | tr '\n' ' ')"
[[ -n "$parse_targets" ]] || fail "no parse steps in //examples"
TARGETS="$parse_targets" build "$work/c" "$work/ob_c" "$work/c.log" --repo_env=PTOC_DPKG_ADMINDIR="$work/dpkg"
grep -q simulated1 "$work/ob_c/external/ptoc_system_versions/system_versions.txt" ||
  fail "checkout C's stamp does not carry the simulated version"
read -r _ parses_a < <(python3 "$log_tool" hits "$work/a.log" PtocParse)
read -r hits_c total_c < <(python3 "$log_tool" hits "$work/c.log")
read -r chits_c ctotal_c < <(python3 "$log_tool" hits "$work/c.log" CppCompile)
read -r ahits_c atotal_c < <(python3 "$log_tool" hits "$work/c.log" "")
echo "another libabsl-dev version: $hits_c of $total_c parse steps, $chits_c of $ctotal_c" \
     "compiles and $ahits_c of $atotal_c actions in all (protoc, links) were hits" \
     "(same versions: $chits_b of $ctotal_b compiles)"
[[ $total_c -eq $parses_a && $total_c -gt 0 ]] || fail "C ran $total_c parse steps, A $parses_a"
[[ $hits_c -eq 0 ]] || fail "a machine with other versions was served ptoc steps"
[[ $ctotal_c -gt 0 && $chits_c -eq 0 ]] || fail "a machine with other versions was served compiles"
if [[ $ahits_c -ne 0 ]]; then
  python3 "$log_tool" hits_detail "$work/c.log" ""
  fail "a machine with other versions was served $ahits_c actions"
fi

echo "remote build test passed in $((SECONDS - start)) s"

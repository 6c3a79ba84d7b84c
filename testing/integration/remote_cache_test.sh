#!/bin/bash
# Pipelines as build rules, reused through a remote cache (issue: ptoc.bzl).
#
# 1. Starts an HTTP cache (nginx with WebDAV PUT) on loopback.
# 2. Builds every example kernel in a copy of this checkout (A), with its
#    own output base, filling the cache.
# 3. Builds the same in a second copy (B), with another output base, and
#    asserts from Bazel's execution log that every ptoc step was a remote
#    cache hit.
# 4. Determinism: re-runs every ptoc step of A's log inside B's execroot
#    (another checkout, another output base) and compares the bytes with
#    A's outputs, for every step; and runs every step twice.
# 5. Changing one pass's option re-runs only the steps from that pass on.
# 6. A third checkout whose (simulated) libabsl-dev version differs gets no
#    hit for any ptoc step or compile; the same versions (B) get all.
# Stops the server it started and removes its folders.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d /tmp/ptoc-cache-test.XXXXXX)"
nginx_pid=""

cleanup() {
  [[ -n "$nginx_pid" ]] && kill "$nginx_pid" 2>/dev/null || true
  for ob in "$work"/ob_*; do
    [[ -d "$ob" ]] && (cd "$work" && bazel --output_base="$ob" shutdown 2>/dev/null) || true
  done
  chmod -R u+w "$work" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

# --- 1. the cache server ---
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$work/cache" "$work/nginx"
user_line=""
[[ $(id -u) -eq 0 ]] && user_line="user root;"
cat > "$work/nginx/nginx.conf" <<CONF
$user_line
worker_processes 1;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  client_max_body_size 1g;
  server {
    listen 127.0.0.1:$port;
    location / {
      root $work/cache;
      dav_methods PUT;
      create_full_put_path on;
      dav_access user:rw group:rw all:r;
    }
  }
}
CONF
/usr/sbin/nginx -c "$work/nginx/nginx.conf" -p "$work/nginx" &
nginx_pid=$!
for _ in $(seq 50); do
  curl -s -o /dev/null "http://127.0.0.1:$port/" && break
  sleep 0.1
done
curl -s -X PUT --data-binary probe "http://127.0.0.1:$port/probe" >/dev/null
[[ "$(curl -s "http://127.0.0.1:$port/probe")" == probe ]] || fail "the cache server does not accept PUT"
cache="--remote_cache=http://127.0.0.1:$port"

# --- 2. and 3. two checkouts, two output bases ---
copy_checkout() {
  mkdir -p "$2"
  (cd "$1" && git ls-files -co --exclude-standard -z | xargs -0 tar cf -) | (cd "$2" && tar xf -)
}
copy_checkout "$repo" "$work/a"
copy_checkout "$repo" "$work/b"

build() {  # build CHECKOUT OUTPUT_BASE LOG
  (cd "$1" && bazel --output_base="$2" build ${PTOC_BAZEL_FLAGS:-} //examples:all "$cache" \
      --execution_log_json_file="$3" 2>&1 | tail -3)
}
start=$SECONDS
echo "building in checkout A (fills the cache)..."
build "$work/a" "$work/ob_a" "$work/a.log"
echo "building in checkout B..."
build "$work/b" "$work/ob_b" "$work/b.log"

log_tool="$repo/testing/integration/exec_log.py"
read -r hits total < <(python3 "$log_tool" hits "$work/b.log")
read -r _ total_a < <(python3 "$log_tool" hits "$work/a.log")
echo "checkout B: $hits of $total ptoc steps were remote cache hits"
[[ $total_a -gt 0 ]] || fail "checkout A ran no ptoc step"
[[ $total -eq $total_a ]] || fail "A ran $total_a ptoc steps, B saw $total"
if [[ $hits -ne $total ]]; then
  python3 "$log_tool" misses "$work/b.log"
  fail "not every ptoc step of checkout B was a remote cache hit"
fi
python3 "$log_tool" steps "$work/a.log" > "$work/a.log.steps"

# --- 4. determinism across checkouts, output bases and runs ---
execroot_a="$(cd "$work/a" && bazel --output_base="$work/ob_a" info execution_root 2>/dev/null)"
execroot_b="$(cd "$work/b" && bazel --output_base="$work/ob_b" info execution_root 2>/dev/null)"
steps=0
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
  steps=$((steps + 1))
done < "$work/a.log.steps"
echo "determinism: $steps step outputs byte-identical across checkouts and runs"

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
want="ring_allreduce.checked.pb ring_allreduce.cpp ring_allreduce.fenced.pb ring_allreduce.hoisted.pb ring_allreduce.materialized.pb ring_allreduce.pto "
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
(cd "$work/c" && bazel --output_base="$work/ob_c" build ${PTOC_BAZEL_FLAGS:-} //examples:all \
    "$cache" --repo_env=PTOC_DPKG_ADMINDIR="$work/dpkg" \
    --execution_log_json_file="$work/c.log" 2>&1 | tail -3)
grep -q simulated1 "$work/ob_c/external/ptoc_system_versions/system_versions.txt" ||
  fail "checkout C's stamp does not carry the simulated version"
read -r hits_c total_c < <(python3 "$log_tool" hits "$work/c.log")
read -r chits_c ctotal_c < <(python3 "$log_tool" hits "$work/c.log" CppCompile)
read -r chits_b ctotal_b < <(python3 "$log_tool" hits "$work/b.log" CppCompile)
echo "another libabsl-dev version: $hits_c of $total_c ptoc steps and $chits_c of $ctotal_c" \
     "compiles were hits (same versions: $chits_b of $ctotal_b compiles)"
[[ $total_c -eq $total_a ]] || fail "C ran $total_c ptoc steps, A $total_a"
[[ $hits_c -eq 0 ]] || fail "a machine with other versions was served ptoc steps"
[[ $ctotal_c -gt 0 && $chits_c -eq 0 ]] || fail "a machine with other versions was served compiles"
[[ $chits_b -eq $ctotal_b ]] || fail "the same versions did not share every compile"

echo "remote cache test passed in $((SECONDS - start)) s"

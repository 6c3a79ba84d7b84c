#!/bin/bash
# ptoas's C++ run and timed by ptoc-run-cpp (pipe-sync.md §6, the `ptoas`
# mode of the benchmarks): the --pipe-sync=barrier-all .pto of a kernel,
# assembled by `ptoas --pto-level=level2 --enable-insert-sync`, compiled
# against runtime/include for both cores and run with
# `ptoc-run-cpp --cpp-from=ptoas --cycles --report=json`.
#
# For matmul_relu (a2a3, a5) and attention_tile (a2a3):
# - the run is clean and its outputs are ptoc-sim's, file by file;
# - the report has a `timing` object labelled ptoas, with a makespan and
#   the lanes of the 1C:2V launch the program declares (a2a3: three);
# - ptoc's own flags-mode C++ under `ptoc-run-cpp --cycles` has ptoc-sim's
#   makespan (the same timing model from the C++ as from the IR);
# - ptoas's C++ with the first wait_flag of its kernels deleted is a pipe
#   race at ptoas's lines (the pipe check runs on its sync).
# Prints one line per kernel with the two makespans. Exits 0 when all pass,
# 1 otherwise, 77 when ptoas is missing (1 under CI=true).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../conformance/lib.bash"
name=ptoas_run_cpp_test
need_ptoas "$name"
build_tools //driver:ptoc //runtime:ptoc_sim //runtime:ptoc_run_cpp
out="$(mktemp -d /tmp/ptoas-run-cpp.XXXXXX)"
trap 'rm -rf "$out"' EXIT
cd "$conf_repo" || exit 1
CXX="${CXX:-g++}"
failed=0
fail() {
  echo "FAILED: $*"
  failed=$((failed + 1))
}

# compile BASE: BASE.cpp -> BASE.vec.so and BASE.cube.so.
compile() {
  "$CXX" -std=c++17 -shared -fPIC -Iruntime/include -D__DAV_VEC__ "$1.cpp" -o "$1.vec.so" &&
    "$CXX" -std=c++17 -shared -fPIC -Iruntime/include -D__DAV_CUBE__ "$1.cpp" -o "$1.cube.so"
}

# json_get FILE EXPR: a value of the JSON report (EXPR in Python over `d`).
json_get() {
  python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print($2)" "$1"
}

check() {  # KERNEL BACKEND ENTRY LANES
  local kernel="$1" backend="$2" entry="$3" lanes="$4"
  local k="$out/${kernel}_$backend" arch=a3
  [[ "$backend" == a5 ]] && arch=a5
  local src="examples/$kernel.py"
  "$bin/driver/ptoc" "$src" --backend="$backend" --pipe-sync=barrier-all --emit=pb -o "$k.ba.pb" &&
    "$bin/driver/ptoc" "$src" --backend="$backend" --pipe-sync=barrier-all -o "$k.pto" &&
    "$bin/driver/ptoc" "$src" --backend="$backend" --emit=pb -o "$k.flags.pb" &&
    "$bin/driver/ptoc" "$src" --backend="$backend" --emit=cce -o "$k.flags.cpp" ||
    { fail "$kernel ($backend): ptoc"; return; }
  if ! "$PTOAS" --pto-arch="$arch" --pto-level=level2 --enable-insert-sync "$k.pto" \
      -o "$k.ptoas.cpp" > "$k.ptoas.log" 2>&1; then
    fail "$kernel ($backend): ptoas: $(first_error "$k.ptoas.log")"
    return
  fi
  compile "$k.ptoas" && compile "$k.flags" || { fail "$kernel ($backend): $CXX"; return; }
  local run=("$bin/runtime/ptoc_run_cpp" --entry="$entry" --cycles --report=json)
  "${run[@]}" "$k.ba.pb" --cpp="$k.ptoas.cpp" --vec="$k.ptoas.vec.so" --cube="$k.ptoas.cube.so" \
      --cpp-from=ptoas --dump-outputs="$k.out.ptoas" -o "$k.ptoas.json" ||
    fail "$kernel ($backend): ptoas's C++ is not clean: $(json_get "$k.ptoas.json" \
        "d['findings'][0]['message'] if d['findings'] else ''" 2>/dev/null)"
  "$bin/runtime/ptoc_sim" "$k.flags.pb" --entry="$entry" --cycles --report=json \
      --dump-outputs="$k.out.sim" -o "$k.sim.json" || fail "$kernel ($backend): ptoc-sim"
  diff -r "$k.out.ptoas" "$k.out.sim" > /dev/null ||
    fail "$kernel ($backend): ptoas's C++ computes other values than ptoc-sim"
  local label makespan nlanes
  label="$(json_get "$k.ptoas.json" "d['timing']['pipe_sync']")"
  makespan="$(json_get "$k.ptoas.json" "d['timing']['makespan']")"
  nlanes="$(json_get "$k.ptoas.json" "len(d['timing']['lanes'])")"
  [[ "$label" == ptoas ]] || fail "$kernel ($backend): timing labelled '$label', not ptoas"
  [[ "$makespan" -gt 0 ]] || fail "$kernel ($backend): no makespan"
  [[ "$nlanes" == "$lanes" ]] || fail "$kernel ($backend): $nlanes timed lanes, not $lanes"
  # ptoc's own C++, timed from the C++ and from the IR.
  "${run[@]}" "$k.flags.pb" --cpp="$k.flags.cpp" --vec="$k.flags.vec.so" \
      --cube="$k.flags.cube.so" -o "$k.flags.json" ||
    fail "$kernel ($backend): ptoc's flags C++ is not clean under the pipe check"
  local from_cpp from_ir
  from_cpp="$(json_get "$k.flags.json" "d['timing']['makespan']")"
  from_ir="$(json_get "$k.sim.json" "d['timing']['makespan']")"
  [[ "$from_cpp" == "$from_ir" ]] ||
    fail "$kernel ($backend): flags makespan $from_cpp from the C++, $from_ir from ptoc-sim"
  # The pipe check on ptoas's sync: drop the first wait_flag of a kernel
  # (after its helpers).
  local line
  line="$(awk '/^extern "C"/ { k = 1 } k && /wait_flag\(/ { print NR; exit }' "$k.ptoas.cpp")"
  sed "${line}d" "$k.ptoas.cpp" > "$k.nowait.cpp"
  compile "$k.nowait" || { fail "$kernel ($backend): $CXX (no wait)"; return; }
  "${run[@]}" "$k.ba.pb" --cpp="$k.nowait.cpp" --vec="$k.nowait.vec.so" \
      --cube="$k.nowait.cube.so" --cpp-from=ptoas -o "$k.nowait.json"
  local kinds
  kinds="$(json_get "$k.nowait.json" "' '.join(sorted({f['kind'] for f in d['findings']}))")"
  [[ " $kinds " == *" pipe_race "* ]] ||
    fail "$kernel ($backend): ptoas's C++ without line $line's wait_flag: '$kinds', no pipe race"
  echo "$kernel ($backend): ptoas $makespan cycles, ptoc flags $from_cpp cycles (C++ and IR)"
}

check matmul_relu a2a3 mm_relu 3
check matmul_relu a5 mm_relu 2
check attention_tile a2a3 attention_tile 3
echo "$name: $failed failed ($((SECONDS)) s)"
[[ $failed -eq 0 ]]

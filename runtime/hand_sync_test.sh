#!/bin/bash
# The hand-synchronised reference of the benchmarks
# (testing/bench/hand/stream_add_adds_n64_k4_b3.cpp, PTOAS issue #1569's
# kernel) run by ptoc-run-cpp --cpp-from=hand against the kernel's program
# (gen_stream.py --chunks=64 --tile-kb=4 --op=add_adds --buffers=3
# --cols=1024): its outputs are ptoc-sim's and its pipe check is clean;
# built for 4 chunks (-DHAND_CHUNKS=4, against the program of --chunks=4,
# so that slot 0 is used twice), with any one of its sync lines deleted
# the run exits 1 (a pipe race, a deadlock, a flag left set or a pipe busy
# at the return: every line is needed, pipe-sync.md §4.5).
# usage: hand_sync_test.sh PTOC PTOC_SIM PTOC_RUN_CPP PTO_INST_HPP GEN_STREAM HAND_CPP
set -u
source runtime/device/test_lib.bash hand_sync "$1" "$2" "$3" "$4"
gen="$5"
hand="$6"

for n in 64 4; do
  python3 "$gen" --chunks=$n --tile-kb=4 --op=add_adds --buffers=3 --cols=1024 -o "$out/k$n.py" &&
    "$ptoc" "$out/k$n.py" --pipe-sync=barrier-all --emit=pb -o "$out/k$n.pb" ||
    { echo "FAILED: could not generate or compile the kernel" >&2; exit 1; }
done

# build NAME CHUNKS: $out/NAME.cpp for CHUNKS chunks -> NAME.vec.so, NAME.cube.so.
build() {
  g++ -std=c++17 -shared -fPIC -I"$include" -DHAND_CHUNKS="$2" -D__DAV_VEC__ "$out/$1.cpp" \
    -o "$out/$1.vec.so" &&
    g++ -std=c++17 -shared -fPIC -I"$include" -DHAND_CHUNKS="$2" -D__DAV_CUBE__ "$out/$1.cpp" \
      -o "$out/$1.cube.so"
}

# run NAME CHUNKS: NAME's objects against the kernel of CHUNKS, outputs to NAME.out.
run() {
  "$run_cpp" "$out/k$2.pb" --cpp="$out/$1.cpp" --vec="$out/$1.vec.so" --cube="$out/$1.cube.so" \
    --entry=stream --cpp-from=hand --dump-outputs="$out/$1.out" > "$out/$1.report" 2>&1
}

for n in 64 4; do
  checks=$((checks + 1))
  cp "$hand" "$out/hand$n.cpp"
  if ! build hand$n $n || ! run hand$n $n; then
    fail "the hand-synchronised kernel ($n chunks) does not run clean:"
    cat "$out/hand$n.report" >&2
  fi
  "$sim" "$out/k$n.pb" --entry=stream --dump-outputs="$out/sim$n.out" > /dev/null 2>&1 ||
    fail "ptoc-sim does not run the kernel ($n chunks) clean"
  diff -r "$out/sim$n.out" "$out/hand$n.out" > /dev/null ||
    fail "the outputs ($n chunks) differ from ptoc-sim's"
done

mapfile -t lines < <(grep -n -E '^\s*(set_flag|wait_flag|pipe_barrier)\(' "$hand" | cut -d: -f1)
for n in "${lines[@]}"; do
  checks=$((checks + 1))
  sed "${n}d" "$hand" > "$out/drop.cpp"
  if ! build drop 4; then
    fail "line $n deleted: does not compile"
  elif run drop 4; then
    fail "line $n ($(sed -n "${n}p" "$hand" | xargs)) deleted: the run is still clean"
  fi
done
echo "hand_sync_test: ${#lines[@]} sync lines, each needed; $checks checks, $failures failed"
[[ $failures -eq 0 ]]

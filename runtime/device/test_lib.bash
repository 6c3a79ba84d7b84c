# Shared by runtime/device/run_emitted_cpp_test.sh and
# runtime/barrier_all_examples_test.sh (sourced, not run; the path is from the
# repository root, the test's working directory under Bazel):
#   source runtime/device/test_lib.bash NAME PTOC PTOC_SIM PTOC_RUN_CPP PTO_INST_HPP
# sets ptoc, sim, run_cpp, include (the directory above pto/pto-inst.hpp) and
# out (${TEST_TMPDIR:-/tmp}/NAME, emptied), zeroes the counters failures and
# checks, and defines fail and compile. The caller sets -u.
ptoc="$2"
sim="$3"
run_cpp="$4"
include="$(dirname "$(dirname "$5")")"
out="${TEST_TMPDIR:-/tmp}/$1"
rm -rf "$out"
mkdir -p "$out"
failures=0
checks=0

# fail MESSAGE: counts a failed check and prints it.
fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}

# What makes a kernel object report its loads, so that ptoc-run-cpp checks
# the kernel's scalar reads (pto/common/scalar_reads.hpp).
scalar_reads=(-fsanitize=kernel-address --param asan-instrumentation-with-call-threshold=0
  --param asan-stack=0 --param asan-globals=0)

# compile NAME: $out/NAME.cpp -> NAME.vec.so, NAME.cube.so, their loads seen.
compile() {
  g++ -std=c++17 -shared -fPIC "${scalar_reads[@]}" -I"$include" -D__DAV_VEC__ "$out/$1.cpp" \
    -o "$out/$1.vec.so" &&
    g++ -std=c++17 -shared -fPIC "${scalar_reads[@]}" -I"$include" -D__DAV_CUBE__ \
      "$out/$1.cpp" -o "$out/$1.cube.so"
}

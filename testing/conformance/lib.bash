# Shared by the conformance scripts in testing/integration/ (sourced, not
# run): where the real toolchain is, how to skip without it, the kernel
# list, and the pto-isa compile command.
#
#   PTO_ISA_ROOT  the pto-isa checkout (default ../shared/third_party/pto-isa
#                 beside the repository); its include/ is what is compiled against
#   PTOAS         the ptoas executable (default ../shared/tools/ptoas/ptoas)
#   CXX_PTO_ISA   the compiler for pto-isa (default clang++-19)
#   PTOC_BAZEL_FLAGS  extra flags for the `bazel build` of ptoc's tools
#
# A missing tool makes a script exit 77 (skipped; tools/test counts it), or
# 1 (failed) under CI=true.
conf_repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PTO_ISA_ROOT="${PTO_ISA_ROOT:-$conf_repo/../shared/third_party/pto-isa}"
PTOAS="${PTOAS:-$conf_repo/../shared/tools/ptoas/ptoas}"
CXX_PTO_ISA="${CXX_PTO_ISA:-clang++-19}"
export PTO_ISA_ROOT PTOAS CXX_PTO_ISA

# The flags pto-isa's own CPU tests use (pto-isa README).
pto_isa_flags=(-std=c++20 -D__CPU_SIM -include stdint.h -include stddef.h
               -Wno-macro-redefined -Wno-ignored-attributes -Wno-switch
               -I"$PTO_ISA_ROOT/include")

# skip_or_fail NAME MESSAGE: the tool is missing.
skip_or_fail() {
  if [[ "${CI:-}" == "true" ]]; then
    echo "FAILED: $1: $2 (CI=true: the conformance tests need it)" >&2
    exit 1
  fi
  echo "SKIPPED: $1: $2" >&2
  exit 77
}

need_pto_isa() {  # NAME
  [[ -f "$PTO_ISA_ROOT/include/pto/pto-inst.hpp" ]] ||
    skip_or_fail "$1" "no pto-isa at PTO_ISA_ROOT=$PTO_ISA_ROOT"
  command -v "$CXX_PTO_ISA" >/dev/null ||
    skip_or_fail "$1" "no $CXX_PTO_ISA (tools/setup.sh installs clang-19)"
}

need_ptoas() {  # NAME
  [[ -x "$PTOAS" ]] || skip_or_fail "$1" "no ptoas at PTOAS=$PTOAS"
  "$PTOAS" --version >/dev/null 2>&1 ||
    skip_or_fail "$1" "$PTOAS does not run (it needs libllvm19 and libz3-4)"
  # ../shared's wrapper runs ldd on its binary before every run (a third of
  # a small file's time); it has just passed, so call the binary it execs.
  if [[ -x "$PTOAS.bin" ]] && grep -q 'exec "$here/ptoas.bin"' "$PTOAS"; then
    PTOAS="$PTOAS.bin"
  fi
}

# build_tools TARGET...: builds ptoc's tools (already built by `bazel test
# //...` under tools/test) and sets bin to bazel-bin.
build_tools() {
  local log
  log="$(mktemp)"
  # shellcheck disable=SC2086
  if ! (cd "$conf_repo" && bazel build ${PTOC_BAZEL_FLAGS:-} "$@") > "$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "FAILED: cannot build $*" >&2
    exit 1
  fi
  rm -f "$log"
  # shellcheck disable=SC2086
  bin="$(cd "$conf_repo" && bazel info ${PTOC_BAZEL_FLAGS:-} bazel-bin 2>/dev/null)"
}

# The kernels: the examples and every kernel of the codegen and runtime
# test data (those ptoc rejects are skipped by the scripts, by exit code).
conf_kernels() {
  (cd "$conf_repo" && ls examples/*.py codegen/testdata/*.py codegen/testdata/ops/*.py runtime/testdata/*.py)
}

# first_error FILE: the first error line of a compiler / tool log.
first_error() {
  grep -m1 -E 'error|Error|ERROR' "$1" || head -n1 "$1"
}

# make_pch DIR [FLAGS...]: a precompiled pto/pto-inst.hpp in DIR (parsing
# the headers is most of a -fsyntax-only run), built with pto_isa_flags and
# FLAGS (the users must pass the same); sets pto_isa_pch_flags to use it.
make_pch() {
  local dir="$1"
  shift
  echo '#include "pto/pto-inst.hpp"' > "$dir/pto-inst-pch.hpp"
  "$CXX_PTO_ISA" "${pto_isa_flags[@]}" "$@" -x c++-header "$dir/pto-inst-pch.hpp" \
      -o "$dir/pto-inst-pch.hpp.pch" ||
    { echo "FAILED: cannot precompile pto/pto-inst.hpp" >&2; exit 1; }
  pto_isa_pch_flags=(-include-pch "$dir/pto-inst-pch.hpp.pch")
}

# begin_run PREFIX [FLAGS...]: a scratch directory in out (removed at exit),
# the repository as working directory, start set to now, and make_pch with
# FLAGS.
begin_run() {
  local prefix="$1"
  shift
  out="$(mktemp -d "/tmp/$prefix.XXXXXX")"
  trap 'rm -rf "$out"' EXIT
  cd "$conf_repo" || exit 1
  start=$SECONDS
  make_pch "$out" "$@"
}

# check_compiles LIST TAG COMPILER [FLAGS...]: testing/batch_compile.bash.
source "$conf_repo/testing/batch_compile.bash"

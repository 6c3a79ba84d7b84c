#!/bin/bash
# The device API header declares real signatures: testdata/header/calls.cpp
# compiles as written, and each of its CASE_* and STRICT_* variants, which
# adds one wrong call, fails to compile.
#
# With PTO_ISA_INCLUDE (the real pto-isa's include/ folder; given by
# testing/integration/pto_isa_header_test.sh), the same holds for pto-isa
# under its CPU-simulation flags, compiled by $CXX_PTO_ISA (default
# clang++-19): calls.cpp compiles, and every CASE_* is rejected (a CASE_*
# pto-isa accepts is not a wrong call, and fails the test). The STRICT_*
# variants are checked against the stand-in only: pto-isa's CPU build
# accepts them.
# usage: header_rejects_wrong_calls_test.sh PTO_INST_HPP CALLS_CPP [PTO_ISA_INCLUDE]
set -u
include="$(dirname "$(dirname "$1")")"
calls="$2"
pto_isa="${3:-}"
cxx_pto_isa="${CXX_PTO_ISA:-clang++-19}"
work="$(mktemp -d "${TEST_TMPDIR:-/tmp}/header-calls.XXXXXX")"
trap 'rm -rf "$work"' EXIT
stand_in() {
  g++ -std=c++17 -fsyntax-only -Wall -I"$include" -D__DAV_VEC__ "$@" "$calls"
}
pto_isa_flags=(-std=c++20 -D__CPU_SIM -include stdint.h -include stddef.h
               -Wno-macro-redefined -Wno-ignored-attributes -Wno-switch -I"$pto_isa")
real() {
  "$cxx_pto_isa" "${pto_isa_flags[@]}" -include-pch "$work/pto-inst.hpp.pch" -fsyntax-only \
    "$@" "$calls"
}
failures=0
fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}
# A variant is only checked against a header that compiles the well-formed
# calls (else its rejection would prove nothing).
stand_in_ok=1
if ! stand_in > "$work/stand-in.log" 2>&1; then
  stand_in_ok=0
  fail "the well-formed calls do not compile against the stand-in:" \
    "$(grep -m1 'error' "$work/stand-in.log")"
fi
if [[ -n "$pto_isa" ]]; then
  echo '#include "pto/pto-inst.hpp"' > "$work/pto-inst.hpp"
  "$cxx_pto_isa" "${pto_isa_flags[@]}" -x c++-header "$work/pto-inst.hpp" \
    -o "$work/pto-inst.hpp.pch" || { echo "FAILED: cannot precompile pto-isa" >&2; exit 1; }
  if ! real > "$work/pto-isa.log" 2>&1; then
    fail "the well-formed calls do not compile against pto-isa ($pto_isa):" \
      "$(grep -m1 'error' "$work/pto-isa.log")"
    pto_isa=""
  fi
fi
cases=$(grep -o 'defined(\(CASE\|STRICT\)_[A-Z_]*)' "$calls" | sed 's/defined(\(.*\))/\1/')
count=0
for c in $cases; do
  count=$((count + 1))
  if [[ $stand_in_ok -eq 0 ]]; then
    :
  elif stand_in -D"$c" 2>/dev/null; then
    fail "$c compiles against the stand-in, but the call is wrong"
  else
    echo "ok: $c is rejected by the stand-in"
  fi
  if [[ -n "$pto_isa" && "$c" == CASE_* ]]; then
    if real -D"$c" > "$work/$c.log" 2>&1; then
      fail "$c compiles against pto-isa: not a wrong call (make it STRICT_* or drop it)"
    else
      echo "ok: $c is rejected by pto-isa: $(grep -m1 'error' "$work/$c.log" | sed 's|.*error: ||')"
    fi
  fi
done
if [[ $count -lt 10 ]]; then
  echo "FAILED: expected the CASE_* variants of $calls, found $count" >&2
  exit 1
fi
echo "header_rejects_wrong_calls_test: $count wrong calls$([[ -n "$pto_isa" ]] && echo " (CASE_* also against pto-isa)"), $failures failure(s)"
exit $((failures > 0))

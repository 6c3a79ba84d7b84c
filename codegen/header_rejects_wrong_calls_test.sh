#!/bin/bash
# The device API header declares real signatures: testdata/header/calls.cpp
# compiles as written, and each of its CASE_* variants, which adds one wrong
# call, fails to compile.
# usage: header_rejects_wrong_calls_test.sh PTO_INST_HPP CALLS_CPP
set -u
include="$(dirname "$(dirname "$1")")"
calls="$2"
compile() {
  g++ -std=c++17 -fsyntax-only -Wall -I"$include" -D__DAV_VEC__ "$@" "$calls"
}
if ! compile; then
  echo "FAILED: the well-formed calls do not compile" >&2
  exit 1
fi
cases=$(grep -o 'defined(CASE_[A-Z_]*)' "$calls" | sed 's/defined(\(.*\))/\1/')
failures=0
count=0
for c in $cases; do
  count=$((count + 1))
  if compile -D"$c" 2>/dev/null; then
    echo "FAILED: $c compiles, but the call is wrong" >&2
    failures=$((failures + 1))
  else
    echo "ok: $c is rejected"
  fi
done
if [[ $count -lt 10 ]]; then
  echo "FAILED: expected the CASE_* variants of $calls, found $count" >&2
  exit 1
fi
exit $((failures > 0))

#!/bin/bash
# Conformance (issue 12): the stand-in header runtime/include/ and the real
# pto-isa agree on codegen/testdata/header/calls.cpp: both compile its
# well-formed calls, and both reject each of its CASE_* wrong calls
# (codegen/header_rejects_wrong_calls_test.sh with pto-isa; the Bazel target
# of that script checks the stand-in alone). Exits 0 / 1, or 77 when pto-isa
# or the compiler is missing (1 under CI=true).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../conformance/lib.bash"
need_pto_isa pto_isa_header_test
exec bash "$conf_repo/codegen/header_rejects_wrong_calls_test.sh" \
  "$conf_repo/runtime/include/pto/pto-inst.hpp" "$conf_repo/codegen/testdata/header/calls.cpp" \
  "$PTO_ISA_ROOT/include"

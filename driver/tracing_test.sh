#!/bin/bash
# --v tracing (driver/tracing.h): with --v=2, ptoc prints to stderr each
# marker insert-comm-fence adds, with its rule and location, and the run of
# every pass of the default pipeline; without --v it prints nothing at all;
# a malformed --vmodule is a usage error.
#
# Usage: tracing_test.sh PTOC KERNEL (examples/mesh_barrier.py: a remote
# write and a wait, so insert-comm-fence adds markers).
set -uo pipefail
ptoc="$1"; kernel="$2"
tmp="$(mktemp -d "${TEST_TMPDIR:-/tmp}/tracing.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

"$ptoc" "$kernel" --v=2 --emit=pto -o /dev/null 2>"$tmp/traced" || fail "ptoc --v=2 failed"
grep -q "insert-comm-fence: exchange: after a remote write: cacheinvalid(window, peer=p) and fence at .*mesh_barrier.py:[0-9]*:[0-9]*" \
  "$tmp/traced" || fail "no insert-comm-fence marker in: $(cat "$tmp/traced")"
grep -q "pass insert-comm-fence: changed the program" "$tmp/traced" ||
  fail "no pass run in: $(cat "$tmp/traced")"
# Every pass of the default pipeline has its run traced (RunPipeline's line).
pipeline="$("$ptoc" --list-passes | sed -n 's/^default pipeline: //p')"
[[ -n "$pipeline" ]] || fail "ptoc --list-passes names no default pipeline"
for pass in ${pipeline//,/ }; do
  grep -qE "pass $pass: (changed the program|no change), [0-9.]+ ms" "$tmp/traced" ||
    fail "no trace of the pass run $pass in: $(cat "$tmp/traced")"
done

"$ptoc" "$kernel" --emit=pto -o /dev/null 2>"$tmp/quiet" || fail "ptoc failed"
[[ -s "$tmp/quiet" ]] && fail "without --v ptoc printed: $(cat "$tmp/quiet")"

"$ptoc" "$kernel" --vmodule=pipeline --emit=pto -o /dev/null 2>"$tmp/bad"
rc=$?
[[ $rc -eq 2 ]] || fail "a malformed --vmodule exited $rc, not 2"

[[ $failures -eq 0 ]] && echo "PASS"
exit $((failures > 0))

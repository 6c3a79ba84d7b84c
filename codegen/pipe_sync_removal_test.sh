#!/bin/bash
# The removal check (pipe-sync.md §4.5), on the plan's own check (§4.2,
# `--emit=syncplan`): for every kernel given, both backends, the flags plan
# is clean on every execution tried, and leaving out any one unit (a pair
# or a barrier) gives a finding. ptoc runs the removal in process
# (`--pipe-sync-removal`: the check once per unit left out, on the one
# plan); one unit per kernel is also left out by a separate run
# (`--pipe-sync-drop=N`), which must give a finding too, so both ways of
# leaving a unit out stay the same. Prints the counts: units, units whose
# removal was caught.
# usage: pipe_sync_removal_test.sh PTOC KERNEL.py...
set -uo pipefail
ptoc="$1"
shift
# Sharded by Bazel (shard_count): shard i takes every kernel k with
# k % shards == i. Run directly, one shard does all.
shards="${TEST_TOTAL_SHARDS:-1}"
shard="${TEST_SHARD_INDEX:-0}"
[[ -n "${TEST_SHARD_STATUS_FILE:-}" ]] && touch "$TEST_SHARD_STATUS_FILE"
kernels=0 units=0 caught=0 failed=0 k=-1
for kernel in "$@"; do
  k=$((k + 1))
  (( k % shards == shard )) || continue
  for backend in a2a3 a5; do
    plan="$("$ptoc" "$kernel" --backend="$backend" --pipe-sync=flags --emit=syncplan \
        --pipe-sync-removal 2>/dev/null)" || continue
    kernels=$((kernels + 1))
    if grep -q "finding:" <<< "$plan"; then
      echo "FAILED: $kernel ($backend): the plan itself has findings:"
      grep "finding:" <<< "$plan" | head -3
      failed=$((failed + 1))
    fi
    while read -r _ c _ n _; do
      units=$((units + n))
      caught=$((caught + c))
    done < <(grep -E "^  removal: " <<< "$plan")
    while read -r _ _ _ n; do
      echo "NOT CAUGHT: $kernel ($backend) unit $n: $(grep -E "^  unit $n:" <<< "$plan")"
      failed=$((failed + 1))
    done < <(grep -E "^  not caught: unit " <<< "$plan")
    first="$(grep -m1 -oE "^  unit [0-9]+:" <<< "$plan" | grep -oE "[0-9]+")"
    [[ -n "$first" ]] || continue
    # The output is kept before grep reads it: with pipefail, `ptoc | grep -q`
    # fails when grep exits at the first match while ptoc still writes.
    dropped="$("$ptoc" "$kernel" --backend="$backend" --pipe-sync=flags --emit=syncplan \
        --pipe-sync-drop="$first" 2>/dev/null)"
    if ! grep -q "finding:" <<< "$dropped"; then
      echo "NOT CAUGHT (separate run): $kernel ($backend) unit $first"
      failed=$((failed + 1))
    fi
  done
done
echo "pipe_sync_removal_test (shard $shard of $shards): $kernels kernel builds, $units units, removal caught for $caught"
[[ $failed -eq 0 && $kernels -gt 0 && $caught -eq $units ]]

#!/bin/bash
# The removal check of pipe-sync.md §4.5 with ptoc-sim as the judge: for
# every kernel run below and both backends, the flags plan runs clean under
# the pipe check, and the run with --pipe-sync-drop=N exits 1 with a pipe
# check finding on some run, for every unit N of the plan (`--emit=syncplan`
# numbers them); so does the run without only the set
# (--pipe-sync-drop-set=N) or only the wait (--pipe-sync-drop-wait=N) of a
# pair. Prints the counts: kernel builds, removals, removals caught.
# A whole unit whose removal no run below catches still counts as caught
# when the plan's own check (--emit=syncplan: every execution, each loop
# run 0-3 times, both sides of each if) finds its removal: it orders an
# execution the runs do not take (mesh_barrier: a wait loop reached with no
# notify before it). They are counted apart.
# Rows marked `?` are measured and printed, not required.
# GM accesses are keyed by region as the planner keys them: cases 16-18 and
# runtime/testdata/gm_regions.py (disjoint static rows: no race; overlapping
# rows and a run-time row: a pipe race once their barrier is dropped).
# usage: pipe_sync_sim_removal_test.sh PTOC PTOC_SIM
set -uo pipefail
ptoc="$1"
sim="$2"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
dir=codegen/testdata/pipe_sync

# kernel | ptoc flags | the runs: ptoc-sim flags, runs separated by ';'
runs=(
  "$dir/01_vec_straight.py|--passes=|--entry=k"
  "$dir/02_gm_raw_same_lane.py|--passes=|--entry=k"
  "$dir/03_loop_single_buffer.py|--passes=|--entry=k"
  "$dir/05_if_else.py|--passes=|--entry=k --scalar c=0;--entry=k --scalar c=1"
  "$dir/06_scalar_gm.py|--passes=|--entry=k"
  "$dir/11_event_id_exhaustion.py|--passes=|--entry=k"
  "$dir/12_barrier_all_mode.py|--passes=|--entry=k"
  "$dir/13_same_pipe_v.py|--passes=|--entry=k"
  "$dir/16_run_time_invalidate.py|--passes=|--entry=k --scalar row=3"
  "$dir/17_gm_regions_by_offset.py|--passes=|--entry=k"
  "$dir/18_widening.py|--passes=|--entry=k"
  "runtime/testdata/gm_regions.py|--passes=|--entry=k --scalar r=3"
  "$dir/syncplan_and_drop.py|--passes=|--entry=k"
  "$dir/34_credit_notify_after_load.py|--passes=|--entry=k --ranks=2 --scalar left=1"
  "$dir/41_prime_ahead_of_unrelated_work.py|--passes=|--entry=k"
  "$dir/42_wait_sinks_before_loop_in_branch.py|--passes=|--entry=k --scalar c=0;--entry=k --scalar c=1"
  "$dir/43_prime_ahead_of_if.py|--passes=|--entry=k --scalar c=0;--entry=k --scalar c=1"
  "examples/matmul_relu.py||--entry=mm_relu"
  "examples/v2c_handoff.py||--entry=rope_score"
  "examples/attention_tile.py||--entry=attention_tile"
  "examples/reduce_to_root.py||--entry=reduce_to_root --ranks=4"
  "examples/ring_allreduce.py||--entry=ring --ranks=4 --scalar chunk_elems=64"
  "examples/mesh_barrier.py||--entry=exchange --ranks=8"
  "examples/credit_ring.py||--entry=credit_ring --ranks=2"
  "runtime/testdata/mailbox.py||--entry=mailbox --ranks=4"
  "runtime/testdata/put_get.py||--entry=exchange --ranks=4"
  "runtime/testdata/poll.py||--entry=poll --ranks=2"
)

builds=0 units=0 caught=0 failed=0 measured=0 measured_caught=0 whole=0 whole_caught=0 by_plan=0
# Sharded by Bazel (shard_count): shard i takes every row k with
# k % shards == i, and shard 0 the GM regions check below. Run directly,
# one shard does all.
shards="${TEST_TOTAL_SHARDS:-1}"
shard="${TEST_SHARD_INDEX:-0}"
[[ -n "${TEST_SHARD_STATUS_FILE:-}" ]] && touch "$TEST_SHARD_STATUS_FILE"
k=-1
for row in "${runs[@]}"; do
  k=$((k + 1))
  (( k % shards == shard )) || continue
  IFS='|' read -r kernel flags sim_runs <<< "$row"
  required=1
  if [[ "$kernel" == "?"* ]]; then
    required=0
    kernel="${kernel#\?}"
  fi
  for backend in a2a3 a5; do
    # shellcheck disable=SC2086
    plan="$("$ptoc" "$kernel" $flags --backend="$backend" --pipe-sync=flags --emit=syncplan)" || {
      echo "FAILED: $kernel ($backend): no plan"; failed=$((failed + 1)); continue; }
    # shellcheck disable=SC2086
    "$ptoc" "$kernel" $flags --backend="$backend" --pipe-sync=flags --emit=pb -o "$tmp/k.pb" || {
      echo "FAILED: $kernel ($backend): no .pb"; failed=$((failed + 1)); continue; }
    builds=$((builds + 1))
    IFS=';' read -r -a run_list <<< "$sim_runs"
    for run in "${run_list[@]}"; do
      # shellcheck disable=SC2086
      if ! out="$("$sim" "$tmp/k.pb" $run --schedules=2 2>&1)"; then
        echo "FAILED: $kernel ($backend) $run: the plan itself is not clean:"
        echo "$out" | head -5
        failed=$((failed + 1))
      fi
    done
    # Every unit; of a pair also only its set and only its wait.
    removals=()
    for n in $(grep -oE "^  unit [0-9]+:" <<< "$plan" | grep -oE "[0-9]+"); do
      removals+=("--pipe-sync-drop=$n")
      if grep -qE "^  unit $n: pair " <<< "$plan"; then
        removals+=("--pipe-sync-drop-set=$n" "--pipe-sync-drop-wait=$n")
      fi
    done
    for removal in "${removals[@]}"; do
      found=0
      for run in "${run_list[@]}"; do
        # shellcheck disable=SC2086
        "$sim" "$tmp/k.pb" $run "$removal" > "$tmp/out.txt" 2>&1
        status=$?
        if [[ $status -eq 1 ]] && grep -qE "error: (pipe race|flag reuse race|deadlock|protocol error: (pipe busy at return|flag left set|double set))" "$tmp/out.txt"; then
          found=1
          break
        fi
      done
      if [[ $found -eq 0 && "$removal" == --pipe-sync-drop=* ]]; then
        # shellcheck disable=SC2086
        # Kept before grep reads it (pipefail: `ptoc | grep -q` fails when
        # grep exits at the first match while ptoc still writes).
        dropped="$("$ptoc" "$kernel" $flags --backend="$backend" --pipe-sync=flags \
            --emit=syncplan "$removal")"
        if grep -q "^  finding:" <<< "$dropped"; then
          found=1
          by_plan=$((by_plan + 1))
        fi
      fi
      if [[ $required -eq 0 ]]; then
        measured=$((measured + 1))
        measured_caught=$((measured_caught + found))
      elif [[ $found -eq 1 ]]; then
        units=$((units + 1))
        caught=$((caught + 1))
        if [[ "$removal" == --pipe-sync-drop=* ]]; then
          whole=$((whole + 1))
          whole_caught=$((whole_caught + 1))
        fi
      else
        units=$((units + 1))
        [[ "$removal" == --pipe-sync-drop=* ]] && whole=$((whole + 1))
        n="${removal##*=}"
        echo "NOT CAUGHT: $kernel ($backend) $removal: $(grep -E "^  unit $n:" <<< "$plan")"
        failed=$((failed + 1))
      fi
    done
  done
done
# GM regions (runtime/testdata/gm_regions.py, the planner's rule): the
# stores into disjoint static rows 0 and 1 race with nothing (the clean run
# above); without the barrier before the second store into row 0
# (overlapping) or the one before the store at the run-time row r (whole
# tensor, though r = 3 is disjoint at run time) the check names both stores.
regions=runtime/testdata/gm_regions.py
(( shard == 0 )) && region_backends="a2a3 a5" || region_backends=""
for backend in $region_backends; do
  "$ptoc" "$regions" --passes= --backend="$backend" --pipe-sync=flags --emit=pb -o "$tmp/r.pb" ||
    { echo "FAILED: $regions ($backend): no .pb"; failed=$((failed + 1)); continue; }
  plan="$("$ptoc" "$regions" --passes= --backend="$backend" --pipe-sync=flags --emit=syncplan)"
  # case | the barrier's consumer line | the earlier store's line | the region named
  for row in "overlapping|19|17|GM tensor 'out'\[0:1, 0:16\]" "symbolic|20|19|GM tensor 'out' "; do
    IFS='|' read -r what later earlier region <<< "$row"
    n="$(grep -oE "unit [0-9]+: pipe_barrier\(PIPE_MTE3\) before $regions:$later:" <<< "$plan" |
         grep -oE "[0-9]+" | head -1)"
    if [[ -z "$n" ]]; then
      echo "FAILED: $regions ($backend) $what: no pipe_barrier(PIPE_MTE3) before line $later"
      failed=$((failed + 1))
      continue
    fi
    out="$("$sim" "$tmp/r.pb" --entry=k --scalar r=3 --pipe-sync-drop="$n" 2>&1)"
    if ! grep -qE "$regions:$later:[0-9]+: error: pipe race: .*TSTORE on PIPE_MTE3 \([^)]*\) writes $region.*\($regions:$earlier:" <<< "$out"; then
      echo "FAILED: $regions ($backend) $what: no pipe race between lines $later and $earlier:"
      echo "$out" | head -3
      failed=$((failed + 1))
    fi
  done
  # No pipe_barrier(PIPE_MTE3) between the disjoint rows.
  if grep -qE "pipe_barrier\(PIPE_MTE3\) before $regions:18:" <<< "$plan"; then
    echo "FAILED: $regions ($backend): the disjoint row 1 got a barrier"; failed=$((failed + 1))
  fi
done

echo "pipe_sync_sim_removal_test (shard $shard of $shards): $builds kernel builds, $units removals, caught: $caught (by ptoc-sim on a run: $((caught - by_plan)); whole units: $whole, caught: $whole_caught; the rest a pair's set or wait alone)"
echo "whole units caught by the plan's own check only (executions no run takes): $by_plan"
echo "measured only (?): $measured removals, caught: $measured_caught"
[[ $failed -eq 0 && $builds -gt 0 ]]

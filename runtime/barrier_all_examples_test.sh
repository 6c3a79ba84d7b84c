#!/bin/bash
# Every example kernel of examples/BUILD's ptoc_sim_test targets, on both
# backends, compiled with --pipe-sync=barrier-all runs clean under the pipe
# model (pipe-sync.md §4, §8 Q14): the plan's own check (every execution,
# --emit=syncplan), ptoc-sim's pipe check and ptoc-run-cpp's on the emitted
# C++. Prints the PIPE_ALL count of each .cpp.
# usage: barrier_all_examples_test.sh PTOC PTOC_SIM PTOC_RUN_CPP PTO_INST_HPP
set -u
source runtime/device/test_lib.bash barrier_all_examples "$@"

# name | kernel | the run's flags (as examples/BUILD's ptoc_sim_test)
runs=(
  "ring_allreduce|examples/ring_allreduce.py|--entry=ring --ranks=4 --scalar chunk_elems=64"
  "mesh_barrier|examples/mesh_barrier.py|--entry=exchange --ranks=8"
  "matmul_relu|examples/matmul_relu.py|--entry=mm_relu"
  "v2c_handoff|examples/v2c_handoff.py|--entry=rope_score"
  "attention_tile|examples/attention_tile.py|--entry=attention_tile"
  "reduce_to_root|examples/reduce_to_root.py|--entry=reduce_to_root --ranks=4"
  "split_attention|examples/split_attention.py|--entry=split_attention"
  "dual_v2c_handoff|examples/dual_v2c_handoff.py|--entry=dual_v2c_handoff"
)

for row in "${runs[@]}"; do
  IFS='|' read -r name kernel flags <<< "$row"
  for backend in a2a3 a5; do
    n="$out/$name.$backend"
    checks=$((checks + 1))
    if ! "$ptoc" "$kernel" --backend="$backend" --pipe-sync=barrier-all --emit=pb -o "$n.pb" ||
        ! "$ptoc" "$kernel" --backend="$backend" --pipe-sync=barrier-all --emit=cce -o "$n.cpp" ||
        ! "$ptoc" "$kernel" --backend="$backend" --pipe-sync=barrier-all --emit=syncplan \
          -o "$n.plan"; then
      fail "$name ($backend): ptoc failed"
      continue
    fi
    if grep "check:" "$n.plan" | grep -qv ", clean$" || ! grep -q "check:" "$n.plan"; then
      fail "$name ($backend): the plan's check is not clean:"
      cat "$n.plan" >&2
      continue
    fi
    # shellcheck disable=SC2086
    if ! "$sim" "$n.pb" $flags --schedules=5 > "$n.sim" 2>&1; then
      fail "$name ($backend): ptoc-sim is not clean:"
      cat "$n.sim" >&2
      continue
    fi
    if ! compile "$name.$backend"; then
      fail "$name ($backend): the .cpp does not compile"
      continue
    fi
    # shellcheck disable=SC2086
    if ! "$run_cpp" "$n.pb" --cpp="$n.cpp" --vec="$n.vec.so" --cube="$n.cube.so" $flags \
        --schedules=3 > "$n.cpp_report" 2>&1; then
      fail "$name ($backend): ptoc-run-cpp is not clean:"
      cat "$n.cpp_report" >&2
      continue
    fi
    echo "ok: $name ($backend) clean, $(grep -c 'pipe_barrier(PIPE_ALL)' "$n.cpp") PIPE_ALL"
  done
done

echo "$checks kernel builds, $failures failures"
[[ $failures -eq 0 ]]

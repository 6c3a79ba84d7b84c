#!/bin/bash
# Conformance (comm-hazards.md H3): the pinned pto-isa's a2a3 TPipe puts the
# V2C ring of a two-way pipe where ptoc's GM workspace layout has it, after
# the C2V ring (pto-isa d2b30a84 / ab903c91; before them both rings started
# at the pipe's base and overwrote each other's slots).
#
# ptoc compiles runtime/testdata/two_way_ring.py (a2a3, C++): its TPipe
# line gives SlotSize, SlotNum and the base it hands the pipe, its
# `// gm_pipe_buffer:` comment the C2V and V2C rings. The probe
# testing/conformance/tpipe_rings_probe.cpp, compiled against pto-isa's
# NPU header pto/npu/a2a3/TPush.hpp for each core, must find the cube's
# V2C consumer and the vector's V2C producer at the V2C ring's offset from
# the base, every C2V side and every one-way pipe at the base. Control: the
# same probe against that header with the constructor's setEntryOffset
# calls removed (the layout before the fix) must fail. Exits 0 / 1, or 77
# when pto-isa or the compiler is missing (1 under CI=true).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../conformance/lib.bash"
name=pto_isa_ring_layout_test
need_pto_isa "$name"
build_tools //driver:ptoc
ptoc="$bin/driver/ptoc"
out="$(mktemp -d "/tmp/ptoc-ring-layout.XXXXXX")"
trap 'rm -rf "$out"' EXIT
cd "$conf_repo" || exit 1
probe="testing/conformance/tpipe_rings_probe.cpp"
failed=0

if ! "$ptoc" runtime/testdata/two_way_ring.py --backend=a2a3 --emit=cce -o "$out/k.cpp" \
    2> "$out/ptoc.log"; then
  echo "FAILED: ptoc rejects runtime/testdata/two_way_ring.py: $(first_error "$out/ptoc.log")"
  exit 1
fi
# TPipe<FlagID, Direction::DIR_BOTH, SlotSize, SlotNum, ...>(gm_pipe_buffer[ + base], ...
pipe_re='DIR_BOTH, ([0-9]+), ([0-9]+), [0-9]+, (true|false)>\(gm_pipe_buffer( \+ ([0-9]+))?,'
ring_re='pipe 0: C2V ring \[([0-9]+), [0-9]+\), V2C ring \[([0-9]+), [0-9]+\)'
if ! [[ "$(grep -m1 'TPipe<' "$out/k.cpp")" =~ $pipe_re ]]; then
  echo "FAILED: no two-way TPipe in ptoc's C++ of two_way_ring.py"
  exit 1
fi
slot_size="${BASH_REMATCH[1]}" slot_num="${BASH_REMATCH[2]}" base="${BASH_REMATCH[5]:-0}"
if ! [[ "$(grep -m1 '^// gm_pipe_buffer:' "$out/k.cpp")" =~ $ring_re ]]; then
  echo "FAILED: no gm_pipe_buffer comment with a C2V and a V2C ring in ptoc's C++"
  exit 1
fi
c2v="${BASH_REMATCH[1]}" v2c="${BASH_REMATCH[2]}"
if [[ "$c2v" != "$base" ]]; then
  echo "FAILED: ptoc's C2V ring starts at $c2v, not at the pipe's base $base"
  failed=$((failed + 1))
fi
v2c_ring=$((v2c - base))
echo "ptoc: TPipe<DIR_BOTH, $slot_size, $slot_num> at gm_pipe_buffer + $base," \
     "C2V ring at +0, V2C ring at +$v2c_ring"

# probe TAG INCLUDE_DIR...: compiles and runs the probe for both cores;
# prints its lines; returns 0 when both pass.
probe() {
  local tag="$1" status=0 core flag flags=()
  shift
  for dir in "$@"; do flags+=(-I"$dir"); done
  # pto-isa's flags but its include folder: the folders given, in order.
  for flag in "${pto_isa_flags[@]}"; do [[ "$flag" == -I* ]] || flags+=("$flag"); done
  for core in __DAV_CUBE__ __DAV_VEC__; do
    local exe="$out/probe.$tag.$core"
    if ! "$CXX_PTO_ISA" "${flags[@]}" -D"$core" \
        -DPTOC_SLOT_SIZE="$slot_size" -DPTOC_SLOT_NUM="$slot_num" -DPTOC_V2C_RING="$v2c_ring" \
        "$probe" -o "$exe" > "$out/compile.log" 2>&1; then
      echo "  $core: does not compile: $(first_error "$out/compile.log")"
      status=1
      continue
    fi
    "$exe" | sed 's/^/  /'
    [[ ${PIPESTATUS[0]} -eq 0 ]] || status=1
  done
  return $status
}

if probe pinned "$PTO_ISA_ROOT/include"; then
  echo "ok: the pinned pto-isa's TPipe puts the V2C ring at ptoc's offset"
else
  echo "FAILED: the pinned pto-isa's TPipe does not put the rings where ptoc does" \
       "(headers older than pto-isa d2b30a84, or a changed layout)"
  failed=$((failed + 1))
fi

# Control: the constructor without its entry offsets, as before the fix.
mkdir -p "$out/prefix/pto/npu/a2a3"
grep -v 'setEntryOffset(V2C_ENTRY_OFFSET)' "$PTO_ISA_ROOT/include/pto/npu/a2a3/TPush.hpp" \
  > "$out/prefix/pto/npu/a2a3/TPush.hpp"
if cmp -s "$out/prefix/pto/npu/a2a3/TPush.hpp" "$PTO_ISA_ROOT/include/pto/npu/a2a3/TPush.hpp"; then
  echo "FAILED [control] found no setEntryOffset(V2C_ENTRY_OFFSET) to remove"
  failed=$((failed + 1))
elif probe prefix "$out/prefix" "$PTO_ISA_ROOT/include" > "$out/control.log" ||
     ! grep -q MISMATCH "$out/control.log"; then
  echo "FAILED [control] the probe does not find the layout wrong in the header without the fix:"
  sed 's/^/  /' "$out/control.log"
  failed=$((failed + 1))
else
  echo "ok [control] the probe fails the header without the fix:" \
       "$(grep -m1 MISMATCH "$out/control.log" | sed 's/^ *//')"
fi
echo "$name: $([[ $failed -eq 0 ]] && echo passed || echo "$failed failed")"
[[ $failed -eq 0 ]]

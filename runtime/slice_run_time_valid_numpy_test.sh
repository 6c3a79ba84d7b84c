#!/bin/bash
# A tile.slice with a run-time valid_shape (runtime/testdata/
# slice_run_time_valid.py) on ptoc-sim and, compiled for both backends, on
# ptoc-run-cpp: from seeded inputs, at two pairs of valid dims, every
# output equal to NumPy's (the fillpad of the whole-tile window: the valid
# columns, then the FP32 minimum; the store of the strided window: its
# valid rows and columns over the rest of `part`).
# usage: slice_run_time_valid_numpy_test.sh PTOC PTOC_SIM PTOC_RUN_CPP PTO_INST_HPP
set -uo pipefail
source runtime/device/test_lib.bash slice_run_time_valid "$@"
py=/usr/bin/python3  # Debian's, with python3-numpy (tools/setup.sh)
if ! "$py" -c "import numpy" 2>/dev/null; then
  echo "SKIPPED: python3-numpy is not installed (tools/setup.sh)"
  [[ "${CI:-}" == "true" ]] && exit 1
  exit 0
fi
kernel=runtime/testdata/slice_run_time_valid.py
for backend in a2a3 a5; do
  "$ptoc" "$kernel" --backend="$backend" --emit=pb -o "$out/k_$backend.pb" &&
    "$ptoc" "$kernel" --backend="$backend" --emit=cce -o "$out/k_$backend.cpp" &&
    compile "k_$backend" || { fail "$backend: compile"; continue; }
  for dims in "5 24" "8 8"; do
    read -r rows cols <<<"$dims"
    d="$out/$backend.$rows.$cols"
    mkdir -p "$d/in"
    "$py" - "$d" "$rows" "$cols" <<'PY'
import sys, numpy as np
d, rows, cols = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(31)
a = rng.integers(-64, 64, (16, 64)) / 4
part = rng.integers(-64, 64, (8, 32)) / 4
np.savetxt(f"{d}/in/a.0.txt", a.reshape(1, -1), fmt="%.9g")
np.savetxt(f"{d}/in/part.0.txt", part.reshape(1, -1), fmt="%.9g")
out = a.copy()
out[:, cols:] = -np.inf
part[:rows, :cols] = a[8:8 + rows, 32:32 + cols]
np.save(f"{d}/want_out.npy", out)
np.save(f"{d}/want_part.npy", part)
PY
    for runner in sim cpp; do
      checks=$((checks + 1))
      mkdir -p "$d/$runner"
      if [[ $runner == sim ]]; then
        "$sim" "$out/k_$backend.pb" --backend="$backend" --entry=k --ranks=1 \
          --scalar rows="$rows" --scalar cols="$cols" \
          --inputs="$d/in" --dump-outputs="$d/$runner" >"$d/$runner.txt" 2>&1
      else
        "$run_cpp" "$out/k_$backend.pb" --backend="$backend" --cpp="$out/k_$backend.cpp" \
          --vec="$out/k_$backend.vec.so" --cube="$out/k_$backend.cube.so" --entry=k --ranks=1 \
          --scalar rows="$rows" --scalar cols="$cols" \
          --inputs="$d/in" --dump-outputs="$d/$runner" >"$d/$runner.txt" 2>&1
      fi || { fail "$backend $dims $runner: $(tail -3 "$d/$runner.txt")"; continue; }
      "$py" - "$d" "$runner" <<'PY' || fail "$backend $dims $runner: output differs from NumPy's"
import sys, numpy as np
d, r = sys.argv[1:]
ok = np.array_equal(np.loadtxt(f"{d}/{r}/out.0.txt").reshape(16, 64), np.load(f"{d}/want_out.npy"))
ok &= np.array_equal(np.loadtxt(f"{d}/{r}/part.0.txt").reshape(8, 32), np.load(f"{d}/want_part.npy"))
sys.exit(0 if ok else 1)
PY
    done
  done
done
echo "$checks checks, $failures failed"
[[ $failures -eq 0 ]]

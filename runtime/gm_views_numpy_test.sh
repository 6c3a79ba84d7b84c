#!/bin/bash
# GM views (codegen/tensor_origin.h) in the emitted C++: runtime/testdata/
# gm_views.py and gm_views_loop.py compiled for both backends, run by
# ptoc-run-cpp from seeded inputs, their outputs equal to NumPy's (exact:
# sums of quarter-integers, copied rows).
# usage: gm_views_numpy_test.sh PTOC PTOC_SIM PTOC_RUN_CPP PTO_INST_HPP
set -uo pipefail
source runtime/device/test_lib.bash gm_views "$@"
py=/usr/bin/python3  # Debian's, with python3-numpy (tools/setup.sh)
if ! "$py" -c "import numpy" 2>/dev/null; then
  echo "SKIPPED: python3-numpy is not installed (tools/setup.sh)"
  [[ "${CI:-}" == "true" ]] && exit 1
  exit 0
fi
kernel=runtime/testdata/gm_views.py
for backend in a2a3 a5; do
  d="$out/$backend"
  mkdir -p "$d/in" "$d/out"
  "$py" - "$d" <<'PY'
import sys, numpy as np
d = sys.argv[1]
rng = np.random.default_rng(29)
src = rng.integers(-64, 64, (2, 4, 64)) / 4
data = rng.integers(-64, 64, (16, 128)) / 4
out = rng.integers(-64, 64, (16, 128)) / 4
for name, x in (("src", src), ("data", data), ("out", out)):
    np.savetxt(f"{d}/in/{name}.0.txt", x.reshape(1, -1), fmt="%.9g")
r = 3
want = out.copy()
want[8:16, 0:64] = src.reshape(8, 64) + data[r:r + 8, 64:128]
want[8, 0] = data[r + 1, 64 + 2]
np.savetxt(f"{d}/want.txt", want.reshape(1, -1), fmt="%.9g")
PY
  checks=$((checks + 1))
  "$ptoc" "$kernel" --passes= --backend="$backend" --emit=pb -o "$d/k.pb" &&
    "$ptoc" "$kernel" --passes= --backend="$backend" --emit=cce -o "$out/k_$backend.cpp" &&
    compile "k_$backend" || { fail "$backend: compile"; continue; }
  if ! "$run_cpp" "$d/k.pb" --backend="$backend" --cpp="$out/k_$backend.cpp" \
      --vec="$out/k_$backend.vec.so" --cube="$out/k_$backend.cube.so" --entry=k --ranks=1 \
      --scalar r=3 --inputs="$d/in" --dump-outputs="$d/out" >"$d/run.txt" 2>&1; then
    fail "$backend: ptoc-run-cpp: $(tail -3 "$d/run.txt")"
    continue
  fi
  "$py" - "$d" <<'PY' || fail "$backend: output differs from NumPy's"
import sys, numpy as np
d = sys.argv[1]
got = np.loadtxt(f"{d}/out/out.0.txt").ravel()
want = np.loadtxt(f"{d}/want.txt").ravel()
sys.exit(0 if np.array_equal(got, want) else 1)
PY
  # Windows made in a loop at run-time offsets: the rows of `data` mirrored.
  d="$out/$backend.loop"
  mkdir -p "$d/in" "$d/out"
  "$py" -c "import numpy as np; np.savetxt('$d/in/data.0.txt', np.arange(512).reshape(1, -1), fmt='%d')"
  checks=$((checks + 1))
  loop=runtime/testdata/gm_views_loop.py
  "$ptoc" "$loop" --backend="$backend" --emit=pb -o "$d/k.pb" &&
    "$ptoc" "$loop" --backend="$backend" --emit=cce -o "$out/loop_$backend.cpp" &&
    compile "loop_$backend" || { fail "$backend loop: compile"; continue; }
  if ! "$run_cpp" "$d/k.pb" --backend="$backend" --cpp="$out/loop_$backend.cpp" \
      --vec="$out/loop_$backend.vec.so" --cube="$out/loop_$backend.cube.so" --entry=k --ranks=1 \
      --inputs="$d/in" --dump-outputs="$d/out" >"$d/run.txt" 2>&1; then
    fail "$backend loop: ptoc-run-cpp: $(tail -3 "$d/run.txt")"
    continue
  fi
  "$py" -c "
import sys, numpy as np
got = np.loadtxt('$d/out/out.0.txt').reshape(8, 64)
sys.exit(0 if np.array_equal(got, np.arange(512).reshape(8, 64)[::-1]) else 1)" ||
    fail "$backend loop: output differs from NumPy's"
done
echo "$checks checks, $failures failed"
[[ $failures -eq 0 ]]

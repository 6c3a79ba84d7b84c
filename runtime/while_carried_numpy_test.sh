#!/bin/bash
# A loop-carried while (runtime/testdata/while_carried.py) on ptoc-sim and,
# compiled for both backends, on ptoc-run-cpp: from seeded inputs, with
# n = 5 (three iterations) and n = 0 (none), both outputs equal to NumPy's
# (exact: doublings of quarter-integers).
# usage: while_carried_numpy_test.sh PTOC PTOC_SIM PTOC_RUN_CPP PTO_INST_HPP
set -uo pipefail
source runtime/device/test_lib.bash while_carried "$@"
py=/usr/bin/python3  # Debian's, with python3-numpy (tools/setup.sh)
if ! "$py" -c "import numpy" 2>/dev/null; then
  echo "SKIPPED: python3-numpy is not installed (tools/setup.sh)"
  [[ "${CI:-}" == "true" ]] && exit 1
  exit 0
fi
kernel=runtime/testdata/while_carried.py
for backend in a2a3 a5; do
  "$ptoc" "$kernel" --backend="$backend" --emit=pb -o "$out/k_$backend.pb" &&
    "$ptoc" "$kernel" --backend="$backend" --emit=cce -o "$out/k_$backend.cpp" &&
    compile "k_$backend" || { fail "$backend: compile"; continue; }
  for n in 5 0; do
    d="$out/$backend.$n"
    mkdir -p "$d/in"
    "$py" - "$d" "$n" <<'PY'
import sys, numpy as np
d, n = sys.argv[1], int(sys.argv[2])
x = np.random.default_rng(30).integers(-64, 64, (16, 64)) / 4
np.savetxt(f"{d}/in/x.0.txt", x.reshape(1, -1), fmt="%.9g")
steps = len(range(0, n, 2))
np.savetxt(f"{d}/want_out.txt", (x * 2.0 ** steps).reshape(1, -1), fmt="%.9g")
np.savetxt(f"{d}/want_cnt.txt", np.array([[steps]]), fmt="%d")
PY
    for runner in sim cpp; do
      checks=$((checks + 1))
      mkdir -p "$d/$runner"
      if [[ $runner == sim ]]; then
        "$sim" "$out/k_$backend.pb" --backend="$backend" --entry=k --ranks=1 --scalar n="$n" \
          --inputs="$d/in" --dump-outputs="$d/$runner" >"$d/$runner.txt" 2>&1
      else
        "$run_cpp" "$out/k_$backend.pb" --backend="$backend" --cpp="$out/k_$backend.cpp" \
          --vec="$out/k_$backend.vec.so" --cube="$out/k_$backend.cube.so" --entry=k --ranks=1 \
          --scalar n="$n" --inputs="$d/in" --dump-outputs="$d/$runner" >"$d/$runner.txt" 2>&1
      fi || { fail "$backend n=$n $runner: $(tail -3 "$d/$runner.txt")"; continue; }
      "$py" - "$d" "$runner" <<'PY' || fail "$backend n=$n $runner: output differs from NumPy's"
import sys, numpy as np
d, r = sys.argv[1:]
ok = np.array_equal(np.loadtxt(f"{d}/{r}/out.0.txt").ravel(),
                    np.loadtxt(f"{d}/want_out.txt").ravel())
ok &= np.array_equal(np.loadtxt(f"{d}/{r}/cnt.0.txt").ravel(),
                     np.loadtxt(f"{d}/want_cnt.txt").ravel())
sys.exit(0 if ok else 1)
PY
    done
  done
done
echo "$checks checks, $failures failed"
[[ $failures -eq 0 ]]

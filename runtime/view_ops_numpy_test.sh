#!/bin/bash
# The view ops (tile.slice, tile.reshape; a band of a Mat tile's rows, which
# canonicalize-tile-slice copies by a TEXTRACT: cube_rows), tile.batch_matmul
# with broadcast batch dims (lower-batch-matmul's pages: batch_matmul.py),
# tile.matmul_acc's init_cond (matmul_init_cond.py),
# tile.extract, tile.assemble,
# tile.mgather, the compare / select ops, tile.transpose, tile.sin /
# tile.cos, the tile.fillpad ops, the per-row expansions, the arg
# reductions, tile.addc ..., tile.matmul_bias and tile.gemv ..., tile.gatherb
# and tile.set_validshape on ptoc-sim against NumPy (and
# tile.reinterpret_view: reinterpret.py; the async prefetch: prefetch.py;
# high_precision=True: high_precision.py; pl.Array and a scalar pl.cast:
# array.py; tile.tri: tri.py; tile.concat: concat.py; tile.col_sum with a
# scratch tile: col_sum_tmp.py; tile.gather_mask: gather_mask.py):
# runtime/testdata/slices.py, mgather.py, compare_select.py, transpose.py,
# trig.py, fillpad.py, row_expand.py, arg_reduce.py, ternary.py,
# matmul_bias.py, gemv.py, gatherb.py and set_validshape.py (each
# kernel, both backends; trig.py, cube_rows and batch_matmul.py through
# ptoc's default pipeline first, whose passes rewrite them) from seeded
# inputs, every
# output
# compared with NumPy's result for the same inputs (exact for the copies,
# selections and sums of quarter-integers, 1e-6 relative for the cube's FP16
# products, 5e-7 absolute for sin and cos).
# usage: view_ops_numpy_test.sh PTOC_SIM PTOC
set -uo pipefail
sim="$1"
ptoc="$2"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
py=/usr/bin/python3  # Debian's, with python3-numpy (tools/setup.sh)
if ! "$py" -c "import numpy" 2>/dev/null; then
  echo "SKIPPED: python3-numpy is not installed (tools/setup.sh)"
  [[ "${CI:-}" == "true" ]] && exit 1
  exit 0
fi
failed=0 checked=0

run() {  # NAME KERNEL ENTRY BACKEND SIM-FLAGS...
  local name="$1" kernel="$2" entry="$3" backend="$4"
  shift 4
  local d="$tmp/$name.$backend"
  rm -rf "$d" && mkdir -p "$d/in" "$d/out"
  "$py" - "$d/in" "$name" <<'PY' || { echo "FAILED: $name inputs"; failed=$((failed + 1)); return; }
import sys, numpy as np
d, name = sys.argv[1:]
rng = np.random.default_rng(28)
def save(param, x):
    np.savetxt(f"{d}/{param}.0.txt", x.reshape(1, -1), fmt="%.9g")
if name == "slices_vec":
    save("a", rng.integers(-64, 64, (16, 128)) / 4)
elif name == "slices_cube":
    save("a", rng.integers(-8, 8, (16, 64)) / 2)
    save("b", rng.integers(-8, 8, (32, 16)) / 2)
elif name == "slices_cube_rows":
    save("a", rng.integers(-8, 8, (48, 32)) / 2)
    save("b", rng.integers(-8, 8, (32, 16)) / 2)
elif name == "matmul_init_cond":
    save("a", rng.integers(-8, 8, (16, 64)) / 2)
    save("b", rng.integers(-8, 8, (64, 16)) / 2)
elif name == "batch_matmul":
    save("a", rng.integers(-8, 8, (2, 1, 16, 32)) / 2)
    save("b", rng.integers(-8, 8, (1, 3, 32, 16)) / 2)
elif name == "extract_vec":
    save("a", rng.integers(-64, 64, (16, 128)) / 4)
elif name == "reshape":
    save("a", rng.integers(-64, 64, (4, 128)) / 4)
elif name == "turn":
    save("a", rng.integers(-64, 64, (16, 64)) / 4)
    save("h", rng.integers(-64, 64, (1, 32)) / 4)
elif name == "assemble":
    save("a", rng.integers(-64, 64, (16, 128)) / 4)
    save("b", rng.integers(-64, 64, (4, 128)) / 4)
    save("c", rng.integers(-64, 64, (4, 8, 16)) / 4)
elif name == "mgather":
    save("mem", rng.integers(-64, 64, (64, 32)) / 4)
    save("idx", rng.integers(0, 80, (1, 16)))
    save("table", rng.integers(-64, 64, (256,)) / 4)
    save("eidx", rng.integers(0, 300, (8, 32)))
elif name == "compare_select":
    a = rng.integers(-8, 9, (8, 32)) / 4
    b = np.where(rng.random((8, 32)) < 0.25, a, rng.integers(-8, 9, (8, 32)) / 4)
    save("a", a)
    save("b", b)
    save("c", rng.integers(-8, 9, (16, 16)))
elif name == "fillpad":
    save("a", rng.integers(-64, 64, (16, 128)) / 4)
    save("b", rng.integers(-64, 64, (16, 64)) / 4)
    save("c", rng.integers(-1000, 1000, (8, 16)))
elif name == "transpose":
    save("a", rng.integers(-64, 64, (16, 32)) / 4)
    save("b", rng.integers(-64, 64, (32, 64)) / 4)
elif name == "row_expand":
    save("a", rng.integers(-64, 64, (16, 32)) / 4)
    save("rv", rng.integers(-8, 9, (16, 1)) / 4)
    save("b", rng.integers(-1000, 1000, (8, 64)))
    save("bv", rng.integers(-1000, 1000, (8, 1)))
elif name == "arg_reduce":
    save("a", rng.integers(-8, 8, (16, 32)) / 4)  # ties: the first index wins
    save("b", rng.integers(-50, 50, (8, 64)))
elif name == "reinterpret":
    save("a", rng.integers(-64, 64, (8, 16)) / 4)
    save("b", rng.integers(-2**31, 2**31, (8, 16)))
elif name == "set_validshape":
    save("a", rng.integers(-64, 64, (32, 32)) / 4)
    save("out", rng.integers(-64, 64, (32, 32)) / 4)
elif name == "gatherb":
    save("a", rng.integers(-64, 64, (16, 128)) / 4)
    save("w", rng.integers(-64, 64, (16, 256)) / 4)
    save("off", rng.integers(0, 128, (8, 8)) * 32)  # any of the 128 blocks of a
elif name == "ternary":
    save("a", rng.integers(-64, 64, (16, 32)) / 4)
    save("b", rng.integers(-64, 64, (16, 32)) / 4)
    save("c", rng.integers(-1000, 1000, (8, 64)))
elif name == "gemv":
    save("a", rng.integers(-8, 8, (1, 128)) / 2)
    save("b", rng.integers(-8, 8, (128, 32)) / 2)
    save("bias", rng.integers(-64, 64, (1, 32)) / 4)
elif name == "matmul_bias":
    save("a", rng.integers(-8, 8, (16, 64)) / 2)
    save("b", rng.integers(-8, 8, (64, 32)) / 2)
    save("bias", rng.integers(-64, 64, (1, 32)) / 4)
elif name == "trig":
    save("a", np.concatenate([rng.uniform(-20, 20, 256), np.arange(-64, 64) * np.pi / 4,
                              rng.uniform(-1, 1, 128)]).astype(np.float32))
elif name == "prefetch":
    save("x", rng.integers(-64, 64, (1, 1024)) / 4)
elif name == "gather_mask":
    save("a", rng.integers(-64, 64, (1, 256)) / 4)
    save("b", rng.integers(-64, 64, (8, 32)) / 4)
elif name == "col_sum_tmp":
    save("a", rng.integers(-64, 64, (16, 32)) / 4)
    save("b", rng.integers(-64, 64, (7, 64)) / 4)
elif name == "concat":
    save("a", rng.integers(-64, 64, (8, 16)) / 4)
    save("b", rng.integers(-64, 64, (8, 32)) / 4)
    save("c", rng.integers(-64, 64, (4, 16)) / 4)
elif name == "array":
    save("idx", np.array([[5, 1, 2, 3, 4, 5, 6, 7]]))
    save("x", rng.integers(-64, 64, (24, 16)) / 4)
elif name == "high_precision":
    save("a", rng.integers(-64, 64, (16, 16)) / 4)
    save("b", rng.integers(-64, 64, (16, 16)) / 4)
elif name == "extract_cube":
    save("a", rng.integers(-8, 8, (32, 64)) / 2)
    save("b", rng.integers(-8, 8, (64, 32)) / 2)
PY
  # The kernels a pass of the default pipeline rewrites run as ptoc
  # compiles them: trig (lower-composite-ops), slices_cube_rows
  # (canonicalize-tile-slice) and batch_matmul (lower-batch-matmul);
  # matmul_init_cond, as ptoc compiles it, is the loop code generation sees.
  if [[ " trig slices_cube_rows batch_matmul matmul_init_cond " == *" $name "* ]]; then
    "$ptoc" "$kernel" --backend="$backend" --emit=pb -o "$d/k.pb" ||
      { echo "FAILED: $name $backend: ptoc"; failed=$((failed + 1)); return; }
    kernel="$d/k.pb"
  fi
  if ! "$sim" "$kernel" --entry="$entry" --ranks=1 --backend="$backend" --inputs="$d/in" \
      --dump-outputs="$d/out" "$@" > "$d/sim.log" 2>&1; then
    echo "FAILED: $name $backend: ptoc-sim"; cat "$d/sim.log"; failed=$((failed + 1)); return
  fi
  checked=$((checked + 1))
  if ! "$py" - "$d" "$name" <<'PY'; then echo "FAILED: $name $backend"; failed=$((failed + 1)); fi
import sys, numpy as np
d, name = sys.argv[1:]
def load(param, shape, where="in"):
    return np.loadtxt(f"{d}/{where}/{param}.0.txt", dtype=np.float64).reshape(shape)
want = {}
atol = 0  # 0: 1e-6 relative
if name == "slices_vec":
    a, r = load("a", (16, 128)), 6
    want["halves"] = a[:, :64] + a[:, 64:]
    want["col"] = 2 * a[r:r + 8, 8:9]
    want["row"] = a[3:4, :]
    want["inner"] = a[:, 64:][2:6, 8:24]
    want["sums"] = a[:, 64:].sum(axis=1, keepdims=True)
elif name == "slices_cube":
    a, b = load("a", (16, 64)), load("b", (32, 16))
    want["out"] = a[:, 32:64].astype(np.float16).astype(np.float32) @ b.astype(np.float16).astype(np.float32)
elif name == "slices_cube_rows":
    a, b, r = load("a", (48, 32)), load("b", (32, 16)), 16
    want["out"] = a[r:r + 16, :].astype(np.float16).astype(np.float32) @ b.astype(np.float16).astype(np.float32)
elif name == "matmul_init_cond":
    a, b = load("a", (16, 64)), load("b", (64, 16))
    c = a.astype(np.float16).astype(np.float32) @ b.astype(np.float16).astype(np.float32)
    want["out"] = np.concatenate([c, c])  # each j starts over (k == 0)
elif name == "batch_matmul":
    a, b = load("a", (2, 1, 16, 32)), load("b", (1, 3, 32, 16))
    want["out"] = np.matmul(a.astype(np.float16).astype(np.float32), b.astype(np.float16).astype(np.float32))
elif name == "extract_vec":
    a, r = load("a", (16, 128)), 5
    want["out"] = 3 * a[r:r + 4, 56:120]
elif name == "reshape":
    a = load("a", (4, 128))
    want["narrow"] = 3 * a.reshape(64, 8)
    want["rows"] = a.reshape(64, 8).sum(axis=1, keepdims=True)
    want["back"] = 4 * a
elif name == "turn":
    a, h = load("a", (16, 64)), load("h", (1, 32))
    want["flat"] = 2 * a.sum(axis=1).reshape(1, 16)
    want["col"] = 2 * a.sum(axis=1, keepdims=True)
    want["hcol"] = h.reshape(32, 1)
elif name == "assemble":
    a, b, c, r = load("a", (16, 128)), load("b", (4, 128)), load("c", (4, 8, 16)), 10
    want["out"] = a.copy()
    want["out"][r:r + 4, :] = b
    want["kept"] = 2 * a
    want["out3"] = c.copy()
    want["out3"][2] = 1.5
elif name == "mgather":
    mem, idx = load("mem", (64, 32)), load("idx", (16,)).astype(np.int64)
    table, eidx = load("table", (256,)), load("eidx", (8, 32)).astype(np.int64)
    want["rows"] = 2 * mem[idx % 64]
    want["elems"] = np.where(eidx < 256, table[np.minimum(eidx, 255)], 0)
elif name == "compare_select":
    a, b, c = load("a", (8, 32)), load("b", (8, 32)), load("c", (16, 16))
    want["picked"] = np.where(a >= b, a, b)
    want["clipped"] = np.where(a >= 0.5, a, -1.0)
    want["flagged"] = np.where(c != 3, c, 100)
elif name == "fillpad":
    a, b, c = load("a", (16, 128)), load("b", (16, 64)), load("c", (8, 16))
    def padded(x, vr, vc, shape, pad):
        out = np.full(shape, pad, dtype=np.float64)
        out[:vr, :vc] = x[:vr, :vc]
        return out
    want["pa"] = padded(a, 12, 100, (16, 128), -np.inf)
    want["pd"] = 2 * padded(a, 12, 100, (16, 128), 0)
    want["pb"] = padded(b, 10, 48, (32, 64), np.inf)
    want["pc"] = padded(c, 5, 9, (8, 16), 2**31 - 1)
elif name == "transpose":
    want["at"] = load("a", (16, 32)).T
    want["bt"] = load("b", (32, 64)).T
elif name == "row_expand":
    a, r = load("a", (16, 32)), load("rv", (16, 1))
    want["o_add"], want["o_sub"], want["o_mul"] = a + r, a - r, a * r
    want["o_div"], want["o_max"], want["o_min"] = a / (abs(r) + 1), np.maximum(a, r), np.minimum(a, r)
    want["o_exp"] = np.exp(a - r)
    want["o_int"] = load("b", (8, 64)) - load("bv", (8, 1))
elif name == "arg_reduce":
    a, b = load("a", (16, 32)), load("b", (8, 64))
    want["rmax"], want["rmin"] = a.argmax(axis=1)[:, None], a.argmin(axis=1)[:, None]
    want["cmax"], want["cmin"] = a.argmax(axis=0)[None, :], b.argmin(axis=0)[None, :]
    want["filled"] = np.full((16, 32), -2.25)
elif name == "reinterpret":
    a = load("a", (8, 16)).astype(np.float32)
    b = load("b", (8, 16)).astype(np.int32)
    want["o1"] = b.view(np.int16).astype(np.float64).reshape(8, 32)
elif name == "set_validshape":
    a, out = load("a", (32, 32)), load("out", (32, 32))
    want["out"] = out.copy()
    want["out"][:13, :20] = 2 * a[:13, :20]
elif name == "gatherb":
    a, w, off = load("a", (16, 128)), load("w", (16, 256)), load("off", (8, 8)).astype(np.int64)
    def gather(src, dtype, cols):
        raw = src.astype(np.float16).tobytes()
        return np.array([np.concatenate([np.frombuffer(raw[o:o + 32], dtype) for o in row])
                         for row in off]).astype(np.float64).reshape(8, cols)
    want["o1"] = gather(a, np.float16, 128)
    want["o2"] = gather(w[:, 16:144], np.float16, 128)
    want["o3"] = gather(a, np.float32, 64)
elif name == "ternary":
    a, b, c = load("a", (16, 32)), load("b", (16, 32)), load("c", (8, 64))
    want["o1"], want["o2"] = a + b + b, a - 1.5 + b
    want["o3"], want["o4"] = c - c + c, c + 7 + c
elif name == "gemv":
    a, b, bias = load("a", (1, 128)), load("b", (128, 32)), load("bias", (1, 32))
    want["o1"] = a @ b
    want["o2"] = a[:, :64] @ b[:64, :] + bias
elif name == "matmul_bias":
    a, b, bias = load("a", (16, 64)), load("b", (64, 32)), load("bias", (1, 32))
    want["out"] = a @ b + bias
elif name == "trig":
    # PyPTO's FP32 polynomial: within a few ulp of the exact values.
    a = load("a", (8, 64)).astype(np.float32).astype(np.float64)
    atol = 5e-7
    want["s"] = np.sin(a)
    want["c"] = np.cos(a)
elif name == "prefetch":
    want["out"] = 2 * load("x", (1, 1024))[:, 256:384]
elif name == "gather_mask":
    want["o1"], want["o2"] = load("a", (1, 256))[:, 1::2], load("b", (8, 32))[:, 0::4]
elif name == "col_sum_tmp":
    want["o1"] = load("a", (16, 32)).sum(axis=0, keepdims=True)
    want["o2"] = load("b", (7, 64)).sum(axis=0, keepdims=True)
elif name == "concat":
    a, b, c = load("a", (8, 16)), load("b", (8, 32)), load("c", (4, 16))
    want["o1"], want["o2"] = np.concatenate([a, b], axis=1), np.concatenate([c, c], axis=1)
elif name == "tri":
    want["o1"] = np.triu(np.ones((9, 21)), 1)
    want["o2"] = np.tril(np.ones((8, 16)), -2)
    want["o3"] = np.tril(np.ones((8, 8)), 3)
elif name == "array":
    arr = [7 - i for i in range(8)]
    arr[0] = 5  # idx[0, 0] = 5 > 3
    row = arr[5] + arr[0]
    want["out"] = 2 * load("x", (24, 16))[row:row + 8]
elif name == "high_precision":
    b, p = load("b", (16, 16)), load("a", (16, 16)) ** 2 + 1
    want["o1"], want["o2"], want["o3"], want["o4"] = b / p, np.log(p), 1 / p, b / p
elif name == "extract_cube":
    a, b = load("a", (32, 64)), load("b", (64, 32))
    want["out"] = a[16:32, :].astype(np.float32) @ b[:, 16:32].astype(np.float32)
bad = 0
for param, w in want.items():
    got = load(param, w.shape, "out")
    if not np.allclose(got, w, rtol=0 if atol else 1e-6, atol=atol):
        print(f"{name} {param}: ptoc-sim {got.ravel()[:8]} ... NumPy {w.ravel()[:8]} ...")
        bad += 1
sys.exit(1 if bad else 0)
PY
}

for backend in a2a3 a5; do
  run slices_vec runtime/testdata/slices.py vec "$backend" --scalar r=6
  run slices_cube runtime/testdata/slices.py cube "$backend"
  run slices_cube_rows runtime/testdata/slices.py cube_rows "$backend" --scalar r=16
  run extract_vec runtime/testdata/slices.py extract_vec "$backend" --scalar r=5
  run batch_matmul runtime/testdata/batch_matmul.py k "$backend"
  run matmul_init_cond runtime/testdata/matmul_init_cond.py k "$backend"
  run extract_cube runtime/testdata/slices.py extract_cube "$backend"
  run reshape runtime/testdata/slices.py reshape "$backend"
  run turn runtime/testdata/slices.py turn "$backend"
  run assemble runtime/testdata/slices.py assemble "$backend" --scalar r=10
  run mgather runtime/testdata/mgather.py k "$backend"
  run compare_select runtime/testdata/compare_select.py k "$backend"
  run trig runtime/testdata/trig.py k "$backend"
  run transpose runtime/testdata/transpose.py k "$backend"
  run fillpad runtime/testdata/fillpad.py k "$backend"
  run row_expand runtime/testdata/row_expand.py k "$backend"
  run arg_reduce runtime/testdata/arg_reduce.py k "$backend"
  run ternary runtime/testdata/ternary.py k "$backend"
  run matmul_bias runtime/testdata/matmul_bias.py k "$backend"
  run gemv runtime/testdata/gemv.py k "$backend"
  run gatherb runtime/testdata/gatherb.py k "$backend" --scalar col=16
  run reinterpret runtime/testdata/reinterpret.py k "$backend"
  run set_validshape runtime/testdata/set_validshape.py k "$backend" --scalar r=13 --scalar c=20
  run prefetch runtime/testdata/prefetch.py k "$backend"
  run high_precision runtime/testdata/high_precision.py k "$backend"
  run array runtime/testdata/array.py k "$backend"
  run tri runtime/testdata/tri.py k "$backend" --scalar d=3
  run concat runtime/testdata/concat.py k "$backend"
  run col_sum_tmp runtime/testdata/col_sum_tmp.py k "$backend"
  run gather_mask runtime/testdata/gather_mask.py k "$backend"
done
echo "view_ops_numpy_test: $checked runs checked, $failed failed"
[[ $failed -eq 0 && $checked -eq 60 ]]

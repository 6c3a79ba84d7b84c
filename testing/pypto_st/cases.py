"""The ported system tests: each PyPTO st case as ptoc-sim runs it whole.

A case names the program (programs/, cut from the PyPTO test file it cites),
the function the run starts from, the ranks, the --scalar values, the host
tensors the test passes (NumPy) and the golden the test asserts, written
here in NumPy from the test's torch code.
"""
import json
import os
import zlib

import numpy as np

F32 = np.float32


def _ring_rows(size):
    # torch.stack([arange(SIZE), arange(100, 100 + SIZE)]) as [2, 1, SIZE].
    return np.stack([np.arange(size, dtype=F32).reshape(1, size),
                     np.arange(100, 100 + size, dtype=F32).reshape(1, size)])


def _swapped(x):
    return np.stack([x[1], x[0]])


def _mesh_rows(ranks, size):
    return np.stack([np.arange(r * 100, r * 100 + size, dtype=F32).reshape(1, size)
                     for r in range(ranks)])


def _broadcast_rows(ranks, size):
    rows = [np.arange(size, dtype=F32).reshape(1, size)]
    rows += [np.arange(r * 100, r * 100 + size, dtype=F32).reshape(1, size)
             for r in range(1, ranks)]
    return np.stack(rows)


def _two_row_inputs(size):
    # torch.stack of [[arange, full(-1)], [arange(100, ...), full(-2)]].
    return np.stack([np.stack([np.arange(size, dtype=F32), np.full(size, -1, F32)]),
                     np.stack([np.arange(100, 100 + size, dtype=F32),
                               np.full(size, -2, F32)])])


def _case(source, program, ranks, inputs, golden, scalars=None, entry="host_orch",
          per_rank=False, tolerance=0.0):
    # per_rank: the entry is an orchestration function, whose tensors are
    # per rank (files <name>.<rank>.txt); else host tensors (<name>.txt).
    return dict(source=source, program=program, ranks=ranks, inputs=inputs, golden=golden,
                scalars=scalars or {}, entry=entry, per_rank=per_rank, tolerance=tolerance)


def _allreduce(ranks):
    x = _mesh_rows(ranks, 256)
    return _case("tests/st/distributed/collectives/test_l3_allreduce.py::"
                 f"TestL3AllReduce::test_allreduce[{ranks}]",
                 "allreduce_mesh.py", ranks,
                 {"inputs": x, "outputs": np.zeros((ranks, 1, 256), F32)},
                 {"outputs": np.stack([x.sum(axis=0)] * ranks)}, {"NR": ranks})


def _allreduce_ring(ranks):
    x = _mesh_rows(ranks, 256)
    return _case("tests/st/distributed/collectives/test_l3_allreduce_ring.py::"
                 f"TestL3RingAllReduce::test_ring_allreduce[{ranks}]",
                 f"allreduce_ring_{ranks}.py", ranks,
                 {"inputs": x, "outputs": np.zeros((ranks, 1, 256), F32)},
                 {"outputs": np.stack([x.sum(axis=0)] * ranks)})


def _broadcast(ranks):
    x = _broadcast_rows(ranks, 64)
    return _case("tests/st/distributed/collectives/test_l3_broadcast.py::"
                 f"TestL3Broadcast::test_broadcast[{ranks}]",
                 "broadcast_mesh.py", ranks,
                 {"inputs": x, "outputs": np.zeros((ranks, 1, 64), F32)},
                 {"outputs": np.stack([x[0]] * ranks)}, {"NR": ranks})


def _ring(source, program, size, scale=1):
    x = _ring_rows(size)
    return _case(source, program, 2,
                 {"inputs": x, "outputs": np.zeros((2, 1, size), F32)},
                 {"outputs": _swapped(x) * scale})


def _row(source, program):
    x = _two_row_inputs(64)
    return _case(source, program, 2,
                 {"inputs": x, "outputs": np.zeros((2, 1, 64), F32)},
                 {"outputs": np.stack([x[1, 0].reshape(1, 64), x[0, 0].reshape(1, 64)])})


def _subview():
    low = np.stack([np.arange(32, dtype=F32).reshape(1, 32),
                    np.arange(100, 132, dtype=F32).reshape(1, 32)])
    high = np.stack([np.arange(32, 64, dtype=F32).reshape(1, 32),
                     np.arange(132, 164, dtype=F32).reshape(1, 32)])
    want = np.stack([np.concatenate([low[1], high[1]], axis=1),
                     np.concatenate([low[0], high[0]], axis=1)])
    return _case("tests/st/distributed/test_l3_remote_store.py::"
                 "TestL3RemoteStore::test_subview_halves",
                 "remote_store_subview.py", 2,
                 {"inputs_low": low, "inputs_high": high,
                  "outputs": np.zeros((2, 1, 64), F32)},
                 {"outputs": want})


def _intrinsic(name, test, ranks, inputs, golden):
    """The pld.tensor.<collective> intrinsic tests: one program per rank count."""
    return _case(f"tests/st/distributed/collectives/test_l3_tensor_{name}_intrinsic.py::"
                 f"{test}[{ranks}]", f"tensor_{name}_intrinsic_{ranks}.py", ranks,
                 {"inputs": inputs, "outputs": np.zeros_like(golden)}, {"outputs": golden})


def _intrinsics(ranks):
    rows = _mesh_rows(ranks, 64)
    wide = np.stack([np.arange(r * 100, r * 100 + ranks * 64, dtype=F32).reshape(1, ranks * 64)
                     for r in range(ranks)])
    r = np.arange(ranks, dtype=F32).reshape(-1, 1, 1)
    d = np.arange(ranks, dtype=F32).reshape(1, -1, 1)
    j = np.arange(64, dtype=F32).reshape(1, 1, -1)
    return {
        f"tensor_allgather_intrinsic_{ranks}": _intrinsic(
            "allgather", "TestL3TensorAllGatherIntrinsic::test_allgather_intrinsic", ranks, rows,
            np.stack([rows.reshape(1, -1)] * ranks)),
        f"tensor_broadcast_intrinsic_{ranks}": _intrinsic(
            "broadcast", "TestL3TensorBroadcastIntrinsic::test_broadcast_intrinsic", ranks, rows,
            np.stack([rows[0]] * ranks)),
        f"tensor_reduce_scatter_intrinsic_{ranks}": _intrinsic(
            "reduce_scatter", "TestL3TensorReduceScatterIntrinsic::test_reduce_scatter_intrinsic",
            ranks, wide, wide.sum(axis=0).reshape(ranks, 1, 64)),
        f"tensor_all_to_all_intrinsic_{ranks}": _intrinsic(
            "all_to_all", "TestL3TensorAllToAllIntrinsic::test_all_to_all_intrinsic", ranks,
            (r * 1000 + d * 100 + j).astype(F32),
            (np.transpose(r * 1000 + d * 100 + j, (1, 0, 2))).astype(F32)),
        f"tensor_barrier_intrinsic_{ranks}": _intrinsic(
            "barrier", "TestL3TensorBarrierIntrinsic::test_barrier_intrinsic", ranks, rows,
            np.stack([rows[(k + 1) % ranks] for k in range(ranks)])),
    }


def _window_raw():
    srcs = np.arange(2 * 2 * 64, dtype=F32).reshape(2, 2, 64)
    want = np.zeros_like(srcs)
    for q in range(2):
        w = (q + 1) % 2  # the row the peer pushed into; the others stay zero
        want[q][w] = srcs[w][w]
    return _case("tests/st/distributed/test_l3_remote_store_window_raw.py::"
                 "test_remote_store_window_raw_device", "remote_store_window_raw.py", 2,
                 {"srcs": srcs, "outs": np.zeros_like(srcs)}, {"outs": want})


def _gemm():
    rng = np.random.default_rng(42)
    a = rng.standard_normal((2, 64, 64)).astype(F32)
    b = rng.standard_normal((64, 64)).astype(F32)
    return _case("tests/st/distributed/test_l3_gemm.py::TestL3Gemm::test_gemm_two_rank_sharded_a",
                 "gemm_sharded.py", 2, {"a": a, "b": b, "c": np.zeros((2, 64, 64), F32)},
                 {"c": np.stack([a[r].astype(np.float64) @ b for r in range(2)])},
                 tolerance=1e-3)


def _rank_slice():
    x = np.random.default_rng(7).standard_normal((2, 16, 32)).astype(F32)
    return _case("tests/st/distributed/test_l3_rank_slice_dispatch.py::"
                 "TestL3RankSliceDispatch::test_rank_slice_no_dummy", "rank_slice_dispatch.py", 2,
                 {"x": x, "y": np.zeros_like(x)}, {"y": x + 1})


CASES = {
    "notify_wait": _case(
        "tests/st/distributed/test_l3_notify_wait.py::TestL3NotifyWait::test_signal_exchange",
        "notify_wait.py", 2, {"outputs": np.zeros((2, 1, 1), np.int32)},
        {"outputs": np.array([[[2]], [[1]]], np.int32)}),
    "allreduce_mesh_2": _allreduce(2),
    "allreduce_mesh_4": _allreduce(4),
    "allreduce_ring_2": _allreduce_ring(2),
    "allreduce_ring_4": _allreduce_ring(4),
    "broadcast_mesh_2": _broadcast(2),
    "broadcast_mesh_4": _broadcast(4),
    "put_ring": _ring("tests/st/distributed/test_l3_put.py::TestL3Put::test_ring_shuffle",
                      "put_ring.py", 64),
    "put_row": _row("tests/st/distributed/test_l3_put.py::TestL3PutSubregion::test_row_put",
                    "put_row.py"),
    "get_ring": _ring("tests/st/distributed/test_l3_get.py::TestL3Get::test_ring_shuffle",
                      "get_ring.py", 64),
    "get_row": _row("tests/st/distributed/test_l3_get.py::TestL3GetSubregion::test_row_get",
                    "get_row.py"),
    "remote_store_ring": _ring(
        "tests/st/distributed/test_l3_remote_store.py::TestL3RemoteStore::test_ring_shuffle",
        "remote_store_ring.py", 64),
    "remote_store_subview": _subview(),
    "self_notify_credit_reset": _case(
        "tests/st/distributed/test_l3_self_notify_credit_reset.py::"
        "TestL3SelfNotifyCreditReset::test_self_notify_credit_reset",
        "self_notify_credit_reset.py", 2, {"outputs": np.zeros((2, 1, 1), np.int32)},
        {"outputs": np.zeros((2, 1, 1), np.int32)}),
    "remote_store_window_raw": _window_raw(),
    "gemm_sharded": _gemm(),
    "rank_slice_dispatch": _rank_slice(),
    **_intrinsics(2),
    **_intrinsics(4),
    "remote_store_tensor": _ring(
        "tests/st/distributed/test_l3_remote_store.py::"
        "TestL3RemoteStore::test_tensor_level_push_of_computed_value",
        "remote_store_tensor.py", 64, scale=2),
}


# PyPTO's single-device runtime tests (tests/st/runtime, PTOTestCase): each
# runs its orchestration function on one rank. runtime_cases.json lists, per
# test, its tensors (name, shape, dtype, how the test fills it) and which of
# the golden forms below its compute_expected is.
NP_DTYPES = {"FP32": np.float32, "FP16": np.float16, "BF16": np.float32, "INT32": np.int32,
             "INT16": np.int16, "INT8": np.int8, "UINT8": np.uint8, "INT64": np.int64}


def _fill(spec, rng):
    shape, dtype = spec["shape"], NP_DTYPES[spec["dtype"]]
    init = spec["init"]
    if init == "randn" or (init == "" and not spec["output"]):
        x = rng.standard_normal(shape)
    elif init == "rand":
        x = rng.random(shape)
    elif init == "near_one":  # the test's values in [0.8, 1.2): well-conditioned products
        x = rng.random(shape) * 0.4 + 0.8
    elif init == "positive":  # the test's values in [0.5, 1.5): rsqrt's domain
        x = rng.random(shape) + 0.5
    elif init == "ones":
        x = np.ones(shape)
    elif init in ("", "zeros"):
        x = np.zeros(shape)
    else:
        x = np.full(shape, float(init))
    return x.astype(dtype)


def _golden(g, t):
    kind, op = g["kind"], g["op"]
    if kind == "reduce":
        x = t[g["src"]].astype(np.float64)
        fn = {"sum": np.sum, "max": np.max, "min": np.min, "prod": np.prod}[op]
        return {g["out"]: fn(x, axis=g["axis"], keepdims=True)}
    if kind == "binary":
        a, b = t[g["lhs"]].astype(np.float64), t[g["rhs"]].astype(np.float64)
        fn = {"add": np.add, "minimum": np.minimum, "maximum": np.maximum, "fmod": np.fmod}[op]
        return {g["out"]: fn(a, b)}
    x = t[g["src"]].astype(np.float64)
    fn = {"abs": np.abs, "rsqrt": lambda v: 1 / np.sqrt(v), "transpose": np.transpose}[op]
    return {g["out"]: fn(x)}


def _runtime_case(c):
    rng = np.random.default_rng(zlib.crc32(c["name"].encode()))
    tensors = {spec["param"]: _fill(spec, rng) for spec in c["tensors"]}
    by_name = {spec["name"]: tensors[spec["param"]] for spec in c["tensors"]}
    want = {}
    for name, value in _golden(c["golden"], by_name).items():
        param = next(s["param"] for s in c["tensors"] if s["name"] == name)
        want[param] = value
    half = any(s["dtype"] in ("FP16", "BF16") for s in c["tensors"])
    return _case(c["source"], c["program"], 1, tensors, want, entry=c["entry"], per_rank=True,
                 tolerance=1e-2 if half else 1e-4)


with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "runtime_cases.json")) as f:
    for _c in json.load(f):
        CASES["rt_" + _c["name"]] = _runtime_case(_c)

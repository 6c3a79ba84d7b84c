"""The ported system tests: each PyPTO st case as ptoc-sim runs it whole.

A case names the program (programs/, cut from the PyPTO test file it cites),
the function the run starts from, the ranks, the --scalar values, the host
tensors the test passes (NumPy) and the golden the test asserts, written
here in NumPy from the test's torch code.
"""
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


def _case(source, program, ranks, inputs, golden, scalars=None, entry="host_orch"):
    return dict(source=source, program=program, ranks=ranks, inputs=inputs, golden=golden,
                scalars=scalars or {}, entry=entry)


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
    "remote_store_tensor": _ring(
        "tests/st/distributed/test_l3_remote_store.py::"
        "TestL3RemoteStore::test_tensor_level_push_of_computed_value",
        "remote_store_tensor.py", 64, scale=2),
}

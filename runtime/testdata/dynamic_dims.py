# Tensor parameters sized by pl.dynamic names that are no parameter of the
# kernel: each kernel takes them after its own parameters (an index each,
# the lanes of a Group the same list; codegen/kernel_abi.h), and ptoc-sim
# and ptoc-run-cpp take their values from --scalar NAME=VALUE.
# run_emitted_cpp_test runs both kernels with M=32 (the second row block is
# read through the dynamic row stride).
import pypto.language as pl

M = pl.dynamic("M")
N = pl.dynamic("N")


@pl.program
class DynamicDims:
    @pl.function(type=pl.FunctionType.AIV)
    def add_rows(self, a: pl.Tensor[[M, N], pl.FP32], b: pl.Tensor[[M, N], pl.FP32],
                 out: pl.Out[pl.Tensor[[M, N], pl.FP32]]):
        x = pl.tile.load(a, [16, 0], [16, 16], target_memory=pl.Mem.Vec)
        y = pl.tile.load(b, [16, 0], [16, 16], target_memory=pl.Mem.Vec)
        pl.tile.store(pl.tile.add(x, y), [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def mm_relu(self, a: pl.Tensor[[M, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
                out: pl.Out[pl.Tensor[[M, 16], pl.FP32]]):
        am = pl.tile.load(a, [16, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        c = pl.tile.matmul(pl.tile.move(am, target_memory=pl.Mem.Left),
                           pl.tile.move(bm, target_memory=pl.Mem.Right))
        cv = pl.tile.move(c, target_memory=pl.Mem.Vec)
        r = pl.tile.relu(cv)
        pl.tile.store(r, [16, 0], out)

    # pl.min / pl.max of scalars (arith.minsi / maxsi; a conditional in
    # C++): the row is clamped to [0, 16]; run with r=40 it is 16.
    @pl.function(type=pl.FunctionType.AIV)
    def clamp_rows(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
                   r: pl.Scalar[pl.INDEX]):
        row = pl.max(pl.min(r, 16), 0)
        x = pl.tile.load(a, [row, 0], [16, 16], target_memory=pl.Mem.Vec)
        pl.tile.store(x, [0, 0], out)

# Acceptance case 17 (C12): both lanes store the same rows of a tensor; AIV0 and
# AIV1 are not ordered, so the overlap is an error naming the tensor.
# RUN: not ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        b: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            xv: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [lane * 16, 0], [16, 16])
            pl.tile.store(xv, [0, 0], scratch)

# CHECK: split_cross_lane_store_error.py:20:13: error: in kernel 'k': both AIV lanes may access the same part of 'scratch'

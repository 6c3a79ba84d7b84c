# Acceptance case 16 (C11): a notify in a split_aiv kernel that does not depend on
# the lane would run on both AIV lanes.
# RUN: not ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[32, 16], pl.FP32],
        signal: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            xv: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [lane * 16, 0], [16, 16])
            pl.tile.store(xv, [lane * 16, 0], out)
            pld.system.notify(signal, 1, [0, 0], 1, op=pld.NotifyOp.AtomicAdd)

# CHECK: split_notify_on_both_lanes_error.py:20:13: error: in kernel 'k': 'pld.system.notify' would run on both AIV lanes

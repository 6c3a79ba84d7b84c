# C4: a shard needs an Acc operand, a gather a Vec operand.
# RUN: not ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[32, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        xm: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Mat] = pl.tile.load(x, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(xm)
            pl.tile.store(h, [lane * 16, 0], out)
            g = pl.aic_gather(xm)

# CHECK: split_shard_operand_not_acc_error.py:17:13: error: in kernel 'k': 'tile.aiv_shard' needs an Acc operand
# CHECK: split_shard_operand_not_acc_error.py:19:13: error: in kernel 'k': 'tile.aic_gather' needs a Vec operand

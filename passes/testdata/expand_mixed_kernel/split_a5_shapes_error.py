# C10 on a5: a LEFT_RIGHT shard needs a column count that is a multiple of 32;
# an UP_DOWN gather needs halves of 16 rows.
# RUN: not ptoc %s --passes=expand-mixed-kernel --backend=a5 --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 16], pl.FP16],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Acc)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            h = pl.aiv_shard(c)
            pl.tile.store(h, [0, lane * 8], out)
        for lane2 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            xv: pl.Tile[[8, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [lane2 * 8, 0], [8, 16])
            g = pl.aic_gather(xv)

# CHECK: split_a5_shapes_error.py:18:13: error: in kernel 'k': on a5 a LEFT_RIGHT shard needs a column count that is a multiple of 32
# CHECK: split_a5_shapes_error.py:22:13: error: in kernel 'k': on a5 an UP_DOWN gather needs each half's row count to be a multiple of 16

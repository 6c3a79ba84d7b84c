# A while loop with loop-carried values in a mixed kernel is a located error
# (lane placement carries values through for loops and ifs only); in a
# kernel of one lane it compiles (codegen/testdata/while_carried.py).
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class MixedWhile:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16], n: pl.Scalar[pl.INDEX],
          out: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]):
        acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(out, [0, 0], [16, 16])
        i: pl.Scalar[pl.INDEX] = 0
        while i < n:
            am: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
            bm: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
            c = pl.tile.matmul(pl.tile.move(am, target_memory=pl.Mem.Left), pl.tile.move(bm, target_memory=pl.Mem.Right))
            cv = pl.tile.move(c, target_memory=pl.Mem.Vec)
            acc = pl.tile.add(acc, cv)
            i = i + 1
        pl.tile.store(acc, [0, 0], out)

# CHECK: while_carried_mixed_error.py:15:9: error: in kernel 'k': a while loop with loop-carried values cannot be split between the AIC and AIV lanes of a mixed kernel yet

# tile.matmul_bias takes its bias in Bias (the registry's memory rule for
# the op): a bias loaded into Mat gets a tile.move to Bias before the
# matmul, like the Mat operands' moves to Left / Right (PyPTO's
# InferTileMemorySpace does the same; issue 30, item 3).
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text | FileCheck %s
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text > %t.py
# RUN: ptoc %t.py --passes= --emit=text > %t.again.py
# RUN: diff %t.py %t.again.py
# CHECK: lm_Left: pl.Tile{{\[\[}}16, 32], pl.BF16, pl.Mem.Left] = pl.tile.move(lm, target_memory=pl.Mem.Left)
# CHECK-NEXT: rm_Right: pl.Tile{{\[\[}}32, 64], pl.BF16, pl.Mem.Right] = pl.tile.move(rm, target_memory=pl.Mem.Right)
# CHECK-NEXT: bm_Bias: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Bias] = pl.tile.move(bm, target_memory=pl.Mem.Bias)
# CHECK-NEXT: c: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_bias(lm_Left, rm_Right, bm_Bias)
# CHECK-NOT: pl.tile.move
import pypto.language as pl


@pl.program
class BiasMove:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 32], pl.BF16], b: pl.Tensor[[32, 64], pl.BF16],
          bias: pl.Tensor[[1, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        lm: pl.Tile[[16, 32], pl.BF16, pl.Mem.Mat] = pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        rm: pl.Tile[[32, 64], pl.BF16, pl.Mem.Mat] = pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[1, 64], pl.FP32, pl.Mem.Mat] = pl.load(bias, [0, 0], [1, 64], target_memory=pl.Mem.Mat)
        c: pl.Tile[[16, 64], pl.FP32] = pl.tile.matmul_bias(lm, rm, bm)
        return pl.store(c, [0, 0], out)

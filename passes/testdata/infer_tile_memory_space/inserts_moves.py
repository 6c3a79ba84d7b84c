# A tile in a space its consumer does not take gets a tile.move to the
# consumer's space right before the consumer, as PyPTO's
# InferTileMemorySpace inserts it (named <tile>_<Space>): Mat operands of
# the cube move into Left / Right. A later consumer in the same sequence
# (or a sequence inside it) reuses the move; a sibling branch makes its own.
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text | FileCheck %s
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text > %t.py
# RUN: ptoc %t.py --passes= --emit=text > %t.again.py
# RUN: diff %t.py %t.again.py
# RUN: ptoc %s -o /dev/null
# CHECK: lm_Left: pl.Tile{{\[\[}}16, 16], pl.BF16, pl.Mem.Left] = pl.tile.move(lm, target_memory=pl.Mem.Left)
# CHECK-NEXT: rm_Right: pl.Tile{{\[\[}}16, 16], pl.BF16, pl.Mem.Right] = pl.tile.move(rm, target_memory=pl.Mem.Right)
# CHECK-NEXT: c: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(lm_Left, rm_Right)
# CHECK-NEXT: if flag
# CHECK-NEXT: d: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(c, lm_Left, rm_Right)
# CHECK: else:
# CHECK-NEXT: lm_Right: pl.Tile{{\[\[}}16, 16], pl.BF16, pl.Mem.Right] = pl.tile.move(lm, target_memory=pl.Mem.Right)
# CHECK-NEXT: d_2: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(c, lm_Left, lm_Right)
# CHECK-NOT: pl.tile.move
import pypto.language as pl


@pl.program
class Moves:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[16, 16], pl.FP32]:
        lm: pl.Tile[[16, 16], pl.BF16, pl.Mem.Mat] = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        rm: pl.Tile[[16, 16], pl.BF16, pl.Mem.Mat] = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        c: pl.Tile[[16, 16], pl.FP32] = pl.tile.matmul(lm, rm)
        if flag:
            d: pl.Tile[[16, 16], pl.FP32] = pl.tile.matmul_acc(c, lm, rm)
        else:
            d: pl.Tile[[16, 16], pl.FP32] = pl.tile.matmul_acc(c, lm, lm)
        return pl.store(d, [0, 0], out)

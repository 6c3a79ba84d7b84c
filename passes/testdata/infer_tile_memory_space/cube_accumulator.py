# Matmul operands and an accumulator written without memory spaces: the
# moves' target_memory gives Left and Right, tile.matmul_acc's result is in
# Acc, and the loop carries Acc back to its iteration argument and to the
# initial tile (PyPTO's back-propagation: the accumulator starts in the
# space the loop writes it in).
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text | FileCheck %s
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text > %t.py
# RUN: ptoc %t.py --passes= --emit=text > %t.again.py
# RUN: diff %t.py %t.again.py
# CHECK: l: pl.Tile{{\[\[}}16, 16], pl.BF16, pl.Mem.Left] = pl.tile.move(am, target_memory=pl.Mem.Left)
# CHECK-NEXT: r: pl.Tile{{\[\[}}16, 16], pl.BF16, pl.Mem.Right] = pl.tile.move(bm, target_memory=pl.Mem.Right)
# CHECK-NEXT: acc0: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.full(
# CHECK-NEXT: for i, (acc,) in
# CHECK-NEXT: nxt: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(acc, l, r)
import pypto.language as pl


@pl.program
class CubeAccumulator:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        am: pl.Tile[[16, 16], pl.BF16] = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[16, 16], pl.BF16] = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        l: pl.Tile[[16, 16], pl.BF16] = pl.move(am, target_memory=pl.Mem.Left)
        r: pl.Tile[[16, 16], pl.BF16] = pl.move(bm, target_memory=pl.Mem.Right)
        acc0: pl.Tile[[16, 16], pl.FP32] = pl.tile.full([16, 16], pl.FP32, 0.0)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            nxt: pl.Tile[[16, 16], pl.FP32] = pl.tile.matmul_acc(acc, l, r)
            res = pl.yield_(nxt)
        return pl.store(res, [0, 0], out)

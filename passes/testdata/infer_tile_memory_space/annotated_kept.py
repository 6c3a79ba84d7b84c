# A tile that has a memory space keeps it: an annotated Mat tile.full stays
# in Mat, a load into Mat stays in Mat; a program with no tile lacking a
# memory space is unchanged.
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text | FileCheck %s
# RUN: ptoc %s --passes= --emit=text > %t.before.py
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text > %t.after.py
# RUN: diff %t.before.py %t.after.py
# CHECK: f: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.full(
# CHECK-NEXT: m: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(
import pypto.language as pl


@pl.program
class Annotated:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        f: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.full([16, 16], pl.FP32, 0.0)
        m: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        v: pl.Tile[[16, 16], pl.FP32] = pl.move(m, target_memory=pl.Mem.Vec)
        pl.store(v, [0, 0], out)

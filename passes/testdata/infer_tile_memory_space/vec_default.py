# A tile written without a memory space gets the one PyPTO's
# InferTileMemorySpace gives it: tile.full's result is in Vec (a fixed
# result space in the op registry), an element-wise op's too. The pass
# binary does the same on a .pb, and the result prints back unchanged.
# RUN: ptoc %s --passes= --emit=text | FileCheck %s --check-prefix=BEFORE
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text | FileCheck %s
# RUN: ptoc %s --passes= --emit=pb -o %t.pb
# RUN: infer-tile-memory-space %t.pb -o %t.out.pb
# RUN: ptoc %t.out.pb --passes= --emit=text | FileCheck %s
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text > %t.py
# RUN: ptoc %t.py --passes= --emit=text > %t.again.py
# RUN: diff %t.py %t.again.py
# BEFORE: z: pl.Tile{{\[\[}}16, 16], pl.FP32] = pl.tile.full(
# CHECK: t: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(
# CHECK-NEXT: z: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full(
# CHECK-NEXT: m: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.maximum(t, z)
# CHECK-NEXT: s: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(z, z)
import pypto.language as pl


@pl.program
class VecDefault:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])
        z: pl.Tile[[16, 16], pl.FP32] = pl.tile.full([16, 16], pl.FP32, 0.0)
        m: pl.Tile[[16, 16], pl.FP32] = pl.tile.maximum(t, z)
        s: pl.Tile[[16, 16], pl.FP32] = pl.tile.add(z, z)
        return pl.store(pl.add(m, s), [0, 0], out)

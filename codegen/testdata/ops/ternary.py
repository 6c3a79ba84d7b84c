# tile.addc / subc (a, b, c) and tile.addsc / subsc (a, scalar, c): a + b + c,
# a - b + c, a + s + c, a - s + c. PTO-AS is PyPTO's one instruction
# (pto.taddc ins(%a, %b, %c)); ptoas computes it in two, and so does ptoc's
# C++: TADD / TSUB / TADDS / TSUBS into the result, then TADD of the carry.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class Ternary:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        y: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [16, 64])
        z1: pl.Tile[[16, 64], pl.FP32] = pl.tile.addc(x, y, x)
        z2: pl.Tile[[16, 64], pl.FP32] = pl.tile.subc(z1, y, x)
        z3: pl.Tile[[16, 64], pl.FP32] = pl.tile.addsc(z2, 2.0, y)
        z4: pl.Tile[[16, 64], pl.FP32] = pl.tile.subsc(z3, 0.5, x)
        pl.tile.store(z4, [0, 0], out)

# PTO: pto.taddc ins(%x, %y, %x : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%z1 : !pto.tile_buf<{{.*}}rows=16, cols=64,
# PTO: pto.tsubc ins(%z1, %y, %x :
# PTO: pto.taddsc ins(%z2, %{{.*}}, %y : !pto.tile_buf<{{.*}}>, f32, !pto.tile_buf<{{.*}}>) outs(%z3 :
# PTO: pto.tsubsc ins(%z3, %{{.*}}, %x : {{.*}}, f32, {{.*}}) outs(%z4 :

# CCE: TADD(z1, x, y);
# CCE: TADD(z1, z1, x);
# CCE: TSUB(z2, z1, y);
# CCE: TADD(z2, z2, x);
# CCE: TADDS(z3, z2, 2.0f);
# CCE: TADD(z3, z3, y);
# CCE: TSUBS(z4, z3, 0.5f);
# CCE: TADD(z4, z4, x);

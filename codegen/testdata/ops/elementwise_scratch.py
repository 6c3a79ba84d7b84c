# The element-wise rows with a scratch tile (tile.rem, rems, xor_, prelu)
# pass it last, after the operands and the scalar, on both targets; the
# scalar of tile.rems stands between the tile and the scratch. The scratch
# is written too, so the next op that writes it waits for this one.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto -o /dev/null
import pypto.language as pl


@pl.program
class Scratch:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32],
          n: pl.Tensor[[16, 64], pl.INT32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          nout: pl.Out[pl.Tensor[[16, 64], pl.INT32]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        y: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [16, 64])
        i: pl.Tile[[16, 64], pl.INT32, pl.Mem.Vec] = pl.tile.load(n, [0, 0], [16, 64])
        t2: pl.Tile[[2, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create(shape=[2, 64], dtype=pl.FP32)
        tf: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create(shape=[16, 64], dtype=pl.FP32)
        ti: pl.Tile[[16, 64], pl.INT32, pl.Mem.Vec] = pl.tile.create(shape=[16, 64], dtype=pl.INT32)
        m: pl.Tile[[17, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create(shape=[17, 32], dtype=pl.UINT8)
        r = pl.tile.rem(x, y, t2)
        s = pl.tile.rems(r, 2.5, tf)
        p = pl.tile.prelu(s, y, m)
        f = pl.tile.fmod(p, y)
        g = pl.tile.fmods(f, 1.5)
        j = pl.tile.xor_(i, i, ti)
        pl.tile.store(g, [0, 0], out)
        pl.tile.store(j, [0, 0], nout)

# PTO: pto.trem ins(%x, %y, %t2 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, {{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64, {{.*}}>) outs(%r :
# PTO: pto.trems ins(%r, %[[C:.*]], %tf : !pto.tile_buf<{{.*}}>, f32, !pto.tile_buf<{{.*}}>) outs(%s :
# PTO: pto.tprelu ins(%s, %y, %m : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<loc=vec, dtype=ui8, rows=17, cols=32, {{.*}}>) outs(%p :
# PTO: pto.tfmod ins(%p, %y :
# PTO: pto.tfmods ins(%f, %{{.*}} : !pto.tile_buf<{{.*}}>, f32) outs(%g :
# PTO: pto.txor ins(%i, %i, %ti :

# CCE: TREM(r, x, y, t2);
# CCE: TREMS(s, r, 2.5f, tf);
# CCE: TPRELU(p, s, y, m);
# CCE: TFMOD(f, p, y);
# CCE: TFMODS(g, f, 1.5f);
# CCE: TXOR(j, i, i, ti);

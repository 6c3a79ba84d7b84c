# tile.rsqrt (TRSQRT) takes an optional scratch tile: without it the plain
# instruction, with it pto-isa's high-precision form (a sqrt, then 1 / x
# with the scratch as the block of ones), passed last and written too. FP16
# on both backends. The scratch's size: rsqrt_scratch_error.py.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl


@pl.program
class Rsqrt:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], h: pl.Tensor[[16, 32], pl.FP16],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], hout: pl.Out[pl.Tensor[[16, 32], pl.FP16]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        tmp: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.create(shape=[1, 8], dtype=pl.FP32)
        r = pl.tile.rsqrt(x)
        p = pl.tile.rsqrt(r, tmp=tmp)
        pl.tile.store(p, [0, 0], out)
        y: pl.Tile[[16, 32], pl.FP16, pl.Mem.Vec] = pl.tile.load(h, [0, 0], [16, 32])
        q = pl.tile.rsqrt(y)
        pl.tile.store(q, [0, 0], hout)


# PTO: pto.trsqrt ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, {{.*}}>) outs(%r : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64,
# PTO: pto.trsqrt ins(%r, %tmp : !pto.tile_buf<{{.*}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, {{.*}}>) outs(%p :
# PTO: pto.trsqrt ins(%y : !pto.tile_buf<loc=vec, dtype=f16,

# CCE: TRSQRT(r, x);
# CCE: TRSQRT(p, r, tmp);
# CCE: TRSQRT(q, y);

# The float element-wise rows of ir/tile_elementwise.def: each lowers to
# "pto." + its instruction in lower case (ins(...) outs(...)) and to the
# pto-isa instruction with the destination first; a tile-scalar op takes the
# scalar in the tile's element type.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl


@pl.program
class ElementwiseFloat:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 64], pl.FP32], out: pl.Out[pl.Tensor[[8, 64], pl.FP32]]):
        x: pl.Tile[[8, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 64])
        t1 = pl.tile.maximum(x, x)
        t2 = pl.tile.minimum(t1, x)
        t3 = pl.tile.abs(t2)
        t4 = pl.tile.sqrt(t3)
        t5 = pl.tile.log(t4)
        t6 = pl.tile.recip(t5)
        t7 = pl.tile.subs(t6, 1.0)
        t8 = pl.tile.divs(t7, 2.0)
        t9 = pl.tile.maximums(t8, 0.5)
        t10 = pl.tile.minimums(t9, 4.0)
        t11 = pl.tile.lrelu(t10, 0.1)
        pl.tile.store(t11, [0, 0], out)

# PTO: pto.tmax ins(%x, %x : {{.*}}) outs(%t1 :
# PTO: pto.tmin ins(%t1, %x : {{.*}}) outs(%t2 :
# PTO: pto.tabs ins(%t2 : {{.*}}) outs(%t3 :
# PTO: pto.tsqrt ins(%t3 : {{.*}}) outs(%t4 :
# PTO: pto.tlog ins(%t4 : {{.*}}) outs(%t5 :
# PTO: pto.trecip ins(%t5 : {{.*}}) outs(%t6 :
# PTO: pto.tsubs ins(%t6, %{{[a-z0-9_]+}} : !pto.tile_buf<{{.*}}>, f32) outs(%t7 :
# PTO: pto.tdivs ins(%t7, %{{[a-z0-9_]+}} : !pto.tile_buf<{{.*}}>, f32) outs(%t8 :
# PTO: pto.tmaxs ins(%t8, %{{[a-z0-9_]+}} : !pto.tile_buf<{{.*}}>, f32) outs(%t9 :
# PTO: pto.tmins ins(%t9, %{{[a-z0-9_]+}} : !pto.tile_buf<{{.*}}>, f32) outs(%t10 :
# PTO: pto.tlrelu ins(%t10, %{{[a-z0-9_]+}} : !pto.tile_buf<{{.*}}>, f32) outs(%t11 :

# CCE: TMAX(t1, x, x);
# CCE: TMIN(t2, t1, x);
# CCE: TABS(t3, t2);
# CCE: TSQRT(t4, t3);
# CCE: TLOG(t5, t4);
# CCE: TRECIP(t6, t5);
# CCE: TSUBS(t7, t6, 1.0f);
# CCE: TDIVS(t8, t7, 2.0f);
# CCE: TMAXS(t9, t8, 0.5f);
# CCE: TMINS(t10, t9, 4.0f);
# CCE: TLRELU(t11, t10, 0.1f);

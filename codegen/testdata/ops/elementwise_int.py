# The integer element-wise rows of ir/tile_elementwise.def, on INT16 tiles
# (the type every one of them takes on both backends).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class ElementwiseInt:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 64], pl.INT16], out: pl.Out[pl.Tensor[[8, 64], pl.INT16]]):
        x: pl.Tile[[8, 64], pl.INT16, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 64])
        u1 = pl.tile.and_(x, x)
        u2 = pl.tile.or_(u1, x)
        u3 = pl.tile.shl(u2, x)
        u4 = pl.tile.shr(u3, x)
        u5 = pl.tile.not_(u4)
        u6 = pl.tile.ands(u5, 7)
        u7 = pl.tile.ors(u6, 8)
        u8 = pl.tile.shls(u7, 1)
        u9 = pl.tile.shrs(u8, 1)
        pl.tile.store(u9, [0, 0], out)

# PTO: pto.tand ins(%x, %x : {{.*}}) outs(%u1 :
# PTO: pto.tor ins(%u1, %x : {{.*}}) outs(%u2 :
# PTO: pto.tshl ins(%u2, %x : {{.*}}) outs(%u3 :
# PTO: pto.tshr ins(%u3, %x : {{.*}}) outs(%u4 :
# PTO: pto.tnot ins(%u4 : {{.*}}) outs(%u5 :
# PTO: pto.tands ins(%u5, %{{[a-z0-9_]+}} : !pto.tile_buf<{{.*}}>, i16) outs(%u6 :
# PTO: pto.tors ins(%u6, %{{[a-z0-9_]+}} : !pto.tile_buf<{{.*}}>, i16) outs(%u7 :
# PTO: pto.tshls ins(%u7, %{{[a-z0-9_]+}} : !pto.tile_buf<{{.*}}>, i16) outs(%u8 :
# PTO: pto.tshrs ins(%u8, %{{[a-z0-9_]+}} : !pto.tile_buf<{{.*}}>, i16) outs(%u9 :

# CCE: TAND(u1, x, x);
# CCE: TOR(u2, u1, x);
# CCE: TSHL(u3, u2, x);
# CCE: TSHR(u4, u3, x);
# CCE: TNOT(u5, u4);
# CCE: TANDS(u6, u5, {{.*}});
# CCE: TORS(u7, u6, {{.*}});
# CCE: TSHLS(u8, u7, {{.*}});
# CCE: TSHRS(u9, u8, {{.*}});

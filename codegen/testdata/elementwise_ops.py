# Every vector tile op lowers to its PTO-AS op with a fresh destination
# tile (ins(...) outs(...)) and to the pto-isa instruction with the
# destination first; tile.create is a bare allocation.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Elementwise:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 16], pl.FP16], out: pl.Out[pl.Tensor[[8, 16], pl.FP16]]):
        x: pl.Tile[[8, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 16])
        z: pl.Tile[[8, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.create(shape=[8, 16], dtype=pl.FP16)
        s1 = pl.tile.add(x, z)
        s2 = pl.tile.sub(s1, x)
        s3 = pl.tile.mul(s2, x)
        s4 = pl.tile.div(s3, x)
        s5 = pl.tile.max(s4, x)
        s6 = pl.tile.exp(s5)
        s7 = pl.tile.relu(s6)
        s8 = pl.tile.neg(s7)
        s9 = pl.tile.adds(s8, 1.5)
        s10 = pl.tile.muls(s9, 2)
        pl.tile.store(s10, [0, 0], out)

# PTO: %z = pto.alloc_tile addr = %c{{[0-9]+}}_i64 : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# PTO-NEXT: %s1 = pto.alloc_tile
# PTO-NEXT: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.tadd ins(%x, %z : {{.*}}) outs(%s1 : {{.*}})
# PTO: pto.barrier <PIPE_V>
# PTO-NEXT: pto.tsub ins(%s1, %x : {{.*}}) outs(%s2 :
# PTO: pto.tmul ins(%s2, %x : {{.*}}) outs(%s3 :
# PTO: pto.tdiv ins(%s3, %x : {{.*}}) outs(%s4 :
# PTO: pto.tmax ins(%s4, %x : {{.*}}) outs(%s5 :
# PTO: pto.texp ins(%s5 : {{.*}}) outs(%s6 :
# PTO: pto.trelu ins(%s6 : {{.*}}) outs(%s7 :
# PTO: pto.tneg ins(%s7 : {{.*}}) outs(%s8 :
# PTO: pto.tadds ins(%s8, %cst : !pto.tile_buf<{{.*}}>, f16) outs(%s9 :
# PTO: pto.tmuls ins(%s9, %cst_1 : !pto.tile_buf<{{.*}}>, f16) outs(%s10 :

# CCE: Tile<TileType::Vec, half, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512, PadValue::Null> z;
# CCE-NEXT: TASSIGN(z, 0x200);
# CCE: TADD(s1, x, z);
# CCE: TSUB(s2, s1, x);
# CCE: TMUL(s3, s2, x);
# CCE: TDIV(s4, s3, x);
# CCE: TMAX(s5, s4, x);
# CCE: TEXP(s6, s5);
# CCE: TRELU(s7, s6);
# CCE: TNEG(s8, s7);
# CCE: TADDS(s9, s8, half(1.5f));
# CCE: TMULS(s10, s9, half(2.0f));

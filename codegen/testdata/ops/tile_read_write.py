# tile.read / tile.write: the scalar unit's access of one element of a Vec
# tile, at its row-major offset into the physical buffer (one constant when
# every index is one, else idx0 * cols + idx1). PTO-AS pto.tgetval /
# pto.tsetval, C++ Tile::GetValue / SetValue; a write is in place (its
# result is the tile's own buffer). ptoas orders neither against the other
# pipes, so the flags plan does: the load before a read, a vector op
# before a read (each a PIPE_ALL, as nothing else runs beside them: cheaper
# than an MTE2 -> S or V -> S pair, whose wait blocks issue as well), the
# writes before the vector op that reads the tile (S -> V).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=cce -o /dev/null
import pypto.language as pl


@pl.program
class ReadWrite:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          r: pl.Scalar[pl.INDEX], c: pl.Scalar[pl.INDEX]):
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])
        v = pl.tile.read(x, [1, 3])
        y = pl.tile.muls(x, v)
        w = pl.tile.read(y, [r, c])
        y2 = pl.tile.write(y, [0, 0], w)
        y3 = pl.tile.write(y2, [r, 5], 7.0)
        z = pl.tile.adds(y3, 1.0)
        pl.tile.store(z, [0, 0], out)

# PTO: pto.tload
# PTO: pto.barrier <PIPE_ALL>
# PTO-NEXT: %v = pto.tgetval ins(%x, %c19 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, {{.*}}>, index) outs : f32
# PTO: pto.tmuls ins(%x, %v : {{.*}}, f32) outs(%y :
# PTO-NEXT: %[[M:[0-9]+]] = arith.muli %r, %c16 : index
# PTO-NEXT: %[[O:[0-9]+]] = arith.addi %[[M]], %c : index
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: %w = pto.tgetval ins(%y, %[[O]] : {{.*}}, index) outs : f32
# PTO-NEXT: pto.tsetval ins(%c0, %w : index, f32) outs(%y : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16,
# PTO-NEXT: %[[M2:[0-9]+]] = arith.muli %r, %c16 : index
# PTO-NEXT: %[[O2:[0-9]+]] = arith.addi %[[M2]], %c5 : index
# PTO-NEXT: pto.tsetval ins(%[[O2]], %cst : index, f32) outs(%y :
# PTO: pto.set_flag[<PIPE_S>, <PIPE_V>, <EVENT_ID[[E2:[0-9]]]>]
# PTO-NEXT: pto.wait_flag[<PIPE_S>, <PIPE_V>, <EVENT_ID[[E2]]>]
# PTO-NEXT: pto.tadds ins(%y, %cst_{{[0-9]+}} :

# CCE: TLOAD(x, a_gm);
# CCE: pipe_barrier(PIPE_ALL);
# CCE-NEXT: float v = x.GetValue(19);
# CCE: TMULS(y, x, v);
# CCE: pipe_barrier(PIPE_ALL);
# CCE-NEXT: float w = y.GetValue((r) * 16 + c);
# CCE: y.SetValue(0, w);
# CCE: y.SetValue((r) * 16 + 5, 7.0f);
# CCE: set_flag(PIPE_S, PIPE_V, EVENT_ID[[C2:[0-9]]]);
# CCE-NEXT: wait_flag(PIPE_S, PIPE_V, EVENT_ID[[C2]]);
# CCE-NEXT: TADDS(z, y, 1.0f);

# An [N, 1] tile reshaped to [1, N], and back. PyPTO lays the column out
# column-major, so its reshape keeps the bytes; ptoc pads each of its rows to
# 32 bytes, so the reshape is a transpose into a tile of its own (TTRANS,
# with a scratch tile of the source's bytes, ptoas's a2a3 rule), on V.
# runtime/testdata/slices.py's `turn` checks the values against NumPy and
# on pto-isa's CPU simulation.
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce --backend=a5 | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, x: pl.Tensor[[16, 1], pl.FP32], out: pl.Out[pl.Tensor[[16, 1], pl.FP32]]):
        t: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 1])
        r: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t, [1, 16])
        s = pl.tile.adds(r, 1.0)
        c: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(s, [16, 1])
        pl.tile.store(c, [0, 0], out)

# PTO: %stage = pto.alloc_tile {{.*}}: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1,
# PTO: pto.ttrans ins(%t, %stage : {{.*}}) outs(%r : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16,
# PTO: pto.tadds ins(%r,
# PTO: %stage_1 = pto.alloc_tile {{.*}}: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16,
# PTO: pto.ttrans ins(%s, %stage_1 : {{.*}}) outs(%c : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1,
# CCE: TTRANS(r, t, stage);
# CCE: TTRANS(c, s, stage_1);

# On a2a3 tile.mgather gathers rows of whole 32-byte blocks (PyPTO's check):
# 17 FP16 columns are refused at the call; a5 takes them.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --emit=cce 2>&1 | FileCheck %s
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=A5
# CHECK: mgather_narrow_a2a3_error.py:[[@LINE+10]]:60: error: on a2a3 tile.mgather gathers rows of whole 32-byte blocks: 17 FP16 elements are 34 bytes
# A5: pto.mgather ins({{.*}}) outs(%gathered : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=17,
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, mem: pl.Tensor[[64, 17], pl.FP16], idx: pl.Tensor[[1, 16], pl.INT32], out: pl.Out[pl.Tensor[[16, 17], pl.FP16]]):
        idx_tile: pl.Tile[[1, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(idx, [0, 0], [1, 16])
        gathered: pl.Tile[[16, 17], pl.FP16, pl.Mem.Vec] = pl.tile.mgather(mem, idx_tile, coalesce="row")
        pl.tile.store(gathered, [0, 0], out)

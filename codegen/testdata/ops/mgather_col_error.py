# tile.mgather by rows with [R, 1] indices is refused at the call: ptoas
# takes them only as a column-major (DN) tile, which ptoc does not lay out.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=cce 2>&1 | FileCheck %s
# CHECK: mgather_col_error.py:[[@LINE+9]]:60: error: tile.mgather by rows takes a [1, R] index tile; this one is pl.Tile{{.}}{{.}}16, 1], pl.INT32, pl.Mem.Vec] ([R, 1] needs a column-major (DN) tile, which ptoc does not lay out yet)
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, mem: pl.Tensor[[64, 32], pl.FP16], idx: pl.Tensor[[16, 1], pl.INT32], out: pl.Out[pl.Tensor[[16, 32], pl.FP16]]):
        idx_tile: pl.Tile[[16, 1], pl.INT32, pl.Mem.Vec] = pl.tile.load(idx, [0, 0], [16, 1])
        gathered: pl.Tile[[16, 32], pl.FP16, pl.Mem.Vec] = pl.tile.mgather(mem, idx_tile, coalesce="row")
        pl.tile.store(gathered, [0, 0], out)

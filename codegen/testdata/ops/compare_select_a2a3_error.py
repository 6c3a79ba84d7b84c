# ptoas's a2a3 rules for the select ops' scratch tile: pto.tsels takes one
# of its source's element type (PyPTO's UINT8 [1, 32] is refused), pto.tsel
# one of a 4-byte type; a5 takes both.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# RUN: ptoc %s --backend=a5 --emit=pto -o /dev/null
# CHECK: compare_select_a2a3_error.py:[[@LINE+11]]:13: error: on a2a3 'tile.sels' (TSELS) takes a row-major scratch tile of its source's element type, INT32, of at least a row of it (64 bytes; ptoas's rule), not UINT8 1 x 32
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.INT32], out: pl.Out[pl.Tensor[[16, 16], pl.INT32]]):
        x: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 16])
        mask = pl.tile.cmps(x, 0, cmp_type=4)
        tmp: pl.Tile[[1, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create([1, 32], dtype=pl.UINT8)
        y = pl.tile.sels(mask, x, tmp, -3)
        pl.tile.store(y, [0, 0], out)

# Without infer-tile-memory-space (which moves a vector op's Acc operand to
# Vec), a cube tile read directly by a vector op is an error that names it
# as a tile and says how a tile crosses the lanes.
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
# CHECK: tile_used_across_lanes_error.py:[[@LINE+14]]:9: error: in kernel 'k': tile 'acc' is computed on the AIC lane only (tile.matmul), but the AIV lane uses it here; a tile crosses between the lanes by a tile.move into the other lane's memory, written as a statement of its own
# CHECK: note: 'acc' comes from here, on the AIC lane
import pypto.language as pl


@pl.program
class TileAcross:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.BF16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        xl = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.MemorySpace.Left)
        xr = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.MemorySpace.Right)
        acc = pl.tile.matmul(xl, xr)
        v = pl.tile.load(x, [0, 0], [16, 16])
        w = pl.tile.cast(v, pl.FP32)
        s = pl.tile.add(pl.tile.exp(acc), w)
        pl.tile.store(s, [0, 0], out)

# In a fractal (NZ) Mat tile only whole columns are contiguous: code
# generation refuses a window of some of its rows on both targets
# (tile.extract copies it). The default pipeline's canonicalize-tile-slice
# makes this move such an extract (passes/testdata/canonicalize_tile_slice/),
# so code generation meets the window only without the pass.
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --backend=a5 --emit=pto 2>&1 | FileCheck %s
# CHECK: slice_fractal_error.py:[[@LINE+9]]:63: error: ptoc aliases a window of a Mat tile in a fractal layout only when it is contiguous: all of its rows; copy other windows with tile.extract
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a: pl.Tensor[[32, 64], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am: pl.Tile[[32, 64], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [32, 64], target_memory=pl.MemorySpace.Mat)
        top: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Mat] = pl.tile.slice(am, [16, 64], [16, 0])
        al: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(top, target_memory=pl.MemorySpace.Left)

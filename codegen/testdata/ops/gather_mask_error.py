# A tile.gather_mask whose result is not the source's rows of the picked
# elements is refused at the call on both targets.
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --backend=a5 --emit=cce 2>&1 | FileCheck %s
# CHECK: gather_mask_error.py:[[@LINE+9]]:41: error: 'tile.gather_mask' (TGATHER) with P0001 picks 64 elements of each of the source's 1 rows: its result is a [1, 64] tile of a type of the source's size
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 256], pl.FP32], o: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
        x: pl.Tile[[1, 256], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 256])
        g: pl.Tile[[1, 128], pl.FP32] = pl.tile.gather_mask(
            x, mask_pattern=pl.tile.MaskPattern.P0001)
        pl.tile.store(g, [0, 0], o)

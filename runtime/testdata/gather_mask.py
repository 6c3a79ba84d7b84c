# tile.gather_mask: the elements of each row at the mask pattern's columns
# (P1010: the odd ones, of one row; P0001: every fourth from the first, of
# eight rows of 32 bytes). view_ops_numpy_test compares ptoc-sim with NumPy;
# run_emitted_cpp_test the emitted C++ with ptoc-sim; pto_isa_sim_test with
# pto-isa's simulation.
import pypto.language as pl


@pl.program
class GatherMask:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 256], pl.FP32], b: pl.Tensor[[8, 32], pl.FP32],
          o1: pl.Out[pl.Tensor[[1, 128], pl.FP32]], o2: pl.Out[pl.Tensor[[8, 8], pl.FP32]]):
        x: pl.Tile[[1, 256], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 256])
        y: pl.Tile[[8, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [8, 32])
        g1: pl.Tile[[1, 128], pl.FP32] = pl.tile.gather_mask(
            x, mask_pattern=pl.tile.MaskPattern.P1010)
        g2: pl.Tile[[8, 8], pl.FP32] = pl.tile.gather_mask(
            y, mask_pattern=pl.tile.MaskPattern.P0001)
        pl.tile.store(g1, [0, 0], o1)
        pl.tile.store(g2, [0, 0], o2)

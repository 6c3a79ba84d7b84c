# tile.gatherb: 32-byte blocks of a source tile at UINT32 byte offsets, of a
# whole tile, of a window at a run-time column (copied into a tile of its
# own first, as PyPTO materializes it) and into another element type (the
# bytes read as FP32). view_ops_numpy_test compares ptoc-sim with NumPy;
# run_emitted_cpp_test the emitted C++ with ptoc-sim.
import pypto.language as pl


@pl.program
class GatherB:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 128], pl.FP16], w: pl.Tensor[[16, 256], pl.FP16],
          off: pl.Tensor[[8, 8], pl.UINT32], col: pl.Scalar[pl.INDEX],
          o1: pl.Out[pl.Tensor[[8, 128], pl.FP16]], o2: pl.Out[pl.Tensor[[8, 128], pl.FP16]],
          o3: pl.Out[pl.Tensor[[8, 64], pl.FP32]]):
        x: pl.Tile[[16, 128], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 128])
        y: pl.Tile[[16, 256], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(w, [0, 0], [16, 256])
        t: pl.Tile[[8, 8], pl.UINT32, pl.MemorySpace.Vec] = pl.tile.load(off, [0, 0], [8, 8])
        g1: pl.Tile[[8, 128], pl.FP16] = pl.tile.gatherb(x, t)
        v: pl.Tile[[16, 128], pl.FP16] = pl.tile.slice(y, [16, 128], [0, col])
        g2: pl.Tile[[8, 128], pl.FP16] = pl.tile.gatherb(v, t)
        g3: pl.Tile[[8, 64], pl.FP32] = pl.tile.gatherb(x, t, output_dtype=pl.FP32)
        pl.tile.store(g1, [0, 0], o1)
        pl.tile.store(g2, [0, 0], o2)
        pl.tile.store(g3, [0, 0], o3)

# tile.mgather: rows of a GM table at a [1, R] index tile (some indices past
# the table, wrapped), and elements of a flat table at an index tile (some
# past it, read as zero). view_ops_numpy_test compares ptoc-sim with NumPy;
# run_emitted_cpp_test the emitted C++ with ptoc-sim.
import pypto.language as pl


@pl.program
class Mgather:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, mem: pl.Tensor[[64, 32], pl.FP32], idx: pl.Tensor[[1, 16], pl.INT32],
          table: pl.Tensor[[256], pl.FP16], eidx: pl.Tensor[[8, 32], pl.INT32],
          rows: pl.Out[pl.Tensor[[16, 32], pl.FP32]], elems: pl.Out[pl.Tensor[[8, 32], pl.FP16]]):
        idx_tile: pl.Tile[[1, 16], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(idx, [0, 0], [1, 16])
        gathered: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.mgather(
            mem, idx_tile, coalesce="row", gather_oob="wrap")
        doubled = pl.tile.muls(gathered, 2.0)
        pl.tile.store(doubled, [0, 0], rows)
        eidx_tile: pl.Tile[[8, 32], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(eidx, [0, 0], [8, 32])
        picked: pl.Tile[[8, 32], pl.FP16, pl.MemorySpace.Vec] = pl.tile.mgather(
            table, eidx_tile, coalesce="elem", gather_oob="zero")
        pl.tile.store(picked, [0, 0], elems)

# tile.fillpad / fillpad_expand / fillpad_inplace (TFILLPAD*): the source's
# valid region kept, the rest of the result its type's pad (zero, max: +inf
# / the largest integer, min: -inf / the smallest). view_ops_numpy_test
# compares ptoc-sim with NumPy; run_emitted_cpp_test the emitted C++ with
# ptoc-sim.
# (FP32 and INT32 only: pto-isa's CPU simulation pads an FP16 tile's max / min
# with 0, its half type having no numeric_limits; the device and ptoc-sim
# use +-inf, pto-isa's PadValueMap.)
import pypto.language as pl


@pl.program
class FillPad:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 128], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32],
          c: pl.Tensor[[8, 16], pl.INT32],
          pa: pl.Out[pl.Tensor[[16, 128], pl.FP32]], pb: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
          pc: pl.Out[pl.Tensor[[8, 16], pl.INT32]], pd: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
        x: pl.Tile[[16, 128], pl.FP32] = pl.tile.load(a, [0, 0], [16, 128], [12, 100], target_memory=pl.MemorySpace.Vec)
        xp = pl.tile.fillpad(x, pad_value=pl.PadValue.min)
        pl.tile.store(xp, [0, 0], pa)
        xz = pl.tile.fillpad(x)
        xs = pl.tile.add(xz, xz)
        pl.tile.store(xs, [0, 0], pd)
        y: pl.Tile[[16, 64], pl.FP32] = pl.tile.load(b, [0, 0], [16, 64], [10, 48], target_memory=pl.MemorySpace.Vec)
        ye = pl.tile.fillpad_expand(y, [32, 64], pad_value=pl.PadValue.max)
        pl.tile.store(ye, [0, 0], pb)
        z: pl.Tile[[8, 16], pl.INT32] = pl.tile.load(c, [0, 0], [8, 16], [5, 9], target_memory=pl.MemorySpace.Vec)
        zp = pl.tile.fillpad_inplace(z, pad_value=pl.PadValue.max)
        pl.tile.store(zp, [0, 0], pc)

import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[32, 32], pl.INT32], m: pl.Tensor[[16, 64], pl.FP32]):
        ta = pl.load(a, [0, 0], [32, 32])
        tmp = pl.load(a, [0, 0], [32, 32])
        x = pl.xor(ta, ta, tmp)
        tm = pl.load(m, [0, 0], [16, 64])
        g: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.gather_mask(
            tm, mask_pattern=pl.tile.MaskPattern.P1010)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]):
        t = pl.create_tensor([n, 128], dtype=pl.FP32)
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.optimizations.split(pl.SplitMode.UP_DOWN)],
                   no_dep_args=[x]):
            y = pl.add(x, x)
        z = pl.no_dep(x)

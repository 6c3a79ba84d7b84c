# A kernel named `main`, as PyPTO's tests write them: its entry symbol is
# main_kernel (codegen/testdata/reserved_kernel_name.py), which ptoc-run-cpp
# and pto-isa's launcher look up.
import pypto.language as pl


@pl.program
class KernelNamedMain:
    @pl.function(type=pl.FunctionType.AIV)
    def main(self, a: pl.Tensor[[8, 64], pl.FP32], out: pl.Out[pl.Tensor[[8, 64], pl.FP32]]):
        x: pl.Tile[[8, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 64])
        y = pl.tile.adds(x, 1.0)
        pl.tile.store(y, [0, 0], out)

import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 16], pl.FP32, pl.TensorView(stride= = pl.tile.get_block_idx()
D)],
        y: pl.Tensor[[16, 16], pl.FP8E4M3FN, pl.NZ],
        z: pl.Tensor[
            [0x10, 1_6],
            pl.FP32,
        ],
    ):
        a: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])
        b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [16, 16])
        pl.store(b, [0, 0], z)

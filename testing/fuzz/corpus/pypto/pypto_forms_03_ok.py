import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def host(self, x: pl.Tensor[[16, 16], pl.FP32], s: pl.Scalar[pl.FP32]):
        t = pl.create_tensor([16, 16], dtype=pl.FP32)
        u = pl.add(x, t)
        v = pl.mul(u, s)
        w = pl.slice(v, [8, 16], [8, 0])
        tid = pl.system.task_invalid()
        n: pl.Scalar[pl.INDEX] = pl.FP16.get_byte()

    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32]):
        a: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])
        b = pl.add(a, a)
        c = pl.mul(b, 2.0)
        d = pl.tile.slice(c, [8, 16], [0, 0])
        e: pl.Tile[[16, 16], pl.FP32] = pl.tile.create([16, 16], dtype=pl.FP32)
        i = pl.tile.get_block_idx()

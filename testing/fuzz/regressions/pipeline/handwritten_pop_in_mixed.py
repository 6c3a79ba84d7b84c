import pypto.language as pl


@pl.program
class K:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        v: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        pl.tile.store(v, [0, 0], out)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic(id=1)
        pl.system.tfree_to_aic(t, id=1)

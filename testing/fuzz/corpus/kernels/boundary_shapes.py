# A kernel at the edges of the shape rules, all valid: a Vec tile of exactly
# the 192 KiB of a2a3, accesses that end exactly at their tensor's last row
# and column, an element at the last index, and a dynamic offset into a
# tensor whose static part is large.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class BoundaryShapes:
    @pl.function(type=pl.FunctionType.AIV)
    def edge(
        self,
        a: pl.Tensor[[96, 1024], pl.FP32],
        o: pl.Out[pl.Tensor[[48, 2048], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
    ):
        t: pl.Tile[[48, 1024], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [48, 0], [48, 1024])
        pl.tile.store(t, [0, 1024], o)
        x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 7])
        pl.system.cacheinvalid(o, [1, 16], [47, 2032])

    @pl.function(type=pl.FunctionType.AIV)
    def far(self, big: pl.Tensor[[n, 1073741824], pl.FP32], n: pl.Scalar[pl.INDEX]):
        u: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(big, [n, 1073741808], [1, 16])

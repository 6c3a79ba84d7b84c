# Hostile shapes, offsets and sizes (issue 16): each function breaks one
# shape rule of the verifier (ir/verify_shapes.h), so mutations start next
# to every check.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class HostileShapes:
    @pl.function(type=pl.FunctionType.AIV)
    def too_many_bytes(self, a: pl.Tensor[[n, m], pl.FP32], n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INDEX]):
        t: pl.Tile[[1, 9223372036854775807], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 9223372036854775807])

    @pl.function(type=pl.FunctionType.AIV)
    def byte_offset(self, a: pl.Tensor[[4294967296, 4294967296], pl.FP32]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [4294967290, 4294967290], [16, 16])

    @pl.function(type=pl.FunctionType.AIV)
    def out_of_bounds(self, a: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [8, 0], [16, 16])
        pl.tile.store(t, [4, 4], o)

    @pl.function(type=pl.FunctionType.AIV)
    def zero_dim(self, a: pl.Tensor[[16, 16], pl.FP32]):
        t: pl.Tile[[0, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [0, 16])

    @pl.function(type=pl.FunctionType.AIV)
    def larger_than_ub(self, a: pl.Tensor[[512, 512], pl.FP32]):
        t: pl.Tile[[512, 512], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [512, 512])

    @pl.function(type=pl.FunctionType.AIV)
    def inout_scalar(self, a: pl.Tensor[[16, 16], pl.FP32], s: pl.InOut[pl.Scalar[pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])

    @pl.function(type=pl.FunctionType.AIV)
    def scalar_for_list(self, data: pld.DistributedTensor[[1, 32], pl.FP32], peer: pl.Scalar[pl.INT32]):
        t: pl.Tile[[1, 32], pl.FP32, pl.MemorySpace.Vec] = pld.tile.remote_load(data, peer, 0, [1, 32])

import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def kernel(self, x: pl.Tensor[[16, 8], pl.FP16], data: pld.DistributedTensor[[64, 32], pl.FP16], peer: pl.Scalar[pl.INT32]):
        pld.tensor.remote_store(x, data, peer, [9223372036854775807, 0])

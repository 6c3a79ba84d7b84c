import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 32], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[2, 16], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
    ) -> pl.Tensor[[2, 16], pl.FP32]:
        v = pl.tensor.view(x, [32, 16])
        d = pl.tensor.cast(x, target_type=pl.BF16, mode="rint")
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)
        return data

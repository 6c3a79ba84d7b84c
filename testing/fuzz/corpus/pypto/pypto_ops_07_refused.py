import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(
        self,
        local: pl.Tensor[[1, 16], pl.FP32],
        signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
    ) -> pl.Tensor[[1, 16], pl.FP32]:
        local = pld.tensor.allreduce(local, signal, op=pld.ReduceOp.Sum)
        return local

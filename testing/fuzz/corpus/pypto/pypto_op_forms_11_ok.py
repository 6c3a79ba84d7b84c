import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, inp: pl.Tensor[[1, 64], pl.FP32], counts: pl.Tensor[[4, 1], pl.INT32],
             data: pld.DistributedTensor[[4, 64], pl.FP32],
             recv: pld.DistributedTensor[[4, 1], pl.INT32],
             signal: pld.DistributedTensor[[4, 1], pl.INT32]):
        g = pld.tensor.allgather(inp, data, signal)
        v = pld.tensor.all_to_all_v(inp, data, signal, counts, recv)
        r = pld.tensor.allreduce(data, op=pld.ReduceOp.Sum)

import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, inp: pl.Tensor[[1, 64], pl.FP32], data: pl.Tensor[[4, 64], pl.FP32],
             signal: pld.DistributedTensor[[4, 1], pl.INT32]):
        g = pld.tensor.allgather(inp, data, signal)

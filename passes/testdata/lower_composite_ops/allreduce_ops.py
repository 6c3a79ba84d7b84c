# Each pld.ReduceOp combines the partial results with its tile op: Sum
# tile.add, Max tile.maximum, Min tile.minimum, Prod tile.mul.
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s
# RUN: sed 's/ReduceOp.Max/ReduceOp.Min/' %s > %t.min.py
# RUN: ptoc %t.min.py --passes=lower-composite-ops --emit=text | FileCheck %s --check-prefix=MIN
# RUN: sed 's/ReduceOp.Max/ReduceOp.Prod/' %s > %t.prod.py
# RUN: ptoc %t.prod.py --passes=lower-composite-ops --emit=text | FileCheck %s --check-prefix=PROD
# CHECK: pl.tile.maximum(acc_1, recv)
# MIN: pl.tile.minimum(acc_1, recv)
# PROD: pl.tile.mul(acc_1, recv)
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class AllReduceOps:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce(
        self,
        data: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[1, 64], pl.FP32]:
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Max)
        return data

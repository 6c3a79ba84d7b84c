# `return op(...)`, PyPTO's other way to write a collective, expands before
# the return, which then gives the call's value (its target window).
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s
# RUN: ptoc %s --backend=a2a3 --emit=pto | FileCheck %s --check-prefix=PTO
# CHECK:      pld.system.wait(signal, [src_1, 0], 2, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT: pl.tile.store(acc_4, [0, 0], data)
# CHECK:      pld.system.notify(signal, me, [src_2, 0], -2)
# CHECK-NEXT: return data
# PTO: pto.tstore
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class ReturnForm:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce(
        self,
        data: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[4, 16], pl.FP32]:
        return pld.tensor.allreduce(data, signal)

# A collective inside a loop carries its window through the loop as before;
# each call restarts at generation 1 and takes its credits back, so two
# calls back to back on one signal need nothing between them.
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s
# CHECK:      for _, (data_1, signal_1) in pl.range(3, init_values=(data, signal)):
# CHECK-NEXT:     ctx = pld.get_comm_ctx(data_1)
# CHECK:              pld.system.wait(signal_1, [src_1, 0], 2, cmp=pld.WaitCmp.Ge)
# CHECK:              pld.system.notify(signal_1, me, [src_2, 0], -2)
# CHECK-NEXT:     data_2 = data_1
# CHECK-NEXT:     ctx_1 = pld.get_comm_ctx(signal_1)
# CHECK:              pld.system.wait(signal_1, [src_3, 0], 1, cmp=pld.WaitCmp.Ge)
# CHECK:              pld.system.notify(signal_1, me_1, [src_4, 0], -1)
# CHECK-NEXT:     signal_2 = signal_1
# CHECK-NEXT:     data_3, signal_3 = pl.yield_(data_2, signal_2)
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class InLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def step(
        self,
        data: pl.InOut[pld.DistributedTensor[[1, 16], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[1, 16], pl.FP32]:
        for _ in pl.range(3):
            data = pld.tensor.broadcast(data, signal, root=0)
            signal = pld.tensor.barrier(signal)
        return data

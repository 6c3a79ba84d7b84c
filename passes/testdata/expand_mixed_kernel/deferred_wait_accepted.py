# The deferred-waiter contract (PyPTO's DeferredWaitContractValidator and the
# audit of its ExpandMixedKernel), the forms it accepts: a waiter function
# marked deferred_completion_waiter, called from an Orchestration function,
# whose body reads a tensor before registering, registers in a loop of a
# static trip count under a scalar condition, and ends with an empty return;
# and a wait written in a task-level pl.at(CORE_GROUP) scope, here inside a
# manual scope with its task id taken. The waiter becomes an AIV function,
# PyPTO's pure-AIV form, which the pass accepts again on a second run.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text > %t.1
# RUN: FileCheck %s < %t.1
# RUN: ptoc %t.1 --passes=expand-mixed-kernel --emit=text | diff %t.1 -
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Waiters:
    @pl.function(type=pl.FunctionType.InCore)
    def waiter(self, signal: pld.DistributedTensor[[8, 4], pl.INT32], epochs: pl.Tensor[[8], pl.INT32], me: pl.Scalar[pl.INDEX]):
        pl.func_attr({"deferred_completion_waiter": True})
        epoch: pl.Scalar[pl.INT32] = pl.tensor.read(epochs, [me])
        for peer in pl.range(8):
            if peer != me:
                pld.system.defer_wait(signal, offsets=[peer, 0], expected=epoch + 1, cmp=pld.WaitCmp.Ge)
        return

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, signal: pld.DistributedTensor[[8, 4], pl.INT32], epochs: pl.Tensor[[8], pl.INT32], me: pl.Scalar[pl.INDEX]):
        self.waiter(signal, epochs, me)
        with pl.manual_scope():
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="scoped_wait") as wait_tid:
                pld.system.defer_wait(signal, offsets=[me, 1], expected=1, cmp=pld.WaitCmp.Ge)

# CHECK-LABEL: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker, attrs={"deferred_completion_waiter": True})
# CHECK-NEXT: def waiter(
# CHECK: pld.system.defer_wait(signal, [peer, 0], epoch + 1, cmp=pld.WaitCmp.Ge)
# CHECK-LABEL: def main(
# CHECK: with pl.at(level=pl.Level.CORE_GROUP, name_hint="scoped_wait") as wait_tid:
# CHECK-NEXT: pld.system.defer_wait(signal, [me, 1], 1, cmp=pld.WaitCmp.Ge)

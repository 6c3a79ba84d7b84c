# What may follow a deferred wait (PyPTO's DeferredWaitContractValidator):
# only scalar bookkeeping, control flow and further registrations. Refused: a
# tensor.read after the first registration, a registration loop whose trip
# count is not static, payload work (a tile), and more than 64
# registrations.
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Contract:
    @pl.function(type=pl.FunctionType.InCore)
    def late_read(self, signal: pld.DistributedTensor[[4], pl.INT32], epochs: pl.Tensor[[4], pl.INT32]):
        pl.func_attr({"deferred_completion_waiter": True})
        pld.system.defer_wait(signal, offsets=[0], expected=1, cmp=pld.WaitCmp.Ge)
        later: pl.Scalar[pl.INT32] = pl.tensor.read(epochs, [1])
        pld.system.defer_wait(signal, offsets=[1], expected=later, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.InCore)
    def dynamic_loop(self, signal: pld.DistributedTensor[[4], pl.INT32], n: pl.Scalar[pl.INDEX]):
        pl.func_attr({"deferred_completion_waiter": True})
        for i in pl.range(n):
            pld.system.defer_wait(signal, offsets=[i], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.InCore)
    def payload(self, signal: pld.DistributedTensor[[4], pl.INT32], x: pl.Tensor[[16, 16], pl.FP32]):
        pl.func_attr({"deferred_completion_waiter": True})
        t = pl.tile.load(x, [0, 0], [16, 16])
        pld.system.defer_wait(signal, offsets=[0], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.InCore)
    def too_many(self, signal: pld.DistributedTensor[[4], pl.INT32]):
        pl.func_attr({"deferred_completion_waiter": True})
        for round in pl.range(17):
            for slot in pl.range(4):
                pld.system.defer_wait(signal, offsets=[slot], expected=round, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, signal: pld.DistributedTensor[[4], pl.INT32], epochs: pl.Tensor[[4], pl.INT32], n: pl.Scalar[pl.INDEX], x: pl.Tensor[[16, 16], pl.FP32]):
        self.late_read(signal, epochs)
        self.dynamic_loop(signal, n)
        self.payload(signal, x)
        self.too_many(signal)

# CHECK: deferred_wait_body_errors.py:17:9: error: deferred waiter cannot execute tensor reads, payload, cache, communication, or continuation work after pld.system.defer_wait registration begins
# CHECK: deferred_wait_body_errors.py:23:9: error: deferred waiter registration loop must have a statically known positive trip count so the per-waiter condition budget can be proved
# CHECK: deferred_wait_body_errors.py:29:9: error: deferred waiter is registration-only and cannot create or update payload tensors
# CHECK: deferred_wait_body_errors.py:33:5: error: deferred waiter supports at most 64 conditions, but may statically register more

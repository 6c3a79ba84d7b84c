# Where a deferred wait may not be written (PyPTO's audit of every function in
# ExpandMixedKernel and its scope outliner): a kernel not marked as a waiter;
# a marked waiter no Orchestration function calls; a waiter called from
# another kernel, with allow_early_resolve=True or as an SPMD launch; a
# scoped wait nested under pl.spmd.
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Misplaced:
    @pl.function(type=pl.FunctionType.InCore)
    def unmarked(self, signal: pld.DistributedTensor[[4], pl.INT32]):
        pld.system.defer_wait(signal, offsets=[0], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.InCore)
    def uncalled(self, signal: pld.DistributedTensor[[4], pl.INT32]):
        pl.func_attr({"deferred_completion_waiter": True})
        pld.system.defer_wait(signal, offsets=[1], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.InCore)
    def waiter(self, signal: pld.DistributedTensor[[4], pl.INT32]):
        pl.func_attr({"deferred_completion_waiter": True})
        pld.system.defer_wait(signal, offsets=[2], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.Opaque)
    def helper(self, signal: pld.DistributedTensor[[4], pl.INT32]):
        self.waiter(signal)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, signal: pld.DistributedTensor[[4], pl.INT32]):
        with pl.manual_scope():
            early = pl.submit(self.waiter, signal, allow_early_resolve=True)
            wide = pl.spmd_submit(self.waiter, signal, core_num=2)
        with pl.spmd(2):
            with pl.at(level=pl.Level.CORE_GROUP):
                pld.system.defer_wait(signal, offsets=[3], expected=1, cmp=pld.WaitCmp.Ge)

# CHECK: deferred_wait_placement_errors.py:14:5: error: pld.system.defer_wait in function 'unmarked' bypasses the deferred-waiter task contract: mark the function pl.func_attr({"deferred_completion_waiter": True}) and call it from an Orchestration function, or write the wait in a task-level `with pl.at(level=pl.Level.CORE_GROUP)` scope
# CHECK: deferred_wait_placement_errors.py:37:13: error: pld.system.defer_wait must be in a task-level pl.at(CORE_GROUP) scope; nesting the waiter under pl.spmd or another task-launch scope is unsupported because the outer launch owns dispatch predicate and early-resolve semantics
# CHECK: deferred_wait_placement_errors.py:36:9: note: the enclosing task launch
# CHECK: deferred_wait_placement_errors.py:29:9: error: deferred waiter 'waiter' must be dispatched directly from an Orchestration function, not from Opaque 'helper'
# CHECK: deferred_wait_placement_errors.py:34:21: error: deferred waiter 'waiter' cannot use allow_early_resolve=True
# CHECK: deferred_wait_placement_errors.py:35:20: error: deferred waiter 'waiter' must be a single-block task and cannot use core_num or sync_start
# CHECK: deferred_wait_placement_errors.py:18:5: error: deferred waiter 'uncalled' has no task-level Orchestration call site; the deferred_completion_waiter attribute alone is not a deferred-completion contract

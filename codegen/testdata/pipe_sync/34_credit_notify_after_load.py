# A credit notify (comm-hazards.md H1): the load reads this rank's window,
# then the notify tells the left neighbour the buffer is free, and the
# neighbour may overwrite it as soon as the notify lands. The load must
# have completed before the notify issues: one MTE2 -> S pair, not a
# PIPE_ALL, which would also wait for the exp still running on V (where
# nothing else runs beside the load, a PIPE_ALL is the cheaper order:
# 36_barrier_cheaper_than_pair.py). Dropping it is a pipe race (pipe_sync_removal_test, and
# ptoc-sim's pipe check in runtime:pipe_sync_sim_removal_test).
# RUN: ptoc %s --passes= --emit=syncplan | FileCheck %s
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=cce | FileCheck %s --check-prefix=BARRIER
# The plan's own check reports the notify unordered after the loads when
# the pair is dropped (and is clean with the barrier-all rule's drain):
# RUN: ptoc %s --passes= --emit=syncplan --pipe-sync-drop=1 | FileCheck %s --check-prefix=DROP
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=syncplan | FileCheck %s --check-prefix=BARRIER-PLAN
# DROP: check: 1 of 1 executions, 1 findings
# DROP-NEXT: finding: pipe race: TNOTIFY on PIPE_S ({{.*}}34_credit_notify_after_load.py:[[NOTIFY:[0-9]+]]:9) writes all of GM while TLOAD on PIPE_MTE2 {{.*}} may still read it; no flag or barrier orders them; missing: set_flag(PIPE_MTE2, PIPE_S)
# BARRIER-PLAN: check: 1 of 1 executions, clean
# CHECK: func k: 3 units
# CHECK: unit 1: pair PIPE_MTE2 -> PIPE_S EVENT_ID0 set after {{.*}}34_credit_notify_after_load.py:[[@LINE+28]]:9 wait before {{.*}}34_credit_notify_after_load.py:[[@LINE+29]]:9
# CHECK: check: 1 of 1 executions, clean
# CCE: TLOAD(got, box_gm);
# CCE-NOT: pipe_barrier
# CCE: set_flag(PIPE_MTE2, PIPE_S, EVENT_ID0);
# CCE-NEXT: wait_flag(PIPE_MTE2, PIPE_S, EVENT_ID0);
# CCE-NEXT: pto::comm::TNOTIFY(
# PTO: pto.tload
# PTO-NOT: pto.barrier
# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_S>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_S>, <EVENT_ID0>]
# PTO-NEXT: pto.comm.tnotify(
# BARRIER: TLOAD(got, box_gm);
# BARRIER: pipe_barrier(PIPE_ALL);
# BARRIER-NEXT: pto::comm::TNOTIFY(
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class CreditNotify:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, box: pld.DistributedTensor[[1, 64], pl.FP32],
          signal: pld.DistributedTensor[[1, 8], pl.INT32],
          out: pl.InOut[pl.Tensor[[1, 64], pl.FP32]], out2: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
          left: pl.Scalar[pl.INDEX]):
        v: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(out, [0, 0], [1, 64])
        e: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(v)
        got: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(box, [0, 0], [1, 64])
        pld.system.notify(signal, left, [0, 0], 1, op=pld.NotifyOp.AtomicAdd)
        pl.tile.store(got, [0, 0], out)
        pl.tile.store(e, [0, 0], out2)

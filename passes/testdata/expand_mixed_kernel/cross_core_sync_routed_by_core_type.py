# Explicit cross-core events in a mixed kernel go to the lane their
# core_type= names (PyPTO's ClassifyIntrinsicCallAffinity: "aic" -> cube,
# "aiv" -> vector); without core_type=, and for system.set_ffts (the FFTS
# workspace both lanes' events use), both lanes keep the call. A vector-only
# kernel with an "aic" event is mixed: the event makes an AIC lane.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl


@pl.program
class CrossCoreSync:
    # CHECK-LABEL: def k_aic(
    # CHECK: pl.system.set_ffts(ws)
    # CHECK-NOT: pl.system.sync_wait(pipe=pl.PipeType.V, event_id=3
    # CHECK: pl.system.sync_set(pipe=pl.PipeType.FIX, event_id=3, core_type="aic")
    # CHECK: pl.system.sync_set(pipe=pl.PipeType.MTE2, event_id=5)
    # CHECK-NOT: pl.system.sync_wait(pipe=pl.PipeType.V, event_id=3
    # CHECK-LABEL: def k_aiv(
    # CHECK: pl.system.set_ffts(ws)
    # CHECK-NOT: core_type="aic"
    # CHECK: pl.system.sync_wait(pipe=pl.PipeType.V, event_id=3, core_type="aiv")
    # CHECK: pl.system.sync_set(pipe=pl.PipeType.MTE2, event_id=5)
    # CHECK-NOT: core_type="aic"
    # CHECK-LABEL: def k(
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        b: pl.Tensor[[16, 16], pl.FP16],
        ws: pl.Tensor[[256], pl.INT64],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        pl.system.set_ffts(ws)
        am = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        al = pl.tile.move(am, target_memory=pl.Mem.Left)
        bm = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        br = pl.tile.move(bm, target_memory=pl.Mem.Right)
        c = pl.tile.matmul(al, br)
        pl.system.sync_set(pipe=pl.PipeType.FIX, event_id=3, core_type="aic")
        pl.system.sync_wait(pipe=pl.PipeType.V, event_id=3, core_type="aiv")
        pl.system.sync_set(pipe=pl.PipeType.MTE2, event_id=5)
        cv = pl.tile.move(c, target_memory=pl.Mem.Vec)
        r = pl.tile.relu(cv)
        pl.tile.store(r, [0, 0], out)

    # CHECK-LABEL: def signal_aic(
    # CHECK: pl.system.sync_set(pipe=pl.PipeType.FIX, event_id=1, core_type="aic")
    # CHECK-NOT: pl.tile.relu
    # CHECK-LABEL: def signal_aiv(
    # CHECK-NOT: sync_set
    # CHECK: pl.tile.relu(v)
    @pl.function(type=pl.FunctionType.InCore)
    def signal(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        v = pl.tile.load(x, [0, 0], [16, 16])
        pl.system.sync_set(pipe=pl.PipeType.FIX, event_id=1, core_type="aic")
        r = pl.tile.relu(v)
        pl.tile.store(r, [0, 0], out)

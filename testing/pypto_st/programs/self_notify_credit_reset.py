# Cut from PyPTO's tests/st/distributed/test_l3_self_notify_credit_reset.py (hw-native-sys/pypto e2d0f78a), the
# program its system test builds, with the test's constants folded in.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class SelfNotifyCreditReset:
    @pl.function(type=pl.FunctionType.InCore)
    def credit_and_reset(
        self,
        out: pl.Out[pl.Tensor[[1, 1], pl.INT32]],
        signal: pl.InOut[pld.DistributedTensor[[1, 1], pl.INT32]],
        peer: pl.Scalar[pl.INT32],
        my_rank: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 1], pl.INT32]:
        # Phase 1: notify the peer REPS times — one AtomicAdd(+1) per
        # notify, mirroring one barrier's worth of credit per iteration.
        for _ in pl.unroll(4):
            pld.system.notify(
                target=signal,
                peer=peer,
                offsets=[0, 0],
                value=1,
                op=pld.NotifyOp.AtomicAdd,
            )

        # Phase 2: ordinary barrier — wait until our own cell has
        # accumulated all REPS credits from the rank whose peer is us.
        # This rules out the self-notify below racing the peer's writes.
        pld.system.wait(
            signal=signal,
            offsets=[0, 0],
            expected=4,
            cmp=pld.WaitCmp.Ge,
        )

        # Phase 3: self-notify — subtract REPS from our OWN cell in one
        # AtomicAdd, exactly the shape of EmitEpilogueReset's reset
        # notify. peer=my_rank means this targets the local window, not
        # a remote one.
        # The value must have explicit INT32 dtype to match the signal
        # element type (pto.comm.tnotify verifies this at ptoas level).
        neg_reps: pl.Scalar[pl.INT32] = pl.const(-4, pl.INT32)  # -4 typed
        pld.system.notify(
            target=signal,
            peer=my_rank,
            offsets=[0, 0],
            value=neg_reps,
            op=pld.NotifyOp.AtomicAdd,
        )

        # Phase 4: read our own cell back. If the self-notify landed on a
        # different address than the peer's remote adds (the one risk
        # this ST exists to rule out), this reads REPS instead of 0.
        val: pl.Scalar[pl.INT32] = pl.read(signal, [0, 0])
        pl.write(out, [0, 0], val)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        out: pl.Out[pl.Tensor[[1, 1], pl.INT32]],
        signal: pl.InOut[pld.DistributedTensor[[1, 1], pl.INT32]],
        peer: pl.Scalar[pl.INT32],
        my_rank: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 1], pl.INT32]:
        return self.credit_and_reset(out, signal, peer, my_rank)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        outputs: pl.Out[pl.Tensor[[2, 1, 1], pl.INT32]],
    ) -> pl.Tensor[[2, 1, 1], pl.INT32]:
        signal_buf = pld.alloc_window_buffer(pl.INT32.get_byte())  # 1x1 x INT32

        for r in pl.range(pld.world_size()):
            signal = pld.window(signal_buf, [1, 1], dtype=pl.INT32)
            self.chip_orch(outputs[r], signal, (r + 1) % pld.world_size(), r, device=r)
        return outputs

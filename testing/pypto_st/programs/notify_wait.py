# Cut from PyPTO's tests/st/distributed/test_l3_notify_wait.py (hw-native-sys/pypto e2d0f78a), the
# program its system test builds, with the test's constants folded in.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class SignalHandshake:
    @pl.function(type=pl.FunctionType.InCore)
    def barrier_step(
        self,
        out: pl.Out[pl.Tensor[[1, 1], pl.INT32]],
        signal: pl.InOut[pld.DistributedTensor[[1, 1], pl.INT32]],
        peer: pl.Scalar[pl.INT32],
        tag: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 1], pl.INT32]:
        # Phase 1: add our tag into the peer's signal cell.
        pld.system.notify(
            target=signal,
            peer=peer,
            offsets=[0, 0],
            value=tag,
            op=pld.NotifyOp.AtomicAdd,
        )

        # Phase 2: barrier — block until our own cell has been written by
        # the rank whose peer is us (its tag is >= 1).
        pld.system.wait(
            signal=signal,
            offsets=[0, 0],
            expected=1,
            cmp=pld.WaitCmp.Ge,
        )

        # Phase 3: read our own cell back locally and surface the received
        # tag as the output. Scalar read/write avoids the 32-byte tile
        # alignment constraint that a ``pl.load([1, 1])`` of a 4-byte
        # INT32 cell would otherwise hit.
        val: pl.Scalar[pl.INT32] = pl.read(signal, [0, 0])
        pl.write(out, [0, 0], val)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        out: pl.Out[pl.Tensor[[1, 1], pl.INT32]],
        signal: pl.InOut[pld.DistributedTensor[[1, 1], pl.INT32]],
        peer: pl.Scalar[pl.INT32],
        tag: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 1], pl.INT32]:
        return self.barrier_step(out, signal, peer, tag)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        outputs: pl.Out[pl.Tensor[[2, 1, 1], pl.INT32]],
    ) -> pl.Tensor[[2, 1, 1], pl.INT32]:
        signal_buf = pld.alloc_window_buffer(pl.INT32.get_byte())  # 1×1 × INT32

        for r in pl.range(pld.world_size()):
            signal = pld.window(signal_buf, [1, 1], dtype=pl.INT32)
            # peer = (r + 1) % nranks; tag = r + 1.
            self.chip_orch(outputs[r], signal, (r + 1) % pld.world_size(), r + 1, device=r)
        return outputs

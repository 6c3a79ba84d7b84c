# Cut from PyPTO's tests/st/distributed/test_l3_remote_store.py (hw-native-sys/pypto e2d0f78a), the
# program its system test builds, with the test's constants folded in.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class TensorRemoteStore:
    @pl.function(type=pl.FunctionType.InCore)
    def scale_push_step(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        dst: pld.DistributedTensor[[1, 64], pl.FP32],
        signal: pld.DistributedTensor[[1, 1], pl.INT32],
        peer: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        # Phase 1: compute, then push the computed value directly.
        scaled = pl.tensor.add(inp, inp)
        pld.tensor.remote_store(scaled, dst, peer, [0, 0])

        # Phase 2: same notify/wait handshake as the tile-level ring.
        pld.system.notify(
            target=signal,
            peer=peer,
            offsets=[0, 0],
            value=1,
            op=pld.NotifyOp.AtomicAdd,
        )
        pld.system.wait(
            signal=signal,
            offsets=[0, 0],
            expected=1,
            cmp=pld.WaitCmp.Ge,
        )

        # Phase 3: read back what our own peer pushed into us.
        recv = pl.load(dst, [0, 0], [1, 64])
        return pl.store(recv, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        dst: pld.DistributedTensor[[1, 64], pl.FP32],
        signal: pld.DistributedTensor[[1, 1], pl.INT32],
        peer: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        return self.scale_push_step(inp, out, dst, signal, peer)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[2, 1, 64], pl.FP32],
        outputs: pl.Out[pl.Tensor[[2, 1, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 1, 64], pl.FP32]:
        dst_buf = pld.alloc_window_buffer(64 * pl.FP32.get_byte())
        signal_buf = pld.alloc_window_buffer(pl.INT32.get_byte())

        for r in pl.range(pld.world_size()):
            dst = pld.window(dst_buf, [1, 64], dtype=pl.FP32)
            signal = pld.window(signal_buf, [1, 1], dtype=pl.INT32)
            self.chip_orch(inputs[r], outputs[r], dst, signal, (r + 1) % pld.world_size(), device=r)
        return outputs

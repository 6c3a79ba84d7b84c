# Cut from PyPTO's tests/st/distributed/test_l3_remote_store.py (hw-native-sys/pypto e2d0f78a), the
# program its system test builds, with the test's constants folded in.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class SubviewRemoteStore:
    @pl.function(type=pl.FunctionType.InCore)
    def half_push_step(
        self,
        inp_low: pl.Tensor[[1, 32], pl.FP32],
        inp_high: pl.Tensor[[1, 32], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        dst: pld.DistributedTensor[[1, 64], pl.FP32],
        signal: pld.DistributedTensor[[1, 1], pl.INT32],
        peer: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        # Push two half-sized tiles into peer's dst at offsets [0, 0] and
        # [0, 32]. Each remote_store writes a [1, 32] subview — the
        # capability put doesn't have.
        tile_low = pl.load(inp_low, [0, 0], [1, 32])
        pld.tile.remote_store(tile_low, target=dst, peer=peer, offsets=[0, 0])
        tile_high = pl.load(inp_high, [0, 0], [1, 32])
        pld.tile.remote_store(tile_high, target=dst, peer=peer, offsets=[0, 32])

        pld.system.notify(
            target=signal,
            peer=peer,
            offsets=[0, 0],
            value=1,
            op=pld.NotifyOp.Set,
        )
        pld.system.wait(
            signal=signal,
            offsets=[0, 0],
            expected=1,
            cmp=pld.WaitCmp.Ge,
        )

        recv = pl.load(dst, [0, 0], [1, 64])
        return pl.store(recv, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        inp_low: pl.Tensor[[1, 32], pl.FP32],
        inp_high: pl.Tensor[[1, 32], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        dst: pld.DistributedTensor[[1, 64], pl.FP32],
        signal: pld.DistributedTensor[[1, 1], pl.INT32],
        peer: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        return self.half_push_step(inp_low, inp_high, out, dst, signal, peer)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs_low: pl.Tensor[[2, 1, 32], pl.FP32],
        inputs_high: pl.Tensor[[2, 1, 32], pl.FP32],
        outputs: pl.Out[pl.Tensor[[2, 1, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 1, 64], pl.FP32]:
        dst_buf = pld.alloc_window_buffer(64 * pl.FP32.get_byte())
        signal_buf = pld.alloc_window_buffer(pl.INT32.get_byte())

        for r in pl.range(pld.world_size()):
            dst = pld.window(dst_buf, [1, 64], dtype=pl.FP32)
            signal = pld.window(signal_buf, [1, 1], dtype=pl.INT32)
            self.chip_orch(
                inputs_low[r],
                inputs_high[r],
                outputs[r],
                dst,
                signal,
                (r + 1) % pld.world_size(),
                device=r,
            )
        return outputs

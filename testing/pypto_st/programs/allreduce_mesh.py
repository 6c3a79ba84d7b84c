# Cut from PyPTO's tests/st/distributed/collectives/test_l3_allreduce.py (hw-native-sys/pypto e2d0f78a), the
# program its system test builds, with the test's constants folded in.
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")


@pl.program
class AllReduceMesh:
    """Mesh allreduce with dynamic rank count ``NR``."""

    @pl.function(type=pl.FunctionType.InCore)
    def reduce_step(
        self,
        inp: pl.Tensor[[1, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 256], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[1, 256], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]],
    ) -> pl.Tensor[[1, 256], pl.FP32]:
        """Four-phase mesh allreduce on window-bound ``data`` / ``signal``."""
        ctx = pld.get_comm_ctx(data)
        my_rank = pld.rank(ctx)
        nranks = pld.nranks(ctx)

        # Phase 1: stage-in — local input → this rank's window slice.
        local = pl.load(inp, [0, 0], [1, 256])
        data = pl.store(local, [0, 0], data)

        # Phase 2: barrier — notify every peer, wait on every peer slot.
        # Matches allreduce_kernel.cpp: signal[peer] on remote, wait local [src].
        # ``alloc_window_buffer`` zero-initialises cells; AtomicAdd/Ge(1) is safe.
        for peer in pl.range(nranks):
            if peer != my_rank:
                pld.system.notify(
                    signal,
                    peer=peer,
                    offsets=[my_rank, 0],
                    value=1,
                    op=pld.NotifyOp.AtomicAdd,
                )
        for src in pl.range(nranks):
            if src != my_rank:
                pld.system.wait(
                    signal=signal,
                    offsets=[src, 0],
                    expected=1,
                    cmp=pld.WaitCmp.Ge,
                )

        # Phase 3: load my slice, add every peer's slice via remote_load.
        acc = pl.load(data, [0, 0], [1, 256])
        for peer in pl.range(nranks):
            if peer != my_rank:
                recv = pld.tile.remote_load(data, peer=peer, offsets=[0, 0], shape=[1, 256])
                acc = pl.add(acc, recv)

        # Phase 4: stage-out — reduced accumulator → local output.
        return pl.store(acc, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        inp: pl.Tensor[[1, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 256], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[1, 256], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]],
    ) -> pl.Tensor[[1, 256], pl.FP32]:
        """Per-device orchestration wrapper around ``reduce_step``."""
        return self.reduce_step(inp, out, data, signal)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[NR, 1, 256], pl.FP32],
        outputs: pl.Out[pl.Tensor[[NR, 1, 256], pl.FP32]],
    ) -> pl.Tensor[[NR, 1, 256], pl.FP32]:
        """Launch one chip orchestration per rank with shared window buffers."""
        data_buf = pld.alloc_window_buffer(256 * pl.FP32.get_byte())
        signal_buf = pld.alloc_window_buffer(pld.world_size() * pl.INT32.get_byte())

        for r in pl.range(pld.world_size()):
            data = pld.window(data_buf, [1, 256], dtype=pl.FP32)
            signal = pld.window(signal_buf, [pld.world_size(), 1], dtype=pl.INT32)
            self.chip_orch(
                inputs[r],
                outputs[r],
                data,
                signal,
                device=r,
            )
        return outputs

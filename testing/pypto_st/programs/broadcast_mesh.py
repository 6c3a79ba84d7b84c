# Cut from PyPTO's tests/st/distributed/collectives/test_l3_broadcast.py (hw-native-sys/pypto e2d0f78a), the
# program its system test builds, with the test's constants folded in.
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")


@pl.program
class BroadcastMesh:
    """Mesh broadcast with dynamic rank count ``NR``."""

    @pl.function(type=pl.FunctionType.InCore)
    def broadcast_step(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        scratch: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]],
        root: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        """Three-phase mesh broadcast on window-bound ``scratch`` / ``signal``."""
        ctx = pld.get_comm_ctx(scratch)
        my_rank = pld.rank(ctx)
        nranks = pld.nranks(ctx)

        # Phase 1: stage-in — root only writes input into the HCCL window.
        if my_rank == root:
            local = pl.load(inp, [0, 0], [1, 64])
            pl.store(local, [0, 0], scratch)

        # Phase 2: dual-loop barrier — notify every peer, wait on every peer.
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

        # Phase 3: broadcast — read root scratch and write local output.
        recv = pld.tile.remote_load(scratch, peer=root, offsets=[0, 0], shape=[1, 64])
        return pl.store(recv, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        scratch: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]],
        root: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        """Per-device orchestration wrapper around ``broadcast_step``."""
        return self.broadcast_step(inp, out, scratch, signal, root)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[NR, 1, 64], pl.FP32],
        outputs: pl.Out[pl.Tensor[[NR, 1, 64], pl.FP32]],
    ) -> pl.Tensor[[NR, 1, 64], pl.FP32]:
        """Launch one chip orchestration per rank with shared window buffers."""
        scratch_buf = pld.alloc_window_buffer(64 * pl.FP32.get_byte())
        signal_buf = pld.alloc_window_buffer(pld.world_size() * pl.INT32.get_byte())

        for r in pl.range(pld.world_size()):
            scratch = pld.window(scratch_buf, [1, 64], dtype=pl.FP32)
            signal = pld.window(signal_buf, [pld.world_size(), 1], dtype=pl.INT32)
            self.chip_orch(
                inputs[r],
                outputs[r],
                scratch,
                signal,
                0,  # root = rank 0
                device=r,
            )
        return outputs

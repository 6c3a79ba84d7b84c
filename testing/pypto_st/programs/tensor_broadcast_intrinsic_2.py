# Cut from PyPTO's test_l3_tensor_broadcast_intrinsic.src (hw-native-sys/pypto e2d0f78a): the
# program _build_broadcast_program(n_ranks=2) builds, its parameters folded in.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class BroadcastIntrinsicNRank:
    @pl.function(type=pl.FunctionType.InCore)
    def broadcast_step(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
        my_rank: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        # Phase 1: root only stages data.
        if my_rank == 0:
            local = pl.load(inp, [0, 0], [1, 64])
            pl.store(local, [0, 0], data)

        # Phases 2-3: barrier + broadcast — one call.
        data = pld.tensor.broadcast(data, signal, root=0)

        # Stage-out: every rank reads root's data.
        acc = pl.load(data, [0, 0], [1, 64])
        return pl.store(acc, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
        my_rank: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        return self.broadcast_step(inp, out, data, signal, my_rank)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[2, 1, 64], pl.FP32],
        outputs: pl.Out[pl.Tensor[[2, 1, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 1, 64], pl.FP32]:
        data_buf = pld.alloc_window_buffer(64 * pl.FP32.get_byte())
        signal_buf = pld.alloc_window_buffer(2 * pl.INT32.get_byte())

        for r in pl.range(pld.world_size()):
            data = pld.window(data_buf, [1, 64], dtype=pl.FP32)
            sig = pld.window(signal_buf, [2, 1], dtype=pl.INT32)
            self.chip_orch(inputs[r], outputs[r], data, sig, r, device=r)
        return outputs

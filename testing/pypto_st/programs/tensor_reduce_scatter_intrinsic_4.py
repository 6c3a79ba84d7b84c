# Cut from PyPTO's test_l3_tensor_reduce_scatter_intrinsic.src (hw-native-sys/pypto e2d0f78a): the
# program _build_reduce_scatter_program(n_ranks=4) builds, its parameters folded in.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class ReduceScatterIntrinsicNRank:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce_step(
        self,
        inp: pl.Tensor[[1, 4 * 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[4, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
        my_rank: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        # Stage-in: write each chunk at its row.
        for j in pl.range(4):
            chunk = pl.load(inp, [0, j * 64], [1, 64])
            pl.store(chunk, [j, 0], data)

        # Reduce-scatter — one call.
        data = pld.tensor.reduce_scatter(data, signal, op=pld.ReduceOp.Sum)

        # Stage-out: read my reduced chunk.
        acc = pl.load(data, [my_rank, 0], [1, 64])
        return pl.store(acc, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        inp: pl.Tensor[[1, 4 * 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[4, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
        my_rank: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        return self.reduce_step(inp, out, data, signal, my_rank)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[4, 1, 4 * 64], pl.FP32],
        outputs: pl.Out[pl.Tensor[[4, 1, 64], pl.FP32]],
    ) -> pl.Tensor[[4, 1, 64], pl.FP32]:
        data_buf = pld.alloc_window_buffer(4 * 64 * pl.FP32.get_byte())
        signal_buf = pld.alloc_window_buffer(4 * pl.INT32.get_byte())

        for r in pl.range(pld.world_size()):
            data = pld.window(data_buf, [4, 64], dtype=pl.FP32)
            sig = pld.window(signal_buf, [4, 1], dtype=pl.INT32)
            self.chip_orch(inputs[r], outputs[r], data, sig, r, device=r)
        return outputs

# Cut from PyPTO's test_l3_tensor_allgather_intrinsic.src (hw-native-sys/pypto e2d0f78a): the
# program _build_allgather_program(n_ranks=2) builds, its parameters folded in.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class AllGatherIntrinsicNRank:
    @pl.function(type=pl.FunctionType.InCore)
    def gather_step(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 2 * 64], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[2, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
    ) -> pl.Tensor[[1, 2 * 64], pl.FP32]:
        # Push-based allgather: window becomes the gathered [NR, 64] result.
        data = pld.tensor.allgather(inp, data, signal)
        # Stage-out: read from the gathered window into the output tensor.
        for r in pl.range(2):
            chunk = pl.load(data, [r, 0], [1, 64])
            pl.store(chunk, [0, r * 64], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 2 * 64], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[2, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
    ) -> pl.Tensor[[1, 2 * 64], pl.FP32]:
        return self.gather_step(inp, out, data, signal)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[2, 1, 64], pl.FP32],
        outputs: pl.Out[pl.Tensor[[2, 1, 2 * 64], pl.FP32]],
    ) -> pl.Tensor[[2, 1, 2 * 64], pl.FP32]:
        data_buf = pld.alloc_window_buffer(2 * 64 * pl.FP32.get_byte())
        signal_buf = pld.alloc_window_buffer(2 * pl.INT32.get_byte())

        for r in pl.range(pld.world_size()):
            data = pld.window(data_buf, [2, 64], dtype=pl.FP32)
            sig = pld.window(signal_buf, [2, 1], dtype=pl.INT32)
            self.chip_orch(inputs[r], outputs[r], data, sig, device=r)
        return outputs

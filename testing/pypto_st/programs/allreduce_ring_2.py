# Cut from PyPTO's tests/st/distributed/collectives/test_l3_allreduce_ring.py (hw-native-sys/pypto
# e2d0f78a): the program _build_ring_allreduce_program(2) builds, its
# n_ranks, total_rounds and chunk folded in.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class RingAllReduce:
    """Ring allreduce with chunked reduce-scatter + allgather schedule."""

    @pl.function(type=pl.FunctionType.InCore)
    def ring_step(
        self,
        inp: pl.Tensor[[1, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 256], pl.FP32]],
        scratch: pl.InOut[pld.DistributedTensor[[1, 256], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 2], pl.INT32]],
        chunk_elems: pl.Scalar[pl.INDEX],
    ) -> pl.Tensor[[1, 256], pl.FP32]:
        """Monolithic ring allreduce: stage-in → RS loop → AG loop → stage-out.

        *scratch* holds ``NR`` chunks laid out flat in ``[1, 256]``;
        128 *c* starts at offset ``c * chunk_elems``.  *signal* carries
        ``2(NR−1)`` rows, one per RS/AG round; each row has ``NR`` cells.
        ``alloc_window_buffer`` zero-initialises every cell, so per-round
        ``AtomicAdd(0→1)`` / ``WaitGe(1)`` is safe without explicit reset.
        """
        ctx = pld.get_comm_ctx(scratch)
        my_rank = pld.rank(ctx)
        nranks = pld.nranks(ctx)
        left = (my_rank - 1 + nranks) % nranks

        # Phase 1: stage-in — copy each local input 128 into scratch.
        for c in pl.range(nranks):
            src_tile = pl.load(inp, [0, c * chunk_elems], [1, 128])
            pl.store(src_tile, [0, c * chunk_elems], scratch)

        # Phase 2: reduce-scatter — (NR−1) ring steps.
        # s is 0-indexed; step = s + 1 is the 1-indexed ring step.
        for s in pl.range(nranks - 1):
            step = s + 1
            recv_add_idx = (my_rank - step - 1 + nranks) % nranks
            left_send_idx = (left - step + nranks) % nranks
            rs_round = s

            # Barrier — every rank notifies every peer, then waits on every peer.
            for peer in pl.range(nranks):
                if peer != my_rank:
                    pld.system.notify(
                        signal,
                        peer=peer,
                        offsets=[rs_round, my_rank],
                        value=1,
                        op=pld.NotifyOp.AtomicAdd,
                    )
            for peer in pl.range(nranks):
                if peer != my_rank:
                    pld.system.wait(
                        signal=signal,
                        offsets=[rs_round, peer],
                        expected=1,
                        cmp=pld.WaitCmp.Ge,
                    )

            # Remote-load left neighbour's send 128, add into local accumulator.
            recv = pld.tile.remote_load(
                scratch,
                peer=left,
                offsets=[0, left_send_idx * chunk_elems],
                shape=[1, 128],
            )
            acc = pl.load(scratch, [0, recv_add_idx * chunk_elems], [1, 128])
            acc = pl.add(acc, recv)
            pl.store(acc, [0, recv_add_idx * chunk_elems], scratch)

        # Phase 3: allgather — (NR−1) ring steps.
        for s in pl.range(nranks - 1):
            step = s + 1
            recv_idx = (my_rank - step + nranks) % nranks
            left_send_idx = (left - step + 1 + nranks) % nranks
            ag_round = (nranks - 1) + s

            # Barrier.
            for peer in pl.range(nranks):
                if peer != my_rank:
                    pld.system.notify(
                        signal,
                        peer=peer,
                        offsets=[ag_round, my_rank],
                        value=1,
                        op=pld.NotifyOp.AtomicAdd,
                    )
            for peer in pl.range(nranks):
                if peer != my_rank:
                    pld.system.wait(
                        signal=signal,
                        offsets=[ag_round, peer],
                        expected=1,
                        cmp=pld.WaitCmp.Ge,
                    )

            # Remote-load left neighbour's send 128, store into local 128.
            recv = pld.tile.remote_load(
                scratch,
                peer=left,
                offsets=[0, left_send_idx * chunk_elems],
                shape=[1, 128],
            )
            pl.store(recv, [0, recv_idx * chunk_elems], scratch)

        # Phase 4: stage-out — write concatenated chunks into output.
        for c in pl.range(nranks):
            src_tile = pl.load(scratch, [0, c * chunk_elems], [1, 128])
            pl.store(src_tile, [0, c * chunk_elems], out)

        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        inp: pl.Tensor[[1, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 256], pl.FP32]],
        scratch: pl.InOut[pld.DistributedTensor[[1, 256], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 2], pl.INT32]],
        chunk_elems: pl.Scalar[pl.INDEX],
    ) -> pl.Tensor[[1, 256], pl.FP32]:
        """Per-device orchestration wrapper around ``ring_step``."""
        return self.ring_step(inp, out, scratch, signal, chunk_elems)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[2, 1, 256], pl.FP32],
        outputs: pl.Out[pl.Tensor[[2, 1, 256], pl.FP32]],
    ) -> pl.Tensor[[2, 1, 256], pl.FP32]:
        """Launch one chip orchestration per rank with shared window buffers."""
        scratch_buf = pld.alloc_window_buffer(256 * pl.FP32.get_byte())
        signal_buf = pld.alloc_window_buffer(2 * 2 * pl.INT32.get_byte())

        chunk_elems = 256 // 2
        for r in pl.range(2):
            scratch = pld.window(scratch_buf, [1, 256], dtype=pl.FP32)
            signal = pld.window(signal_buf, [2, 2], dtype=pl.INT32)
            self.chip_orch(
                inputs[r],
                outputs[r],
                scratch,
                signal,
                chunk_elems,
                device=r,
            )
        return outputs


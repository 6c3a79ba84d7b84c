# Cut from PyPTO's tests/st/distributed/test_l3_remote_store_window_raw.py (hw-native-sys/pypto e2d0f78a), the
# program its system test builds, with the test's constants folded in.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class Repro:
    # writer: cross-rank push of my row into the peer's window + barrier
    @pl.function(type=pl.FunctionType.InCore)
    def push_step(
        self,
        src: pl.Tensor[[2, 64], pl.BF16],
        win: pld.DistributedTensor[[2, 64], pl.BF16],
        done: pld.DistributedTensor[[2, 1], pl.INT32],
        my_rank: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[2, 64], pl.BF16]:
        peer = (my_rank + 1) % 2
        row = pl.load(src, [my_rank, 0], [1, 64])
        pld.tile.remote_store(row, target=win, peer=peer, offsets=[my_rank, 0])
        # Cross-rank barrier: signal every other rank, then wait for them.
        for p in pl.range(2):
            if p != my_rank:
                pld.system.notify(
                    target=done, peer=p, offsets=[my_rank, 0], value=1, op=pld.NotifyOp.AtomicAdd
                )
        for s in pl.range(2):
            if s != my_rank:
                pld.system.wait(signal=done, offsets=[s, 0], expected=1, cmp=pld.WaitCmp.Ge)
        return src

    # reader: separate kernel that reads the now-filled window
    @pl.function(type=pl.FunctionType.InCore)
    def read_step(
        self,
        win: pld.DistributedTensor[[2, 64], pl.BF16],
        out: pl.Out[pl.Tensor[[2, 64], pl.BF16]],
    ) -> pl.Tensor[[2, 64], pl.BF16]:
        recv = pl.load(win, [0, 0], [2, 64])
        return pl.store(recv, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip(
        self,
        src: pl.Tensor[[2, 64], pl.BF16],
        out: pl.Out[pl.Tensor[[2, 64], pl.BF16]],
        win: pld.DistributedTensor[[2, 64], pl.BF16],
        done: pld.DistributedTensor[[2, 1], pl.INT32],
        my_rank: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[2, 64], pl.BF16]:
        self.push_step(src, win, done, my_rank)
        # Must run AFTER push_step's barrier fills `win` — the RAW edge #1670 drops.
        return self.read_step(win, out)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        srcs: pl.Tensor[[2, 2, 64], pl.BF16],
        outs: pl.Out[pl.Tensor[[2, 2, 64], pl.BF16]],
    ) -> pl.Tensor[[2, 2, 64], pl.BF16]:
        win_buf = pld.alloc_window_buffer(2 * 64 * pl.BF16.get_byte())
        done_buf = pld.alloc_window_buffer(2 * pl.INT32.get_byte())
        for r in pl.range(pld.world_size()):
            win = pld.window(win_buf, [2, 64], dtype=pl.BF16)
            done = pld.window(done_buf, [2, 1], dtype=pl.INT32)
            self.chip(srcs[r], outs[r], win, done, r, device=r)
        return outs

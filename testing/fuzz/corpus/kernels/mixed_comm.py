# A mixed kernel with communication: cube matmul, a vector epilogue that
# publishes to a window, a barrier with waits, a loop-carried tile and a
# vector -> cube transfer.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class MixedComm:
    @pl.function(type=pl.FunctionType.InCore, attrs={"slot_num": 2})
    def mixed(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        b: pl.Tensor[[16, 16], pl.FP16],
        win: pl.InOut[pld.DistributedTensor[[16, 16], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        n: pl.Scalar[pl.INDEX],
    ):
        ctx = pld.get_comm_ctx(win)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        ranks: pl.Scalar[pl.INDEX] = pld.nranks(ctx)
        am: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        al: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
        bv: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [16, 16])
        for i in pl.range(n):
            bs: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.muls(bv, 2)
            br: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bs, target_memory=pl.MemorySpace.Right)
            acc: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, br)
            v: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.move(acc, target_memory=pl.MemorySpace.Vec)
            e: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(v)
            pl.tile.store(e, [0, 0], win)
            for p in pl.range(ranks):
                if p != me:
                    pld.system.notify(sig, p, [0, me], 1)
            for p in pl.range(ranks):
                if p != me:
                    pld.system.wait(sig, [0, p], i + 1, cmp=pld.WaitCmp.Ge)
            got: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pld.tile.remote_load(win, (me + 1) % ranks, [0, 0], [16, 16])
            pl.tile.store(got, [0, 0], out, atomic="add")
        pl.system.syncall(mode="hard")

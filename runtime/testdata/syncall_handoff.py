# A vector -> cube hand-off through GM ordered by a barrier (the sequence
# `--v2c-sync=barrier` inserts where no FIFO handshake is possible):
# `barrier` is correct; `no_fence` leaves the store pending across the
# barrier (stale read: fence after the write); `no_barrier` has nothing
# between the store and the load (race).
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class SyncallHandoff:
    @pl.function(type=pl.FunctionType.AIV)
    def barrier_aiv(self, x: pl.Tensor[[16, 16], pl.FP16], scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        t: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [16, 16])
        d: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.add(t, t)
        pl.tile.store(d, [0, 0], scratch)
        pl.system.cacheinvalid()
        pl.system.fence()
        pl.system.syncall(core_type="mix", mode="soft")
        pl.system.cacheinvalid()

    @pl.function(type=pl.FunctionType.AIV)
    def no_fence_aiv(self, x: pl.Tensor[[16, 16], pl.FP16], scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        t: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [16, 16])
        d: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.add(t, t)
        pl.tile.store(d, [0, 0], scratch)
        pl.system.syncall(core_type="mix", mode="soft")
        pl.tile.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def no_barrier_aiv(self, x: pl.Tensor[[16, 16], pl.FP16], scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        t: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [16, 16])
        pl.tile.store(t, [0, 0], scratch)

    @pl.function(type=pl.FunctionType.AIC)
    def load_aic(self, x: pl.Tensor[[16, 16], pl.FP16], scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        pl.system.cacheinvalid()
        pl.system.fence()
        pl.system.syncall(core_type="mix", mode="soft")
        pl.system.cacheinvalid()
        m: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)

    @pl.function(type=pl.FunctionType.AIC)
    def plain_load_aic(self, x: pl.Tensor[[16, 16], pl.FP16], scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        m: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)

    @pl.function(type=pl.FunctionType.Group)
    def barrier(self, x: pl.Tensor[[16, 16], pl.FP16], scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        self.load_aic(x, scratch, out)
        self.barrier_aiv(x, scratch, out)

    @pl.function(type=pl.FunctionType.Group)
    def no_fence(self, x: pl.Tensor[[16, 16], pl.FP16], scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        self.load_aic(x, scratch, out)
        self.no_fence_aiv(x, scratch, out)

    @pl.function(type=pl.FunctionType.Group)
    def no_barrier(self, x: pl.Tensor[[16, 16], pl.FP16], scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        self.plain_load_aic(x, scratch, out)
        self.no_barrier_aiv(x, scratch, out)

# Hand-written lanes: an AIC/AIV pair with pipes, reserved buffers, pushes,
# pops and frees in both directions, under a Group.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Lanes:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        c2v: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v", peer_func="k_aiv")
        v2c: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="v2c", size=4096)
        pl.system.aic_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=1024)
        for i in pl.range(4):
            m: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.tpop_from_aiv()
            l: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(m, target_memory=pl.MemorySpace.Left)
            pl.system.tfree_to_aiv(m)
            bm: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
            r: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
            acc: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(l, r)
            pl.tile.tpush_to_aiv(acc)
        pl.system.syncall()

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        c2v: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v", size=4096)
        v2c: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=1024)
        for i in pl.range(4):
            x: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])
            pl.tile.tpush_to_aic(x)
            y: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
            z: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(y)
            pl.system.tfree_to_aic(y)
            pl.tile.store(z, [0, 0], out)
        pl.system.syncall()

    @pl.function(type=pl.FunctionType.Group)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        self.k_aic(a, out)
        self.k_aiv(a, out)

# One attention tile on both vector lanes of the core group (dual-aiv.md):
# scores = q @ k on the cube; an UP_DOWN shard gives each AIV lane its 16
# rows, the lane takes exp of them, and a gather joins both lanes' halves
# back on the cube for probs @ v.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class SplitAttention:
    @pl.function(type=pl.FunctionType.InCore)
    def split_attention(
        self,
        q: pl.Tensor[[32, 32], pl.FP16],
        k: pl.Tensor[[32, 16], pl.FP16],
        v: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        qm: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(q, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        ql: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(qm, target_memory=pl.MemorySpace.Left)
        km: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(k, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        kr: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(km, target_memory=pl.MemorySpace.Right)
        scores: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(ql, kr)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            half: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.aiv_shard(scores)
            probs: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(half)
            joined: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Mat] = pl.aic_gather(probs)
        pleft: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Left] = pl.tile.move(joined, target_memory=pl.MemorySpace.Left)
        vm: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Mat] = pl.tile.load(v, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        vr: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Right] = pl.tile.move(vm, target_memory=pl.MemorySpace.Right)
        o: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(pleft, vr)
        pl.tile.store(o, [0, 0], out)

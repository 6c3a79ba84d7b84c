# A LEFT_RIGHT shard and gather (dual-aiv.md): scores = q @ k on the cube;
# each AIV lane gets its 16 columns, stores exp of them to its columns of
# `probs` and gathers them back; the cube stores the joined tile to `joined`.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class SplitLeftRight:
    @pl.function(type=pl.FunctionType.InCore)
    def split_left_right(
        self,
        q: pl.Tensor[[16, 32], pl.FP16],
        k: pl.Tensor[[32, 32], pl.FP16],
        probs: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
        joined_out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ):
        qm: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(q, [0, 0], [16, 32], target_memory=pl.MemorySpace.Mat)
        ql: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(qm, target_memory=pl.MemorySpace.Left)
        km: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(k, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        kr: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(km, target_memory=pl.MemorySpace.Right)
        scores: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(ql, kr)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            half: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.aiv_shard(scores)
            e: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(half)
            pl.tile.store(e, [0, aiv_id * 16], probs)
            joined: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Mat] = pl.aic_gather(e)
        pl.tile.store(joined, [0, 0], joined_out)

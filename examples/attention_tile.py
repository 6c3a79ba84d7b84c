# One attention tile: scores = q @ k on the cube, exp on the vector lane,
# then the probabilities go back to the cube for probs @ v. Values cross the
# lanes in both directions through tile.move (cube -> vector, vector -> cube).
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class AttentionTile:
    @pl.function(type=pl.FunctionType.InCore)
    def attention_tile(
        self,
        q: pl.Tensor[[16, 32], pl.FP16],
        k: pl.Tensor[[32, 16], pl.FP16],
        v: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        qm: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(q, [0, 0], [16, 32], target_memory=pl.MemorySpace.Mat)
        ql: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(qm, target_memory=pl.MemorySpace.Left)
        km: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(k, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        kr: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(km, target_memory=pl.MemorySpace.Right)
        scores: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(ql, kr)
        sv: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.move(scores, target_memory=pl.MemorySpace.Vec)
        probs: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(sv)
        pleft: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Left] = pl.tile.move(probs, target_memory=pl.MemorySpace.Left)
        vm: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Mat] = pl.tile.load(v, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        vr: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Right] = pl.tile.move(vm, target_memory=pl.MemorySpace.Right)
        o: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(pleft, vr)
        pl.tile.store(o, [0, 0], out)

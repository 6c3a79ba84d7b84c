# Expected result of `ptoc split_attention.py --passes=expand-mixed-kernel --backend=a2a3 --emit=text`.
# The shard is a split=1 push of the full Acc tile and a pop of each lane's
# [16, 16] half; the gather a split=1 push of each lane's half
# and a pop of the joined [32, 16] tile; slot_size is the full tile's 2048 bytes.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class SplitAttention:
    @pl.function(type=pl.FunctionType.AIC, attrs={"split_aiv": True})
    def split_attention_aic(
        self,
        q: pl.Tensor[[32, 32], pl.FP16],
        k: pl.Tensor[[32, 16], pl.FP16],
        v: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        v2c_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="split_attention_v2c_slot_buffer", size=4096)
        c2v_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="split_attention_c2v_slot_buffer", peer_func="split_attention_aiv")
        pl.system.aic_initialize_pipe(c2v_import, v2c_buf, dir_mask=3, slot_size=2048)
        qm: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(q, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        ql: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(qm, target_memory=pl.MemorySpace.Left)
        km: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(k, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        kr: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(km, target_memory=pl.MemorySpace.Right)
        scores: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(ql, kr)
        pl.tile.tpush_to_aiv(scores, split=1)
        joined: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Mat] = pl.tile.tpop_from_aiv(split=1)
        pleft: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Left] = pl.tile.move(joined, target_memory=pl.MemorySpace.Left)
        pl.system.tfree_to_aiv(joined, split=1)
        vm: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Mat] = pl.tile.load(v, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        vr: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Right] = pl.tile.move(vm, target_memory=pl.MemorySpace.Right)
        o: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(pleft, vr)
        pl.tile.store(o, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV, attrs={"split_aiv": True})
    def split_attention_aiv(
        self,
        q: pl.Tensor[[32, 32], pl.FP16],
        k: pl.Tensor[[32, 16], pl.FP16],
        v: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        v2c_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="split_attention_v2c_slot_buffer", peer_func="split_attention_aic")
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="split_attention_c2v_slot_buffer", size=4096)
        pl.system.aiv_initialize_pipe(c2v_buf, v2c_import, dir_mask=3, slot_size=2048)
        half: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic(split=1)
        probs: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(half)
        pl.system.tfree_to_aic(half, split=1)
        pl.tile.tpush_to_aic(probs, split=1)

    @pl.function(type=pl.FunctionType.Group, attrs={"split_aiv": True})
    def split_attention(
        self,
        q: pl.Tensor[[32, 32], pl.FP16],
        k: pl.Tensor[[32, 16], pl.FP16],
        v: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        self.split_attention_aic(q, k, v, out)
        self.split_attention_aiv(q, k, v, out)

# Expected result of `ptoc v2c_handoff.py --passes=expand-mixed-kernel --backend=a2a3 --emit=text`.
# The store and the load are adjacent, so the handshake point P sits between
# them and the stored tile itself is the token (2048 bytes: slot_size). The
# fence before the push makes the store land before the cube may load.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class RopeScore:
    @pl.function(type=pl.FunctionType.AIC)
    def rope_score_aic(
        self,
        q: pl.Tensor[[16, 64], pl.FP16],
        cos: pl.Tensor[[16, 64], pl.FP16],
        k: pl.Tensor[[64, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[16, 64], pl.FP16]],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        v2c_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="rope_score_v2c_slot_buffer", size=4096, base=-1)
        pl.system.aic_initialize_pipe(0, v2c_buf, dir_mask=2, slot_size=2048, slot_num=2)
        tok: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Mat, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.tpop_from_aiv(split=0)
        pl.system.tfree_to_aiv(tok, split=0)
        qm: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(scratch, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat)
        ql: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(qm, target_memory=pl.MemorySpace.Left)
        km: pl.Tile[[64, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(k, [0, 0], [64, 16], target_memory=pl.MemorySpace.Mat)
        kr: pl.Tile[[64, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(km, target_memory=pl.MemorySpace.Right)
        score: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(ql, kr)
        pl.tile.store(score, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def rope_score_aiv(
        self,
        q: pl.Tensor[[16, 64], pl.FP16],
        cos: pl.Tensor[[16, 64], pl.FP16],
        k: pl.Tensor[[64, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[16, 64], pl.FP16]],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        v2c_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="rope_scor­_v2c_slot_buffer", peer_func="rope_score_aic")
        pl.system.aiv_initialize_pipe(0, v2c_import, dir_mask=2, slot_size=2048, slot_num=2)
        qv: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(q, [0, 0], [16, 64])
        cv: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(cos, [0, 0], [16, 64])
        rq: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Vec] = pl.tile.mul(qv, cv)
        pl.tile.store(rq, [0, 0], scratch)
        pl.system.fence()
        pl.tile.tpush_to_aic(rq, split=0)

    @pl.function(type=pl.FunctionType.Group)
    def rope_score(
        self,
        q: pl.Tensor[[16, 64], pl.FP16],
        cos: pl.Tensor[[16, 64], pl.FP16],
        k: pl.Tensor[[64, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[16, 64], pl.FP16]],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        self.rope_score_aic(q, cos, k, scratch, out)
        self.rope_score_aiv(q, cos, k, scratch, out)

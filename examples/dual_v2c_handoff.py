# A V2C hand-off through GM with two vector producers (dual-aiv.md, "GM
# hand-offs with two AIV lanes"): each AIV lane scales its 16 rows of x and
# stores them to the GM scratch; the cube loads the whole scratch back for a
# matmul. Each lane fences its store and pushes a dedicated split=1 token;
# the cube's pop completes only when both lanes have pushed.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class DualV2cHandoff:
    @pl.function(type=pl.FunctionType.InCore)
    def dual_v2c_handoff(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        w: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            xv: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [lane * 16, 0], [16, 16])
            xs: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.muls(xv, 2.0)
            pl.tile.store(xs, [lane * 16, 0], scratch)
        sm: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(scratch, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        sl: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(sm, target_memory=pl.MemorySpace.Left)
        wm: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(w, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        wr: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(wm, target_memory=pl.MemorySpace.Right)
        o: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(sl, wr)
        pl.tile.store(o, [0, 0], out)

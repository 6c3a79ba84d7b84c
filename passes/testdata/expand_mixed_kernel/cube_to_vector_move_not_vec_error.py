# A tile crossing from the AIC lane to the AIV lane is popped into Vec, the
# AIV lane's memory; a move of an Acc tile into DDR has nowhere to land and
# is an error at the move (a store writes a tile to global memory).
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class MoveIntoDdr:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        al = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Left)
        ar = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Right)
        c = pl.tile.matmul(al, ar)
        cv = pl.tile.move(c, target_memory=pl.MemorySpace.DDR)
        pl.tile.store(cv, [0, 0], out)

# CHECK: cube_to_vector_move_not_vec_error.py:20:9: error: in kernel 'k': this tile.move crosses from the AIC lane to the AIV lane, so it must land in Vec, not DDR; to write the tile to global memory, use pl.tile.store
# CHECK-NEXT: cv = pl.tile.move(c, target_memory=pl.MemorySpace.DDR)
# CHECK-NEXT: ^

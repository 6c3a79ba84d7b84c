# A mixed kernel may write a transfer by hand without writing the pipe
# setup: the pass sets the pipe up for its own transfers and the hand-written
# ones alike, as PyPTO's split sizes its pipe from every transfer of the
# kernel (direction mask, the largest slot), and frees the hand-written pop.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
# RUN: ptoc %s --emit=pto -o /dev/null
# CHECK-LABEL: def k_aic(
# CHECK: pl.system.aic_initialize_pipe({{.*}}dir_mask=1, slot_size=4096
# CHECK: pl.tile.tpush_to_aiv(c)
# CHECK: pl.tile.tpush_to_aiv(d)
# CHECK-LABEL: def k_aiv(
# CHECK: pl.system.aiv_initialize_pipe({{.*}}dir_mask=1, slot_size=4096
# CHECK: v: {{.*}} = pl.tile.tpop_from_aic()
# CHECK: w: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic()
# CHECK: pl.system.tfree_to_aic(w)
import pypto.language as pl


@pl.program
class K:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        b: pl.Tensor[[32, 32], pl.FP16],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
    ):
        am = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        c = pl.tile.matmul(pl.tile.move(am, target_memory=pl.MemorySpace.Left),
                           pl.tile.move(am, target_memory=pl.MemorySpace.Right))
        v = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        pl.tile.store(v, [0, 0], out)
        bm = pl.tile.load(b, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        d = pl.tile.matmul(pl.tile.move(bm, target_memory=pl.MemorySpace.Left),
                           pl.tile.move(bm, target_memory=pl.MemorySpace.Right))
        pl.tile.tpush_to_aiv(d)
        w: pl.Tile[[32, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.tile.store(w, [0, 0], out2)

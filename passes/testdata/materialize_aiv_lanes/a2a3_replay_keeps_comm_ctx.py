# On a2a3 the replay of AIV lane 1 recomputes the communication context and
# the rank count: a pipe loop bounded by pld.nranks(ctx) keeps its bound.
# RUN: ptoc %s --backend=a2a3 --emit=text | FileCheck %s
# RUN: ptoc %s --backend=a2a3 --emit=pto -o %t.pto
# CHECK-LABEL: def k_aiv(
# CHECK: else:
# CHECK-NEXT: ctx_{{[0-9]+}} = pld.get_comm_ctx(win)
# CHECK-NEXT: ranks_{{[0-9]+}}: pl.Scalar[pl.INDEX] = pld.nranks(ctx_{{[0-9]+}})
# CHECK-NEXT: for i_{{[0-9]+}} in pl.range(ranks_{{[0-9]+}}):
# CHECK-NEXT: {{.*}} = pl.tile.tpop_from_aic()
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class RanksLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16], win: pl.InOut[pld.DistributedTensor[[16, 16], pl.FP32]], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        ctx = pld.get_comm_ctx(win)
        ranks: pl.Scalar[pl.INDEX] = pld.nranks(ctx)
        for i in pl.range(ranks):
            am: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
            al: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
            bm: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
            br: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
            acc: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, br)
            v: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.move(acc, target_memory=pl.MemorySpace.Vec)
            r: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(v)
            pl.tile.store(r, [0, 0], out)

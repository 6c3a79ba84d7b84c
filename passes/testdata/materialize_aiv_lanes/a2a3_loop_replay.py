# Case 22 (dual-aiv.md): a single a2a3 AIV function with a pipe is launched
# 1C:2V. AIV0 runs the body; AIV1 replays only the pipe protocol: the loop
# (its header unchanged) with a fresh pop and its free in each iteration,
# the pure scalar the loop bound needs, and nothing else (no load, relu or
# store).
# RUN: ptoc %s --passes=expand-mixed-kernel,materialize-aiv-lanes --backend=a2a3 --emit=text | FileCheck %s
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=pb -o %t.pb
# RUN: materialize-aiv-lanes --backend=a2a3 %t.pb -o %t.out.pb
# RUN: ptoc %t.out.pb --passes= --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class LoopReplay:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 16], pl.FP16],
        out: pl.Out[pl.Tensor[[64, 16], pl.FP32]],
        n: pl.Scalar[pl.INDEX],
    ):
        m: pl.Scalar[pl.INDEX] = n * 2
        for i in pl.range(0, m, 1):
            am = pl.tile.load(a, [0, 0], [16, 32], target_memory=pl.MemorySpace.Mat)
            al = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
            bm = pl.tile.load(b, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
            br = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
            c = pl.tile.matmul(al, br)
            cv = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
            r = pl.tile.relu(cv)
            row: pl.Scalar[pl.INDEX] = i * 16
            pl.tile.store(r, [row, 0], out)

# CHECK-LABEL: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker, attrs={"dual_aiv_dispatch": True})
# CHECK-NEXT: def k_aiv(
# CHECK: sb: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(
# CHECK-NEXT: pl.system.aiv_initialize_pipe(
# CHECK-NEXT: if sb == 0:
# CHECK-NEXT: m: pl.Scalar[pl.INDEX] = n * 2
# CHECK-NEXT: for i in pl.range(m):
# CHECK-NEXT: cv: {{.*}} = pl.tile.tpop_from_aic()
# CHECK: pl.tile.store(r, [row, 0], out)
# CHECK-NEXT: else:
# CHECK-NEXT: m_1: pl.Scalar[pl.INDEX] = n * 2
# CHECK-NEXT: for i_1 in pl.range(m_1):
# CHECK-NEXT: cv_1: {{.*}} = pl.tile.tpop_from_aic()
# CHECK-NEXT: pl.system.tfree_to_aic(cv_1)
# CHECK-NOT: pl.tile.relu
# CHECK-NOT: pl.tile.store
# CHECK-NOT: row_1
# CHECK-LABEL: def k(

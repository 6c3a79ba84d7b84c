# A generated kernel (testing/mixed_program_generator, seed 18) where both
# changes of test 28 show. Its vector lane stores inside an outer loop and
# moves a tile inside an inner one, so the inner loop's carried pair needs
# its reverse pair in the outer loop (this used to be a repair:
# pipe_barrier(PIPE_ALL) in every outer iteration). Its check merges the
# states of the loops again: a V op no MTE2 op ever waits for stays in the
# access history, once per iteration, and the states of successive
# iterations differed only in those copies and in their indices. The check
# now keeps the last copy of an access and renames indices by rank, so it
# covers every execution. Without that it ran out of states and the plan
# fell back to a pipe_barrier(PIPE_ALL) at the end of every loop body.
# RUN: ptoc %s --backend=a5 --pipe-sync=flags --emit=syncplan | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        x: pl.Tensor[[16, 16], pl.FP16],
        s16: pl.InOut[pl.Tensor[[16, 16], pl.FP16]],
        s32: pl.InOut[pl.Tensor[[16, 16], pl.FP32]],
        flag: pl.InOut[pl.Tensor[[1, 1], pl.INT32]],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        n: pl.Scalar[pl.INDEX],
    ):
        m0 = pl.tile.load(s16, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        v1 = pl.tile.load(x, [0, 0], [16, 16])
        m2 = pl.tile.load(s16, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        v3 = pl.tile.load(x, [0, 0], [16, 16])
        r4 = pl.tile.load(s16, [0, 0], [16, 16], target_memory=pl.MemorySpace.Right)
        sv5 = pl.tile.load(s32, [0, 0], [16, 16])
        w6 = pl.tile.mul(sv5, sv5)
        if n > 3:
            for i7 in pl.range(0, 3, 1):
                l8 = pl.tile.move(m2, target_memory=pl.MemorySpace.Left)
                pl.tile.store(sv5, [0, 0], s32)
                l9 = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.MemorySpace.Left)
                l10 = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.MemorySpace.Left)
            m11 = pl.tile.load(s16, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
            k12 = n + 1
        else:
            pl.tile.store(v3, [0, 0], s16)
            if n > 2:
                w13 = pl.tile.mul(w6, sv5)
                l14 = pl.tile.load(s16, [0, 0], [16, 16], target_memory=pl.MemorySpace.Left)
            else:
                sm15 = pl.tile.load(s32, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        if n > 3:
            m16 = pl.tile.load(s16, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
            pl.tile.store(sv5, [0, 0], s32)
            l17 = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.MemorySpace.Left)
            for i18, (acc19,) in pl.range(0, 3, 1, init_values=(sv5,)):
                w21 = pl.tile.mul(acc19, acc19)
                m22 = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
                res20 = pl.yield_(acc19)
        for i23 in pl.range(0, n, 1):
            pl.tile.store(sv5, [0, 0], out)
            k24 = i23 + 1
            for i25 in pl.range(0, n, 1):
                fm26 = pl.tile.load(flag, [0, 0], [1, 1], target_memory=pl.MemorySpace.Mat)
                k27 = i25 + 1
                vm28 = pl.tile.move(v3, target_memory=pl.MemorySpace.Mat)

# CHECK-LABEL: func kernel_aiv:
# CHECK-NOT: repair
# CHECK-NOT: loop end
# CHECK: pair PIPE_V -> PIPE_MTE3 {{.*}} (carried by the loop at {{.*}}:59:9:
# CHECK-NOT: repair
# CHECK-NOT: loop end
# CHECK: check: 850 of 850 executions, clean

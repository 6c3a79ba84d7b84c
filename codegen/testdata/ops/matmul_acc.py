# tile.matmul_acc accumulates in place: pto-isa's TMATMUL_ACC writes its
# output tile and ignores the input accumulator, so the result is the acc
# tile itself: PTO-AS `pto.tmatmul.acc ins(%acc, %l, %r) outs(%acc)` (as
# PyPTO writes it), C++ `TMATMUL_ACC(acc, acc, l, r)`, and a loop carrying
# the accumulator moves nothing. The cube waits for the moves into L0A/L0B
# (MTE1 -> M) before it, and the store waits for it (M -> FIX).
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class MatmulAcc:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP16], b: pl.Tensor[[64, 16], pl.FP16],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 32], target_memory=pl.MemorySpace.Mat)
        bm: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        al: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
        br: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        acc: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, br)
        for kk, (c,) in pl.range(1, 2, init_values=(acc,)):
            c2: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul_acc(c, al, br)
            r = pl.yield_(c2)
        pl.tile.store(r, [0, 0], out)

# PTO: pto.tmatmul ins(%al, %br :
# PTO: %r = scf.for %kk = %c1 to %c2 step %c1 iter_args(%c = %acc)
# PTO: pto.tmatmul.acc ins(%c, %al, %br : !pto.tile_buf<loc=acc, {{.*}}>, !pto.tile_buf<loc=left, {{.*}}>, !pto.tile_buf<loc=right, {{.*}}>) outs(%c : !pto.tile_buf<loc=acc,
# PTO-NEXT: scf.yield %c :

# CCE: wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID{{[0-9]}});
# CCE-NEXT: TMATMUL(acc, al, br);
# CCE: for (int64_t kk = 1; kk < 2; kk += 1) {
# CCE: TMATMUL_ACC(c, c, al, br);
# CCE-NOT: c = c;
# CCE: wait_flag(PIPE_M, PIPE_FIX, EVENT_ID{{[0-9]}});
# CCE-NEXT: TSTORE(out_gm, c);

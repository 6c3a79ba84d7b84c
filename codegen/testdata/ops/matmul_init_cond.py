# tile.matmul_acc's init_cond (PyPTO): where it holds, the product
# overwrites the accumulator (TMATMUL / pto.tmatmul, the accumulator not
# read), else it adds to it (TMATMUL_ACC / pto.tmatmul.acc). A constant
# condition picks one form; a run-time one branches over the two, as
# PyPTO's code generation does, both writing the accumulator in place.
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# CCE: if (
# CCE-NEXT: TMATMUL(acc_k, x_Left, y_Right);
# CCE-NEXT: } else {
# CCE-NEXT: TMATMUL_ACC(acc_k, acc_k, x_Left, y_Right);
# CCE-NEXT: }
# CCE: TMATMUL(acc2, x2_Left, y2_Right);
# CCE-NOT: TMATMUL_ACC(acc2
# PTO: scf.if
# PTO-NEXT: pto.tmatmul ins(%x_Left, %y_Right :
# PTO-NEXT: } else {
# PTO-NEXT: pto.tmatmul.acc ins(%acc_k, %x_Left, %y_Right :
# PTO: pto.tmatmul ins(%x2_Left, %y2_Right :
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP16], b: pl.Tensor[[64, 16], pl.FP16],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.create([16, 16], pl.FP32, target_memory=pl.Mem.Acc)
        for k0, (acc_k,) in pl.range(0, 64, 16, init_values=(acc,)):
            x: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.load(a, [0, k0], [16, 16], target_memory=pl.Mem.Mat)
            y: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.load(b, [k0, 0], [16, 16], target_memory=pl.Mem.Mat)
            acc_next = pl.matmul_acc(acc_k, x, y, init_cond=(k0 == 0))
            acc_k_out = pl.yield_(acc_next)
        pl.store(acc_k_out, [0, 0], out)
        acc2: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.create([16, 16], pl.FP32, target_memory=pl.Mem.Acc)
        x2: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        y2: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        first = pl.matmul_acc(acc2, x2, y2, init_cond=True)
        pl.store(first, [0, 0], out2)

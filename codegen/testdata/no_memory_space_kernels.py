# Kernels written as PyPTO writes them: tiles without a memory space
# (`pl.Tile[[16, 16], pl.FP32]`) and `return pl.store(...)` into a pl.Out
# parameter. The default pipeline (infer-tile-memory-space first) compiles
# them to PTO-AS and to C++ (the codegen tests take lanes, AIV and AIC):
# the vector kernel's tiles in Vec, the cube
# kernel's operands in Mat, Left and Right and its product in Acc.
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --emit=text --passes=infer-tile-memory-space | FileCheck %s --check-prefix=TEXT
# PTO-LABEL: func.func @vadd(
# PTO: pto.tadd
# PTO: pto.tstore
# PTO-LABEL: func.func @mm(
# PTO: loc=left
# PTO: pto.tmatmul
# PTO: pto.tstore
# CCE-LABEL: void vadd(
# CCE: TSTORE(
# CCE-LABEL: void mm(
# CCE: TMATMUL(
# CCE: TSTORE(
# TEXT: s: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(x, y)
# TEXT: c: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(l, r)
import pypto.language as pl


@pl.program
class NoMemorySpace:
    @pl.function(type=pl.FunctionType.AIV)
    def vadd(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x: pl.Tile[[16, 16], pl.FP32] = pl.load(a, [0, 0], [16, 16])
        y: pl.Tile[[16, 16], pl.FP32] = pl.load(b, [0, 0], [16, 16])
        s: pl.Tile[[16, 16], pl.FP32] = pl.add(x, y)
        return pl.store(s, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIC)
    def mm(self, a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        am: pl.Tile[[16, 16], pl.BF16] = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[16, 16], pl.BF16] = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        l: pl.Tile[[16, 16], pl.BF16] = pl.move(am, target_memory=pl.Mem.Left)
        r: pl.Tile[[16, 16], pl.BF16] = pl.move(bm, target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 16], pl.FP32] = pl.matmul(l, r)
        return pl.store(c, [0, 0], out)

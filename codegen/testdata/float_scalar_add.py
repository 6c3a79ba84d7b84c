# A scalar float addition is spelt a - (-b): ptoas 0.60 cannot lower
# arith.addf ("failed to legalize"), and in IEEE arithmetic a - (-b) is
# a + b exactly. Integer additions stay arith.addi; C++ keeps `+`.
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# PTO-NOT: arith.addf
# PTO: %[[N:.*]] = arith.negf %{{.*}} : f32
# PTO: %t = arith.subf %s, %[[N]] : f32
# PTO: arith.addi
# CCE: float t = (s + 1.5f);
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
          s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INDEX]):
        t = s + 1.5
        m = n + 1
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        y = pl.tile.adds(x, t)
        pl.tile.store(y, [0, m], out)

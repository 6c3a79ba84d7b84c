# PyPTO's `~x` of an integer scalar (BitNot: x xor -1) and `not x` of an
# integer (x == 0, a BOOL).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --emit=text | FileCheck %s --check-prefix=TEXT
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class BitNot:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[16], pl.INT32], n: pl.Scalar[pl.INT32]):
        m: pl.Scalar[pl.INT32] = ~n
        b: pl.Scalar[pl.BOOL] = not n
        pl.tensor.write(x, [0], m)

# PTO: %m = arith.xori %n, %c-1_i32 : i32
# PTO: %[[NZ:.*]] = arith.cmpi ne, %n, %c0_i32 : i32
# PTO-NEXT: %b = arith.xori %[[NZ]], %true : i1
# CCE: int32_t m = (~n);
# CCE: bool b = (!static_cast<bool>(n));
# TEXT: m: pl.Scalar[pl.INT32] = ~n
# TEXT: b: pl.Scalar[pl.BOOL] = not n

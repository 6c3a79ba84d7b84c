# tile.div / tile.log / tile.recip with high_precision=True, as PyPTO lowers
# them: PTOAS's precise mode after the outs clause ({precisionType =
# #pto<div_precision high_precision>}), pto-isa's template argument in C++
# (TDIV<pto::DivAlgorithm::HIGH_PRECISION>). The default mode has neither.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
# PTO: pto.tdiv ins(%x, %y : {{.*}}) outs(%d : {{[^)]*}}) {precisionType = #pto<div_precision high_precision>} loc(
# PTO: pto.tlog ins(%x : {{.*}}) outs(%l : {{[^)]*}}) {precisionType = #pto<log_precision high_precision>} loc(
# PTO: pto.trecip ins(%x : {{.*}}) outs(%r : {{[^)]*}}) {precisionType = #pto<recip_precision high_precision>} loc(
# PTO: pto.tdiv ins(%x, %y : {{.*}}) outs(%q : {{[^)]*}}) loc(
# CCE: TDIV<pto::DivAlgorithm::HIGH_PRECISION>(d, x, y);
# CCE: TLOG<pto::LogAlgorithm::HIGH_PRECISION>(l, x);
# CCE: TRECIP<pto::RecipAlgorithm::HIGH_PRECISION>(r, x);
# CCE: TDIV(q, x, y);
import pypto.language as pl


@pl.program
class HighPrecision:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
          o1: pl.Out[pl.Tensor[[16, 16], pl.FP32]], o2: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          o3: pl.Out[pl.Tensor[[16, 16], pl.FP32]], o4: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])
        y: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [16, 16])
        d: pl.Tile[[16, 16], pl.FP32] = pl.tile.div(x, y, high_precision=True)
        l: pl.Tile[[16, 16], pl.FP32] = pl.tile.log(x, high_precision=True)
        r: pl.Tile[[16, 16], pl.FP32] = pl.tile.recip(x, high_precision=True)
        q: pl.Tile[[16, 16], pl.FP32] = pl.tile.div(x, y, high_precision=False)
        pl.tile.store(d, [0, 0], o1)
        pl.tile.store(l, [0, 0], o2)
        pl.tile.store(r, [0, 0], o3)
        pl.tile.store(q, [0, 0], o4)

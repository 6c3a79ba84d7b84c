# A region whose offsets are only known at run time falls back to the
# whole-GM invalidate, as does one in a tensor whose row stride is dynamic.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class InvalidateDynamic:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 16], pl.FP32], b: pl.Tensor[[4, n], pl.FP32], row: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX]):
        pl.system.cacheinvalid(a, [1, 16], [row, 0])
        pl.system.cacheinvalid(b, [1, 4], [1, 0])

# PTO: // the region's offsets or sizes are not known at compile time: invalidate all of GM
# PTO-NEXT: pto.cmo.cacheinvalid all #pto.address_space<gm> loc("{{.*}}":13:9)
# PTO: // the tensor's strides are not known at compile time: invalidate all of GM
# PTO-NEXT: pto.cmo.cacheinvalid all #pto.address_space<gm> loc("{{.*}}":14:9)
# PTO-NOT: single_cache_line

# CCE-NOT: SINGLE_CACHE_LINE
# CCE: dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);
# CCE: dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);

# A region of more than 16 lines (272 fp32 = 17 lines) falls back to one
# whole-GM invalidate.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class InvalidateMany:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, scratch: pld.DistributedTensor[[1, 272], pl.FP32]):
        pl.system.cacheinvalid(scratch, [1, 272], [0, 0])

# PTO-NOT: single_cache_line
# PTO: // the region touches more than 16 cache lines: invalidate all of GM
# PTO-NEXT: pto.cmo.cacheinvalid all #pto.address_space<gm>
# PTO-NOT: single_cache_line

# CCE-NOT: SINGLE_CACHE_LINE
# CCE: dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);
# CCE-NOT: SINGLE_CACHE_LINE

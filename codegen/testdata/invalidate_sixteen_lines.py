# 256 fp32 = 1024 bytes = 16 lines: the largest region that is still
# invalidated line by line (16 ops, no whole-GM fallback).
# RUN: ptoc %s --passes= --emit=pto | grep -c 'single_cache_line' | FileCheck %s --check-prefix=COUNT
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | grep -c 'SINGLE_CACHE_LINE' | FileCheck %s --check-prefix=COUNT
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class InvalidateSixteen:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, scratch: pld.DistributedTensor[[1, 256], pl.FP32]):
        pl.system.cacheinvalid(scratch, [1, 256], [0, 0])

# COUNT: 16

# PTO-NOT: cacheinvalid all
# PTO: offsets = [%c0, %c0], sizes = [%c1, %c16]
# PTO: offsets = [%c0, %c240], sizes = [%c1, %c16]
# PTO-NEXT: pto.cmo.cacheinvalid {{.*}} single_cache_line
# PTO-NOT: cacheinvalid all

# CCE-NOT: ENTIRE_DATA_CACHE
# CCE: dcci(scratch, cache_line_t::SINGLE_CACHE_LINE);
# CCE: dcci(scratch + 240, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NOT: ENTIRE_DATA_CACHE

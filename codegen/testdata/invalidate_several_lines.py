# Columns 12..19 of rows 1 and 2 of a [4, 32] fp32 tensor (128-byte rows):
# each row piece straddles a line boundary, so the region touches lines
# 2, 3, 4 and 5: four single_cache_line ops in address order, each on a
# view based in its own line (one op at the region's base would leave three
# lines stale).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class InvalidateLines:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[4, 32], pl.FP32]):
        pl.system.cacheinvalid(a, [2, 8], [1, 12])

# PTO: pto.partition_view %a_view, offsets = [%c1, %c12], sizes = [%c1, %c4]
# PTO-NEXT: pto.cmo.cacheinvalid {{.*}} single_cache_line : !pto.partition_tensor_view<1x4xf32>
# PTO-NEXT: pto.partition_view %a_view, offsets = [%c1, %c16], sizes = [%c1, %c4]
# PTO-NEXT: pto.cmo.cacheinvalid {{.*}} single_cache_line
# PTO-NEXT: pto.partition_view %a_view, offsets = [%c2, %c12], sizes = [%c1, %c4]
# PTO-NEXT: pto.cmo.cacheinvalid {{.*}} single_cache_line
# PTO-NEXT: pto.partition_view %a_view, offsets = [%c2, %c16], sizes = [%c1, %c4]
# PTO-NEXT: pto.cmo.cacheinvalid {{.*}} single_cache_line
# PTO-NEXT: return

# CCE: dcci(a + 44, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: dcci(a + 48, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: dcci(a + 76, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: dcci(a + 80, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: #endif

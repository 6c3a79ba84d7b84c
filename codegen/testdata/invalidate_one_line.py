# A region inside one 64-byte line: exactly one single_cache_line op, on a
# view based in that line. Row 2 of a [4, 16] fp32 tensor is bytes 128..191.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class InvalidateOneLine:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[4, 16], pl.FP32]):
        pl.system.cacheinvalid(a, [1, 16], [2, 0])

# PTO: %[[PV:.*]] = pto.partition_view %a_view, offsets = [%c2, %c0], sizes = [%c1, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x16xf32>
# PTO-NEXT: pto.cmo.cacheinvalid %[[PV]] single_cache_line : !pto.partition_tensor_view<1x16xf32>
# PTO-NOT: cacheinvalid
# PTO: return

# CCE: dcci(a + 32, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NOT: dcci
# CCE: #endif

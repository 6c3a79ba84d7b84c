# system.cacheinvalid() without a region invalidates the whole data cache.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class InvalidateAll:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, sig: pld.DistributedTensor[[1, 8], pl.INT32]):
        pl.system.cacheinvalid()
        v: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 3])

# PTO: pto.cmo.cacheinvalid all #pto.address_space<gm> loc("{{.*}}invalidate_whole_gm.py":12:9)
# PTO-NEXT: %v = pto.load_scalar %sig[%c3] : !pto.ptr<i32> -> i32

# CCE: dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);
# CCE: int32_t v = sig[3];

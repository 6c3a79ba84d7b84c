# A kernel that writes scalars to GM (through the data cache) ends by
# cleaning the whole cache, the tail ptoas emits; a kernel without scalar
# writes does not. (PTO-AS: ptoas adds the tail itself.)
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class ScalarWrite:
    @pl.function(type=pl.FunctionType.AIV)
    def writes(self, flags: pl.Tensor[[1, 16], pl.INT32]):
        pl.tensor.write(flags, [0, 3], 7)

    @pl.function(type=pl.FunctionType.AIV)
    def reads(self, flags: pl.Tensor[[1, 16], pl.INT32], out: pl.Tensor[[1, 16], pl.INT32]):
        v: pl.Scalar[pl.INT32] = pl.tensor.read(flags, [0, 3])

# CHECK: void writes(
# CHECK: flags[3] = 7;
# CHECK-NEXT: pipe_barrier(PIPE_ALL);
# CHECK-NEXT: dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);
# CHECK-NEXT: dsb(DSB_DDR);
# CHECK-NEXT: #endif
# CHECK: void reads(
# CHECK-NOT: ENTIRE_DATA_CACHE
# CHECK: #endif

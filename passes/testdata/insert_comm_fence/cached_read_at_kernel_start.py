# comm-hazards.md H5: a kernel that reads window data through the data cache
# before any wait of its own may see lines an earlier kernel on the same
# core left in the cache; it starts with a whole-GM invalidate. The poll
# loop's first condition is such a read. A second run adds nothing.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s
# RUN: ptoc %s --passes=insert-comm-fence,insert-comm-fence,check-comm-contract --emit=text | FileCheck %s
# CHECK-LABEL: def k(
# CHECK-NEXT: pl.system.cacheinvalid()
# CHECK-NEXT: while pl.tensor.read(flag, [0, 0]) < 1:
# CHECK-NOT: pl.system.cacheinvalid()
# CHECK: v: pl.Scalar[pl.INT32] = pl.tensor.read(flag, [0, 1])
# CHECK-LABEL: def after_wait(
# CHECK-NEXT: pld.system.wait(flag, [0, 0], 1)
# CHECK-NEXT: pl.system.cacheinvalid()
# CHECK-NEXT: v: pl.Scalar[pl.INT32] = pl.tensor.read(flag, [0, 1])
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, flag: pl.InOut[pld.DistributedTensor[[1, 16], pl.INT32]]):
        while pl.tensor.read(flag, [0, 0]) < 1:
            pass
        v: pl.Scalar[pl.INT32] = pl.tensor.read(flag, [0, 1])

    @pl.function(type=pl.FunctionType.AIV)
    def after_wait(self, flag: pl.InOut[pld.DistributedTensor[[1, 16], pl.INT32]]):
        pld.system.wait(flag, [0, 0], 1)
        v: pl.Scalar[pl.INT32] = pl.tensor.read(flag, [0, 1])

# comm-hazards.md H5: the kernel's start reaches a read of window data
# through the data cache with no wait or whole-GM invalidate in between;
# the error is at the read, the note at the kernel. A read by DMA, or of a
# tensor that is not a window, is not one.
# RUN: not ptoc %s --passes=check-comm-contract --emit=text 2>&1 >/dev/null | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.AIV)
    # CHECK: cached_read_at_kernel_start.py:[[@LINE+5]]:9: error: read of window data through the data cache can run before any wait or whole-GM cacheinvalid of this kernel: it may see lines an earlier kernel on this core left in the cache (comm-hazards.md H5)
    # CHECK: cached_read_at_kernel_start.py:[[@LINE+1]]:5: note: the kernel starts here
    def k(self, inp: pl.Tensor[[1, 16], pl.INT32], flag: pl.InOut[pld.DistributedTensor[[1, 16], pl.INT32]]):
        t: pl.Tile[[1, 16], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(flag, [0, 0], [1, 16])
        u: pl.Scalar[pl.INT32] = pl.tensor.read(inp, [0, 0])
        v: pl.Scalar[pl.INT32] = pl.tensor.read(flag, [0, 1])
        # CHECK-NOT: error:
        w: pl.Scalar[pl.INT32] = pl.tensor.read(flag, [0, 2])

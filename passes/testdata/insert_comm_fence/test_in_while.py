# Rule 4, test: a test in a while condition puts the invalidate first in the
# loop body and first after the loop. A test never joins a wait run.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(
# CHECK:        while not pld.system.test(sig, [0, 0], 1):
# CHECK-NEXT:            pl.system.cacheinvalid()
# CHECK-NEXT:        pl.system.cacheinvalid()
# CHECK-NEXT:        x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [1, 0])
# CHECK-NEXT:        pld.system.wait(sig, [1, 0], 1)
# CHECK-NEXT:        pl.system.cacheinvalid()
# CHECK-NEXT:        while pld.system.test(sig, [2, 0], 1):
# CHECK-NEXT:            pl.system.cacheinvalid()
# CHECK-NEXT:            pld.system.wait(sig, [3, 0], 1)
# CHECK-NEXT:            pl.system.cacheinvalid()
# CHECK-NEXT:        pl.system.cacheinvalid()
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[4, 16], pl.FP32]],
        win: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        win2: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        narrow: pl.InOut[pld.DistributedTensor[[4, 8], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[8, 4], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
        n: pl.Scalar[pl.INDEX],
    ):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        while not pld.system.test(sig, [0, 0], 1):
            pass
        x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [1, 0])
        pld.system.wait(sig, [1, 0], 1)
        while pld.system.test(sig, [2, 0], 1):
            pld.system.wait(sig, [3, 0], 1)

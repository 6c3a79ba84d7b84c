# Rule 4, test: in every other case (`if not ok:`, `if ok and x:`, a test
# assigned and used later) the invalidate goes right after the statement
# holding the test.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(
# CHECK:        ok: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
# CHECK-NEXT:        pl.system.cacheinvalid()
# CHECK-NEXT:        if not ok:
# CHECK-NEXT:            q: pl.Scalar[pl.INDEX] = me + 1
# CHECK-NEXT:        ok2: pl.Scalar[pl.BOOL] = pld.system.test(sig, [1, 0], 1)
# CHECK-NEXT:        pl.system.cacheinvalid()
# CHECK-NEXT:        if ok2 and me > 0:
# CHECK-NEXT:            x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [1, 0])
# CHECK-NEXT:        ok3: pl.Scalar[pl.BOOL] = pld.system.test(sig, [2, 0], 1)
# CHECK-NEXT:        pl.system.cacheinvalid()
# CHECK-NEXT:        q3: pl.Scalar[pl.INDEX] = me + 2
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
        ok: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
        if not ok:
            q: pl.Scalar[pl.INDEX] = me + 1
        ok2: pl.Scalar[pl.BOOL] = pld.system.test(sig, [1, 0], 1)
        if ok2 and me > 0:
            x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [1, 0])
        ok3: pl.Scalar[pl.BOOL] = pld.system.test(sig, [2, 0], 1)
        q3: pl.Scalar[pl.INDEX] = me + 2

# Rule 4: a wait is followed by a whole-GM cacheinvalid before the next read
# (spec example: wait; x = read(sig)).
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(
# CHECK:        pld.system.wait(sig, [0, 0], 1)
# CHECK-NEXT:        pl.system.cacheinvalid()
# CHECK-NEXT:        x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
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
        pld.system.wait(sig, [0, 0], 1)
        x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])

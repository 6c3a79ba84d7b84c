# Rule 3: a call to another function of the program is opaque (its body is
# not analysed): a whole-GM cacheinvalid, then a fence. The callee, a kernel
# itself, gets its own markers.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --check-prefix=CALLEE
# CHECK-LABEL:    def k(
# CHECK:        self.helper(win)
# CHECK-NEXT:        pl.system.cacheinvalid()
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pld.system.notify(sig, 1, [0, 0], 1)
# CALLEE-LABEL: def helper(
# CALLEE:       pl.tensor.write(w, [0, 0], 1.0)
# CALLEE-NEXT:  pl.system.cacheinvalid(w, [4, 16], [0, 0])
# CALLEE-NEXT:  pl.system.fence()
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.InCore)
    def helper(self, w: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]]):
        pl.tensor.write(w, [0, 0], 1.0)

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
        self.helper(win)
        pld.system.notify(sig, 1, [0, 0], 1)

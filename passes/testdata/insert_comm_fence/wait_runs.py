# Rule 4: adjacent wait-only statements form one run with one invalidate
# after it: `wait; for p: wait`, two adjacent wait loops, `for a: for b:
# wait` (pure scalar statements may sit inside a wait-only loop). A scalar
# statement between waits ends a run.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(
# CHECK:        pld.system.wait(sig, [0, 0], 1)
# CHECK-NEXT:        for p in pl.range(4):
# CHECK-NEXT:            pld.system.wait(sig, [p, 1], 1)
# CHECK-NEXT:        for p2 in pl.range(4):
# CHECK-NEXT:            pld.system.wait(sig, [p2, 2], 1)
# CHECK-NEXT:        for a in pl.range(2):
# CHECK-NEXT:            row: pl.Scalar[pl.INDEX] = a * 2
# CHECK-NEXT:            for b in pl.range(n):
# CHECK-NEXT:                pld.system.wait(sig, [row, b], 1)
# CHECK-NEXT:        pl.system.cacheinvalid()
# CHECK-NEXT:        q: pl.Scalar[pl.INDEX] = me + 1
# CHECK-NEXT:        pld.system.wait(sig, [q, 0], 1)
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
        for p in pl.range(4):
            pld.system.wait(sig, [p, 1], 1)
        for p2 in pl.range(4):
            pld.system.wait(sig, [p2, 2], 1)
        for a in pl.range(2):
            row: pl.Scalar[pl.INDEX] = a * 2
            for b in pl.range(n):
                pld.system.wait(sig, [row, b], 1)
        q: pl.Scalar[pl.INDEX] = me + 1
        pld.system.wait(sig, [q, 0], 1)
        x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])

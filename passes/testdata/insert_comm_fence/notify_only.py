# Rule 5: a program that only notifies gets no marker.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --check-prefix=NONE
# NONE-NOT: system.fence
# NONE-NOT: cacheinvalid
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
        for p in pl.range(8):
            if p != me:
                pld.system.notify(sig, p, [0, me], 1, op=pld.NotifyOp.Set)

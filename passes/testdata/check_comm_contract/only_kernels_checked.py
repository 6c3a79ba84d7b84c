# Only InCore, AIC and AIV functions are checked: an Orchestration function
# that breaks the contract passes, and the checker changes nothing.
# RUN: ptoc %s --passes= --emit=text > %t.before
# RUN: ptoc %s --passes=check-comm-contract --emit=text > %t.after 2> %t.err
# RUN: diff %t.before %t.after
# RUN: count 0 < %t.err
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.Orchestration)
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        win2: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[8, 4], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
    ):
        pl.tensor.write(win, [0, 0], 1.0)
        pld.system.notify(sig, 1, [0, 0], 1)

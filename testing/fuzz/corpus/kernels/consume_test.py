# Consume points through pld.system.test: an if on the result, a test as the
# condition, a while polling loop, and a test inside a larger condition.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Poll:
    @pl.function(type=pl.FunctionType.AIV)
    def poll(
        self,
        sig: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
        data: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
        n: pl.Scalar[pl.INDEX],
    ):
        ok: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
        if ok:
            a: pl.Scalar[pl.INT32] = pl.tensor.read(data, [0, 0])
            pl.tensor.write(data, [0, 1], a)
        if pld.system.test(sig, [0, 1], 1, cmp=pld.WaitCmp.Ge):
            b: pl.Scalar[pl.INT32] = pl.tensor.read(data, [0, 1])
        while not pld.system.test(sig, [0, 2], 1):
            pass
        c: pl.Scalar[pl.INT32] = pl.tensor.read(data, [0, 2])
        if ok and n > 0:
            d: pl.Scalar[pl.INT32] = pl.tensor.read(data, [0, 3])
        for i in pl.range(n):
            pld.system.wait(sig, [0, 4], 1)
            e: pl.Scalar[pl.INT32] = pl.tensor.read(data, [0, 4])
        for i in pl.range(n):
            for j in pl.range(2):
                if i != j:
                    pld.system.wait(sig, [0, 5], 1)
        pld.system.notify(sig, 1, [0, 6], 1, op=pld.NotifyOp.Set)

import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s1") as t1:
            for i in pl.parallel(4):
                pass
        with pl.manual_scope():
            for i in pl.pipeline(0, 8, 2, stage=2):
                pass
        for i in pl.range(n):
            if i > 2:
                break
            continue
        for i in pl.unroll(3):
            pass

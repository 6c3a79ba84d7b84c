import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Before:
    @pl.function
    def kernel(self) -> pl.Scalar[pl.TASK_ID]:
        return pl.system.task_invalid()

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self) -> pl.Scalar[pl.TASK_ID]:
        with pl.manual_scope():
            tids = pl.array._reate(4, pl.TASK_ID)
            a = pl.system.task_Groupinvalid()
            for p in pl.range(0, 0, 1):
             tids = pl.array._reate(4, pl.TASK_ID)
            a = pl.system.task_Group.task_invalid()

# A hand-written FFTS cross-core event: ptoas would spell it, but pto-isa's
# CPU simulation has no ffts_cross_core_sync / wait_flag_dev /
# set_ffts_base_addr, so no C++ of it compiles there: refused at the call
# on both targets, naming the reason and what to write instead.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --emit=cce --backend=a5 2>&1 | FileCheck %s
# CHECK: ffts_event_error.py:[[@LINE+9]]:9: error: op 'system.set_ffts' has no code generation: FFTS cross-core events {{.*}} have no form in pto-isa's CPU simulation
import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(self, ffts_workspace: pl.Tensor[[256], pl.INT64],
               x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        pl.system.set_ffts(ffts_workspace)
        pl.system.sync_set(event_id=3, pipe=pl.PipeType.MTE3, ffts_mode=2)
        pl.system.sync_wait(event_id=3, pipe=pl.PipeType.MTE2)
        return x

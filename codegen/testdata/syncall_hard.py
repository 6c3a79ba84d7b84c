# A hard syncall uses the hardware barrier: no workspace, no extra parameter.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class HardSync:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a: pl.Tensor[[1, 16], pl.FP32]):
        pl.system.syncall(core_type="aic_only", mode="hard")

# PTO: func.func @k(%a: !pto.ptr<f32>) attributes
# PTO: pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<aic_only>

# CCE: void k(__gm__ float* a) {
# CCE: SYNCALL<SyncCoreType::AICOnly>();

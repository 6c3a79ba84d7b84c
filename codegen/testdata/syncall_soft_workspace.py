# A soft syncall runs through a zeroed 16 x i32 GM workspace that the
# runtime passes as the trailing `sync_workspace` parameter; each soft
# syncall of a lane owns 16 elements of it, in program order.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class SoftSync:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 16], pl.FP32]):
        pl.system.syncall(core_type="aiv_only", mode="soft")
        pl.system.syncall(core_type="aiv_only")

# PTO: func.func @k(%a: !pto.ptr<f32>, %sync_workspace: !pto.ptr<i32>)
# PTO: pto.syncall(%sync_workspace : !pto.ptr<i32>) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>
# PTO-NEXT: %[[WS:.*]] = pto.addptr %sync_workspace, %c16 : !pto.ptr<i32> -> !pto.ptr<i32>
# PTO-NEXT: pto.syncall(%[[WS]] : !pto.ptr<i32>) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>

# CCE: void k(__gm__ float* a, __gm__ int32_t* sync_workspace)
# CCE: GlobalTensor<int32_t, pto::Shape<1, 1, 1, 1, 16>, pto::Stride<1, 1, 1, 16, 1>> syncall_ws(sync_workspace);
# CCE-NEXT: SYNCALL<SyncAllMode::Soft, SyncCoreType::AIVOnly>(syncall_ws);
# CCE: GlobalTensor<int32_t, pto::Shape<1, 1, 1, 1, 16>, pto::Stride<1, 1, 1, 16, 1>> syncall_ws_1(sync_workspace + 16);
# CCE-NEXT: SYNCALL<SyncAllMode::Soft, SyncCoreType::AIVOnly>(syncall_ws_1);

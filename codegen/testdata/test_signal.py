# pld.system.test returns whether the condition already holds: ttest -> i1
# in PTO-AS, a bool from TTEST in C++; usable as a branch condition.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class TestSignal:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, sig: pld.DistributedTensor[[1, 8], pl.INT32], out: pl.Out[pl.Tensor[[1, 8], pl.INT32]]):
        ready: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 2], 4, cmp=pld.WaitCmp.Ge)
        if ready:
            pl.tensor.write(out, [0, 0], 1)

# PTO: %[[PV:.*]] = pto.partition_view %sig_view, offsets = [%c0, %c2], sizes = [%c1, %c1]
# PTO-NEXT: %ready = pto.comm.ttest(%[[PV]], %c4_i32 : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>} -> i1
# PTO-NEXT: scf.if %ready {
# PTO-NEXT: pto.store_scalar %c1_i32, %out[%c0] : !pto.ptr<i32>, i32

# CCE: bool ready = pto::comm::TTEST(sig_gm, 4, pto::comm::WaitCmp::GE);
# CCE-NEXT: // {{.*}}:14
# CCE-NEXT: if (ready) {
# CCE-NEXT: // {{.*}}:15
# CCE-NEXT: out[0] = 1;

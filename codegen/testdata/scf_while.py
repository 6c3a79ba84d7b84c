# A while loop: scf.while whose before-region evaluates the condition each
# time (here a call, so in C++ the condition's statements open the loop).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Spin:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, sig: pld.DistributedTensor[[1, 8], pl.INT32], out: pl.Out[pl.Tensor[[1, 8], pl.INT32]]):
        while not pld.system.test(sig, [0, 0], 1):
            pl.tensor.write(out, [0, 1], 7)

# PTO: scf.while : () -> () {
# PTO-NEXT: %[[PV:.*]] = pto.partition_view %sig_view
# PTO-NEXT: %[[T:.*]] = pto.comm.ttest(%[[PV]], %c1_i32 : {{.*}}) {cmp = #pto<wait_cmp eq>} -> i1
# PTO-NEXT: %[[NOT:.*]] = arith.xori %[[T]], %true : i1
# PTO-NEXT: scf.condition(%[[NOT]])
# PTO-NEXT: } do {
# PTO-NEXT: pto.store_scalar %c7_i32, %out[%c1]
# PTO-NEXT: scf.yield
# PTO-NEXT: } loc(

# CCE: while (true) {
# CCE-NEXT: GlobalTensor<int32_t, {{.*}}> sig_gm(sig);
# CCE-NEXT: bool ready = pto::comm::TTEST(sig_gm, 1, pto::comm::WaitCmp::EQ);
# CCE-NEXT: if (!((!ready))) break;
# CCE-NEXT: // {{.*}}:14
# CCE-NEXT: out[1] = 7;
# CCE-NEXT: }

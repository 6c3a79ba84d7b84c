# Every PTO-AS op carries the loc("file":line:col) of the kernel source it
# came from (lines without one only open a region: module, func, scf), and
# every IR statement is preceded by a `// file:line` comment in C++.
# RUN: ptoc %s --passes= --emit=pto | sed -e '/ loc(/d' -e '/{$/d' -e '/^ *\/\//d' -e '/^$/d' | count 0
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Locations:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[4, 16], pl.FP32], n: pl.Scalar[pl.INDEX]):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 16])
        for i in pl.range(n):
            if i > 1:
                pl.tile.store(t, [i % 4, 0], a)
            else:
                pl.system.fence()
        while n > 3:
            pl.system.cacheinvalid()

# PTO: %a_view = pto.make_tensor_view {{.*}} loc("{{.*}}locations.py":14:17)
# PTO: pto.tload {{.*}} loc("{{.*}}locations.py":15:60)
# PTO: scf.for %i = %c0 to %n step %c1 {
# PTO: arith.cmpi sgt, %i, %c1 : index loc("{{.*}}locations.py":17:16)
# PTO: pto.tstore {{.*}} loc("{{.*}}locations.py":18:17)
# PTO: } else {
# PTO-NEXT: pto.fence.barrier_all #pto.fence_scope<gm> loc("{{.*}}locations.py":20:17)
# PTO-NEXT: } loc("{{.*}}locations.py":17:13)
# PTO-NEXT: } loc("{{.*}}locations.py":16:9)
# PTO: scf.condition({{.*}}) loc("{{.*}}locations.py":21:9)
# PTO: pto.cmo.cacheinvalid all #pto.address_space<gm> loc("{{.*}}locations.py":22:13)
# PTO: return loc("{{.*}}locations.py":14:5)
# PTO-NEXT: } loc("{{.*}}locations.py":14:5)
# PTO-NEXT: } loc("{{.*}}locations.py":12:1)

# CCE: // {{.*}}locations.py:14
# CCE-NEXT: extern "C" __global__ AICORE void k(
# CCE: // {{.*}}locations.py:15
# CCE-NEXT: GlobalTensor
# CCE: // {{.*}}locations.py:16
# CCE-NEXT: set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
# CCE-NEXT: wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
# CCE-NEXT: for (
# CCE-NEXT: // {{.*}}locations.py:17
# CCE-NEXT: if (
# CCE-NEXT: // {{.*}}locations.py:18
# CCE: } else {
# CCE-NEXT: // {{.*}}locations.py:20
# CCE-NEXT: pipe_barrier(PIPE_ALL);
# CCE: // {{.*}}locations.py:21
# CCE-NEXT: set_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
# CCE-NEXT: wait_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
# CCE-NEXT: while (
# CCE-NEXT: // {{.*}}locations.py:22
# CCE-NEXT: dcci(

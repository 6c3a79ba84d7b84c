# Constructs code generation cannot lower are diagnostics at their source
# location, never silently dropped: a call of another function inside a
# kernel, an unregistered op kept by --allow-unregistered-ops, a vector op
# in a cube kernel.
# RUN: sed -e 's/@@BODY@@/self.helper(a)/' %s > %t.call.py
# RUN: not ptoc %t.call.py --passes= --emit=pto 2>&1 | FileCheck %s --check-prefix=CALL
# RUN: not ptoc %t.call.py --passes= --emit=cce 2>&1 | FileCheck %s --check-prefix=CALL
# RUN: sed -e 's/@@BODY@@/pl.custom.frobnicate(a)/' %s > %t.op.py
# RUN: not ptoc %t.op.py --passes= --allow-unregistered-ops --emit=pto 2>&1 | FileCheck %s --check-prefix=OP
# RUN: not ptoc %t.op.py --passes= --allow-unregistered-ops --emit=cce 2>&1 | FileCheck %s --check-prefix=OP
# RUN: sed -e 's/@@BODY@@/pl.tile.create(shape=[16, 16], dtype=pl.FP16)/' %s > %t.lane.py
# RUN: not ptoc %t.lane.py --passes= --emit=pto 2>&1 | FileCheck %s --check-prefix=LANE
# RUN: not ptoc %t.lane.py --passes= --emit=cce 2>&1 | FileCheck %s --check-prefix=LANE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Unsupported:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16]):
        @@BODY@@

    @pl.function(type=pl.FunctionType.Opaque)
    def helper(self, a: pl.Tensor[[16, 16], pl.FP16]):
        pass

# CALL: .call.py:22:9: error: a call of function 'helper' inside a kernel cannot be emitted; inline it
# OP: .op.py:22:9: error: op 'custom.frobnicate' is not registered; code generation cannot lower it
# LANE: .lane.py:22:9: error: 'tile.create' runs on the vector lane and cannot be emitted in AIC kernel 'k'

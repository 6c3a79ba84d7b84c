# ptoc-codegen IN.pb -o OUT --target=pto|cce: the backend comes from the
# program (a contradicting --backend is an error), a bad --target is a usage
# error (exit 2), a failure leaves no output file.
# RUN: ptoc %s --passes= --backend=a5 --emit=pb -o %t.pb
# RUN: ptoc-codegen %t.pb --target=pto -o %t.pto
# RUN: FileCheck %s --check-prefix=PTO < %t.pto
# RUN: ptoc-codegen %t.pb --target=cce -o - | FileCheck %s --check-prefix=CCE
# RUN: ptoc-codegen %t.pb -o - | FileCheck %s --check-prefix=PTO
# RUN: bash -c 'ptoc-codegen %t.pb --target=llvm -o %t.bad; test $? -eq 2'
# RUN: test ! -e %t.bad
# RUN: not ptoc-codegen %t.pb --backend=a2a3 -o %t.bad 2>&1 | FileCheck %s --check-prefix=BACKEND
# RUN: test ! -e %t.bad
# RUN: ptoc-codegen --help | FileCheck %s --check-prefix=HELP
# RUN: sed -e 's/FunctionType.AIV/FunctionType.InCore/' %s > %t.incore.py
# RUN: ptoc %t.incore.py --passes= --emit=pb -o %t.incore.pb
# RUN: not ptoc-codegen %t.incore.pb -o %t.bad 2>&1 | FileCheck %s --check-prefix=INCORE
# RUN: test ! -e %t.bad
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Tool:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 16], pl.FP32]):
        pl.system.fence()

# PTO: module attributes {pto.target_arch = "a5"}
# PTO: pto.fence.barrier_all #pto.fence_scope<gm>
# CCE: (program Tool, backend a5)
# CCE: dsb(DSB_DDR);
# BACKEND: --backend=a2a3 contradicts the backend 'a5' recorded in the program
# HELP: --target
# INCORE: error: function 'k' is an InCore kernel

# The runtime launches a kernel by its name, so the C++ target cannot rename
# one that C++ or the device API reserves; that is a diagnostic (PTO-AS
# symbols have no such restriction).
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Reserved:
    @pl.function(type=pl.FunctionType.AIV)
    def delete(self, half: pl.Tensor[[1, 16], pl.FP16]):
        pl.system.fence()

# CHECK: reserved_kernel_name_error.py:13:5: error: kernel name 'delete' is reserved in C++ or by the device API; rename the function
# PTO: func.func @delete(%half: !pto.ptr<f16>)

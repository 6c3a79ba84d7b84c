# The runtime launches a kernel by its name, so neither target can rename
# one that C++ or the device API reserves; that is a diagnostic for both
# (ptoas turns the PTO-AS into C++ with the same names, which then does not
# compile).
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Reserved:
    @pl.function(type=pl.FunctionType.AIV)
    def delete(self, half: pl.Tensor[[1, 16], pl.FP16]):
        pl.system.fence()

# CHECK: reserved_kernel_name_error.py:14:5: error: kernel name 'delete' is reserved in C++ or by the device API; rename the function

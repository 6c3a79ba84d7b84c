# The entry symbol of a kernel with a reserved name (NAME_kernel) must not
# be another function's name.
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# CHECK: reserved_kernel_name_clash_error.py:[[@LINE+8]]:5: error: kernel 'main' is emitted as 'main_kernel' (C++ reserves its name), the name of another function; rename one of them
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Clash:
    @pl.function(type=pl.FunctionType.AIV)
    def main(self, half: pl.Tensor[[1, 16], pl.FP16]):
        pl.system.fence()

    @pl.function(type=pl.FunctionType.AIV)
    def main_kernel(self, half: pl.Tensor[[1, 16], pl.FP16]):
        pl.system.fence()

# A kernel whose name C++ or the device API reserves (PyPTO's tests call
# kernels `main`) is emitted under the entry symbol NAME_kernel in both
# targets: ptoas would turn `func.func @main` into a C++ `main`, which does
# not compile. Launchers (ptoc-run-cpp, the conformance launcher) look up
# the same symbol.
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Reserved:
    @pl.function(type=pl.FunctionType.AIV)
    def main(self, half: pl.Tensor[[1, 16], pl.FP16]):
        pl.system.fence()

    @pl.function(type=pl.FunctionType.AIV)
    def delete(self, half: pl.Tensor[[1, 16], pl.FP16]):
        pl.system.fence()

# CCE: extern "C" __global__ AICORE void main_kernel(
# CCE: extern "C" __global__ AICORE void delete_kernel(
# PTO: func.func @main_kernel(
# PTO: func.func @delete_kernel(

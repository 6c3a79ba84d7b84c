# ptoas accepts a reserved buffer at a fixed base only at --pto-level=level3,
# which ptoc's PTO-AS is not: the PTO-AS target diagnoses it (the C++ target
# places the buffer at its base, reserved_buffer_placement.py).
# RUN: not ptoc %s --passes= --emit=pto -o %t.pto 2>&1 | FileCheck %s
# RUN: not test -e %t.pto
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class FixedBase:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32]):
        fixed: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="fixed", size=1024, base=4096)

# CHECK: reserve_buffer_fixed_base_pto_error.py:15:38: error: a reserved buffer at a fixed base (base=4096) cannot be emitted as PTO-AS: ptoas places reserved buffers itself at the levels ptoc emits; drop base= (the peer finds the buffer by its name) or emit C++ (--emit=cce), which honours it
# CCE: int32_t fixed = 0x1000;

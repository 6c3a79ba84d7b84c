# ptoas accepts a reserved buffer at a fixed base only at --pto-level=level3:
# ptoc's PTO-AS is level3 under --pipe-sync=flags (the default: every tile
# at ptoc's address), so the buffer is emitted at its base there; under
# --pipe-sync=barrier-all (level2, ptoas places everything) the PTO-AS
# target diagnoses it. The C++ target places the buffer at its base
# (reserved_buffer_placement.py).
# RUN: not ptoc %s --passes= --pipe-sync=barrier-all --emit=pto -o %t.pto 2>&1 | FileCheck %s
# RUN: not test -e %t.pto
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=FLAGS
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class FixedBase:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32]):
        fixed: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="fixed", size=1024, base=4096)

# CHECK: reserve_buffer_fixed_base_pto_error.py:{{[0-9]+}}:38: error: a reserved buffer at a fixed base (base=4096) cannot be emitted as PTO-AS under --pipe-sync=barrier-all: ptoas places reserved buffers itself at that level; drop base= (the peer finds the buffer by its name), or use --pipe-sync=flags (PTO-AS at ptoc's addresses) or C++ (--emit=cce), which honour it
# CCE: int32_t fixed = 0x1000;
# FLAGS: %fixed = pto.reserve_buffer {name = "fixed", size = 1024, location = #pto.address_space<vec>, auto = false, base = 4096} -> i32

# The C++ target places every tile itself, and so does PTO-AS under
# --pipe-sync=flags (the default: the flags are planned for ptoc's
# addresses); a kernel whose tiles do not fit the on-chip memory together
# is a diagnostic at the tile that overflows. Two 128 KiB fp32 tiles each
# fit the 192 KiB UB of a2a3 but not both at once; they exactly fit the
# 256 KiB of a5. (PTO-AS under --pipe-sync=barrier-all leaves placement to
# ptoas. One tile larger than its memory is the verifier's error on every
# target: testing/bad_input_test.sh.)
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=A5
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class BigTile:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[256, 256], pl.FP32]):
        t: pl.Tile[[128, 256], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [128, 256])
        u: pl.Tile[[128, 256], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [128, 0], [128, 256])

# CHECK: ub_capacity_error.py:{{[0-9]+}}:63: error: out of Vec memory: this 131072-byte tile would end at byte 262144 of 196608 on a2a3 (ptoc gives every tile its own buffer: the C++ target, and PTO-AS under --pipe-sync=flags)
# A5: TASSIGN(u, 0x20000);
# PTO: %u = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=256

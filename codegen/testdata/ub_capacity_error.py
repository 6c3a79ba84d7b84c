# The C++ target places every tile itself; a kernel whose tiles do not fit
# the on-chip memory is a diagnostic at the tile that overflows. A 256 KiB
# fp32 tile overflows the 192 KiB UB of a2a3 and exactly fits the 256 KiB
# of a5. (The .pto target leaves placement to ptoas.)
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=A5
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class BigTile:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[256, 256], pl.FP32]):
        t: pl.Tile[[256, 256], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [256, 256])

# CHECK: ub_capacity_error.py:16:63: error: out of Vec memory: this 262144-byte tile would end at byte 262144 of 196608 on a2a3 (the C++ target gives every tile its own buffer)
# A5: TASSIGN(t, 0x0);
# PTO: %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=256, cols=256

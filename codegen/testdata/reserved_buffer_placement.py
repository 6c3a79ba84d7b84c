# Reserved FIFO buffers are placed first in the lane's local memory (UB on
# AIV, L1 on AIC): at their `base` when one is given, else packed around the
# placed ones (512-byte aligned); tiles follow. Overlapping placed buffers
# are a diagnostic.
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s
# RUN: sed -e 's/name="auto1", size=4096/name="auto1", size=4096, base=4608/' %s > %t.overlap.py
# RUN: not ptoc %t.overlap.py --passes= --emit=cce 2>&1 | FileCheck %s --check-prefix=OVERLAP
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Placement:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32]):
        auto0: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="auto0", size=2048)
        fixed: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="fixed", size=1024, base=4096)
        auto1: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="auto1", size=4096)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])

# auto0 takes [0, 2048); auto1 does not fit before `fixed` at 4096, so it
# goes after it, at 5120; the tile follows at 9216.
# CHECK: int32_t auto0 = 0x0;
# CHECK: int32_t fixed = 0x1000;
# CHECK: int32_t auto1 = 0x1400;
# CHECK: TASSIGN(t, 0x2400);
# OVERLAP: .overlap.py:18:{{[0-9]+}}: error: buffer 'auto1' overlaps 'fixed'

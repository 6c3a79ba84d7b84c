# PyPTO's MX block-scale memories (LeftScale / RightScale, a5) parse and
# verify; codegen has no lowering for tiles in them and says so at the tile.
# RUN: not ptoc %s --passes= --backend=a5 --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Scales:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a_s: pl.Tensor[[16, 2], pl.FP16]):
        m: pl.Tile[[16, 2], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a_s, [0, 0], [16, 2], target_memory=pl.MemorySpace.Mat)
        s: pl.Tile[[16, 2], pl.FP16, pl.MemorySpace.LeftScale] = pl.tile.move(m, target_memory=pl.MemorySpace.LeftScale)

# CHECK: error: tiles in LeftScale (MX block scales) have no code generation yet

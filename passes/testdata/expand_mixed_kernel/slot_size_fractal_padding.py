# slot_size is the largest pushed tile over both directions: rows x cols x
# element bytes, NZ tiles padded to whole fractals. The Acc tile [8, 4] FP32
# is NZ: 16 x 8 x 4 = 512 bytes; the Vec tile [20, 10] FP16 is ND on a2a3
# (400 bytes) and, converted to NZ on a5, 32 x 16 x 2 = 1024 bytes.
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text | FileCheck %s --check-prefix=A2A3
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a5 --emit=text | FileCheck %s --check-prefix=A5
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Slots:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[8, 4], pl.FP32],
        b: pl.Tensor[[20, 10], pl.FP16],
        out: pl.Out[pl.Tensor[[8, 4], pl.FP32]],
    ):
        c = pl.tile.load(a, [0, 0], [8, 4], target_memory=pl.MemorySpace.Acc)
        cv = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        pl.tile.store(cv, [0, 0], out)
        bv = pl.tile.load(b, [0, 0], [20, 10])
        bm = pl.tile.move(bv, target_memory=pl.MemorySpace.Mat)

# A2A3: pl.system.aic_initialize_pipe(c2v_import, v2c_buf, dir_mask=3, slot_size=512)
# A5: pl.system.aic_initialize_pipe(c2v_import, v2c_buf, dir_mask=3, slot_size=1024)

# After the pass no InCore function remains, so running it again changes
# nothing, on both backends (the a5 NZ adapter is not applied twice). The
# tile qv cross>= twice: as the token of the handshake ordering the store
# before the cube's load, and as the boundary move into Right.
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text > %t.once
# RUN: ptoc %s --passes=expand-mixed-kernel,expand-mixed-kernel --backend=a2a3 --emit=text > %t.twice
# RUN: diff %t.once %t.twice
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a5 --emit=text > %t.once5
# RUN: ptoc %s --passes=expand-mixed-kernel,expand-mixed-kernel --backend=a5 --emit=text > %t.twice5
# RUN: diff %t.once5 %t.twice5
# RUN: FileCheck %s < %t.twice5
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Twice:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        q: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        n: pl.Scalar[pl.INDEX],
    ):
        for i in pl.range(0, n, 1):
            qv = pl.tile.load(q, [0, 0], [16, 16])
            pl.tile.store(qv, [0, 0], scratch)
            ql = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Left)
            qr = pl.tile.move(qv, target_memory=pl.MemorySpace.Right)
            c = pl.tile.matmul(ql, qr)
            cv = pl.tile.move(c, target_memory=pl.MemorySpace.DDR)
            pl.tile.store(cv, [0, 0], out)

# CHECK-LABEL: def k_aiv(
# CHECK: qv_nz: {{.*}} = pl.tile.move(
# CHECK-NEXT: qv, target_memorwice). The
# tile qv cross>= twice: as the token of the handshake ordering the store
# before the cube's ly=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# CHECK-NEXT: )
# CHECK-NEXT: pl.tile.tpush_to_aic(qv_nz)
# CHECK-NEXT: qv_nz_1: {{.*}} = pl.tile.move(
# CHECK-Nmory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# CHECK-NEXT: )
# CHECK-NEXT: pl.tile.tpush_to_aic(qv_nz_1)
# CHECK-NOT: _nz_2

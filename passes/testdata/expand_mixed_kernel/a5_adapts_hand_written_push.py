# On a5 every tpush_to_aic of a non-NZ tile in an AIV function of the
# output gets the NZ adapter, also hand-written pushes in functions that
# were AIV (or non-mixed InCore) before the pass; an NZ tile is pushed as it
# is. On a2a3 such pushes are left alone.
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a5 --emit=text | FileCheck %s --check-prefix=A5
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text | FileCheck %s --check-prefix=A2A3
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class HandWritten:
    @pl.function(type=pl.FunctionType.AIV)
    def producer(self, a: pl.Tensor[[16, 16], pl.FP16]):
        buf = pl.system.import_peer_buffer(name="buf", peer_func="consumer")
        pl.system.aiv_initialize_pipe(0, buf, dir_mask=2, slot_size=512)
        v = pl.tile.load(a, [0, 0], [16, 16])
        pl.tile.tpush_to_aic(v)
        nz = pl.tile.move(v, target_memory=pl.MemorySpace.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
        pl.tile.tpush_to_aic(nz)

    @pl.function(type=pl.FunctionType.InCore)
    def vector_kernel(self, a: pl.Tensor[[16, 16], pl.FP16]):
        buf = pl.system.import_peer_buffer(name="buf2", peer_func="consumer")
        pl.system.aiv_initialize_pipe(0, buf, dir_mask=2, slot_size=512)
        w = pl.tile.load(a, [0, 0], [16, 16])
        pl.tile.tpush_to_aic(w)

# A5-LABEL: def producer(
# A5: v_nz: {{.*}} = pl.tile.move(
# A5-NEXT: v, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# A5-NEXT: )
# A5-NEXT: pl.tile.tpush_to_aic(v_nz)
# A5-NEXT: nz: {{.*}} = pl.tile.move(
# A5-NEXT: v, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# A5-NEXT: )
# A5-NEXT: pl.tile.tpush_to_aic(nz)
# A5: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
# A5-NEXT: def vector_kernel(
# A5: w_nz: {{.*}} = pl.tile.move(
# A5-NEXT: w, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# A5-NEXT: )
# A5-NEXT: pl.tile.tpush_to_aic(w_nz)
# A2A3-LABEL: def producer(
# A2A3: pl.tile.tpush_to_aic(v)
# A2A3: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
# A2A3-NEXT: def vector_kernel(
# A2A3: pl.tile.tpush_to_aic(w)
# A2A3-NOT: _nz

# A split V2C slot holds both AIV lanes' halves, lane 1's at pto-isa's
# sub-offset inside it (comm-hazards.md H3): a pipe whose slot_size fits
# one half lets lane 1's half run into the next slot. Each lane's push of
# its [16, 16] FP16 NZ half (512 bytes) is reported against the 512-byte
# slot (expand-mixed-kernel sizes the slot for the whole tile, 1024).
# RUN: ptoc-sim %s --entry=k --schedules=5 > %t.txt; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.txt
# CHECK: split_v2c_slot.py:[[@LINE+20]]:9: error: protocol error: the pushed tile needs 1024 bytes (both AIV lanes' halves of a split V2C slot) but a V2C slot has 512
# CHECK: ptoc-sim: 5 schedules (seed 1), 1 rank, 3 lanes, {{[0-9]+}} statements executed: 0 stale reads, 0 races, 0 deadlocks, 0 livelocks, 1 protocol error, 0 launch findings
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class SplitV2cSlot:
    @pl.function(type=pl.FunctionType.AIC, attrs={"split_aiv": True})
    def k_aic(self, out: pl.Out[pl.Tensor[[32, 16], pl.FP16]]):
        v2c_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="k_v2c_slot_buffer", size=1024)
        pl.system.aic_initialize_pipe(0, v2c_buf, dir_mask=2, slot_size=512)
        joined: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.tpop_from_aiv(split=1)
        pl.system.tfree_to_aiv(joined, split=1)

    @pl.function(type=pl.FunctionType.AIV, attrs={"split_aiv": True})
    def k_aiv(self, out: pl.Out[pl.Tensor[[32, 16], pl.FP16]]):
        v2c_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="k_v2c_slot_buffer", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(0, v2c_import, dir_mask=2, slot_size=512)
        half: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.create(shape=[16, 16], dtype=pl.FP16, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
        pl.tile.tpush_to_aic(half, split=1)

    @pl.function(type=pl.FunctionType.Group, attrs={"split_aiv": True})
    def k(self, out: pl.Out[pl.Tensor[[32, 16], pl.FP16]]):
        self.k_aic(out)
        self.k_aiv(out)

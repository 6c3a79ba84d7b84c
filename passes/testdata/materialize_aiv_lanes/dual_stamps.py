# Case 25 (dual-aiv.md): an AIV function that reads tile.get_subblock_idx or
# uses a split transport runs on both lanes: it gains dual_aiv_dispatch and
# its body is unchanged, on both backends. On a5 a no-split transport in
# such a function is an error (AIV1 would never be signalled).
# RUN: ptoc %s --passes=materialize-aiv-lanes --backend=a2a3 --emit=text | FileCheck %s
# RUN: ptoc %s --passes=materialize-aiv-lanes --backend=a5 --emit=text | FileCheck %s
# The same function with no-split transfers (it still reads the lane):
# RUN: sed 's/split=1/split=0/' %s > %t.nosplit.py
# RUN: not ptoc %t.nosplit.py --passes=materialize-aiv-lanes --backend=a5 --emit=text 2> %t.err
# RUN: FileCheck %s --check-prefix=ERR < %t.err
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Stamps:
    @pl.function(type=pl.FunctionType.AIV)
    def lanes(self, out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create(shape=[16, 16], dtype=pl.FP32)
        row: pl.Scalar[pl.INDEX] = lane * 16
        pl.tile.store(t, [row, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def halves(self, out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="halves_c2v", size=2048)
        pl.system.aiv_initialize_pipe(buf, 0, dir_mask=1, slot_size=2048)
        which: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        h: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic(split=1)
        pl.system.tfree_to_aic(h, split=1)

# CHECK: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker, attrs={"dual_aiv_dispatch": True})
# CHECK-NEXT: def lanes(self, out: pl.Out[pl.Tensor{{\[}}[32, 16], pl.FP32]]):
# CHECK-NEXT: lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NOT: if
# CHECK: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker, attrs={"dual_aiv_dispatch": True})
# CHECK-NEXT: def halves(
# CHECK-NOT: if
# ERR: error: 'halves' runs on both AIV lanes (dual_aiv_dispatch), but 'tile.tpop_from_aic' is a no-split transfer: on a5 it reaches AIV lane 0 only

# Acceptance case 14 (C8): an odd split axis is an error giving both lanes'
# extents as PyPTO computes them (8 and 7) and why ptoc does not take the
# odd split code PyPTO uses here.
# RUN: not ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        c: pl.Tile[[15, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.create([15, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Acc)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(c)
            pl.tile.store(h, [lane * 8, 0], out)

# CHECK: split_odd_axis_error.py:18:13: error: in kernel 'k': 'tile.aiv_shard' splits 15 rows (15 valid) between the 2 AIV lanes: the lanes would hold 8 and 7; PyPTO sends this with the odd split code (3 or 4), which the pinned ptoas takes only on a one-way GM-backed C2V pipe and a5's fixpipe does not have; ptoc's transports carry one type for both lanes and cannot give lane 1 its own extent, so ptoc needs an even, fully valid split axis

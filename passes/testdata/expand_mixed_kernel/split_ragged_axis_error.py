# C8 on a ragged split axis (a valid extent narrower than the box), with the
# reason: lanes of 8 and 2 rows PyPTO refuses too (pto-isa places lane 1 at
# its own extent or one past it); lanes of 6 and 0 rows PyPTO sends with the
# even code and an empty lane 1, which ptoc's one-type transports cannot say.
# RUN: not ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def apart(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c = pl.tile.load(a, [0, 0], [16, 16], valid_shape=[10, 16], target_memory=pl.MemorySpace.Acc)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(c)
            pl.tile.store(h, [lane * 8, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def empty_lane(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c = pl.tile.load(a, [0, 0], [16, 16], valid_shape=[6, 16], target_memory=pl.MemorySpace.Acc)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(c)
            pl.tile.store(h, [lane * 8, 0], out)

# CHECK: split_ragged_axis_error.py:16:13: error: in kernel 'apart': 'tile.aiv_shard' splits 16 rows (10 valid) between the 2 AIV lanes: the lanes would hold 8 and 2; pto-isa places lane 1 at its own extent or one past it, so the lanes must be equal, differ by one or leave lane 1 empty (PyPTO refuses this too)
# CHECK: split_ragged_axis_error.py:23:13: error: in kernel 'empty_lane': 'tile.aiv_shard' splits 16 rows (6 valid) between the 2 AIV lanes: the lanes would hold 6 and 0; PyPTO sends this with the even code and an empty lane 1, but ptoc's transports carry one type for both lanes and cannot give lane 1 its own extent, so ptoc needs an even, fully valid split axis

# C1: tile.get_subblock_idx in a non-split InCore kernel is an error.
# RUN: not ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        t = pl.tile.create([16, 16], dtype=pl.FP32)
        pl.tile.store(t, [lane * 16, 0], out)

# CHECK: split_get_subblock_idx_non_split_error.py:14:37: error: in kernel 'k': 'tile.get_subblock_idx' in a kernel that is not split_aiv

# A region outside an InCore function is an error at its header.
# RUN: not ptoc %s --passes= --emit=text 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(
        self,
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            t = pl.tile.create([16, 16], dtype=pl.FP32)

# CHECK: region_outside_incore.py:13:9: error: a pl.split_aiv region is only allowed in an InCore function, not in AIV 'k'

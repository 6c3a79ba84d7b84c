# C6: a data-parallel region with no shard or gather is an error at its header
# (ptoc does not halve a full-width body).
# RUN: not ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        b: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            xv: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [lane * 16, 0], [16, 16])
            pl.tile.store(xv, [lane * 16, 0], scratch)

# CHECK: split_region_without_shard_error.py:18:9: error: in kernel 'k': this pl.split_aiv region of mode pl.SplitMode.UP_DOWN has no pl.aiv_shard or pl.aic_gather

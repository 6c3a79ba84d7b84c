# A split kernel gives its values back from the AIV lane (PyPTO's
# ExpandMixedKernel: the AIC lane returns nothing), so a returned value that
# only the AIC lane computes is an error at the return, with the value's
# origin as a note.
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
# CHECK: return_cube_value_error.py:24:9: error: in kernel 'cube_value': the kernel returns 'c', which only the AIC lane computes (tile.matmul); a split kernel gives its values back from the AIV lane (as PyPTO's ExpandMixedKernel): store the value into an output parameter and return that, or move it to the vector lane (tile.move to Vec)
# CHECK: return_cube_value_error.py:21:9: note: 'c' comes from here, on the AIC lane
import pypto.language as pl


@pl.program
class ReturnCubeValue:
    @pl.function(type=pl.FunctionType.InCore)
    def cube_value(
        self, a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc]:
        am: pl.Tile[[16, 16], pl.BF16] = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[16, 16], pl.BF16] = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        l: pl.Tile[[16, 16], pl.BF16] = pl.move(am, target_memory=pl.Mem.Left)
        r: pl.Tile[[16, 16], pl.BF16] = pl.move(bm, target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 16], pl.FP32] = pl.matmul(l, r)
        v: pl.Tile[[16, 16], pl.FP32] = pl.move(c, target_memory=pl.Mem.Vec)
        pl.store(v, [0, 0], out)
        return c

# ptoc lays a [16, 2] FP32 tile out row-major, each row padded to 32 bytes,
# so its elements are not contiguous and pto.treshape (which keeps the
# bytes) cannot make a [2, 16] tile of them; nor is it a vector turned on
# its side (reshape_turns_vector.py): refused at the call, naming the layout.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --emit=cce --backend=a5 2>&1 | FileCheck %s
# CHECK: reshape_padded_error.py:[[@LINE+9]]:52: error: tile.reshape of {{.*}} is not a view: ptoc lays the source out row-major with its rows padded to 32 bytes (16 x 8 FP32 elements for 16 x 2), and pto.treshape keeps the bytes, gaps and all (PyPTO lays an [N, 1] tile out column-major, which ptoc does not model yet)
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, x: pl.Tensor[[16, 2], pl.FP32], out: pl.Out[pl.Tensor[[2, 16], pl.FP32]]):
        t: pl.Tile[[16, 2], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 2])
        r: pl.Tile[[2, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t, [2, 16])
        pl.tile.store(r, [0, 0], out)

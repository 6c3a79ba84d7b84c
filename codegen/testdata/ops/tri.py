# tile.tri (diagonal, shape[, valid_shape], dtype=, upper=): a fresh Vec tile
# of ones on and above (upper) or below (lower) the diagonal, as PyPTO lowers
# it: the generic form "pto.ttri"(%diag, %dst) {upperOrLower = 1 : i32}
# (ptoas takes the selector only as an attribute of it); C++ what ptoas
# emits, TTRI<TileType, 1>(dst, diagonal). One V step.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
# PTO: "pto.ttri"(%c1_i32, %u) {upperOrLower = 1 : i32} : (i32, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=9, v_col=21, {{.*}}>) -> ()
# PTO: "pto.ttri"(%d, %v) {upperOrLower = 0 : i32} : (i32, !pto.tile_buf<loc=vec, dtype=i16, {{.*}}>) -> ()
# CCE: TTRI<decltype(u), 1>(u, 1);
# CCE: TTRI<decltype(v), 0>(v, d);
import pypto.language as pl


@pl.program
class Tri:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, d: pl.Scalar[pl.INT32], o1: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
          o2: pl.Out[pl.Tensor[[8, 16], pl.INT16]]):
        u: pl.Tile[[16, 32], pl.FP32] = pl.tile.tri(1, [16, 32], valid_shape=[9, 21],
                                                    dtype=pl.FP32, upper=True)
        v: pl.Tile[[8, 16], pl.INT16] = pl.tile.tri(d, [8, 16], dtype=pl.INT16)
        pl.tile.store(u, [0, 0], o1)
        pl.tile.store(v, [0, 0], o2)

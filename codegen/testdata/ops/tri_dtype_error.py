# tile.tri of BF16 on a2a3 is refused at the call (PyPTO's a2a3 rule; pto-isa's
# TTRI takes 2- and 4-byte types, a5 takes BF16).
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=A5
# CHECK: tri_dtype_error.py:[[@LINE+9]]:40: error: 'tile.tri' (TTRI) on a2a3 takes FP32, FP16, INT32, INT16, UINT32, UINT16 tiles, not BF16
# A5: TTRI<decltype(u), 0>(u, 0);
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, o: pl.Out[pl.Tensor[[8, 16], pl.BF16]]):
        u: pl.Tile[[8, 16], pl.BF16] = pl.tile.tri(0, [8, 16], dtype=pl.BF16)
        pl.tile.store(u, [0, 0], o)

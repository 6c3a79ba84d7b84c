# A DN GM view is a located error: its elements run down the columns,
# and a row-major tile load cannot take it (PyPTO loads it into a
# column-major tile, which ptoc does not infer yet).
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class GmViewDn:
    @pl.function(type=pl.FunctionType.AIV)
    def dn(self, src: pl.Tensor[[8, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]):
        viewed = pl.tensor.view(src, layout=pl.TensorLayout.DN)
        t: pl.Tile[[4, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(viewed, [0, 0], [4, 8])
        pl.tile.store(t, [0, 0], out)

# CHECK: gm_view_dn_error.py:13:9: error: a DN view of 'src' cannot be addressed yet

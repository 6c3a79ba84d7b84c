# tile.gatherb (src, offset[, output_dtype]): 32-byte blocks of the source at
# the UINT32 byte offsets (pto.tgatherb ins(%src, %offset), PyPTO's form;
# TGATHERB(dst, src, offset)). A window at a run-time column is copied into
# a tile of its own first (pto.textract at [0, 0], as PyPTO materializes
# it); a window of whole rows at constant offsets is read in place.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class GatherB:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 256], pl.FP16], off: pl.Tensor[[8, 8], pl.UINT32],
          col: pl.Scalar[pl.INDEX], o1: pl.Out[pl.Tensor[[8, 128], pl.FP16]],
          o2: pl.Out[pl.Tensor[[8, 64], pl.FP32]], o3: pl.Out[pl.Tensor[[8, 128], pl.FP16]]):
        x: pl.Tile[[16, 256], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 256])
        t: pl.Tile[[8, 8], pl.UINT32, pl.MemorySpace.Vec] = pl.tile.load(off, [0, 0], [8, 8], valid_shape=[5, 5])
        v: pl.Tile[[16, 128], pl.FP16] = pl.tile.slice(x, [16, 128], [0, col])
        g1: pl.Tile[[8, 128], pl.FP16] = pl.tile.gatherb(v, t)
        rows: pl.Tile[[8, 256], pl.FP16] = pl.tile.slice(x, [8, 256], [8, 0])
        g2: pl.Tile[[8, 64], pl.FP32] = pl.tile.gatherb(rows, t, output_dtype=pl.FP32)
        g3: pl.Tile[[8, 128], pl.FP16] = pl.tile.gatherb(x, t)
        pl.tile.store(g1, [0, 0], o1)
        pl.tile.store(g2, [0, 0], o2)
        pl.tile.store(g3, [0, 0], o3)

# PTO: %v = pto.subview %x[%c0, %{{.*}}] sizes [16, 128]
# PTO: pto.textract ins(%v, %c0, %c0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, {{.*}}>, index, index) outs(%window : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128,
# PTO: pto.tgatherb ins(%window, %t : !pto.tile_buf<{{.*}}dtype=f16{{.*}}>, !pto.tile_buf<loc=vec, dtype=ui32, rows=8, cols=8, v_row=5, v_col=5{{.*}}>) outs(%g1 : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=128, v_row=5, v_col=80,
# PTO-NOT: textract
# PTO: pto.tgatherb ins(%rows, %t : {{.*}}) outs(%g2 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=5, v_col=40,
# PTO: pto.tgatherb ins(%x, %t : {{.*}}) outs(%g3 :

# CCE: TSUBVIEW(v, x, 0, col);
# CCE: TEXTRACT(window, v, 0, 0);
# CCE: TGATHERB(g1, window, t);
# CCE: TGATHERB(g2, rows, t);
# CCE: TGATHERB(g3, x, t);

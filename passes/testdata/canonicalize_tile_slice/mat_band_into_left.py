# A band of a Mat tile's rows is not a tile of its own in the fractal
# layout, so code generation refuses it as a view; the matmul only needs it
# copied into Left, and that copy (a TEXTRACT) reads the band where it
# lies. The moves infer-tile-memory-space put before the matmul become
# extracts at the slices' offsets (a column band too), and the slices,
# now unused, are dropped. The kernel then compiles for ptoas.
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=pb -o %t.pb
# RUN: canonicalize-tile-slice %t.pb -o %t.out.pb
# RUN: ptoc %t.out.pb --passes= --emit=text | FileCheck %s
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# CHECK-LABEL: def k(
# CHECK-NOT: pl.tile.slice
# CHECK: band_Left: {{.*}} = pl.tile.extract(am, 16, 0, [16, 64], target_memory=pl.Mem.Left)
# CHECK: cols_Right: {{.*}} = pl.tile.extract(bm, 0, 16, [64, 16], target_memory=pl.Mem.Right)
# CHECK-NOT: pl.tile.slice
# CHECK: pl.tile.matmul(band_Left, cols_Right)
# PTO: pto.textract ins(%am, %c16, %c0 :
# PTO: pto.textract ins(%bm, %c0, %c16 :
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a: pl.Tensor[[48, 64], pl.FP16], b: pl.Tensor[[64, 32], pl.FP16],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am: pl.Tile[[48, 64], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [48, 64], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[64, 32], pl.FP16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
        band: pl.Tile[[16, 64], pl.FP16, pl.Mem.Mat] = pl.tile.slice(am, [16, 64], [16, 0])
        cols: pl.Tile[[64, 16], pl.FP16, pl.Mem.Mat] = pl.tile.slice(bm, [64, 16], [0, 16])
        c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(band, cols)
        pl.tile.store(c, [0, 0], out)

# A window of a window: pto-isa's TSUBVIEW offsets by the source tile's
# static Cols and every instruction steps the view's rows by its own, so
# the inner window's C++ tile keeps the outer source's 128 columns (not the
# 64 of the slice it is taken from); PTO-AS gets the logical types and
# ptoas resolves the offsets itself. The stride is also checked by running
# runtime/testdata/slices.py on pto-isa (pto_isa_sim_test).
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl


@pl.program
class SliceOfSlice:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[4, 16], pl.FP32]]):
        x: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 128])
        right = pl.tile.slice(x, [16, 64], [0, 64])
        w = pl.tile.slice(right, [4, 16], [2, 8])
        pl.tile.store(w, [0, 0], out)

# CCE: Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, 16, 64, {{.*}}> right;
# CCE-NEXT: TSUBVIEW(right, x, 0, 64);
# CCE: Tile<TileType::Vec, float, 4, 128, BLayout::RowMajor, 4, 16, {{.*}}> w;
# CCE-NEXT: TSUBVIEW(w, right, 2, 8);
# CCE: TSTORE(out_gm, w);

# PTO: %right = pto.subview %x[%c0, %c64] sizes [16, 64] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64,
# PTO-NEXT: %w = pto.subview %right[%c2, %c8] sizes [4, 16] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16,

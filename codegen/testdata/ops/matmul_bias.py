# tile.matmul_bias (lhs, rhs, bias): a fresh Acc tile, lhs x rhs plus the
# [1, N] bias row in every row. The bias is a one-row Mat tile (one row
# stays one row, so ptoas's Mat -> Bias tmov has matching shapes) moved
# into the Bias table; PTO-AS is PyPTO's pto.tmatmul.bias ins(%l, %r,
# %bias) outs(%acc), C++ TMATMUL_BIAS(acc, l, r, bias) (pto-isa: a one-row
# Bias tile of the accumulator's type).
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class MatmulBias:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP16], b: pl.Tensor[[64, 32], pl.FP16],
          bias: pl.Tensor[[1, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        am: pl.Tile[[16, 64], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[64, 32], pl.FP16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
        cm: pl.Tile[[1, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(bias, [0, 0], [1, 32], target_memory=pl.Mem.Mat)
        c: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_bias(am, bm, cm)
        pl.tile.store(c, [0, 0], out)

# PTO: %cm = pto.alloc_tile {{.*}}loc=mat, dtype=f32, rows=1, cols=32, v_row=1, v_col=32,
# PTO: %cm_Bias = pto.alloc_tile {{.*}}loc=bias, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box
# PTO: pto.tmov ins(%cm : !pto.tile_buf<loc=mat, {{.*}}rows=1, cols=32{{.*}}>) outs(%cm_Bias : !pto.tile_buf<loc=bias,
# PTO: pto.tmatmul.bias ins(%am_Left, %bm_Right, %cm_Bias : !pto.tile_buf<loc=left, {{.*}}>, !pto.tile_buf<loc=right, {{.*}}>, !pto.tile_buf<loc=bias, {{.*}}>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32,

# CCE: Tile<TileType::Bias, float, 1, 32, BLayout::RowMajor, 1, 32, SLayout::NoneBox, 512, PadValue::Null> cm_Bias;
# CCE: TMOV(cm_Bias, cm);
# CCE: TMATMUL_BIAS(c, am_Left, bm_Right, cm_Bias);

# An element-wise op's result is valid where its first operand is (PyPTO's
# type rule), so a run-time valid_shape carries to the result: pto-isa's
# TADD takes the operands and the result with the same valid dims, and
# refuses a full-valid result of run-time valid operands.
# RUN: ptoc %s --passes= --emit=text | FileCheck %s --check-prefix=TEXT
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# TEXT: s: pl.Tile{{.*}}pl.TileView(valid_shape={{\[}}m, n]){{\]}} = pl.tile.add(a_tile, b_tile)
# TEXT: e: pl.Tile{{.*}}pl.TileView(valid_shape={{\[}}m, n]){{\]}} = pl.tile.exp(s)
# CPP: Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, -1, -1, SLayout::NoneBox, 512, PadValue::Null> s(m, n);
# CPP: TADD(s, a_tile, b_tile);
# CPP: Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, -1, -1, SLayout::NoneBox, 512, PadValue::Null> e(m, n);
# PTO: pto.tadd ins({{.*}}) outs(%{{[a-z0-9_]+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?
import pypto.language as pl


@pl.program
class ValidShape:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
        m: pl.Scalar[pl.INDEX],
        n: pl.Scalar[pl.INDEX],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        a_tile = pl.load(a, [0, 0], [64, 64], valid_shape=[m, n])
        b_tile = pl.load(b, [0, 0], [64, 64], valid_shape=[m, n])
        s = pl.add(a_tile, b_tile)
        e = pl.exp(s)
        out = pl.store(e, [0, 0], out)
        return out

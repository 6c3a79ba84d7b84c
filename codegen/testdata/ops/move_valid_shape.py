# A move keeps its source's valid region (PyPTO's tile.move type rule) and
# takes the destination's layout: a Vec copy of a tile loaded with a
# run-time valid_shape is valid where its source is. (Into Left / Right the
# move gives the whole tile: ptoas takes a matmul only with whole, matching
# operand shapes.)
# RUN: ptoc %s --passes= --emit=text | FileCheck %s --check-prefix=TEXT
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# TEXT: b_tile: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape={{\[}}m, n]){{\]}} = pl.tile.move(a_tile, target_memory=pl.Mem.Vec)
# CPP: Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, -1, -1, SLayout::NoneBox, 512, PadValue::Null> b_tile(m, n);
# CPP: TMOV(b_tile, a_tile);
# PTO: pto.tmov ins({{.*}}) outs(%{{[a-z0-9_]+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=?, v_col=?
import pypto.language as pl


@pl.program
class MoveValid:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
        m: pl.Scalar[pl.INDEX],
        n: pl.Scalar[pl.INDEX],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        a_tile = pl.load(a, [0, 0], [64, 64], valid_shape=[m, n])
        b_tile = pl.move(a_tile, target_memory=pl.MemorySpace.Vec)
        out = pl.store(pl.exp(b_tile), [0, 0], out)
        return out

# A move keeps its source's valid region (PyPTO's tile.move type rule) and
# takes the destination's layout: the Left operand of a matmul loaded with a
# run-time valid_shape is valid where the Mat tile is.
# RUN: ptoc %s --passes= --emit=text | FileCheck %s --check-prefix=TEXT
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# TEXT: a_left: pl.Tile{{\[\[}}16, 32], pl.FP16, pl.Mem.Left, pl.TileView(valid_shape={{\[}}m, 32]){{\]}} = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
# CPP: Tile<TileType::Left, half, 16, 32, BLayout::RowMajor, -1, 32, SLayout::RowMajor, 512, PadValue::Null> a_left(m);
# CPP: TMOV(a_left, a_mat);
# PTO: pto.tmov ins({{.*}}) outs(%{{[a-z0-9_]+}} : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, v_row=?, v_col=32
import pypto.language as pl


@pl.program
class MoveValid:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 16], pl.FP16],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        m: pl.Scalar[pl.INDEX],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [16, 32], valid_shape=[m, 32], target_memory=pl.MemorySpace.Mat)
        a_left = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        b_mat = pl.load(b, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        b_right = pl.move(b_mat, target_memory=pl.MemorySpace.Right)
        c = pl.matmul(a_left, b_right)
        out = pl.store(c, [0, 0], out)
        return out

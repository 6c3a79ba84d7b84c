# tile.fillpad / fillpad_expand / fillpad_inplace: the source's valid region
# copied, the rest of the result set to the result type's pad (PyPTO's
# TileView pad: PTO-AS `pad=N`, 1 zero 2 max 3 min; pto-isa's PadValue
# parameter). ptoas 0.60 spells all three pto.tfillpad (expand inferred from
# the shapes, in place from the equal addresses); C++ TFILLPAD,
# TFILLPAD_EXPAND, TFILLPAD_INPLACE (the result a tile at the source's
# address). A pad on a tile element-wise ops write is dropped (PyPTO's fresh
# view).
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefixes=PTO,PTO-FLAGS
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefixes=PTO,PTO-FLAGS
# RUN: ptoc %s --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: sed 's/pl.tile.fillpad_expand(y, \[32, 64\]/pl.tile.fillpad_expand(y, [8, 64]/' %s > %t.py && not ptoc %t.py --emit=pto 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: error: 'tile.fillpad_expand': destination dimension 0 (8) must be >= the source's (16)
import pypto.language as pl


@pl.program
class FillPad:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 128], pl.FP32], b: pl.Tensor[[16, 64], pl.FP16],
          c: pl.Tensor[[8, 16], pl.INT32], n: pl.Scalar[pl.INDEX],
          pa: pl.Out[pl.Tensor[[16, 128], pl.FP32]], pb: pl.Out[pl.Tensor[[32, 64], pl.FP16]],
          pc: pl.Out[pl.Tensor[[8, 16], pl.INT32]]):
        x: pl.Tile[[16, 128], pl.FP32] = pl.tile.load(a, [0, 0], [16, 128], [16, n], target_memory=pl.MemorySpace.Vec)
        xp = pl.tile.fillpad(x, pad_value=pl.PadValue.min)
        xs = pl.tile.muls(xp, 2.0)
        pl.tile.store(xs, [0, 0], pa)
        y: pl.Tile[[16, 64], pl.FP16] = pl.tile.load(b, [0, 0], [16, 64], [10, 48], target_memory=pl.MemorySpace.Vec)
        ye = pl.tile.fillpad_expand(y, [32, 64], pad_value=pl.PadValue.max)
        pl.tile.store(ye, [0, 0], pb)
        z: pl.Tile[[8, 16], pl.INT32] = pl.tile.load(c, [0, 0], [8, 16], [5, 9], target_memory=pl.MemorySpace.Vec)
        zp = pl.tile.fillpad_inplace(z, pad_value=0)
        pl.tile.store(zp, [0, 0], pc)

# PTO: %xp = pto.alloc_tile {{.*}}: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=3>
# PTO: pto.tfillpad ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=?, {{.*}}, pad=0>) outs(%xp : !pto.tile_buf<{{.*}}, pad=3>)
# PTO: pto.tmuls ins(%xp, {{.*}}) outs(%xs : !pto.tile_buf<{{.*}}, pad=0>)
# PTO: pto.tfillpad ins(%y : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=10, v_col=48, {{.*}}, pad=0>) outs(%ye : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, {{.*}}, pad=2>)
# PTO-FLAGS: %z = pto.alloc_tile addr = [[ZADDR:%c[0-9]+_i64]] : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16, v_row=5, v_col=9, {{.*}}, pad=0>
# PTO-FLAGS: %zp = pto.alloc_tile addr = [[ZADDR]] : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16, v_row=8, v_col=16, {{.*}}, pad=1>
# PTO: pto.tfillpad ins(%z : {{.*}}) outs(%zp : {{.*}})
# CCE: Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, 16, 128, SLayout::NoneBox, 512, PadValue::Min> xp;
# CCE: TFILLPAD(xp, x);
# CCE: Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, 16, 128, SLayout::NoneBox, 512, PadValue::Null> xs;
# CCE: Tile<TileType::Vec, half, 32, 64, BLayout::RowMajor, 32, 64, SLayout::NoneBox, 512, PadValue::Max> ye;
# CCE: TFILLPAD_EXPAND(ye, y);
# CCE: TASSIGN(z, [[CZADDR:0x[0-9a-f]+]]);
# CCE: Tile<TileType::Vec, int32_t, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512, PadValue::Zero> zp;
# CCE-NEXT: TASSIGN(zp, [[CZADDR]]);
# CCE: TFILLPAD_INPLACE(zp, z);

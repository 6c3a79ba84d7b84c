# tile.cmp / tile.cmps write a bit per element into a packed UINT8 mask
# (PyPTO's type: ceil(C / 8) valid bytes a row, rows of 32 bytes), by
# cmp_type (0 eq ... 5 ge): pto.tcmp / pto.tcmps with {cmpMode = #pto<cmp
# X>}, C++ TCMP / TCMPS with CmpMode::X last. tile.sel / tile.sels pick by
# the mask: pto.tsel ins(mask, lhs, rhs, tmp) / pto.tsels ins(mask, src, tmp,
# scalar), C++ TSEL(dst, mask, lhs, rhs, tmp) / TSELS(dst, mask, src, tmp,
# scalar), the scalar in the result's element type. (Errors:
# compare_select_*_error.py.)
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class CompareSelect:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 32], pl.FP32], b: pl.Tensor[[8, 32], pl.FP32],
          c: pl.Tensor[[16, 16], pl.INT32],
          picked: pl.Out[pl.Tensor[[8, 32], pl.FP32]], flagged: pl.Out[pl.Tensor[[16, 16], pl.INT32]]):
        x: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [8, 32])
        y: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [8, 32])
        ge = pl.tile.cmp(x, y, cmp_type=5)
        t4: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.create([1, 8], dtype=pl.INT32)
        big = pl.tile.sel(ge, x, y, t4)
        pl.tile.store(big, [0, 0], picked)
        z: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(c, [0, 0], [16, 16])
        mask: pl.Tile[[16, 32], pl.UINT8] = pl.tile.cmps(z, 0, cmp_type=4)
        ti: pl.Tile[[1, 16], pl.INT32, pl.Mem.Vec] = pl.tile.create([1, 16], dtype=pl.INT32)
        out = pl.tile.sels(mask, z, ti, -3)
        pl.tile.store(out, [0, 0], flagged)

# PTO: pto.tcmp ins(%x, %y {cmpMode = #pto<cmp ge>} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, {{.*}}>, !pto.tile_buf<{{.*}}>) outs(%ge : !pto.tile_buf<loc=vec, dtype=ui8, rows=8, cols=32, v_row=8, v_col=4, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
# PTO: pto.tsel ins(%ge, %x, %y, %t4 : !pto.tile_buf<loc=vec, dtype=ui8, {{.*}}>, !pto.tile_buf<loc=vec, dtype=f32, {{.*}}>, !pto.tile_buf<loc=vec, dtype=f32, {{.*}}>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8, {{.*}}>) outs(%big : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, {{.*}}>)
# PTO: pto.tcmps ins(%z, %c0_i32 {cmpMode = #pto<cmp gt>} : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16, {{.*}}>, i32) outs(%mask : !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2, {{.*}}>)
# PTO: pto.tsels ins(%mask, %z, %ti, %c-3_i32 : !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2, {{.*}}>, !pto.tile_buf<loc=vec, dtype=i32, {{.*}}>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, {{.*}}>, i32) outs(%out : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16, {{.*}}>)

# CCE: Tile<TileType::Vec, uint8_t, 8, 32, BLayout::RowMajor, 8, 4, SLayout::NoneBox, 512, PadValue::Null> ge;
# CCE: TCMP(ge, x, y, CmpMode::GE);
# CCE: TSEL(big, ge, x, y, t4);
# CCE: Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, 16, 2, SLayout::NoneBox, 512, PadValue::Null> mask;
# CCE: TCMPS(mask, z, 0, CmpMode::GT);
# CCE: TSELS(out, mask, z, ti, -3);

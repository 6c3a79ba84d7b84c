# tile.transpose(tile, axis1, axis2, tmp) transposes a 2-D Vec tile through
# its scratch tile, as PyPTO lowers it: pto.ttrans ins(%src, %tmp) outs(%dst),
# C++ TTRANS(dst, src, tmp) (the scratch is written). Without a scratch tile
# it is refused at the call (PyPTO's pass allocates one with tile.create).
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: sed 's/, 1, tmp)/, 1)/' %s > %t.py && not ptoc %t.py --emit=pto 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: error: 'tile.transpose' (TTRANS) needs a scratch tile, its fourth argument
import pypto.language as pl


@pl.program
class Transpose:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        x: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 32])
        tmp: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 32], dtype=pl.FP32)
        y = pl.tile.transpose(x, 0, 1, tmp)
        pl.tile.store(y, [0, 0], out)

# PTO: pto.ttrans ins(%x, %tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, {{.*}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, {{.*}}>) outs(%y : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, {{.*}}>)
# CCE: Tile<TileType::Vec, float, 32, 16, BLayout::RowMajor, 32, 16, SLayout::NoneBox, 512, PadValue::Null> y;
# CCE: TTRANS(y, x, tmp);

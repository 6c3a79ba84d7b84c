# pl.min / pl.max of scalars lower to arith.minsi / maxsi (minui / maxui,
# minimumf / maximumf by dtype) in PTO-AS and to a conditional in C++; a
# tile's valid_shape may name such a computed scalar (PyPTO's
# `valid_shape=[pl.min(m, n), n]`), which the tile takes as its dynamic
# valid dim.
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class ValidMin:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
          m: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.UINT32]):
        valid_m = pl.min(m, 64)
        top = pl.max(n, 1)
        t = pl.tile.load(a, [0, 0], [64, 64], valid_shape=[valid_m, 64], target_memory=pl.Mem.Vec)
        pl.tile.store(t, [0, 0], out)

# PTO: %valid_m = arith.minsi %m, %c64 : index
# PTO: %top = arith.maxui %n, %c1_i32 : i32
# PTO: pto.alloc_tile {{.*}}valid_row = %valid_m
# C++ inlines the pure scalar where it is used (`top`, unused, is not).
# CCE: Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, -1, 64, SLayout::NoneBox, 512, PadValue::Null> t(((m) < (64) ? (m) : (64)));

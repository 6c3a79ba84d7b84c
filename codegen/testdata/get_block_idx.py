# tile.get_block_idx / tile.get_block_num are ptoas's runtime queries:
# pto.get_block_idx / pto.get_block_num (an i64) cast to index in PTO-AS,
# get_block_idx() / get_block_num() in C++ (what ptoas emits for them).
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl


@pl.program
class Blocks:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[64, 16], pl.FP32], out: pl.Out[pl.Tensor[[64, 16], pl.FP32]]):
        b = pl.tile.get_block_idx()
        n = pl.tile.get_block_num()
        rows = 64 // n
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [b * 16, 0], [16, 16])
        pl.tile.store(t, [b * 16 + rows - 16, 0], out)

# CCE: int64_t b = get_block_idx();
# CCE: int64_t n = get_block_num();
# PTO: %[[RAW:[0-9]+]] = pto.get_block_idx loc(
# PTO-NEXT: %b = arith.index_cast %[[RAW]] : i64 to index loc(
# PTO-NEXT: %[[RAWN:[0-9]+]] = pto.get_block_num loc(
# PTO-NEXT: %n = arith.index_cast %[[RAWN]] : i64 to index loc(

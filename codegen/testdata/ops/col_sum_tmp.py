# tile.col_sum (tile, tmp): TCOLSUM's binary tree through the scratch tile,
# as PyPTO lowers it (pto.tcolsum ins(%x, %tmp {isBinary = true} : ...);
# TCOLSUM(dst, x, tmp, true)); the scratch is written. A scratch of another
# type, or narrower than the source's rows or of fewer than half its rows, is
# refused at the call (pto-isa's BinarySum adds row pairs into it).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
# PTO: pto.tcolsum ins(%x, %t {isBinary = true} : !pto.tile_buf<{{.*}}rows=16, cols=32{{.*}}>, !pto.tile_buf<{{.*}}rows=8, cols=32{{.*}}>) outs(%s : !pto.tile_buf<{{.*}}rows=1, cols=32{{.*}}>)
# CCE: TCOLSUM(s, x, t, true);
import pypto.language as pl


@pl.program
class ColSumTmp:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[1, 32], pl.FP32]]):
        x: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 32])
        t: pl.Tile[[8, 32], pl.FP32] = pl.tile.create([8, 32], dtype=pl.FP32,
                                                      target_memory=pl.MemorySpace.Vec)
        s: pl.Tile[[1, 32], pl.FP32] = pl.tile.col_sum(x, t)
        pl.tile.store(s, [0, 0], o)

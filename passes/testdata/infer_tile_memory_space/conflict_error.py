# A tile written without a memory space whose inferred space (Vec: tile.full)
# is not one its use accepts (tile.matmul_acc's accumulator must be in Acc)
# is an error at the argument, and no output is written. Vec into Acc is no
# data path a tile.move takes (inserts_moves.py shows the ones ptoc inserts);
# PyPTO makes such a tile in Acc, ptoc asks for the space to be written.
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text -o %t.out 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.err
# RUN: test ! -e %t.out
# CHECK: conflict_error.py:[[@LINE+14]]:60: error: tile 'z' is written without a memory space and is in Vec, but argument 1 of 'tile.matmul_acc' must be in Acc; write it there (target_memory=pl.Mem.Acc) or pl.move it
# CHECK-NEXT: pl.tile.matmul_acc(z, l, r)
import pypto.language as pl


@pl.program
class Conflict:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        am: pl.Tile[[16, 16], pl.BF16] = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[16, 16], pl.BF16] = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        l: pl.Tile[[16, 16], pl.BF16] = pl.move(am, target_memory=pl.Mem.Left)
        r: pl.Tile[[16, 16], pl.BF16] = pl.move(bm, target_memory=pl.Mem.Right)
        z: pl.Tile[[16, 16], pl.FP32] = pl.tile.full([16, 16], pl.FP32, 0.0)
        c: pl.Tile[[16, 16], pl.FP32] = pl.tile.matmul_acc(z, l, r)
        return pl.store(c, [0, 0], out)

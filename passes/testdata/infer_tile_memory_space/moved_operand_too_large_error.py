# A Mat operand of tile.matmul is moved into Left by the pass; when the
# moved tile outgrows Left (576 x 128 INT8 = 73728 bytes of 65536 on a2a3)
# that is the program's error, at the matmul, with no output written (it
# used to surface as an internal error of the verifier after the pass).
# PyPTO splits such an operand (AutoTileMatmulL0); ptoc asks for it by hand.
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text -o %t.out 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.err
# RUN: test ! -e %t.out
# CHECK: moved_operand_too_large_error.py:[[@LINE+14]]:9: error: infer-tile-memory-space: tile 'at_Left' needs 73728 bytes, more than the 65536 bytes of Left on a2a3; PyPTO splits such a tile in passes ptoc does not have yet (AutoTileMatmulL0, ...): split it by hand
# CHECK-NEXT: pl.tile.matmul(at, bt)
import pypto.language as pl


@pl.program
class TooLarge:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[576, 128], pl.INT8], b: pl.Tensor[[128, 48], pl.INT8],
          c: pl.Out[pl.Tensor[[576, 48], pl.INT32]]) -> pl.Tensor[[576, 48], pl.INT32]:
        at: pl.Tile[[576, 128], pl.INT8, pl.Mem.Mat] = pl.tile.load(
            a, [0, 0], [576, 128], target_memory=pl.Mem.Mat
        )
        bt: pl.Tile[[128, 48], pl.INT8, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [128, 48], target_memory=pl.Mem.Mat)
        acc: pl.Tile[[576, 48], pl.INT32, pl.Mem.Acc] = pl.tile.matmul(at, bt)
        return pl.tile.store(acc, [0, 0], c)

# A tensor that became a tile cannot be used where an op takes a GM tensor
# (here pl.store's target): a located error at the use.
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text -o %t.out 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.err
# CHECK: tile_used_as_gm_error.py:[[@LINE+10]]:29: error: tensor 'out' became a tile (convert-tensor-to-tile-ops), but this statement takes it as a GM tensor; compute with it at tile level or keep it in GM
import pypto.language as pl


@pl.program
class TileAsGm:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[8, 32], pl.FP32]) -> pl.Tensor[[8, 32], pl.FP32]:
        out = pl.create_tensor([8, 32], pl.FP32)
        t = pl.load(x, [0, 0], [8, 32])
        pl.store(t, [0, 0], out)
        return out

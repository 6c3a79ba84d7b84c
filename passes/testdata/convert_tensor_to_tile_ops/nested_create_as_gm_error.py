# A tensor created inside another op's arguments is computed into a
# temporary first, like any nested tensor call; when that op takes a GM
# tensor (here tile.load's source), the created tile meets the located
# error at its use instead of escaping the conversion (a fuzzer's find).
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text -o %t.out 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.err
# CHECK: nested_create_as_gm_error.py:[[@LINE+8]]:28: error: tensor 't__tmp_v0' became a tile (convert-tensor-to-tile-ops), but this statement takes it as a GM tensor
import pypto.language as pl


@pl.program
class NestedCreate:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, out: pl.Out[pl.Tensor[[4, 8], pl.UINT32]]):
        off = pl.tile.load(pl.tensor.create([4, 8], dtype=pl.UINT32), [0, 0], [4, 8])
        pl.tile.store(off, [0, 0], out)

# PyPTO's GM store coherence restriction: a kernel that bulk-stores a tile
# into a GM tensor (a slice assignment, tensor.assemble -> tile.store) and
# also writes it element by element (tensor.write) is rejected, here
# through the name the slice assignment rebinds.
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text -o %t.out 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.err
# CHECK: mixed_store_paths_error.py:[[@LINE+10]]:13: error: convert-tensor-to-tile-ops: 'tensor.write' writes GM tensor 'output', which this kernel also bulk-stores tiles into (tensor.assemble -> tile.store); the scalar and the bulk store paths are not coherent on a2a3 (PyPTO rejects this too): write into a tile and store it once
import pypto.language as pl


@pl.program
class MixedStores:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, output: pl.Out[pl.Tensor[[1, 16], pl.INT32]]):
        output[0:1, 0:16] = pl.tensor.full([1, 16], dtype=pl.INT32, value=-1)
        for i in pl.range(4):
            pl.write(output, [0, i], pl.cast(i, pl.INT32))

# A tensor op on a tensor larger than its tile's memory is an error at the
# parameter: PyPTO splits such ops (AutoTileMatmulL0 and the vector
# splitting passes), which ptoc does not have yet. The entry load carries
# the location of the parameter it loads, as in PyPTO.
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text -o %t.out 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.err
# CHECK: too_large_error.py:[[@LINE+7]]:17: error: convert-tensor-to-tile-ops: tile 'a_tile' needs 262144 bytes, more than the 196608 bytes of Vec on a2a3; PyPTO tiles such an op in passes ptoc does not have yet (AutoTileMatmulL0, ...): split it by hand
import pypto.language as pl


@pl.program
class TooLarge:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[512, 128], pl.FP32]) -> pl.Tensor[[512, 128], pl.FP32]:
        out = pl.add(a, a)
        return out

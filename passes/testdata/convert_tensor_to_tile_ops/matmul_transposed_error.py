# A transposed matmul operand is not converted yet: PyPTO loads it into
# Mat and views it with tile.transpose_view, which ptoc lacks. A located
# error names it, and no output is written.
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text -o %t.out 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.err
# RUN: test ! -e %t.out
# CHECK: matmul_transposed_error.py:[[@LINE+8]]:39: error: convert-tensor-to-tile-ops: 'tensor.matmul' with b_trans=True is not converted yet (PyPTO views the Mat operand with tile.transpose_view, which ptoc lacks)
import pypto.language as pl


@pl.program
class Transposed:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 32], pl.BF16], w: pl.Tensor[[16, 32], pl.BF16]) -> pl.Tensor[[16, 16], pl.FP32]:
        acc = pl.matmul(a, w, b_trans=True, out_dtype=pl.FP32)
        return acc

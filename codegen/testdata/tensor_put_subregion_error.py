# pld.tensor.put's subregion form (dst_offsets, src_offsets, shape) and its
# chunk attributes are PyPTO's; codegen lowers only the whole-slice put and
# says so at the call rather than copying the whole slice.
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class PutSubregion:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, src: pl.Tensor[[16, 64], pl.FP16], win: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INDEX]):
        pld.tensor.put(win, peer, src, [0, 0], [0, 0], [8, 64])

# CHECK: tensor_put_subregion_error.py:14:9: error: 'pld.tensor.put' with 6 arguments has no code generation yet (only with 3)
# CHECK-NEXT: pld.tensor.put(win, peer, src, [0, 0], [0, 0], [8, 64])

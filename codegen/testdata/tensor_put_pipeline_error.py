# pld.tensor.put's pipeline=True (PyPTO's second, ping-pong staging tile)
# is not lowered: codegen says so at the call rather than moving the data
# through one staging tile.
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class PutPipeline:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, src: pl.Tensor[[16, 64], pl.FP16], win: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INDEX]):
        pld.tensor.put(win, peer, src, chunk_rows=4, chunk_cols=64, pipeline=True)

# CHECK: tensor_put_pipeline_error.py:14:9: error: 'pld.tensor.put' with attribute 'pipeline' has no code generation yet

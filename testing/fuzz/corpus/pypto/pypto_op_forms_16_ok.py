import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, dst: pld.DistributedTensor[[16, 64], pl.FP16],
          src: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
        pld.tensor.put(dst, peer, src, [0, 0], [0, 0], [8, 64])
        pld.tensor.put(dst, peer, src, chunk_rows=4)
        pld.tensor.put(dst, peer, src, attrs={"pipeline_membership": "0:1"})
        pld.tensor.put(dst, peer, src, chunk_rows=0)

import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, dst: pld.DistributedTensor[[16, 64], pl.FP16],
          src: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
        pld.tensor.put(dst, peer=peer, src=src, dst_offsets=[0, 0], src_offsets=[0, 0],
                       shape=[8, 64], chunk_rows=4, chunk_cols=32)
        pld.tensor.get(dst, peer, src, chunk_rows=4, chunk_cols=32, pipeline=True)
        pld.tensor.put(dst, peer, src, chunk_rows=0, pipeline=False)

import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def f(
        self,
        a: pl.Tensor[[64, 128], pl.FP16],
        k: pl.Tensor[[64, 128], pl.FP16],
        w: pld.DistributedTensor[[4, 8], pl.FP32],
    ) -> pl.Tensor[[64, 64], pl.FP16]:
        t: pl.Tensor[[128, 64], pl.FP16] = pl.trenspose(a, axis1=0, axis2=-1)
        s: pl.Tensor[[64, 64], pl.FP16] = pl.matmul(a, k, b_trans=True)
        u: pl.Tensor[[64, 64], pl.FP32] = pl.matmul(a, t, out_dtype=pl.FP32)
        v: pl.Tensor[[128, 64], pl.FP16, pl.TensorView(stride=[1, 128], layout=pl.TensorLayout.DN)] = pl.tensor.view(a, layout=pl.TensorLayout.DN)
        x: pld.DistributedTensor[[8, 4], pl.FP32] = pl.tensor.view(w, [8, 4])
        return s

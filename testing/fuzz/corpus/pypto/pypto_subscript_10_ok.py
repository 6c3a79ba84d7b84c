import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Opaque)
    def f(
        self,
        src: pl.Tensor[[4, 64], pl.FP32],
        index: pl.Tensor[[4, 8], pl.INT32],
        out: pl.Out[pl.Tensor[[4, 64], pl.FP32]],
    ) -> pl.Tensor[[4, 64], pl.FP32]:
        g = pl.tensor.gather(src, -1, index)
        out = pl.assemble(out, g, [0, 0], atomic=pl.AtomicType.Add)
        return out

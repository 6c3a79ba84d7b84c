import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 32], pl.FP32]):
        a = pl.fillpad(x, 0)
        b = pl.fillpad(x, pad_value=0.0)
        s = pl.slice(x, [8, 32], [0, 0], valid_shape=[8, 8], pad_value=pl.PadValue.min)
        c = pl.tensor.create([32, 32], dtype=pl.FP16, manual_dep=True)

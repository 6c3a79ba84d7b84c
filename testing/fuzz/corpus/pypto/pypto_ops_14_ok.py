import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def v(self, x: pl.Tensor[[16, 16], pl.FP32]):
        buf = pl.reserve_buffer(name="v2c", size=4096)
        pl.aiv_initialize_pipe(dir_mask=2, slot_size=512, v2c_consumer_buf=buf)

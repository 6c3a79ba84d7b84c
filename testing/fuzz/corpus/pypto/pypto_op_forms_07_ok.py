import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def main(self, n: pl.Scalar[pl.INDEX]):
        a = pld.alloc_window_buffer([64, 128], dtype=pl.FP32)
        b = pld.tensor.alloc_window_buffer([64, n], dtype=pl.INT16)
        c = pld.alloc_window_buffer(256)

import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def main(self):
        a = pld.alloc_window_buffer(64, dtype=pl.FP32)

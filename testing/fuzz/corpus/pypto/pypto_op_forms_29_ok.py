import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def main(self):
        c = pld.alloc_window_buffer(256)

import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host(self):
        buf = pld.alloc_window_buffer(pld.world_size() * pl.INT32.get_byte())
        sig = pld.window(buf, [4], dtype=pl.INT32)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self):
        t = pl.system.task_dummy(deps=[])
        ok = pl.system.task_is_valid(t)

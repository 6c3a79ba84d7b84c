import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def chip(self, data: pld.DistributedTensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return data

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host(self) -> pl.Tensor[[64], pl.FP32]:
        buf = pld.alloc_window_buffer(256)
        data = pld.window(buf, [64], dtype=pl.FP32)
        for r in pl.range(pld.world_size()):
            self.chip(data, device=r)
        return data

# PyPTO's `return pl.store(t, offs, window)` publishes like any store into a
# window: the default pipeline hoists the store into a statement before
# insert-comm-fence, which then cleans and fences it before the return
# (PyPTO's st test_l3_host_tensor_allreduce.py writes its publish step so).
# RUN: ptoc %s --emit=text | FileCheck %s
# CHECK-LABEL: def publish_step(
# CHECK: data_ret = pl.tile.store(local, [0, 0], data)
# CHECK-NEXT: pl.system.cacheinvalid(data, [1, 256], [0, 0])
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: return data_ret
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Publish:
    @pl.function(type=pl.FunctionType.InCore)
    def publish_step(
        self,
        inp: pl.Tensor[[1, 256], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[1, 256], pl.FP32]],
    ) -> pld.DistributedTensor[[1, 256], pl.FP32]:
        local = pl.load(inp, [0, 0], [1, 256])
        return pl.store(local, [0, 0], data)

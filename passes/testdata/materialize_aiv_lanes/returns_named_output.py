# A dual-AIV kernel that returns the name of a store into its output
# (`updated = pl.store(...)`, `return updated`: PyPTO's codegen tests write
# it so) returns the output parameter itself: the name is defined on lane 0
# only, the parameter on both.
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --backend=a2a3 --emit=text | FileCheck %s
# CHECK-LABEL: def vector_consumer(
# CHECK: if sb == 0:
# CHECK: updated = pl.tile.store(out, [0, 0], output)
# CHECK-NEXT: pl.system.tfree_to_aic(t)
# CHECK-NEXT: else:
# CHECK: return output
import pypto.language as pl


@pl.program
class ReturnsNamedOutput:
    @pl.function(type=pl.FunctionType.AIV)
    def vector_consumer(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        output: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        c2v_buf = pl.reserve_buffer(name="c2v_slot_buffer", size=4096, base=0x2000)
        pl.aiv_initialize_pipe(dir_mask=1, slot_size=1024, c2v_consumer_buf=c2v_buf)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tpop_from_aic(split=0)
        out: pl.Tile[[16, 16], pl.FP32] = pl.exp(t)
        updated: pl.Tensor[[16, 16], pl.FP32] = pl.store(out, [0, 0], output)
        pl.tfree_to_aic(t)
        return updated

    @pl.function(type=pl.FunctionType.AIC)
    def cube_producer(self, x: pl.Tensor[[16, 16], pl.FP16], y: pl.Tensor[[16, 16], pl.FP16]):
        c2v_peer = pl.import_peer_buffer(name="c2v_slot_buffer", peer_func="vector_consumer")
        pl.aic_initialize_pipe(dir_mask=1, slot_size=1024, c2v_consumer_buf=c2v_peer)
        xm: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.load(x, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        ym: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.load(y, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        xl = pl.move(xm, target_memory=pl.MemorySpace.Left)
        yr = pl.move(ym, target_memory=pl.MemorySpace.Right)
        c = pl.matmul(xl, yr)
        pl.tpush_to_aiv(c, split=0)

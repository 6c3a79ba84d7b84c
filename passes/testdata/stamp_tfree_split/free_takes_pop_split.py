# A hand-written free takes the split of the pop that bound its tile: the
# cube pops with split=1 and frees without one (PyPTO's cross-core codegen
# test writes it so); after the pass both frees say split=1, so the pipe
# is split on both sides and code generation accepts it.
# RUN: ptoc %s --passes= --emit=pb -o %t.pb
# RUN: stamp-tfree-split %t.pb -o %t.out.pb
# RUN: ptoc %t.out.pb --passes= --emit=text | FileCheck %s
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# CHECK-LABEL: def cube_consumer(
# CHECK: received_add: {{.*}} = pl.tile.tpop_from_aiv(split=1)
# CHECK: pl.system.tfree_to_aiv(received_add, split=1)
# CHECK-NEXT: pl.system.tfree_to_aiv(received_sub, split=1)
# PTO-LABEL: func.func @cube_consumer(
# PTO: pto.tfree_from_aiv {id = 0, split = 1}
# PTO-NEXT: pto.tfree_from_aiv {id = 0, split = 1}
import pypto.language as pl


@pl.program
class FreeTakesPopSplit:
    @pl.function(type=pl.FunctionType.AIV)
    def vector_producer(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16]):
        v2c_peer = pl.import_peer_buffer(name="v2c_slot_buffer", peer_func="cube_consumer")
        pl.aiv_initialize_pipe(dir_mask=2, slot_size=512, v2c_consumer_buf=v2c_peer)
        tile_a: pl.Tile[[16, 16], pl.FP16] = pl.load(a, [0, 0], [16, 16])
        tile_b: pl.Tile[[16, 16], pl.FP16] = pl.load(b, [0, 0], [16, 16])
        pl.tpush_to_aic(tile_a, split=1)
        pl.tpush_to_aic(tile_b, split=1)

    @pl.function(type=pl.FunctionType.AIC)
    def cube_consumer(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        pipe_buf = pl.reserve_buffer(name="v2c_slot_buffer", size=4096, base=0x1000)
        pl.aic_initialize_pipe(dir_mask=2, slot_size=512, v2c_consumer_buf=pipe_buf)
        received_add: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tpop_from_aiv(split=1)
        received_sub: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tpop_from_aiv(split=1)
        left = pl.move(received_add, target_memory=pl.Mem.Left)
        right = pl.move(received_sub, target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 16], pl.FP32] = pl.matmul(left, right)
        pl.tfree_to_aiv(received_add)
        pl.tfree_to_aiv(received_sub)
        pl.store(c, [0, 0], out)

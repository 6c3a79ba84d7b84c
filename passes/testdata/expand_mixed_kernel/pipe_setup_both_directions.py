# Transfers in both directions: dir_mask=3; the consumer of each direction
# reserves slot_num x slot_size bytes and the producer imports it, in the
# order of the spec on each lane; the setup comes first.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class BothWays:
    @pl.function(type=pl.FunctionType.InCore, attrs={"slot_num": 3})
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        av = pl.tile.load(a, [0, 0], [16, 16])
        am = pl.tile.move(av, target_memory=pl.MemorySpace.Mat)
        al = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
        br = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Right)
        c = pl.tile.matmul(al, br)
        cv = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        pl.tile.store(cv, [0, 0], out)

# CHECK-LABEL: def k_aic(
# CHECK: v2c_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="k_v2c_slot_buffer", size=3072)
# CHECK-NEXT: c2v_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="k_c2v_slot_buffer", peer_func="k_aiv")
# CHECK-NEXT: pl.system.aic_initialize_pipe(c2v_import, v2c_buf, dir_mask=3, slot_size=1024, slot_num=3)
# CHECK-NEXT: am: {{.*}} = pl.tile.tpop_from_aiv()
# CHECK-LABEL: def k_aiv(
# CHECK: v2c_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="k_v2c_slot_buffer", peer_func="k_aic")
# CHECK-NEXT: c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="k_c2v_slot_buffer", size=3072)
# CHECK-NEXT: pl.system.aiv_initialize_pipe(c2v_buf, v2c_import, dir_mask=3, slot_size=1024, slot_num=3)
# CHECK-NEXT: av: {{.*}} = pl.tile.load(a, [0, 0], [16, 16])

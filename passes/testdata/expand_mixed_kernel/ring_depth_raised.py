# The AIV holds three popped tiles at once, more than slot_num=2: the pass
# raises slot_num to 3 (the reserved buffer grows with it) and says so.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text 2> %t.err | FileCheck %s
# RUN: FileCheck %s --check-prefix=NOTE < %t.err
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Deep:
    @pl.function(type=pl.FunctionType.InCore, attrs={"slot_num": 2})
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        c1 = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        c2 = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        c3 = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        s = pl.tile.add(c1, c2)
        t = pl.tile.add(s, c3)
        pl.tile.store(t, [0, 0], out)

# NOTE: {{.*}}ring_depth_raised.py:12:5: note: in kernel 'k': raising slot_num from 2 to 3: the AIV lane holds up to 3 popped tiles from the AIC lane at once
# CHECK-LABEL: def k_aic(
# CHECK: pl.system.aic_initialize_pipe(c2v_import, 0, dir_mask=1, slot_size=1024, slot_num=3)
# CHECK-LABEL: def k_aiv(
# CHECK: c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="k_c2v_slot_buffer", size=3072)
# CHECK-NEXT: pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=3)
# CHECK: s: {{.*}} = pl.tile.add(c1, c2)
# CHECK-NEXT: pl.system.tfree_to_aic(c1)
# CHECK-NEXT: pl.system.tfree_to_aic(c2)
# CHECK-NEXT: t: {{.*}} = pl.tile.add(s, c3)
# CHECK-NEXT: pl.system.tfree_to_aic(c3)

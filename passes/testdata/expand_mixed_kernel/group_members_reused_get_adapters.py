# A Group member that something else also calls (here an orchestration
# function calls the AIC member alone, and a second Group calls the pair in
# another order of arguments) keeps its own signature: each Group gets
# private copies, <group>_aic_adapter and <group>_aiv_adapter, placed
# before it, taking the Group's parameters; their import_peer_buffer names
# the partner copy. A member parameter becomes the argument the Group passed
# for it (`scale` takes the Group's `y` in `swapped`).
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text > %t.py
# RUN: ptoc %t.py --passes= --emit=text | FileCheck %s
# RUN: ptoc %s --emit=pto -o /dev/null
# CHECK-LABEL: def cube_side(self, a: pl.Tensor{{\[\[}}16, 16], pl.FP16]):
# CHECK-LABEL: def vec_side(self, out: pl.Out[pl.Tensor{{\[\[}}16, 16], pl.FP32]]):
# CHECK: peer_func="cube_side"
# CHECK-LABEL: def plain_aic_adapter(self, x: pl.Tensor{{\[\[}}16, 16], pl.FP16], y: pl.Out[pl.Tensor{{\[\[}}16, 16], pl.FP32]]):
# CHECK: pl.tile.load(x, [0, 0], [16, 16]
# CHECK-LABEL: def plain_aiv_adapter(self, x: pl.Tensor{{\[\[}}16, 16], pl.FP16], y: pl.Out[pl.Tensor{{\[\[}}16, 16], pl.FP32]]):
# CHECK: peer_func="plain_aic_adapter"
# CHECK: pl.tile.store(r, [0, 0], y)
# CHECK-LABEL: def plain(
# CHECK-NEXT: self.plain_aic_adapter(x, y)
# CHECK-NEXT: self.plain_aiv_adapter(x, y)
# CHECK-LABEL: def swapped_aic_adapter(self, y: pl.Out[pl.Tensor{{\[\[}}16, 16], pl.FP32]], x: pl.Tensor{{\[\[}}16, 16], pl.FP16]):
# CHECK: pl.tile.load(x, [0, 0], [16, 16]
# CHECK-LABEL: def swapped_aiv_adapter(self, y: pl.Out[pl.Tensor{{\[\[}}16, 16], pl.FP32]], x: pl.Tensor{{\[\[}}16, 16], pl.FP16]):
# CHECK: peer_func="swapped_aic_adapter"
# CHECK: pl.tile.store(r, [0, 0], y)
# CHECK-LABEL: def swapped(
# CHECK-NEXT: self.swapped_aic_adapter(y, x)
# CHECK-NEXT: self.swapped_aiv_adapter(y, x)
# CHECK-LABEL: def main(
# CHECK: self.cube_side(x)
import pypto.language as pl


@pl.program
class Reused:
    @pl.function(type=pl.FunctionType.AIC)
    def cube_side(self, a: pl.Tensor[[16, 16], pl.FP16]):
        buf = pl.reserve_buffer(name="c2v", size=2048, base=pl.AUTO)
        pl.aic_initialize_pipe(buf, 0, dir_mask=1, slot_size=1024)
        am = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        c = pl.tile.matmul(pl.tile.move(am, target_memory=pl.Mem.Left), pl.tile.move(am, target_memory=pl.Mem.Right))
        pl.tpush_to_aiv(c, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def vec_side(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        peer = pl.import_peer_buffer(name="c2v", peer_func="cube_side")
        pl.aiv_initialize_pipe(peer, 0, dir_mask=1, slot_size=1024)
        t = pl.tpop_from_aic(shape=[16, 16], dtype=pl.FP32, split=0)
        r = pl.tile.relu(t)
        pl.tfree_to_aic(t, split=0)
        pl.tile.store(r, [0, 0], out)

    @pl.function(type=pl.FunctionType.Group)
    def plain(self, x: pl.Tensor[[16, 16], pl.FP16], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.cube_side(x)
        self.vec_side(y)

    @pl.function(type=pl.FunctionType.Group)
    def swapped(self, y: pl.Out[pl.Tensor[[16, 16], pl.FP32]], x: pl.Tensor[[16, 16], pl.FP16]):
        self.cube_side(x)
        self.vec_side(y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP16], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.cube_side(x)
        self.plain(x, y)
        self.swapped(y, x)

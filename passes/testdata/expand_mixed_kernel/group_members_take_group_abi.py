# A hand-written Group whose AIC and AIV members take different parameters:
# the core group starts both lanes with one argument array, so both members
# are given the Group's parameters, in its order, and the Group passes them
# all (PyPTO #2097). Only this Group calls them: rewritten in place. The
# program then compiles; without the rewrite code generation refuses it.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
# RUN: ptoc %s --emit=pto -o /dev/null
# CHECK-LABEL: def cube_side(self, a: pl.Tensor{{\[\[}}16, 16], pl.FP16], b: pl.Tensor{{\[\[}}16, 16], pl.FP16], out: pl.Out[pl.Tensor{{\[\[}}16, 16], pl.FP32]]):
# CHECK: pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
# CHECK-LABEL: def vec_side(self, a: pl.Tensor{{\[\[}}16, 16], pl.FP16], b: pl.Tensor{{\[\[}}16, 16], pl.FP16], out: pl.Out[pl.Tensor{{\[\[}}16, 16], pl.FP32]]):
# CHECK: pl.system.import_peer_buffer(name="c2v", peer_func="cube_side")
# CHECK: pl.tile.store(r, [0, 0], out)
# CHECK-LABEL: def mm_relu(
# CHECK-NEXT: self.cube_side(a, b, out)
# CHECK-NEXT: self.vec_side(a, b, out)
# CHECK-NOT: _adapter
import pypto.language as pl


@pl.program
class Grouped:
    @pl.function(type=pl.FunctionType.AIC)
    def cube_side(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16]):
        buf = pl.reserve_buffer(name="c2v", size=4096, base=pl.AUTO)
        pl.aic_initialize_pipe(buf, 0, dir_mask=1, slot_size=1024)
        am = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        al = pl.tile.move(am, target_memory=pl.Mem.Left)
        br = pl.tile.move(bm, target_memory=pl.Mem.Right)
        c = pl.tile.matmul(al, br)
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
    def mm_relu(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.cube_side(a, b)
        self.vec_side(out)

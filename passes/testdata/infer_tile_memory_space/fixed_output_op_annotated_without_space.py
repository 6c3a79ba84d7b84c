# A tile.full / tile.tri annotated without a memory space: the pass gives the
# name and the op's result the space the op makes it in (Vec), as PyPTO's
# registry types such an op, so the value is not "retyped by its annotation"
# and the kernel compiles (the .pto step fails on a value retyped).
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text | FileCheck %s
# RUN: ptoc %s --emit=pb -o %t.pb
# CHECK: z: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full(
# CHECK: s: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(z, t)
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class FixedOutput:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        z: pl.Tile[[16, 16], pl.FP32] = pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)
        t = pl.tile.load(a, [0, 0], [16, 16])
        s = pl.tile.add(z, t)
        pl.tile.store(s, [0, 0], out)

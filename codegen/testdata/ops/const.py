# pl.const(value, dtype) is PyPTO's typed literal: a constant of that dtype,
# no machine op (arith.constant in PTO-AS, a literal in C++), wherever a
# scalar goes: a tile op's scalar operand, a pipe setup's buffer address.
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class Const:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        y = pl.tile.adds(x, pl.const(2.5, pl.FP32))
        z = pl.tile.muls(y, pl.const(-3, pl.FP32))
        pl.tile.store(z, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIC)
    def cube(self):
        buf = pl.reserve_buffer(name="slot_buffer", size=4096, base=pl.AUTO)
        pl.aic_initialize_pipe(pl.const(0, pl.INT32), buf, dir_mask=2, slot_size=512)

    @pl.function(type=pl.FunctionType.AIV)
    def vector(self):
        peer = pl.import_peer_buffer(name="slot_buffer", peer_func="cube")
        pl.aiv_initialize_pipe(pl.const(0, pl.INT32), peer, dir_mask=2, slot_size=512)

    @pl.function(type=pl.FunctionType.Group)
    def group(self):
        self.cube()
        self.vector()

# (Constants are made at the top of the function.)
# PTO: [[C:%.*]] = arith.constant 2.500000e+00 : f32
# PTO: [[M:%.*]] = arith.constant -3.000000e+00 : f32
# PTO: pto.tadds ins(%x, [[C]] : {{.*}}, f32) outs(%y :
# PTO: pto.tmuls ins(%y, [[M]] : {{.*}}, f32) outs(%z :
# PTO: pto.aic_initialize_pipe {{.*}}c2v_consumer_buf = %c0_i32 : i32,

# CCE: TADDS(y, x, 2.5f);
# CCE: TMULS(z, y, -3.0f);
# CCE: = TPipe<{{.*}}>({{.*}}, 0,

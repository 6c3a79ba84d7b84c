# tile.alloc (PyPTO's MemRef buffers, printed after its AllocateMemoryAddr
# pass) emits nothing, as PyPTO's codegen: the pl.Ptr is named only by the
# tiles' pl.MemRef text, and ptoc places every tile itself.
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class AllocProg:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(self, x: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
        mem_vec_0: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 8192)
        mem_vec_1: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 8192)
        t: pl.Tile[[16, 128], pl.FP32, pl.MemRef(mem_vec_0, 0, 8192), pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 128])
        t2: pl.Tile[[16, 128], pl.FP32, pl.MemRef(mem_vec_1, 0, 8192), pl.Mem.Vec] = pl.tile.add(t, t)
        pl.tile.store(t2, [0, 0], out)

# PTO-NOT: mem_vec
# PTO: %t = pto.alloc_tile
# PTO: %t2 = pto.alloc_tile
# PTO: pto.tadd ins(%t, %t
# CCE-NOT: mem_vec
# CCE: TLOAD(t, x_gm);
# CCE: TADD(t2, t, t);

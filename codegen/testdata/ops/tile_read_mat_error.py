# tile.read reads a Vec tile only: ptoas refuses pto.tgetval of a Mat tile
# ("Ascend hardware does not support reading from Mat tile_buf to Scalar
# unit"), so ptoc refuses the call, on both backends.
# RUN: not ptoc %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=cce 2>&1 | FileCheck %s
# CHECK: tile_read_mat_error.py:[[@LINE+10]]:13: error: 'tile.read' takes its argument 1 'tile' in Vec, not in Mat
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        m: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 16],
                                                               target_memory=pl.MemorySpace.Mat)
        v = pl.tile.read(m, [0, 1])
        pl.tensor.write(out, [0, 0], v)

# pld.tensor.remote_store of a computed tensor stores its tile: the source
# becomes a tile, the window stays in GM (PyPTO's RegisterSimple with a Vec
# input).
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text | FileCheck %s
# RUN: ptoc %s -o %t.pto
# CHECK: scaled_tile: pl.Tile{{\[\[}}16, 64], pl.FP16, pl.Mem.Vec] = pl.tile.add(x_tile, x_tile)
# CHECK-NEXT: pld.tile.remote_store(scaled_tile, data, peer, [0, 0])
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class RemoteStore:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP16], data: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
        scaled = pl.tensor.add(x, x)
        pld.tensor.remote_store(scaled, data, peer, [0, 0])

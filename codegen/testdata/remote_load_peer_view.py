# pld.tile.remote_load: a tload from the partition view of the peer's window.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class RemoteLoad:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, win: pld.DistributedTensor[[1, 256], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]], peer: pl.Scalar[pl.INDEX], chunk: pl.Scalar[pl.INDEX]):
        got: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pld.tile.remote_load(win, peer, [0, chunk * 64], [1, 64])
        pl.tile.store(got, [0, 0], out)

# PTO: %win_peer = pto.addptr %win,
# PTO-NEXT: %win_peer_view = pto.make_tensor_view %win_peer, shape = [%c1, %c256], strides = [%c256, %c1]
# PTO-NEXT: %[[COL:.*]] = arith.muli %chunk, %c64 : index
# PTO-NEXT: %[[PV:.*]] = pto.partition_view %win_peer_view, offsets = [%c0, %[[COL]]], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x64xf32>
# PTO-NEXT: %got = pto.alloc_tile addr = %c{{[0-9]+}}_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# PTO-NEXT: pto.tload ins(%[[PV]] : !pto.partition_tensor_view<1x64xf32>) outs(%got : !pto.tile_buf<{{.*}}>)
# PTO-NOT: cacheinvalid

# CCE: __gm__ float* win_peer = win + (comm_ctx[2 + peer] - own_window_base) / 4;
# CCE-NEXT: GlobalTensor<float, pto::Shape<1, 1, 1, 1, 64>, pto::Stride<1, 1, 1, 256, 1>> win_gm(win_peer + (chunk * 64));
# CCE: TLOAD(got, win_gm);

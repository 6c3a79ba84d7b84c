# A load or store moves its tile's valid part (PyPTO's valid-region
# transfer): the bound check asks only that part to fit, so a tile whose
# box overhangs the tensor is accepted, and both targets address the GM
# region of the valid shape (pto-isa's TLOAD / TSTORE take the GM shape equal
# to the tile's valid dims). Here a [16, 64] box with 4 valid rows is loaded
# from the last 4 rows of a [20, 64] tensor and stored back, as the [1, 128]
# valid row of a popped GEMV result is stored into a [1, 128] output.
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CPP
# PTO: pto.partition_view %x_view, offsets = [%c16, %c0], sizes = [%c4, %c64] {{.*}} -> !pto.partition_tensor_view<4x64xf32>
# PTO: pto.tload ins(%{{[a-z0-9_]+}} : !pto.partition_tensor_view<4x64xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=4, v_col=64
# PTO: pto.partition_view %y_view, offsets = [%c16, %c0], sizes = [%c4, %c64] {{.*}} -> !pto.partition_tensor_view<4x64xf32>
# CPP: GlobalTensor<float, pto::Shape<1, 1, 1, 4, 64>, pto::Stride<1, 1, 1, 64, 1>>
# CPP: TLOAD(t, x_gm{{.*}});
# CPP: GlobalTensor<float, pto::Shape<1, 1, 1, 4, 64>, pto::Stride<1, 1, 1, 64, 1>>
# CPP: TSTORE(y_gm{{.*}}, e);
import pypto.language as pl


@pl.program
class Tail:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[20, 64], pl.FP32], y: pl.Out[pl.Tensor[[20, 64], pl.FP32]]):
        t = pl.tile.load(x, [16, 0], [16, 64], valid_shape=[4, 64])
        e = pl.tile.exp(t)
        pl.tile.store(e, [16, 0], y)

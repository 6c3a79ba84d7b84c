# GM views (codegen/tensor_origin.h): a tensor.view reshapes a parameter's
# packed memory (a tensor view of the same pointer, row-major strides over
# the new shape); a tensor.slice kept in GM is a window (the parameter's
# strides, a base pointer past the window's offset). Loads, stores and
# scalar reads through a view address it; the pipe-sync plan takes its
# accesses as ones of all of the parameter.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class GmViews:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, src: pl.Tensor[[2, 4, 64], pl.FP32], data: pl.Tensor[[16, 128], pl.FP32],
          r: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
        flat = pl.tensor.view(src, [8, 64])
        a: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(flat, [0, 0], [8, 64])
        win = pl.tensor.slice(data, [8, 64], [r, 64])
        b: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(win, [0, 0], [8, 64])
        c = pl.tile.add(a, b)
        dst = pl.tensor.slice(out, [8, 64], [8, 0])
        pl.tile.store(c, [0, 0], dst)
        v = pl.tensor.read(win, [1, 2])
        pl.tensor.write(dst, [0, 0], v)

# PTO: %flat_view = pto.make_tensor_view %src, shape = [%c8, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
# PTO: pto.partition_view %flat_view, offsets = [%c0, %c0], sizes = [%c8, %c64]
# PTO: %[[ROW:.*]] = arith.muli %r, %c128 : index
# PTO-NEXT: %[[OFF:.*]] = arith.addi %[[ROW]], %c64 : index
# PTO-NEXT: %win_ptr = pto.addptr %data, %[[OFF]] : !pto.ptr<f32> -> !pto.ptr<f32>
# PTO-NEXT: %win_view = pto.make_tensor_view %win_ptr, shape = [%c8, %c64], strides = [%c128, %c1] : !pto.tensor_view<?x?xf32>
# PTO: pto.partition_view %win_view, offsets = [%c0, %c0], sizes = [%c8, %c64]
# PTO: %dst_ptr = pto.addptr %out, %c1024 : !pto.ptr<f32> -> !pto.ptr<f32>
# PTO-NEXT: %dst_view = pto.make_tensor_view %dst_ptr, shape = [%c8, %c64], strides = [%c128, %c1]
# PTO: pto.tstore
# PTO: pto.load_scalar %win_ptr[%c130]
# PTO: pto.store_scalar {{.*}}, %dst_ptr[%c0]

# CCE: GlobalTensor<float, pto::Shape<1, 1, 1, 8, 64>, pto::Stride<1, 1, 1, 64, 1>> src_gm(src);
# CCE: __gm__ float* win_ptr = data + r * 128 + 64;
# CCE: GlobalTensor<float, pto::Shape<1, 1, 1, 8, 64>, pto::Stride<1, 1, 1, 128, 1>> data_gm(win_ptr);
# CCE: __gm__ float* dst_ptr = out + 1024;
# CCE: GlobalTensor<float, pto::Shape<1, 1, 1, 8, 64>, pto::Stride<1, 1, 1, 128, 1>> out_gm(dst_ptr);
# CCE: win_ptr[130]
# CCE: dst_ptr[0] =

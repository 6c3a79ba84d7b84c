# Tensor dims named by scalar parameters: the tensor view takes them (cast
# to index) and computes dynamic strides; in C++ the GlobalTensor gets a
# dynamic (-1) stride and the values through its constructor.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Dynamic:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[m, n], pl.FP32], m: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INT32]):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [m - 1, 0], [1, 16])

# PTO: func.func @k(%a: !pto.ptr<f32>, %m: index, %n: i32)
# PTO: %[[N:.*]] = arith.index_cast %n : i32 to index
# PTO-NEXT: %a_view = pto.make_tensor_view %a, shape = [%m, %[[N]]], strides = [%[[N]], %c1] : !pto.tensor_view<?x?xf32>
# PTO: %[[ROW:.*]] = arith.subi %m, %c1 : index
# PTO-NEXT: %pv = pto.partition_view %a_view, offsets = [%[[ROW]], %c0], sizes = [%c1, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x16xf32>

# CCE: void k(__gm__ float* a, int64_t m, int32_t n)
# CCE: GlobalTensor<float, pto::Shape<1, 1, 1, 1, 16>, pto::Stride<1, 1, 1, -1, 1>> a_gm(a + (m - 1) * static_cast<int64_t>(n), pto::Shape<1, 1, 1, 1, 16>(1, 1, 1, 1, 16), pto::Stride<1, 1, 1, -1, 1>(1, 1, 1, static_cast<int64_t>(n), 1));

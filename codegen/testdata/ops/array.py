# A kernel's pl.Array, as PyPTO lowers it: a stack array of the scalar
# unit (pto.declare_local_array; C++ `int32_t arr[8];`), `arr[i] = v` in
# place (pto.local_array_set, the value in the element type; `arr[i] = v;`),
# array.get_element (pto.local_array_get; `arr[j]`). A scalar pl.cast into
# INDEX is arith.index_cast. No pipe ordering.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
# PTO: %arr = pto.declare_local_array -> !pto.local_array<8xi32>
# PTO: scf.for %i = %c0 to %c8 step %c1 {
# PTO-NEXT: %[[V:[0-9]+]] = arith.index_cast %i : index to i32
# PTO-NEXT: pto.local_array_set %arr[%i], %[[V]] : !pto.local_array<8xi32>, i32
# PTO: pto.local_array_set %arr[%c0], %c5_i32 : !pto.local_array<8xi32>, i32
# PTO: %[[J:[0-9]+]] = arith.index_cast %j : i32 to index
# PTO-NEXT: %sel = pto.local_array_get %arr[%[[J]]] : !pto.local_array<8xi32> -> i32
# PTO-NEXT: %[[R:[0-9]+]] = arith.index_cast %sel : i32 to index
# PTO: pto.partition_view %x_view, offsets = [%[[R]], %c0]
# CCE: int32_t arr[8];
# CCE: arr[i] = static_cast<int32_t>(i);
# CCE: arr[0] = 5;
# CCE: int32_t sel = arr[static_cast<int64_t>(j)];
# CCE: int64_t row = static_cast<int64_t>(sel);
# CCE: x_gm(x + row * 16);
import pypto.language as pl


@pl.program
class Arrays:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], j: pl.Scalar[pl.INT32],
          out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]):
        arr = pl.array.create(8, pl.INT32)
        for i in pl.range(8):
            arr[i] = i
        arr[0] = 5
        sel: pl.Scalar[pl.INT32] = arr[j]
        row: pl.Scalar[pl.INDEX] = pl.cast(sel, pl.INDEX)
        t: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [row, 0], [8, 16])
        pl.tile.store(t, [0, 0], out)

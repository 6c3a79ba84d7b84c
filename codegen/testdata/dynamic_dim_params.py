# Tensor dims named by pl.dynamic names that are no parameter of the kernel
# (PyPTO's `M = pl.dynamic("M")` at module level): each becomes an index
# parameter after the kernel's own ones, in order of first use in the
# parameters' types, before the runtime's trailing parameters (comm_ctx,
# ...), as PyPTO's code generation appends them. A dim that is also a
# scalar parameter stays that parameter. The tensor views take them.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld

M = pl.dynamic("M")
N = pl.dynamic("N")
K = pl.dynamic("K")


@pl.program
class Dynamic:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, K: pl.Scalar[pl.INDEX], a: pl.Tensor[[M, N], pl.FP32], b: pl.Tensor[[K, N], pl.FP32],
          win: pld.DistributedTensor[[1, 16], pl.FP32]):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [1, 0], [1, 16])
        u: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [1, 0], [1, 16])
        r: pl.Scalar[pl.INDEX] = pld.nranks(pld.get_comm_ctx(win))

# PTO: func.func @k(%K: index, %a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %win: !pto.ptr<f32>, %M: index, %N: index, %comm_ctx: !pto.ptr<i64>)
# PTO: %a_view = pto.make_tensor_view %a, shape = [%M, %N], strides = [%N, %c1] : !pto.tensor_view<?x?xf32>
# PTO: %b_view = pto.make_tensor_view %b, shape = [%K, %N], strides = [%N, %c1] : !pto.tensor_view<?x?xf32>

# CCE: void k(int64_t K, __gm__ float* a, __gm__ float* b, __gm__ float* win, int64_t M, int64_t N, __gm__ int64_t* comm_ctx)
# CCE: a_gm(a + 1 * N,

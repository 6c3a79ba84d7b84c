# The async L2 prefetch, as PyPTO lowers it: prefetch.make_context wraps the
# kernel's hidden SDMA workspace parameter (a !pto.ptr<i8> after the
# dynamic dims), async_prefetch takes a partition view of the whole tensor,
# session projects the context, wait yields an i1. In C++ what ptoas emits
# for them: pto::PrefetchAsyncContext, TPREFETCH_ASYNC, ctx.session,
# evt.Wait(session). No pipe ordering.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
# PTO: func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %out: !pto.ptr<f32>, %N: index, %sdma_workspace: !pto.ptr<i8>)
# PTO: %ctx = pto.make_prefetch_async_context(%sdma_workspace : !pto.ptr<i8>) -> !pto.prefetch_async_context
# PTO: %[[PV:pv[_0-9]*]] = pto.partition_view %x_view, offsets = [%c0, %c0], sizes = [%c1, %c2048] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x2048xf32>
# PTO-NEXT: %evt = pto.tprefetch_async(%[[PV]], %ctx : !pto.partition_tensor_view<1x2048xf32>, !pto.prefetch_async_context) -> !pto.async_event
# PTO-NEXT: %session = pto.get_prefetch_async_session %ctx : !pto.prefetch_async_context -> !pto.async_session
# PTO-NEXT: %{{.*}} = pto.comm.wait_async_event(%evt, %session : !pto.async_event, !pto.async_session) -> i1
# PTO-NOT: set_flag
# PTO: pto.tload
# CCE: void k(__gm__ float* x, __gm__ float* y, __gm__ float* out, int64_t N, __gm__ int8_t* sdma_workspace)
# CCE: pto::PrefetchAsyncContext ctx = pto::PrefetchAsyncContext(reinterpret_cast<__gm__ uint8_t*>(sdma_workspace));
# CCE: GlobalTensor<float, pto::Shape<1, 1, 1, 1, 2048>, pto::Stride<1, 1, 1, 2048, 1>> [[GT:x_gm[_0-9]*]](x);
# CCE-NEXT: pto::comm::AsyncEvent evt = TPREFETCH_ASYNC([[GT]], ctx);
# CCE: pto::comm::AsyncSession [[S:session[_0-9]*]] = ctx.session;
# CCE: bool {{.*}} = evt.Wait([[S]]);
# CCE-NOT: set_flag
# CCE: TLOAD
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class Prefetch:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[1, 2048], pl.FP32], y: pl.Tensor[[N, 128], pl.FP32],
          out: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
        ctx = pl.prefetch.make_context()
        evt = pl.prefetch.async_prefetch(x, ctx)
        session = pl.prefetch.session(ctx)
        pl.prefetch.wait(evt, session)
        t: pl.Tile[[1, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(y, [0, 0], [1, 128])
        pl.tile.store(t, [0, 0], out)

# The runtime supplies trailing parameters after a kernel's own ones, in the
# order comm_ctx, gm_pipe_buffer (a2a3 only), sync_workspace, each only when
# used; both lanes of a Group get the same ones (the union), because the
# runtime launches them with one argument list. Mix syncalls of the two
# lanes pair up and share workspace slots.
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=pto | FileCheck %s --check-prefix=A2A3
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --backend=a5 --emit=pto | FileCheck %s --check-prefix=A5
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Abi:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, win: pld.DistributedTensor[[1, 16], pl.FP32], n: pl.Scalar[pl.INT32]):
        buf: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(buf, 0, dir_mask=1, slot_size=1024)
        pl.system.syncall()

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, win: pld.DistributedTensor[[1, 16], pl.FP32], n: pl.Scalar[pl.INT32]):
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v", size=2048)
        pl.system.aiv_initialize_pipe(buf, 0, dir_mask=1, slot_size=1024)
        ctx = pld.get_comm_ctx(win)
        r: pl.Scalar[pl.INDEX] = pld.nranks(ctx)
        pl.system.syncall()

    @pl.function(type=pl.FunctionType.Group)
    def k(self, win: pld.DistributedTensor[[1, 16], pl.FP32], n: pl.Scalar[pl.INT32]):
        self.k_aic(win, n)
        self.k_aiv(win, n)

# A2A3: func.func @k_aic(%win: !pto.ptr<f32>, %n: i32, %comm_ctx: !pto.ptr<i64>, %gm_pipe_buffer: !pto.ptr<i8>, %sync_workspace: !pto.ptr<i32>)
# A2A3: pto.syncall(%sync_workspace : !pto.ptr<i32>) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<mix>
# A2A3: func.func @k_aiv(%win: !pto.ptr<f32>, %n: i32, %comm_ctx: !pto.ptr<i64>, %gm_pipe_buffer: !pto.ptr<i8>, %sync_workspace: !pto.ptr<i32>)
# A2A3: %[[R:.*]] = pto.load_scalar %comm_ctx[%c1] : !pto.ptr<i64> -> i64
# A2A3-NEXT: %r = arith.index_cast %[[R]] : i64 to index
# A2A3-NEXT: pto.syncall(%sync_workspace : !pto.ptr<i32>) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<mix>
# A2A3-NOT: func.func @k(

# A5: func.func @k_aic(%win: !pto.ptr<f32>, %n: i32, %comm_ctx: !pto.ptr<i64>, %sync_workspace: !pto.ptr<i32>)
# A5: func.func @k_aiv(%win: !pto.ptr<f32>, %n: i32, %comm_ctx: !pto.ptr<i64>, %sync_workspace: !pto.ptr<i32>)

# CCE: extern "C" __global__ AICORE void k_aic(__gm__ float* win, int32_t n, __gm__ int64_t* comm_ctx, __gm__ uint8_t* gm_pipe_buffer, __gm__ int32_t* sync_workspace) {
# CCE: extern "C" __global__ AICORE void k_aiv(__gm__ float* win, int32_t n, __gm__ int64_t* comm_ctx, __gm__ uint8_t* gm_pipe_buffer, __gm__ int32_t* sync_workspace) {
# CCE: int64_t r = comm_ctx[1];

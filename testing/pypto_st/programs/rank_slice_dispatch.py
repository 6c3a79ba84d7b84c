# Cut from PyPTO's tests/st/distributed/test_l3_rank_slice_dispatch.py (hw-native-sys/pypto e2d0f78a), the
# program its system test builds, with the test's constants folded in.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class RankSliceNoDummy:
    @pl.function(type=pl.FunctionType.InCore)
    def add_one(
        self,
        x: pl.Tensor[[16, 32], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        for row in pl.parallel(16):
            x_row = pl.slice(x, [1, 32], [row, 0])
            y_row = pl.add(x_row, 1.0)
            y = pl.assemble(y, y_row, [row, 0])
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def child(
        self,
        x: pl.Tensor[[16, 32], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        # No pld.DistributedTensor / pld.window argument — the case that
        # used to drop the rank-slice materialization (issue #1708).
        y = self.add_one(x, y)
        return y

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        x: pl.Tensor[[2, 16, 32], pl.FP32],
        y: pl.Out[pl.Tensor[[2, 16, 32], pl.FP32]],
    ):
        # Single-statement loop body: the bare per-rank child dispatch whose
        # x[r] / y[r] rank slices must be materialized before TaskArgs.
        for r in pl.range(pld.world_size()):
            self.child(x[r], y[r], device=r)

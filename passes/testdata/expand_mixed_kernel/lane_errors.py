# Loop bounds and branch conditions of a mixed kernel must be computable on
# both lanes, and a scalar cannot cross between the lanes: each is an error
# naming the value, with a note where it comes from.
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class LaneErrors:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        cnt: pl.Tensor[[1, 1], pl.INT32],
        sig: pld.DistributedTensor[[1, 1], pl.INT32],
    ):
        n = pl.tensor.read(cnt, [0, 0])
        m = n + 1
        for i in pl.range(0, m, 1):
            am = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
            av = pl.tile.load(a, [0, 0], [16, 16])
        ready = pld.system.test(sig, [0, 0], 1)
        if ready:
            bm = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        cm = pl.tile.load(a, [n, 0], [16, 16], target_memory=pl.MemorySpace.Mat)

# CHECK: lane_errors.py:20:9: error: in kernel 'k': the bounds of this loop depend on 'm', which only the AIV lane can compute (from 'n', tensor.read), but the loop holds work for the AIC lane too; bounds and conditions of a mixed kernel must be computable on both lanes (from parameters, constants, loop variables and pure scalar arithmetic)
# CHECK: lane_errors.py:18:9: note: 'n' comes from here, on the AIV lane
# CHECK: lane_errors.py:24:9: error: in kernel 'k': the condition of this branch depends on 'ready', which only the AIV lane can compute (pld.system.test), but the branch holds work for the AIC lane too;
# CHECK: lane_errors.py:23:9: note: 'ready' comes from here, on the AIV lane
# CHECK: lane_errors.py:26:9: error: in kernel 'k': 'n' is computed on the AIV lane only (tensor.read), but the AIC lane uses it here; a scalar cannot cross between the lanes
# CHECK: lane_errors.py:18:9: note: 'n' comes from here, on the AIV lane

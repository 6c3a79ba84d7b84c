# --launch: declared (the default) starts the lone dual AIV function as AIV0
# + AIV1, each storing its own rows; --launch=1c1v starts AIV0 only, which is
# a launch finding; any other value is a usage error.
# RUN: ptoc-sim %s --entry=scale --schedules=5 | FileCheck %s --check-prefix=DECLARED
# DECLARED: ptoc-sim: 5 schedules (seed 1), 1 rank, 2 lanes, {{[0-9]+}} statements executed: 0 stale reads, 0 races, 0 deadlocks, 0 livelocks, 0 protocol errors, 0 launch findings
# RUN: ptoc-sim %s --entry=scale --schedules=5 --launch=1c2v | FileCheck %s --check-prefix=DECLARED
# RUN: ptoc-sim %s --entry=scale --schedules=5 --launch=1c1v > %t.txt; test $? -eq 1
# RUN: FileCheck %s --check-prefix=FORCED --input-file=%t.txt
# FORCED: launch_flag.py:[[@LINE+14]]:5: error: launch: 'scale' declares a 1C:2V launch (dual_aiv_dispatch) but --launch=1c1v starts its core group 1C:1V
# FORCED: ptoc-sim: 5 schedules (seed 1), 1 rank, 1 lane, {{[0-9]+}} statements executed: 0 stale reads, 0 races, 0 deadlocks, 0 livelocks, 0 protocol errors, 1 launch finding
# RUN: ptoc-sim %s --entry=scale --launch=2c1v 2> %t.err; test $? -eq 2
# RUN: FileCheck %s --check-prefix=BAD --input-file=%t.err
# BAD: ptoc-sim: --launch must be declared, 1c1v or 1c2v, not '2c1v' (see --help)
# RUN: ptoc-sim --help | FileCheck %s --check-prefix=HELP
# HELP: --launch
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class LaunchFlag:
    @pl.function(type=pl.FunctionType.AIV)
    def scale(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [lane * 16, 0], [16, 16])
        y: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.muls(x, 2.0)
        pl.tile.store(y, [lane * 16, 0], out)

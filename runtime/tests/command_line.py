# The command line: --help documents every flag; usage errors exit 2;
# launch errors exit 1 with a diagnostic; --scalar may repeat; --inputs and
# --dump-outputs read and write DIR/<param>.<rank>.txt.
# RUN: ptoc-sim --help | FileCheck %s --check-prefix=HELP
# HELP: usage: ptoc-sim IN.pb|IN.py --entry=FUNC --ranks=R [--scalar NAME=VALUE ...]
# HELP-DAG: --dump-outputs
# HELP-DAG: --entry
# HELP-DAG: --inputs
# HELP-DAG: --max-steps
# HELP-DAG: --ranks
# HELP-DAG: --report
# HELP-DAG: --scalar
# HELP-DAG: --schedules
# HELP-DAG: --seed
# RUN: ptoc-sim %s; test $? -eq 2
# RUN: ptoc-sim %s --entry=scale --report=xml; test $? -eq 2
# RUN: ptoc-sim %s --entry=scale --scalar bias; test $? -eq 2
# RUN: ptoc-sim %s --entry=scale --no-such-flag; test $? -eq 2
# RUN: ptoc-sim %s %s --entry=scale; test $? -eq 2
# RUN: ptoc-sim %s --entry=nope 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --check-prefix=NOENTRY --input-file=%t.err
# NOENTRY: error: no function 'nope' to run; the program has: scale
# RUN: ptoc-sim %s --entry=scale --scalar n=4 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --check-prefix=NOSCALAR --input-file=%t.err
# NOSCALAR: error: the scalar parameter 'bias' needs --scalar bias=VALUE
# RUN: rm -rf %t.in %t.out && mkdir -p %t.in
# RUN: echo "1 2 3 4 5 6 7 8" > %t.in/x.0.txt
# RUN: echo "0.5 0.5 0.5 0.5 -1 -1 -1 -1" > %t.in/x.1.txt
# RUN: ptoc-sim %s --entry=scale --ranks=2 --scalar n=4 --scalar bias=2.5 --inputs=%t.in --dump-outputs=%t.out | FileCheck %s --check-prefix=OUT
# OUT-NOT: error
# OUT: ptoc-sim: 1 schedule (seed 1), 2 ranks, 2 lanes, {{[0-9]+}} statements executed: 0 stale reads
# RUN: FileCheck %s --check-prefix=Y0 --input-file=%t.out/y.0.txt
# Y0: 3.5 4.5 5.5 6.5
# Y0-NEXT: 7.5 8.5 9.5 10.5
# RUN: FileCheck %s --check-prefix=Y1 --input-file=%t.out/y.1.txt
# Y1: 3 3 3 3
# Y1-NEXT: 1.5 1.5 1.5 1.5
# RUN: echo "1 2 3" > %t.in/x.1.txt
# RUN: ptoc-sim %s --entry=scale --ranks=2 --scalar n=4 --scalar bias=1 --inputs=%t.in 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --check-prefix=SHORT --input-file=%t.err
# SHORT: x.1.txt: error: expected 8 values, found 3
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Scale:
    @pl.function(type=pl.FunctionType.AIV)
    def scale(self, x: pl.Tensor[[2, n], pl.FP32], y: pl.Out[pl.Tensor[[2, n], pl.FP32]], n: pl.Scalar[pl.INDEX], bias: pl.Scalar[pl.FP32]):
        t: pl.Tile[[2, 4], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [2, 4])
        u: pl.Tile[[2, 4], pl.FP32, pl.MemorySpace.Vec] = pl.tile.adds(t, bias)
        pl.tile.store(u, [0, 0], y)

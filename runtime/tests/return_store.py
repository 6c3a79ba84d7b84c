# A kernel written `return pl.store(tile, offsets, out)` (PyPTO's usual
# spelling; `out` is a pl.Out parameter) runs, and the store happens: out
# holds x * x, and the loop-carried InOut kernel stores every block.
# RUN: rm -rf %t.in %t.out %t.out2 && mkdir -p %t.in
# RUN: echo "1 2 3 4 5 6 7 8" > %t.in/x.0.txt
# RUN: ptoc-sim %s --entry=square --ranks=1 --inputs=%t.in --dump-outputs=%t.out | FileCheck %s --check-prefix=RUN1
# RUN1: ptoc-sim: 1 schedule (seed 1), 1 rank, 1 lane, {{[0-9]+}} statements executed: 0 stale reads, 0 races, 0 deadlocks
# RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out/out.0.txt
# OUT: 1 4 9 16 25 36 49 64
# RUN: echo "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32" > %t.in/y.0.txt
# RUN: ptoc-sim %s --entry=copy_blocks --ranks=1 --inputs=%t.in --dump-outputs=%t.out2 | FileCheck %s --check-prefix=RUN1
# RUN: FileCheck %s --check-prefix=BLOCKS --input-file=%t.out2/acc.0.txt
# BLOCKS: 1 2 3 4 5 6 7 8
# BLOCKS-NEXT: 9 10 11 12 13 14 15 16
# BLOCKS-NEXT: 17 18 19 20 21 22 23 24
# BLOCKS-NEXT: 25 26 27 28 29 30 31 32
import pypto.language as pl


@pl.program
class ReturnStore:
    @pl.function(type=pl.FunctionType.InCore)
    def square(self, x: pl.Tensor[[1, 8], pl.FP32], out: pl.Out[pl.Tensor[[1, 8], pl.FP32]]) -> pl.Tensor[[1, 8], pl.FP32]:
        t: pl.Tile[[1, 8], pl.FP32] = pl.load(x, [0, 0], [1, 8])
        return pl.store(pl.mul(t, t), [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def copy_blocks(self, y: pl.Tensor[[4, 8], pl.FP32], acc: pl.InOut[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        for i, (a,) in pl.range(4, init_values=(acc,)):
            t: pl.Tile[[1, 8], pl.FP32] = pl.load(y, [i, 0], [1, 8])
            nxt: pl.Tensor[[4, 8], pl.FP32] = pl.store(t, [i, 0], a)
            r = pl.yield_(nxt)
        return r

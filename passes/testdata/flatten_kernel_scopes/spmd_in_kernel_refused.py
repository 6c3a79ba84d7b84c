# A pl.spmd scope launches blocks: inside a kernel it means nothing the core
# can run, so it is not flattened and code generation refuses it at its line.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# CHECK: spmd_in_kernel_refused.py:[[@LINE+12]]:9: error: codegen does not support this statement in a kernel yet
import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[64], pl.FP32],
        out: pl.Out[pl.Tensor[[64], pl.FP32]],
    ) -> pl.Tensor[[64], pl.FP32]:
        with pl.spmd(4):
            b = pl.tile.get_block_idx()
            t = pl.tile.load(a, [b * 0], [64], target_memory=pl.Mem.Vec)
            out = pl.tile.store(t, [0], out)
        return out

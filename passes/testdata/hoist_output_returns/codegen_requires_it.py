# Codegen runs no pass: a program that still returns a store into its output
# parameter is refused, at the store, naming the pass it lacks; and an AIV
# function whose launch is undecided names materialize-aiv-lanes.
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s --check-prefix=HOIST
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s --check-prefix=HOIST
# RUN: ptoc %s --passes=hoist-output-returns --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: not ptoc examples/v2c_handoff.py --passes=expand-mixed-kernel --backend=a2a3 --emit=cce 2>&1 | FileCheck %s --check-prefix=LANES
# HOIST: codegen_requires_it.py:{{[0-9]+}}:{{[0-9]+}}: error: 'scale' returns a tile.store(...) of its output parameter: codegen needs the pass hoist-output-returns first
# HOIST-NEXT: return pl.store(y, [0, 0], out)
# PTO: pto.tstore
# LANES: error: the launch of AIV function '{{.*}}' is undecided: codegen needs the pass materialize-aiv-lanes first
import pypto.language as pl


@pl.program
class ReturnStore:
    @pl.function(type=pl.FunctionType.AIV)
    def scale(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])
        y: pl.Tile[[16, 16], pl.FP32] = pl.mul(t, t)
        return pl.store(y, [0, 0], out)

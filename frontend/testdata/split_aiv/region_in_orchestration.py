# PyPTO's parser: a region outside a core context (here directly in an
# Orchestration function) is wrapped in `with pl.at(level=pl.Level.CORE_GROUP):`,
# as PyPTO prints it; a region already in a core scope (an Opaque function's
# `with pl.at(level=pl.Level.CORE_GROUP)`) stays bare. Print -> parse -> print
# and the .pb round trip are fixed points. The compile path does not outline
# core scopes, so code generation refuses the region (no silent drop).
# RUN: ptoc %s --passes= --emit=text > %t.1
# RUN: ptoc %t.1 --passes= --emit=text > %t.2
# RUN: diff %t.1 %t.2
# RUN: ptoc %s --passes= --emit=pb -o %t.pb
# RUN: ptoc %t.pb --passes= --emit=text > %t.3
# RUN: diff %t.1 %t.3
# RUN: FileCheck %s < %t.1
# RUN: not ptoc %s -o %t.pto 2>&1 | FileCheck %s --check-prefix=COMPILE
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[64, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 16], pl.FP32]],
    ) -> pl.Tensor[[64, 16], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            offset = aiv_id * 32
            t: pl.Tile[[32, 16], pl.FP32] = pl.load(a, [offset, 0], [32, 16])
            out = pl.store(t, [offset, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Opaque)
    def other(
        self,
        a: pl.Tensor[[64, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 16], pl.FP32]],
    ) -> pl.Tensor[[64, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                t: pl.Tile[[32, 16], pl.FP32] = pl.load(a, [0, 0], [32, 16])
                out = pl.store(t, [0, 0], out)
        return out

# CHECK-LABEL: def main(
# CHECK:      with pl.at(level=pl.Level.CORE_GROUP):
# CHECK-NEXT:     for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
# CHECK-LABEL: def other(
# CHECK:      with pl.at(level=pl.Level.CORE_GROUP):
# CHECK-NEXT:     for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
# CHECK-NOT:  with pl.at

# COMPILE: region_in_orchestration.py:26:9: error: ptoc cannot compile the pl.split_aiv region in Orchestration function 'main': ptoc compiles only InCore kernels and does not outline core scopes

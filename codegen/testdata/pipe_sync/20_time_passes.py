# ptoc --time-passes: the wall time of each step on stderr (load, each pass
# and its checks, code generation with the pipe-sync planner's share inside
# it, writing), the total and the planner's percentage of it, so the
# planner can be measured against ptoc's time (pipe-sync.md §6). The output
# itself is unchanged.
# RUN: ptoc %s --pipe-sync=flags --emit=cce --time-passes -o %t.cpp 2> %t.err
# RUN: FileCheck %s --check-prefix=TIME < %t.err
# RUN: ptoc %s --pipe-sync=flags --emit=cce > %t.plain.cpp && cmp %t.cpp %t.plain.cpp
# RUN: ptoc %s --pipe-sync=barrier-all --emit=cce --time-passes -o %t.ba.cpp 2>&1 | FileCheck %s --check-prefix=TIME
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class TimePasses:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        y: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x)
        pl.tile.store(y, [0, 0], out)

# TIME: ptoc --time-passes (wall seconds):
# TIME-NEXT: load {{[0-9]+\.[0-9]+}}
# TIME-NEXT: flatten-kernel-scopes {{[0-9]+\.[0-9]+}}
# TIME-NEXT: flatten-kernel-scopes checks {{[0-9]+\.[0-9]+}}
# TIME-NEXT: convert-tensor-to-tile-ops {{[0-9]+\.[0-9]+}}
# TIME-NEXT: convert-tensor-to-tile-ops checks {{[0-9]+\.[0-9]+}}
# TIME-NEXT: lower-batch-matmul {{[0-9]+\.[0-9]+}}
# TIME-NEXT: lower-batch-matmul checks {{[0-9]+\.[0-9]+}}
# TIME-NEXT: lower-composite-ops {{[0-9]+\.[0-9]+}}
# TIME-NEXT: lower-composite-ops checks {{[0-9]+\.[0-9]+}}
# TIME-NEXT: infer-tile-memory-space {{[0-9]+\.[0-9]+}}
# TIME-NEXT: infer-tile-memory-space checks {{[0-9]+\.[0-9]+}}
# TIME-NEXT: canonicalize-tile-slice {{[0-9]+\.[0-9]+}}
# TIME-NEXT: canonicalize-tile-slice checks {{[0-9]+\.[0-9]+}}
# TIME-NEXT: expand-mixed-kernel {{[0-9]+\.[0-9]+}}
# TIME-NEXT: expand-mixed-kernel checks {{[0-9]+\.[0-9]+}}
# TIME: materialize-aiv-lanes checks {{[0-9]+\.[0-9]+}}
# TIME-NEXT: codegen {{[0-9]+\.[0-9]+}}
# TIME-NEXT: of which the pipe-sync planner {{[0-9]+\.[0-9]+}}
# TIME-NEXT: write {{[0-9]+\.[0-9]+}}
# TIME-NEXT: total {{[0-9]+\.[0-9]+}}
# TIME-NEXT: pipe-sync planner: {{[0-9]+\.[0-9]}}% of the total

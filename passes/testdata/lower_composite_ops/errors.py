# What ptoc cannot lower, and what PyPTO rejects itself, is a located error
# at the call that names the construct.
# RUN: sed 's/MODE/mode="ring"/' %s > %t.ring.py
# RUN: not ptoc %t.ring.py --passes=lower-composite-ops 2>&1 | FileCheck %s --check-prefix=RING
# RUN: sed 's/MODE/mode="tree"/' %s > %t.tree.py
# RUN: not ptoc %t.tree.py --passes=lower-composite-ops 2>&1 | FileCheck %s --check-prefix=TREE
# RUN: sed 's/MODE/core_num=4/' %s > %t.cores.py
# RUN: not ptoc %t.cores.py --passes=lower-composite-ops 2>&1 | FileCheck %s --check-prefix=CORES
# RUN: sed 's/signal, op=/op=/; s/MODE/mode="mesh"/' %s > %t.nosignal.py
# RUN: not ptoc %t.nosignal.py --passes=lower-composite-ops 2>&1 | FileCheck %s --check-prefix=NOSIGNAL
# RUN: sed 's/\[4, 1\], pl.INT32/[4, 4], pl.INT32/; s/MODE/mode="mesh"/' %s > %t.ringsignal.py
# RUN: not ptoc %t.ringsignal.py --passes=lower-composite-ops 2>&1 | FileCheck %s --check-prefix=SIGNAL
# RUN: sed 's/\[1, 8\], pl.FP32/[1, N], pl.FP32/g; s/MODE/mode="mesh"/' %s > %t.dynamic.py
# RUN: not ptoc %t.dynamic.py --passes=lower-composite-ops 2>&1 | FileCheck %s --check-prefix=DYNAMIC
# RUN: sed 's/\[1, 8\], pl.FP32/[8, 8192], pl.FP32/g; s/MODE/mode="mesh"/' %s > %t.wide.py
# RUN: not ptoc %t.wide.py --passes=lower-composite-ops 2>&1 | FileCheck %s --check-prefix=WIDE
# RUN: sed 's/        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, MODE)/        x: pl.Scalar[pl.INT32] = pl.tensor.read(pld.tensor.barrier(signal), [0, 0])/' %s > %t.nested.py
# RUN: not ptoc %t.nested.py --passes=lower-composite-ops 2>&1 | FileCheck %s --check-prefix=NESTED
# RING: errors.py.tmp.ring.py:{{[0-9]+}}:16: error: 'pld.tensor.allreduce': mode="ring" needs a [2 * (NR - 1), NR] INT32 signal (one row per round), got pld.DistributedTensor{{\[\[}}4, 1], pl.INT32]
# RING-NEXT: data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, mode="ring")
# TREE: error: 'pld.tensor.allreduce': mode must be "ring" or "mesh", got "tree"
# CORES: error: 'pld.tensor.allreduce': core_num > 1 is PyPTO's host-orchestrator form; a kernel reduces on one core
# NOSIGNAL: error: 'pld.tensor.allreduce': a kernel's allreduce needs an explicit signal
# SIGNAL: error: 'pld.tensor.allreduce': its signal must be a [NR, 1] INT32 window (one cell per rank), got pld.DistributedTensor{{\[\[}}4, 4], pl.INT32]
# DYNAMIC: error: 'pld.tensor.allreduce': ptoc does not lower it on a target of dynamic shape
# WIDE: error: 'pld.tensor.allreduce': its target pld.DistributedTensor{{\[\[}}8, 8192], pl.FP32] exceeds one 16384-byte chunk and ptoc chunks only a 2-D window by whole rows or a single row
# NESTED: error: 'pld.tensor.barrier' inside an expression: a composite op is expanded only as a statement of its own (`x = op(...)`, `op(...)`, `return op(...)`)
import pypto.language as pl
import pypto.language.distributed as pld

N = pl.dynamic("N")


@pl.program
class Errors:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce(
        self,
        data: pl.InOut[pld.DistributedTensor[[1, 8], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[1, 8], pl.FP32]:
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, MODE)
        return data

# Codegen runs no pass: a kernel that still calls a composite collective is
# refused at the call, naming the pass it lacks; the default pipeline runs
# it first.
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes=insert-comm-fence --emit=cce 2>&1 | FileCheck %s
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc --list-passes | FileCheck %s --check-prefix=LIST
# CHECK: codegen_requires_it.py:{{[0-9]+}}:18: error: 'meet' calls the composite op 'pld.tensor.barrier': codegen needs the pass lower-composite-ops first (the default pipeline runs it)
# PTO: pto.comm.tnotify
# LIST: default pipeline: flatten-kernel-scopes,convert-tensor-to-tile-ops,lower-batch-matmul,lower-composite-ops,infer-tile-memory-space,
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Barrier:
    @pl.function(type=pl.FunctionType.InCore)
    def meet(
        self,
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[4, 1], pl.INT32]:
        signal = pld.tensor.barrier(signal)
        return signal

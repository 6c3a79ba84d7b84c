# The expansions go through the rest of the default pipeline like
# hand-written code: insert-comm-fence gives each run of barrier waits one
# whole-GM invalidate, each remote store its peer region invalidate and a
# fence and each store into the window its region invalidate and fence;
# check-comm-contract proves them;
# ptoas's input is emitted for both backends.
# RUN: ptoc %s --passes=lower-composite-ops,insert-comm-fence,check-comm-contract --emit=text | FileCheck %s
# RUN: ptoc %s --backend=a2a3 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --backend=a2a3 --emit=cce | FileCheck %s --check-prefix=CCE
# CHECK:              pld.tile.remote_store(row, data, dest, [me, 0])
# CHECK-NEXT:         pl.system.cacheinvalid(data, [1, 16], [me, 0], peer=dest)
# CHECK-NEXT:         pl.system.fence()
# CHECK:                  pld.system.wait(signal, [src, 0], 1, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT:     pl.system.cacheinvalid()
# CHECK:                  pld.system.wait(signal, [src_2, 0], 1, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT:     pl.system.cacheinvalid()
# CHECK-NEXT:       acc: pl.Tile{{\[\[}}4, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(data_1, [0, 0], [4, 16])
# CHECK:                  pld.system.wait(signal, [src_3, 0], 2, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT:     pl.system.cacheinvalid()
# CHECK-NEXT:     pl.tile.store(acc_4, [0, 0], data_1)
# CHECK-NEXT:     pl.system.cacheinvalid(data_1, [4, 16], [0, 0])
# CHECK-NEXT:     pl.system.fence()
# PTO: pto.tadd
# CCE: TADD
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class GatherThenReduce:
    @pl.function(type=pl.FunctionType.InCore)
    def step(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[4, 16], pl.FP32]:
        data = pld.tensor.all_to_all(inp, data, signal)
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)
        return data

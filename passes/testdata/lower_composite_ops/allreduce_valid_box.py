# A target with a partial pl.TensorView valid_shape is reduced over its
# valid box only, at offset 0, when PyPTO's rectangle path takes it: ND,
# packed, rows evenly spaced once collapsed to 2-D, within one 16 KiB chunk.
# Otherwise, as PyPTO, a located error.
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s
# RUN: sed 's/valid_shape=\[1, 3, 2\]/valid_shape=[2, 2, 8]/' %s > %t.gap.py
# RUN: not ptoc %t.gap.py --passes=lower-composite-ops 2>&1 | FileCheck %s --check-prefix=GAP
# RUN: sed 's/stride=\[\]/stride=[100, 10, 1]/' %s > %t.strided.py
# RUN: not ptoc %t.strided.py --passes=lower-composite-ops 2>&1 | FileCheck %s --check-prefix=STRIDED
# RUN: sed 's/stride=\[\]/stride=[24, 8, 1]/' %s > %t.packed.py
# RUN: ptoc %t.packed.py --passes=lower-composite-ops --emit=text | FileCheck %s
# CHECK: acc: pl.Tile{{\[\[}}1, 3, 2], pl.FP32, pl.Mem.Vec] = pl.tile.load(data, [0, 0, 0], [1, 3, 2])
# CHECK: recv: pl.Tile{{\[\[}}1, 3, 2], pl.FP32, pl.Mem.Vec] = pld.tile.remote_load(data, peer_1, [0, 0, 0], [1, 3, 2])
# CHECK: pl.tile.store(acc_4, [0, 0, 0], data, [1, 3, 2])
# GAP: error: 'pld.tensor.allreduce': its target's valid_shape cannot be read as one 2-D rectangle (PyPTO rejects it too)
# STRIDED: error: 'pld.tensor.allreduce': its target view must be packed (PyPTO's too): no strides other than the row-major ones
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class AllReduceValidBox:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce(
        self,
        data: pl.InOut[
            pld.DistributedTensor[
                [2, 3, 8],
                pl.FP32,
                pl.TensorView(valid_shape=[1, 3, 2], stride=[], layout=pl.TensorLayout.ND),
            ]
        ],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ):
        pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)

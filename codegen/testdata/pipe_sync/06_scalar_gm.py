# pipe-sync.md §7 case 06: the scalar pipe is a pipe like the others: a
# scalar read of GM before a DMA store into it (S->MTE3) and a scalar read
# after a DMA store (MTE3->S, whose wait blocks issue). The exp still
# running on V makes the pair the cheaper order: a PIPE_ALL would wait
# for it too (36_barrier_cheaper_than_pair.py has the same kernel without
# it).
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class ScalarGm:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
          out2: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        e: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(x)
        v: pl.Scalar[pl.FP32] = pl.tensor.read(out, [0, 3])
        pl.tile.store(x, [0, 0], out)
        w: pl.Scalar[pl.FP32] = pl.tensor.read(out, [0, 5])
        pl.tile.store(e, [0, 0], out2)

# CPP: float v = out[3];
# CPP: set_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: TSTORE(out_gm, x);
# CPP: set_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
# CPP-NEXT: float w = out[5];

# PTO: pto.load_scalar
# PTO: pto.set_flag[<PIPE_S>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_S>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.tstore
# PTO: pto.set_flag[<PIPE_MTE3>, <PIPE_S>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE3>, <PIPE_S>, <EVENT_ID0>]
# PTO-NEXT: pto.load_scalar

# --pipe-sync=barrier-all on a5: the free of a popped tile runs on V (C2V),
# so a kernel that ends with it gets the tail pipe_barrier(PIPE_ALL) (the
# check's "pipe busy at return" when it is left out).
# RUN: ptoc %s --passes= --backend=a5 --pipe-sync=barrier-all --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --backend=a5 --pipe-sync=barrier-all --emit=syncplan | FileCheck %s --check-prefix=PLAN
# RUN: ptoc %s --passes= --backend=a5 --pipe-sync=barrier-all --emit=syncplan --pipe-sync-drop=4 | FileCheck %s --check-prefix=DROP
import pypto.language as pl


@pl.program
class FreeTail:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c2v_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="k_c2v_slot_buffer", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(c2v_import, 0, dir_mask=1, slot_size=1024, slot_num=2)
        ta: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(ta)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="k_c2v_slot_buffer", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=2)
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.tile.store(x, [0, 0], out)
        pl.system.tfree_to_aic(x)

    @pl.function(type=pl.FunctionType.Group)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.k_aic(a, out)
        self.k_aiv(a, out)

# CPP-LABEL: void k_aiv(
# CPP: TFREE<
# CPP-NEXT: pipe_barrier(PIPE_ALL);
# PLAN: func k_aiv: 3 units
# PLAN: unit 4: pipe_barrier(PIPE_ALL) before {{.*}}.py:20:5 (tail)
# PLAN: check: 1 of 1 executions, clean
# DROP: finding: pipe busy at return: PIPE_V

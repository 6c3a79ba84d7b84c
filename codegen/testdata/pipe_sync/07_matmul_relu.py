# pipe-sync.md §7 cases 07 and 08: the matmul + ReLU example. a2a3: the
# cube chain MTE2->MTE1 (ids 0, 1), MTE1->M, M->FIX before the push; the
# vector pop (MTE2) -> relu (V) -> store (MTE3). a5: the pop and the relu
# are both on V (in order), so the relu needs nothing; only V->MTE3.
# RUN: ptoc examples/matmul_relu.py --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=A2A3
# RUN: ptoc examples/matmul_relu.py --pipe-sync=flags --emit=cce --backend=a5 | FileCheck %s --check-prefix=A5
# RUN: ptoc examples/matmul_relu.py --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO

# A2A3-LABEL: void mm_relu_aic(
# A2A3: TLOAD(am, a_gm);
# A2A3: set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
# A2A3-NEXT: wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
# A2A3-NEXT: TMOV(al, am);
# A2A3: set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID1);
# A2A3-NEXT: wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID1);
# A2A3-NEXT: TMOV(br, bm);
# A2A3: set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
# A2A3-NEXT: wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
# A2A3-NEXT: TMATMUL(c, al, br);
# A2A3: set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
# A2A3-NEXT: wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
# A2A3-NEXT: TPUSH<
# A2A3-NEXT: pipe_barrier(PIPE_ALL);
# A2A3-LABEL: void mm_relu_aiv(
# A2A3: TPOP<
# A2A3: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# A2A3-NEXT: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# A2A3-NEXT: TRELU(r, cv);
# A2A3: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# A2A3: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# A2A3-NEXT: TSTORE(out_gm, r);

# A5-LABEL: void mm_relu_aiv(
# A5: TPOP<
# A5-NOT: flag
# A5: TRELU(r, cv);
# A5: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# A5-NEXT: TFREE<
# A5-NEXT: // {{.*}}
# A5-NEXT: GlobalTensor
# A5-NEXT: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# A5-NEXT: TSTORE(out_gm, r);

# PTO: func.func @mm_relu_aic
# PTO: pto.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
# PTO-NEXT: pto.tpush_to_aiv

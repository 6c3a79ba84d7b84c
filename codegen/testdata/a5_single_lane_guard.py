# On a5 a vector kernel with an unsplit pipe runs its body on subblock 0
# only (after the vector-mask reset), as ptoas's C++ does, so a 1C:2V launch
# does not put a second consumer on the pipe. The cube kernel and the PTO-AS
# (ptoas adds the guard itself) get none. On a2a3 the kernel is launched
# 1C:2V (materialize-aiv-lanes): the lane split is in the IR, `if (sb == 0)`,
# and no subblock-0 guard wraps the body.
# RUN: ptoc examples/matmul_relu.py --emit=cce --backend=a5 | FileCheck %s --check-prefix=A5
# RUN: ptoc examples/matmul_relu.py --emit=cce | FileCheck %s --check-prefix=A2A3
# RUN: ptoc examples/matmul_relu.py --emit=pto --backend=a5 | FileCheck %s --check-prefix=PTO

# A5: void mm_relu_aic(
# A5-NOT: get_subblockid
# A5: void mm_relu_aiv(
# A5-NEXT: #if defined(__DAV_VEC__)
# A5-NEXT: set_mask_norm();
# A5-NEXT: set_vector_mask(-1, -1);
# A5-NEXT: if (get_subblockid() == 0) {
# A5: TFREE<
# A5: TSTORE(out_gm, r);
# A5-NEXT: pipe_barrier(PIPE_ALL);
# A5-NEXT: }
# A5-NEXT: #endif

# A2A3: void mm_relu_aiv(
# A2A3-NEXT: #if defined(__DAV_VEC__)
# A2A3-NEXT: set_mask_norm();
# A2A3-NEXT: set_vector_mask(-1, -1);
# A2A3-NEXT: // examples/matmul_relu.py:
# A2A3-NEXT: int64_t sb = get_subblockid();
# A2A3-NOT: if (get_subblockid() == 0)

# PTO-NOT: get_subblock

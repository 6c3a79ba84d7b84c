# On a5 a vector kernel with an unsplit pipe runs its body on subblock 0
# only (after the vector-mask reset), as ptoas's C++ does, so a 1C:2V launch
# does not put a second consumer on the pipe. The cube kernel, a2a3 (whose
# GM-backed pipe is per subblock) and the PTO-AS (ptoas adds the guard
# itself) get none.
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

# A2A3-NOT: get_subblockid

# PTO-NOT: get_subblock

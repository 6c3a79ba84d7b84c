# The launch each kernel is written for is declared: the two lanes of a
# Group are a mix task of 1 AIC : 1 AIV (pto-isa's kernel meta record in C++,
# a comment in PTO-AS, which has no attribute for it). Every vector kernel
# starts with the vector-mask reset ptoas emits.
# RUN: ptoc examples/matmul_relu.py --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc examples/matmul_relu.py --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc examples/ring_allreduce.py --emit=cce | FileCheck %s --check-prefix=LONE

# CCE: PTO_SYNCALL_MIX_AIC_KERNEL_META(mm_relu_aic, 1, 1);
# CCE-NEXT: extern "C" __global__ AICORE void mm_relu_aic(
# CCE-NEXT: #if defined(__DAV_CUBE__)
# CCE-NOT: set_vector_mask
# CCE: PTO_SYNCALL_MIX_AIC_KERNEL_META(mm_relu_aiv, 1, 1);
# CCE-NEXT: extern "C" __global__ AICORE void mm_relu_aiv(
# CCE-NEXT: #if defined(__DAV_VEC__)
# CCE-NEXT: set_mask_norm();
# CCE-NEXT: set_vector_mask(-1, -1);

# PTO: // ptoc: mm_relu launches 1 AIC : 1 AIV
# PTO-NEXT: module attributes {pto.target_arch = "a3"}

# A lane no Group launches declares nothing.
# LONE-NOT: KERNEL_META
# LONE: void ring(

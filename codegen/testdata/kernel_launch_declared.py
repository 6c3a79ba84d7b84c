# The launch each kernel is written for is declared: the two lanes of a
# Group are a mix task of 1 AIC : N AIV (pto-isa's kernel meta record in C++,
# a comment in PTO-AS). On a2a3 a Group whose AIV lane has a pipe is 1C:2V
# (materialize-aiv-lanes, which codegen applies itself): both lane entries
# say so, and the PTO-AS AIV function carries ptoc.aiv_lanes = 2. On a5 the
# same kernel is 1C:1V. Every vector kernel starts with the vector-mask
# reset ptoas emits.
# RUN: ptoc examples/matmul_relu.py --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc examples/matmul_relu.py --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc examples/matmul_relu.py --backend=a5 --emit=cce | FileCheck %s --check-prefix=A5
# RUN: ptoc examples/matmul_relu.py --backend=a5 --emit=pto | FileCheck %s --check-prefix=A5PTO
# RUN: ptoc examples/ring_allreduce.py --emit=cce | FileCheck %s --check-prefix=LONE

# CCE: PTO_SYNCALL_MIX_AIC_KERNEL_META(mm_relu_aic, 1, 2);
# CCE-NEXT: extern "C" __global__ AICORE void mm_relu_aic(
# CCE-NEXT: #if defined(__DAV_CUBE__)
# CCE-NOT: set_vector_mask
# CCE: PTO_SYNCALL_MIX_AIC_KERNEL_META(mm_relu_aiv, 1, 2);
# CCE-NEXT: extern "C" __global__ AICORE void mm_relu_aiv(
# CCE-NEXT: #if defined(__DAV_VEC__)
# CCE-NEXT: set_mask_norm();
# CCE-NEXT: set_vector_mask(-1, -1);

# PTO: // ptoc: mm_relu launches 1 AIC : 2 AIV
# PTO-NEXT: module attributes {pto.target_arch = "a3"}
# PTO: func.func @mm_relu_aic({{.*}}) attributes {pto.kernel_kind = #pto.kernel_kind<cube>, pto.entry} {
# PTO: func.func @mm_relu_aiv({{.*}}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>, pto.entry, ptoc.aiv_lanes = 2 : i32} {

# A5: PTO_SYNCALL_MIX_AIC_KERNEL_META(mm_relu_aic, 1, 1);
# A5: PTO_SYNCALL_MIX_AIC_KERNEL_META(mm_relu_aiv, 1, 1);
# A5PTO: // ptoc: mm_relu launches 1 AIC : 1 AIV
# A5PTO-NOT: ptoc.aiv_lanes

# A lane no Group launches declares nothing.
# LONE-NOT: KERNEL_META
# LONE: void ring(

# The matmul + ReLU example after the default pipeline, on both backends:
# a cube kernel (matmul, push of the accumulator) and a vector kernel (pop,
# ReLU, free, store), launched together; on a2a3 both take the GM slot
# buffer of the FIFO, on a5 neither does.
# RUN: ptoc examples/matmul_relu.py --emit=pto | FileCheck %s --check-prefix=A2A3
# RUN: ptoc examples/matmul_relu.py --backend=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: ptoc examples/matmul_relu.py --emit=cce | FileCheck %s --check-prefix=CCE

# A2A3: func.func @mm_relu_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe_buffer: !pto.ptr<i8>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>, pto.entry}
# A2A3: pto.tmatmul ins(%al, %br : {{.*}}) outs(%c :
# A2A3: pto.tpush_to_aiv(%c : {{.*}}) {id = 0, split = 0}
# A2A3: func.func @mm_relu_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe_buffer: !pto.ptr<i8>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>, pto.entry, ptoc.aiv_lanes = 2 : i32}
# A2A3: scf.if
# A2A3: %cv = pto.tpop_from_aic {id = 0, split = 0}
# A2A3: pto.trelu ins(%cv
# A2A3: pto.tfree_from_aic {id = 0, split = 0}
# A2A3: pto.tstore ins(%r

# A5: module attributes {pto.target_arch = "a5"}
# A5: func.func @mm_relu_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes
# A5: pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024, slot_num = 2, nosplit = true} (c2v_consumer_buf = %c2v_import : i32, v2c_consumer_buf = %c0_i32 : i32)
# A5: func.func @mm_relu_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>) attributes

# CCE: extern "C" __global__ AICORE void mm_relu_aic(
# CCE-NEXT: #if defined(__DAV_CUBE__)
# CCE: TMATMUL(c, al, br);
# CCE: TPUSH<
# CCE: extern "C" __global__ AICORE void mm_relu_aiv(
# CCE-NEXT: #if defined(__DAV_VEC__)
# CCE: TPOP<
# CCE: TRELU(r, cv);
# CCE: TFREE<
# CCE: TSTORE(out_gm, r);

# Case 24 (dual-aiv.md): on a5 a single AIV function stays 1C:1V: no
# attribute, no rewrite (its no-split handshakes involve AIV0 only; codegen
# guards the body to subblock 0).
# RUN: ptoc examples/matmul_relu.py --passes=expand-mixed-kernel --backend=a5 --emit=text > %t.before
# RUN: ptoc examples/matmul_relu.py --passes=expand-mixed-kernel,materialize-aiv-lanes --backend=a5 --emit=text > %t.after
# RUN: diff %t.before %t.after
# RUN: FileCheck %s < %t.after
# A single a2a3 AIV function without a pipe is unchanged too.
# RUN: ptoc examples/ring_allreduce.py --passes=materialize-aiv-lanes --backend=a2a3 --emit=text | FileCheck %s --check-prefix=NOPIPE
# CHECK-LABEL: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
# CHECK-NEXT: def mm_relu_aiv(
# CHECK-NOT: get_subblock_idx
# CHECK-NOT: dual_aiv_dispatch
# NOPIPE-NOT: dual_aiv_dispatch
# NOPIPE-NOT: get_subblock_idx

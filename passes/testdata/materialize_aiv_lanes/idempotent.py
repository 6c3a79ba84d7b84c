# The pass leaves a function that already has dual_aiv_dispatch alone, so a
# second run changes nothing, in the program and in the code emitted from it.
# RUN: ptoc examples/matmul_relu.py --passes=expand-mixed-kernel,materialize-aiv-lanes --backend=a2a3 --emit=text > %t.once
# RUN: ptoc examples/matmul_relu.py --passes=expand-mixed-kernel,materialize-aiv-lanes,materialize-aiv-lanes --backend=a2a3 --emit=text > %t.twice
# RUN: diff %t.once %t.twice
# RUN: ptoc examples/matmul_relu.py --passes=expand-mixed-kernel,materialize-aiv-lanes --backend=a2a3 --emit=cce -o %t.a.cpp
# RUN: ptoc examples/matmul_relu.py --passes=expand-mixed-kernel,materialize-aiv-lanes,materialize-aiv-lanes --backend=a2a3 --emit=cce -o %t.b.cpp
# RUN: diff %t.a.cpp %t.b.cpp
# RUN: FileCheck %s < %t.twice
# CHECK-COUNT-1: pl.tile.get_subblock_idx()
# CHECK-NOT: pl.tile.get_subblock_idx()

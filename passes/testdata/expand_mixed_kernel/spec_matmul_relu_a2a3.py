# The spec example matmul_relu.py (cube -> vector through a boundary move)
# gives exactly examples/matmul_relu.a2a3.py on --backend=a2a3 (no vector ->
# cube transfer, so the a5 NZ adapter does not apply).
# RUN: ptoc examples/matmul_relu.py --passes=expand-mixed-kernel --backend=a2a3 --emit=text --canonical-names > %t.actual
# RUN: ptoc examples/matmul_relu.a2a3.py --passes= --emit=text --canonical-names > %t.expected
# RUN: diff %t.actual %t.expected

# The spec example matmul_relu.py (cube -> vector through a boundary move)
# gives exactly examples/matmul_relu.a2a3.py on --backend=a5 (no vector ->
# cube transfer, so the a5 NZ adapter does not apply).
# RUN: ptoc examples/matmul_relu.py --passes=expand-mixed-kernel --backend=a5 --emit=text --canonical-names > %t.actual
# RUN: ptoc examples/matmul_relu.a2a3.py --passes= --emit=text --canonical-names > %t.expected
# RUN: diff %t.actual %t.expected

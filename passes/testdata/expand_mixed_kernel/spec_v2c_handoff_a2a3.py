# The spec example v2c_handoff.py (a vector store read back by the cube)
# gives exactly examples/v2c_handoff.a2a3.py on --backend=a2a3.
# RUN: ptoc examples/v2c_handoff.py --passes=expand-mixed-kernel --backend=a2a3 --emit=text --canonical-names > %t.actual
# RUN: ptoc examples/v2c_handoff.a2a3.py --passes= --emit=text --canonical-names > %t.expected
# RUN: diff %t.actual %t.expected

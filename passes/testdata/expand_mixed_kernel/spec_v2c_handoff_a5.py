# The spec example v2c_handoff.py (a vector store read back by the cube)
# gives exactly examples/v2c_handoff.a5.py on --backend=a5.
# RUN: ptoc examples/v2c_handoff.py --passes=expand-mixed-kernel --backend=a5 --emit=text --canonical-names > %t.actual
# RUN: ptoc examples/v2c_handoff.a5.py --passes= --emit=text --canonical-names > %t.expected
# RUN: diff %t.actual %t.expected

# The same IR gives the same bytes: two runs of the full pipeline, and the
# in-process driver versus ptoc-codegen on the saved binary IR.
# RUN: ptoc examples/ring_allreduce.py --emit=pto -o %t.1.pto
# RUN: ptoc examples/ring_allreduce.py --emit=pto -o %t.2.pto
# RUN: cmp %t.1.pto %t.2.pto
# RUN: ptoc examples/ring_allreduce.py --emit=cce -o %t.1.cpp
# RUN: ptoc examples/ring_allreduce.py --emit=cce -o %t.2.cpp
# RUN: cmp %t.1.cpp %t.2.cpp
# RUN: ptoc examples/v2c_handoff.py --backend=a5 --emit=pb -o %t.pb
# RUN: ptoc-codegen %t.pb --target=cce -o %t.3.cpp
# RUN: ptoc examples/v2c_handoff.py --backend=a5 --emit=cce | cmp - %t.3.cpp
# RUN: ptoc-codegen %t.pb --target=pto -o %t.3.pto
# RUN: ptoc examples/v2c_handoff.py --backend=a5 --emit=pto | cmp - %t.3.pto

# The spec example ring_allreduce: the pass gives exactly ring_allreduce.fenced.py (compared
# modulo the names of locals), through the driver and through the
# insert-comm-fence binary on a .pb; the result satisfies the contract.
# RUN: ptoc examples/ring_allreduce.py --passes=insert-comm-fence --emit=text --canonical-names > %t.a
# RUN: ptoc examples/ring_allreduce.fenced.py --passes= --emit=text --canonical-names > %t.b
# RUN: diff %t.a %t.b
# RUN: ptoc examples/ring_allreduce.py --passes= --emit=pb -o %t.pb
# RUN: insert-comm-fence %t.pb -o %t.fenced.pb
# RUN: ptoc %t.fenced.pb --passes= --emit=text --canonical-names > %t.c
# RUN: diff %t.c %t.b
# RUN: ptoc %t.fenced.pb --passes=check-comm-contract --emit=text > /dev/null

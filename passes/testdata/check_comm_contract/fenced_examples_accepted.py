# The spec's expected outputs satisfy the contract; so does the pass's
# output for every example, which the default pipeline checks right after
# inserting; the checker changes nothing.
# RUN: ptoc examples/ring_allreduce.fenced.py --passes=check-comm-contract --emit=text > %t.ring 2> %t.err
# RUN: count 0 < %t.err
# RUN: ptoc examples/ring_allreduce.fenced.py --passes= --emit=text | diff - %t.ring
# RUN: ptoc examples/mesh_barrier.fenced.py --passes= --emit=pb -o %t.pb
# RUN: check-comm-contract %t.pb -o %t.checked.pb
# RUN: ptoc examples/ring_allreduce.py --passes=insert-comm-fence,check-comm-contract --emit=text > /dev/null
# RUN: ptoc examples/mesh_barrier.py --passes=insert-comm-fence,check-comm-contract --emit=text > /dev/null

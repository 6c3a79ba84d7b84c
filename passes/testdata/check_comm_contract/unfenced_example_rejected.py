# The spec example mesh_barrier.py before insert-comm-fence: its remote
# stores reach the notifies without a fence, its barrier reaches the reads
# without an invalidate.
# RUN: not ptoc examples/mesh_barrier.py --passes=check-comm-contract --emit=text 2>&1 >/dev/null | FileCheck %s
# CHECK: examples/mesh_barrier.py:21:13: error: remote write 'pld.tile.remote_store' can reach a notify without a fence after it
# CHECK: examples/mesh_barrier.py:24:17: note: the notify that publishes it
# CHECK: examples/mesh_barrier.py:27:17: error: wait can reach a GM read without a whole-GM cacheinvalid in between
# CHECK: examples/mesh_barrier.py:28:9: note: the GM read that may see a stale cache line
# CHECK-NOT: error:

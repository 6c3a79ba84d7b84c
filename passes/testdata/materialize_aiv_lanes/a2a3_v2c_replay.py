# Case 23 (dual-aiv.md): AIV1's replay of a vector-to-cube push pushes a
# fresh tile.create of the operand's type, created right before the push;
# the loads, the multiply, the store and the fence are dropped.
# RUN: ptoc examples/v2c_handoff.py --passes=expand-mixed-kernel,insert-comm-fence,check-comm-contract,materialize-aiv-lanes --backend=a2a3 --emit=text | FileCheck %s
# The cube lane is untouched.
# CHECK-LABEL: def rope_score_aic(
# CHECK-NOT: get_subblock_idx
# CHECK-LABEL: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker, attrs={"dual_aiv_dispatch": True})
# CHECK-NEXT: def rope_score_aiv(
# CHECK: sb: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: v2c_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(
# CHECK-NEXT: pl.system.aiv_initialize_pipe(0, v2c_import,
# CHECK-NEXT: if sb == 0:
# CHECK: pl.system.fence()
# CHECK-NEXT: pl.tile.tpush_to_aic(rq)
# CHECK-NEXT: else:
# CHECK-NEXT: rq_1: pl.Tile{{.*}}16, 64], pl.FP16, pl.Mem.Vec] = pl.tile.create(shape=[16, 64], dtype=pl.FP16)
# CHECK-NEXT: pl.tile.tpush_to_aic(rq_1)
# CHECK-EMPTY:

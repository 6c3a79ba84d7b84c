# On a2a3 a single AIV lane with a pipe runs 1C:2V: AIV1 runs the replay of
# the pipe protocol. Its no-split push to the cube carries no data: on the
# device it allocates the slot entry and signals (TALLOC + a GlobalTensor
# TPUSH); pto-isa's CPU model has no TALLOC and skips a no-split vector push
# on subblock 1 itself, so the CPU build keeps the tile push. PTO-AS keeps
# the tile push (ptoas rejects pto.talloc_to_aic on a pipe set up with
# gm_slot_buffer).
# RUN: ptoc examples/v2c_handoff.py --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc examples/v2c_handoff.py --emit=pto | FileCheck %s --check-prefix=PTO

# CCE: PTO_SYNCALL_MIX_AIC_KERNEL_META(rope_score_aic, 1, 2);
# CCE: PTO_SYNCALL_MIX_AIC_KERNEL_META(rope_score_aiv, 1, 2);
# CCE: int64_t sb = get_subblockid();
# CCE: if ((sb == 0)) {
# CCE: #if defined(__CCE_AICORE__)
# CCE-NEXT: if (get_subblockid() == 0) {
# CCE-NEXT: TPUSH<decltype(pipe0), decltype(rq), TileSplitAxis::TILE_NO_SPLIT>(pipe0, rq);
# CCE-NEXT: } else {
# CCE-NEXT: GlobalTensor<half, pto::Shape<1, 1, 1, 16, 64>, pto::Stride<1, 1, 1, 64, 1>> slot_entry;
# CCE-NEXT: TALLOC<decltype(pipe0), decltype(slot_entry), TileSplitAxis::TILE_NO_SPLIT>(pipe0, slot_entry);
# CCE-NEXT: TPUSH<decltype(pipe0), decltype(slot_entry), TileSplitAxis::TILE_NO_SPLIT>(pipe0, slot_entry);
# CCE-NEXT: }
# CCE-NEXT: #else
# CCE-NEXT: TPUSH<decltype(pipe0), decltype(rq), TileSplitAxis::TILE_NO_SPLIT>(pipe0, rq);
# CCE-NEXT: #endif
# CCE: } else {
# CCE-NOT: TLOAD
# CCE-NOT: TSTORE
# CCE: TPUSH<decltype(pipe0), decltype(rq_1), TileSplitAxis::TILE_NO_SPLIT>(pipe0, rq_1);

# PTO: // ptoc: rope_score launches 1 AIC : 2 AIV
# PTO: %sb = arith.index_cast
# PTO: scf.if
# PTO: pto.tpush_to_aic(%rq :
# PTO: } else {
# PTO-NOT: pto.tload
# PTO: pto.tpush_to_aic(%rq_1 :

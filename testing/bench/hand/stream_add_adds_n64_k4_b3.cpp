// PTOAS issue #1569's kernel, y = (x + z) + 1 over 64 chunks of [1, 1024]
// FP32 in three slots (testing/bench/gen_stream.py --chunks=64 --tile-kb=4
// --op=add_adds --buffers=3 --cols=1024, entry `stream`), synchronised by
// hand: the reference the benchmarks set beside ptoc's flags and ptoas's
// InsertSync (BENCHMARKS.md; run by ptoc-run-cpp --cpp-from=hand, whose
// pipe check finds it clean: //testing/bench:hand_sync_test).
//
// Slot k = chunk % 3 has its own x, z, x + z and y buffers and event id k
// on each of the four pipe pairs it needs:
// - V -> MTE2 k: TADD has read x and z, so the next load into slot k may
//   overwrite them (set after TADD, waited before the loads);
// - MTE2 -> V k: both loads are done before TADD reads them;
// - MTE3 -> V k: the store has read y, so the next TADDS of slot k may
//   overwrite it;
// - V -> MTE3 k: TADDS has written y before the store reads it.
// The wait MTE3 -> V between TADD and TADDS also orders TADDS's read of
// x + z after TADD's write on V (a wait orders its pipe, pipe-sync.md
// §2.3), so V needs no same-pipe barrier there. The V -> MTE2 and
// MTE3 -> V keys are primed before the loop and drained after it; the
// loads of slot k + 1 and k + 2 run ahead of slot k's compute.
#include "pto/pto-inst.hpp"

using namespace pto;

// The kernel's 64 chunks; //runtime:hand_sync_test also builds it for 4
// (with the program of --chunks=4), where each removal runs faster.
#ifndef HAND_CHUNKS
#define HAND_CHUNKS 64
#endif

namespace {

constexpr int64_t kChunks = HAND_CHUNKS;
constexpr int64_t kSlots = 3;
constexpr int64_t kWidth = 1024;
constexpr int64_t kSlotBytes = 4 * kWidth * static_cast<int64_t>(sizeof(float));

using Row = Tile<TileType::Vec, float, 1, kWidth, BLayout::RowMajor, 1, kWidth, SLayout::NoneBox,
                 512, PadValue::Null>;
using RowGm = GlobalTensor<float, pto::Shape<1, 1, 1, 1, kWidth>, pto::Stride<1, 1, 1, kWidth, 1>>;

}  // namespace

extern "C" __global__ AICORE void stream(__gm__ float* a, __gm__ float* b, __gm__ float* out) {
#if defined(__DAV_VEC__)
  set_mask_norm();
  set_vector_mask(-1, -1);
  Row x[kSlots], z[kSlots], s[kSlots], y[kSlots];
  for (int64_t k = 0; k < kSlots; ++k) {
    TASSIGN(x[k], k * kSlotBytes);
    TASSIGN(z[k], k * kSlotBytes + 0x1000);
    TASSIGN(s[k], k * kSlotBytes + 0x2000);
    TASSIGN(y[k], k * kSlotBytes + 0x3000);
    set_flag(PIPE_V, PIPE_MTE2, static_cast<event_t>(k));
    set_flag(PIPE_MTE3, PIPE_V, static_cast<event_t>(k));
  }
  for (int64_t c = 0; c < kChunks; ++c) {
    const int64_t k = c % kSlots;
    const event_t e = static_cast<event_t>(k);
    RowGm a_gm(a + c * kWidth), b_gm(b + c * kWidth), out_gm(out + c * kWidth);
    wait_flag(PIPE_V, PIPE_MTE2, e);
    TLOAD(x[k], a_gm);
    TLOAD(z[k], b_gm);
    set_flag(PIPE_MTE2, PIPE_V, e);
    wait_flag(PIPE_MTE2, PIPE_V, e);
    TADD(s[k], x[k], z[k]);
    set_flag(PIPE_V, PIPE_MTE2, e);
    wait_flag(PIPE_MTE3, PIPE_V, e);
    TADDS(y[k], s[k], 1.0f);
    set_flag(PIPE_V, PIPE_MTE3, e);
    wait_flag(PIPE_V, PIPE_MTE3, e);
    TSTORE(out_gm, y[k]);
    set_flag(PIPE_MTE3, PIPE_V, e);
  }
  for (int64_t k = 0; k < kSlots; ++k) {
    wait_flag(PIPE_V, PIPE_MTE2, static_cast<event_t>(k));
    wait_flag(PIPE_MTE3, PIPE_V, static_cast<event_t>(k));
  }
  pipe_barrier(PIPE_ALL);
#endif
}

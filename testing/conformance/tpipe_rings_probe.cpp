// Where pto-isa's a2a3 TPipe (pto/npu/a2a3/TPush.hpp, the NPU code, not the
// CPU simulation) puts the rings of a pipe in its GM slot buffer: the entry
// offset each side of each direction adds to a slot's address
// (testing/integration/pto_isa_ring_layout_test.sh, comm-hazards.md H3).
//
// Compiled twice with pto-isa's CPU-simulation flags, once with
// -D__DAV_CUBE__ and once with -D__DAV_VEC__ (the two cores' views of one
// TPipe), and -DPTOC_SLOT_SIZE=, -DPTOC_SLOT_NUM=, -DPTOC_V2C_RING= (the
// V2C ring's offset from the TPipe's base in ptoc's layout of a two-way
// pipe). Only TPipe's constructor and members are instantiated: the
// transfers' store and load paths (TStore.hpp, TLoad.hpp) are left out and
// the cross-core sync intrinsics are stubs. Prints the offsets; exits 0
// when a two-way pipe's V2C side (the vector's producer, the cube's
// consumer) is at PTOC_V2C_RING and its C2V side at 0, and a one-way pipe's
// sides all at 0; else 1.
#define TSTORE_HPP
#define TLOAD_HPP
#include <pto/common/type.hpp>
#include <pto/common/cpu_stub.hpp>
#include <pto/common/memory.hpp>

template <typename... A>
void ffts_cross_core_sync(A...) {}
template <typename... A>
void wait_flag_dev(A...) {}
namespace pto {
inline void SetAtomicNone() {}
}  // namespace pto

#include <pto/npu/a2a3/TPush.hpp>

#include <cstdio>

namespace {

#if defined(__DAV_CUBE__)
constexpr const char* kCore = "cube";
#else
constexpr const char* kCore = "vector";
#endif

unsigned char gm_slots[1 << 20];

// The producer's and the consumer's entry offset on this core of a pipe of
// direction `Dir`, checked against the expected ones.
template <uint8_t Dir>
bool Check(const char* name, int want_producer, int want_consumer) {
  pto::TPipe<0, Dir, PTOC_SLOT_SIZE, PTOC_SLOT_NUM> pipe(gm_slots, 0, 0);
  const bool ok =
      pipe.prod.entryOffset == want_producer && pipe.cons.entryOffset == want_consumer;
  std::printf("%s %s: producer entry offset %d (want %d), consumer %d (want %d)%s\n", kCore,
              name, pipe.prod.entryOffset, want_producer, pipe.cons.entryOffset, want_consumer,
              ok ? "" : " MISMATCH");
  return ok;
}

}  // namespace

int main() {
#if defined(__DAV_CUBE__)
  // The cube produces C2V (at the base) and consumes V2C.
  const bool both = Check<pto::Direction::DIR_BOTH>("DIR_BOTH", 0, PTOC_V2C_RING);
#else
  // The vector lane produces V2C and consumes C2V (at the base).
  const bool both = Check<pto::Direction::DIR_BOTH>("DIR_BOTH", PTOC_V2C_RING, 0);
#endif
  const bool c2v = Check<pto::Direction::DIR_C2V>("DIR_C2V", 0, 0);
  const bool v2c = Check<pto::Direction::DIR_V2C>("DIR_V2C", 0, 0);
  return both && c2v && v2c ? 0 : 1;
}

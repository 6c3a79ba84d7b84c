// The cross-core FIFO between the cube (AIC) and vector (AIV) lanes of a
// core group: TPipe (set up once per kernel), TPUSH / TPOP / TFREE.
#ifndef PTO_COMMON_FIFO_HPP_
#define PTO_COMMON_FIFO_HPP_

#include <cstdint>
#include <type_traits>

#include "pto/common/host_compat.hpp"
#include "pto/common/sim_hooks.hpp"
#include "pto/common/tile.hpp"
#include "pto/common/types.hpp"

namespace pto {

// A ring of SlotNum slots of SlotSize bytes per direction. The consumer of
// each direction owns its slots (a reserved buffer in its local memory); on
// a2a3 the data travels through `gm_slot_buffer` (2 * SlotNum * SlotSize
// bytes per core group), on a5 directly (`gm_slot_buffer` is null). The
// template parameters are pto-isa's: FlagID is the pipe's first FFTS flag,
// LocalSlotNum the slots a consumer keeps popped tiles in, IsNoSplit whether
// every transfer is unsplit (EN_UNIT_FLAG is not modelled).
template <uint8_t FlagID, uint8_t DirType, uint32_t SlotSize, uint32_t SlotNum,
          uint32_t LocalSlotNum = 2, bool IsNoSplit = false, bool EN_UNIT_FLAG = false>
class TPipe {
  static_assert(SlotSize > 0 && SlotNum > 0, "TPipe: empty ring");
  static_assert(DirType >= DIR_C2V && DirType <= DIR_BOTH, "TPipe: unknown direction");

 public:
  static constexpr Direction kDirection = static_cast<Direction>(DirType);
  static constexpr bool is_no_split = IsNoSplit;

  AICORE explicit TPipe(__gm__ void* gm_slot_buffer, uint32_t c2v_consumer_buf,
                        uint32_t v2c_consumer_buf, sim::CallSite site = sim::CallSite::Here())
      : desc_{FlagID, kDirection, SlotSize, SlotNum, LocalSlotNum, IsNoSplit, gm_slot_buffer,
              c2v_consumer_buf, v2c_consumer_buf} {
    sim::PipeInit(desc_, site);
  }
  // Copyable, as in pto-isa: a copy names the same pipe.

  AICORE const sim::PipeDesc& desc() const { return desc_; }

 private:
  sim::PipeDesc desc_;
};

template <typename T>
struct is_pipe : std::false_type {};
template <uint8_t F, uint8_t D, uint32_t S, uint32_t N, uint32_t L, bool NoSplit, bool U>
struct is_pipe<TPipe<F, D, S, N, L, NoSplit, U>> : std::true_type {};

// Sends `tile` to the other lane (blocks while the ring is full).
template <typename PipeT, typename TileT, TileSplitAxis Split,
          std::enable_if_t<is_pipe<PipeT>::value && is_tile_v<TileT>, int> = 0>
AICORE void TPUSH(PipeT& pipe, TileT& tile, sim::CallSite site = sim::CallSite::Here()) {
  sim::Push(pipe.desc(), sim::Describe(tile), Split, site);
}

// Receives a tile from the other lane (blocks while the ring is empty);
// `tile` then refers to the slot until TFREE.
template <typename PipeT, typename TileT, TileSplitAxis Split,
          std::enable_if_t<is_pipe<PipeT>::value && is_tile_v<TileT>, int> = 0>
AICORE void TPOP(PipeT& pipe, TileT& tile, sim::CallSite site = sim::CallSite::Here()) {
  tile.set_address(sim::Pop(pipe.desc(), sim::Describe(tile), Split, site));
}

// Gives the oldest popped slot back to the producer.
template <typename PipeT, TileSplitAxis Split,
          std::enable_if_t<is_pipe<PipeT>::value, int> = 0>
AICORE void TFREE(PipeT& pipe, sim::CallSite site = sim::CallSite::Here()) {
  sim::Free(pipe.desc(), Split, site);
}

}  // namespace pto

#endif  // PTO_COMMON_FIFO_HPP_

// What the hooks of the device API share (device/tile_hooks.cc,
// device/sync_hooks.cc): one hook call on the simulated machine, and the
// tiles and GM regions its descriptors name.
//
// Tiles live in per-lane on-chip buffers at their TASSIGN address, as the
// elements of their valid part in row-major order, in their dtype.
#ifndef PTOC_RUNTIME_DEVICE_HOOK_SUPPORT_H_
#define PTOC_RUNTIME_DEVICE_HOOK_SUPPORT_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "codegen/lowering.h"
#include "codegen/sync_plan.h"
#include "pto/pto-inst.hpp"
#include "runtime/device/device_machine.h"
#include "runtime/machine.h"
#include "runtime/timing.h"
#include "runtime/tile_ops.h"
#include "runtime/values.h"

namespace ptoc {
namespace sim {
namespace device {

using pto::sim::GlobalDesc;
using pto::sim::TileDesc;

// A contiguous run of GM: `elements` elements from byte `addr`.
struct GmRun {
  uint64_t addr = 0;
  int64_t elements = 0;
};

// One device-API call: entered (a scheduling point) on construction, the
// lane's GM view published on destruction.
class Call {
 public:
  explicit Call(pto::sim::CallSite site, std::function<bool()> ready = nullptr,
                std::string why = "")
      : m_(DeviceMachine::Current()) {
    m_.Enter(site.file, site.line, std::move(ready), std::move(why));
  }
  ~Call() { m_.Leave(); }
  Call(const Call&) = delete;
  Call& operator=(const Call&) = delete;

  DeviceMachine& m() { return m_; }
  World& w() { return m_.world(); }
  int lane() const { return m_.lane(); }
  LaneState& state() { return m_.world().lanes[m_.lane()]; }

 private:
  DeviceMachine& m_;
};

DType DTypeOf(pto::sim::ElementType t);

MemorySpace MemoryOf(pto::TileType t);

TileView ViewOf(const TileDesc& d);

bool ValidShape(Call& c, const TileDesc& d, const char* what);

// The tile's buffer (rows x cols elements), or nullptr (reported).
uint8_t* TileBytes(Call& c, const TileDesc& d, const char* what);

// The valid part of a tile, or nullptr (reported).
std::shared_ptr<TileData> ReadTile(Call& c, const TileDesc& d, const char* what);

// Writes `values` (the valid part, row-major) into the tile, rounded to its dtype.
void WriteTile(Call& c, const TileDesc& d, const std::vector<double>& values, const char* what);

bool SameShape(Call& c, const TileDesc& a, const TileDesc& b, const char* what);

// The runs of a GM region, row-major (its last dim is the tile's columns),
// all in one tensor; nullopt (reported) when it is not.
std::optional<std::vector<GmRun>> Region(Call& c, const GlobalDesc& g, const char* what,
                                         int* alloc = nullptr);

int64_t RegionRows(const GlobalDesc& g);

bool RegionFitsTile(Call& c, const GlobalDesc& g, const TileDesc& t, const char* what);

// DMA-reads the region's elements in order.
std::vector<double> ReadRegion(Call& c, const std::vector<GmRun>& runs, DType dtype);

// The region's elements as one write of the lane: a DMA write pending until
// its fence, or (`now`) complete at once.
void WriteRegion(Call& c, const std::vector<GmRun>& runs, int alloc, DType dtype,
                 const std::vector<double>& values, bool atomic_add, WriteKind kind);

// ---- the pipe events of a call (device_pipes.h) ----

// The access of a tile's whole buffer: its memory, bytes [address,
// address + rows x cols x element size).
codegen::PlanAccess TileAccess(const TileDesc& d, bool write);
// The accesses of GM runs of allocation `alloc`: per run, its element range
// of the tensor (the entry parameter the allocation holds).
void GmAccesses(Call& c, const std::vector<GmRun>& runs, int alloc, bool write,
                std::vector<codegen::PlanAccess>* out);
// The access of every GM byte (a syncall, a whole-cache dcci).
codegen::PlanAccess AllGm(bool write);
// The cost-table entry `key` charged for tile `d` (B, R, U of its valid part).
OpCost TileCost(std::string key, const TileDesc& d);
// "Vec", "Mat", ...: the memory of a tile in cost-table keys.
std::string SpaceName(const TileDesc& d);
// Issues machine op `op` on `pipe` with `accesses` and `cost` to the lane's
// pipes, when the run has them.
void IssueOp(Call& c, codegen::MachineOp op, codegen::Pipe pipe,
             std::vector<codegen::PlanAccess> accesses, OpCost cost);
void IssueOp(Call& c, const codegen::MachineStep& step,
             std::vector<codegen::PlanAccess> accesses, OpCost cost);

// dst = f(src) element by element, for the one-source tile ops.
template <typename F>
void MapTile(Call& c, const TileDesc& dst, const TileDesc& src, const char* what, F f) {
  if (!SameShape(c, dst, src, what)) return;
  auto a = ReadTile(c, src, what);
  if (a == nullptr) return;
  std::vector<double> out(a->data.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = f(a->data[i]);
  WriteTile(c, dst, out, what);
}

}  // namespace device
}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_DEVICE_HOOK_SUPPORT_H_

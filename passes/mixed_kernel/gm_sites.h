// The GM accesses and synchronisation calls of a kernel ("sites") and the
// conflicts between the two lanes' sites.
#ifndef PTOC_PASSES_MIXED_KERNEL_GM_SITES_H_
#define PTOC_PASSES_MIXED_KERNEL_GM_SITES_H_

#include <memory>
#include <string>
#include <vector>

#include "ir/ir.h"
#include "passes/mixed_kernel/common.h"
#include "passes/mixed_kernel/positions.h"

namespace ptoc {
namespace mixed_kernel {

struct Site {
  Stmt* stmt = nullptr;  // a leaf, or a compound whose header holds the call
  const Expr* call = nullptr;
  LaneMask lane = kNoLane;
  bool reads = false;    // reads the GM data of `origins`
  bool writes = false;   // writes it
  std::vector<int> origins;  // parameter indices the accessed tensor may be
  const Expr* tensor = nullptr;
  bool window = false;   // the accessed tensor is a DistributedTensor
  bool notify = false;   // releases (pld.system.notify)
  bool acquire = false;  // acquires (pld.system.wait / test)
  bool scalar_cache = false;  // through the scalar data cache (tensor.read/write)
  Var* stored_tile = nullptr;  // tile.store: the tile written
};

enum class ConflictKind { kRaw, kWar, kWaw, kRelease, kAcquire };

struct Conflict {
  const Site* a = nullptr;  // runs first, on the producer lane
  const Site* b = nullptr;  // runs later, on the consumer lane
  bool forward = true;      // false: `b` in a later iteration of a common loop
  ConflictKind kind = ConflictKind::kRaw;
  int origin = -1;          // the shared parameter, for data conflicts
};

// Every site of `kernel` (bodies normalized).
std::vector<std::unique_ptr<Site>> CollectSites(Function& kernel);

// Every conflict between sites on different lanes, in no particular order.
std::vector<Conflict> FindConflicts(const std::vector<std::unique_ptr<Site>>& sites,
                                    const PositionIndex& index);

// "the AIC lane reads 'scratch' (tile.load) after the AIV lane writes it
// (tile.store)", for diagnostics.
std::string DescribeConflict(const Function& kernel, const Conflict& c);
// "the AIV lane's tile.store of 'scratch' is here", for the note at A.
std::string DescribeFirstAccess(const Function& kernel, const Conflict& c);

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_GM_SITES_H_

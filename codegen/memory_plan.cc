#include "codegen/memory_plan.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "ir/walk.h"
#include "codegen/pipes.h"
#include "ir/checked_math.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"

namespace ptoc {
namespace codegen {
namespace {

// Buffers are no larger than their memory and start inside it (checked
// first), so these sums and the alignment of an end fit.
int64_t AlignUp(int64_t v) { return RoundUp(v, kBufferAlignment).value(); }
int64_t End(const ReservedBuffer& b) { return b.base + b.size; }

absl::Status PastCapacity(const Expr& call, const ReservedBuffer& b, int64_t capacity,
                          Backend backend) {
  const CheckedInt end = CheckedInt(b.base) + b.size;
  if (!end.ok()) {
    return ErrorAt(call.loc, absl::StrCat("buffer '", b.name, "': ",
                                          DoesNotFitMessage("its end")));
  }
  return ErrorAt(call.loc, absl::StrCat("buffer '", b.name, "' ends at byte ", end.value(),
                                        ", past the ", capacity, " bytes of ",
                                        MemorySpaceName(b.space), " on ",
                                        BackendName(backend)));
}

}  // namespace

absl::StatusOr<std::vector<ReservedBuffer>> PlanReservedBuffers(const Function& fn,
                                                                Backend backend) {
  const MemorySpace space =
      fn.kind == FunctionKind::kAIC ? MemorySpace::kMat : MemorySpace::kVec;
  std::vector<ReservedBuffer> out;
  std::vector<const Expr*> calls;
  ForEachCall(*fn.body, [&](const Expr& call) {
    if (RoleOf(call) == OpRole::kReserveBuffer) calls.push_back(&call);
  });
  // Placed buffers first, so automatic ones go around them.
  for (int pass = 0; pass < 2; ++pass) {
    for (const Expr* call : calls) {
      const int64_t base = IntAttr(*call, "base", -1);
      if ((pass == 0) != (base >= 0)) continue;
      ReservedBuffer b{StringAttr(*call, "name"), space, base, IntAttr(*call, "size", 0)};
      if (b.size <= 0) return ErrorAt(call->loc, "a reserved buffer needs a positive size");
      const int64_t capacity = MemoryCapacity(space, backend);
      // Larger than the memory or placed past it: rejected before any sum,
      // so that every base and end below stays far from overflow.
      if (b.size > capacity || b.base > capacity) {
        return PastCapacity(*call, b, capacity, backend);
      }
      for (const ReservedBuffer& other : out) {
        if (other.name == b.name) {
          return ErrorAt(call->loc, absl::StrCat("buffer '", b.name, "' is reserved twice"));
        }
      }
      if (base < 0) {
        b.base = 0;
        bool moved = true;
        while (moved) {  // first fit after every overlapping buffer
          moved = false;
          for (const ReservedBuffer& other : out) {
            if (b.base < End(other) && other.base < End(b)) {
              b.base = AlignUp(End(other));
              moved = true;
            }
          }
        }
      } else {
        for (const ReservedBuffer& other : out) {
          if (b.base < End(other) && other.base < End(b)) {
            return ErrorAt(call->loc, absl::StrCat("buffer '", b.name, "' overlaps '",
                                                   other.name, "'"));
          }
        }
      }
      if (End(b) > capacity) return PastCapacity(*call, b, capacity, backend);
      out.push_back(std::move(b));
    }
  }
  // Report in program order.
  std::vector<ReservedBuffer> ordered;
  for (const Expr* call : calls) {
    for (const ReservedBuffer& b : out) {
      if (b.name == StringAttr(*call, "name")) ordered.push_back(b);
    }
  }
  return ordered;
}

TileAllocator::TileAllocator(Backend backend, const std::vector<ReservedBuffer>& reserved)
    : backend_(backend) {
  for (const ReservedBuffer& b : reserved) {
    int64_t& next = next_[static_cast<int>(b.space)];
    next = std::max(next, AlignUp(End(b)));
  }
}

absl::StatusOr<int64_t> TileAllocator::Allocate(const TileGeometry& g, const Location& loc) {
  int64_t& next = next_[static_cast<int>(g.memory)];
  const int64_t address = next;
  const int64_t capacity = MemoryCapacity(g.memory, backend_);
  const CheckedInt end = CheckedInt(address) + g.bytes();
  if (!end.ok()) return ErrorAt(loc, DoesNotFitMessage("the end of this tile's buffer"));
  if (end.value() > capacity) {
    return ErrorAt(loc, absl::StrCat("out of ", MemorySpaceName(g.memory), " memory: this ",
                                     g.bytes(), "-byte tile would end at byte ",
                                     end.value(), " of ", capacity, " on ",
                                     BackendName(backend_),
                                     " (ptoc gives every tile its own buffer: the C++ target,"
                                     " and PTO-AS under --pipe-sync=flags)"));
  }
  next = AlignUp(end.value());
  return address;
}

}  // namespace codegen
}  // namespace ptoc

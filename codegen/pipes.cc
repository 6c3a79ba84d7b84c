#include "codegen/pipes.h"

#include "absl/strings/str_cat.h"
#include "ir/walk.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"

namespace ptoc {
namespace codegen {
namespace {

// The FIFO direction an op moves data in (1: C2V, 2: V2C).
int64_t DirectionOf(OpKind kind) {
  switch (kind) {
    case OpKind::kPushToAiv: case OpKind::kPopFromAic: case OpKind::kFreeToAic:
      return 1;
    default:
      return 2;
  }
}

}  // namespace

int64_t IntAttr(const Expr& call, absl::string_view name, int64_t fallback) {
  const Expr* a = AttrOrDefault(call, name);
  return a != nullptr && a->kind == ExprKind::kInt ? a->int_value : fallback;
}

std::string StringAttr(const Expr& call, absl::string_view name) {
  const Expr* a = AttrOrDefault(call, name);
  return a != nullptr && a->kind == ExprKind::kString ? a->str : "";
}

absl::StatusOr<const Expr*> FindPeerReserve(const Program& program, const Expr& import_call,
                                            const Location& loc) {
  const std::string name = StringAttr(import_call, "name");
  const std::string peer = StringAttr(import_call, "peer_func");
  const Function* f = program.FindFunction(peer);
  if (f == nullptr || (f->kind != FunctionKind::kAIC && f->kind != FunctionKind::kAIV)) {
    return ErrorAt(loc, absl::StrCat("peer_func '", peer,
                                     "' is not an AIC or AIV function of the program"));
  }
  const Expr* found = nullptr;
  ForEachCall(*f->body, [&](const Expr& call) {
    if (found == nullptr && RoleOf(call) == OpRole::kReserveBuffer &&
        StringAttr(call, "name") == name) {
      found = &call;
    }
  });
  if (found == nullptr) {
    return ErrorAt(loc, absl::StrCat("'", peer, "' reserves no buffer named '", name, "'"));
  }
  return found;
}

absl::StatusOr<PipeSetup> PipeTable::Initialize(const Expr& call, const Location& loc) {
  PipeSetup p;
  p.id = static_cast<int>(pipes_.size());
  p.dir_mask = IntAttr(call, "dir_mask", 0);
  p.slot_size = IntAttr(call, "slot_size", 0);
  p.slot_num = IntAttr(call, "slot_num", 2);
  if (p.dir_mask < 1 || p.dir_mask > 3) {
    return ErrorAt(loc, absl::StrCat("dir_mask must be 1 (cube to vector), 2 (vector "
                                     "to cube) or 3 (both), got ", p.dir_mask));
  }
  if (p.slot_size <= 0 || p.slot_num <= 0) {
    return ErrorAt(loc, "slot_size and slot_num must be positive");
  }
  if (pipes_.size() < params_.size()) p.params = params_[pipes_.size()];
  pipes_.push_back(p);
  return p;
}

absl::StatusOr<PipeSetup> PipeTable::Use(const Expr& call, OpKind kind,
                                         const Location& loc) const {
  const int64_t id = IntAttr(call, "id", 0);
  const int64_t dir = DirectionOf(kind);
  for (const PipeSetup& p : pipes_) {
    if (p.id != id) continue;
    if ((p.dir_mask & dir) == 0) {
      return ErrorAt(loc, absl::StrCat("'", call.str, "' uses pipe ", id,
                                       ", which was set up without the ",
                                       dir == 1 ? "cube-to-vector" : "vector-to-cube",
                                       " direction (dir_mask=", p.dir_mask, ")"));
    }
    return p;
  }
  return ErrorAt(loc, absl::StrCat("'", call.str, "' uses pipe ", id,
                                   ", but no pipe with that id is initialized before "
                                   "it (system.aic_initialize_pipe / "
                                   "system.aiv_initialize_pipe at the kernel's top "
                                   "level; expand-mixed-kernel adds them)"));
}

absl::string_view CceDirection(int64_t dir_mask) {
  switch (dir_mask) {
    case 1: return "DIR_C2V";
    case 2: return "DIR_V2C";
    default: return "DIR_BOTH";
  }
}

absl::StatusOr<absl::string_view> CceSplitAxis(int64_t split, const Location& loc) {
  switch (split) {
    case 0: return absl::string_view("TILE_NO_SPLIT");
    case 1: return absl::string_view("TILE_UP_DOWN");
    case 2: return absl::string_view("TILE_LEFT_RIGHT");
    default:
      return ErrorAt(loc, absl::StrCat("split must be 0 (none), 1 (up/down) or 2 "
                                       "(left/right), got ", split));
  }
}

}  // namespace codegen
}  // namespace ptoc

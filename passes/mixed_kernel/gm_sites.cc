#include "passes/mixed_kernel/gm_sites.h"

#include <algorithm>
#include <optional>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "frontend/printer.h"

namespace ptoc {
namespace mixed_kernel {
namespace {

// The parameters a tensor value may be: store results, loop-carried values
// and branch results followed back to the parameters.
class Origins {
 public:
  explicit Origins(const Function& f) {
    for (size_t i = 0; i < f.params.size(); ++i) {
      if (f.params[i].var->type.is_tensor()) of_[f.params[i].var] = {static_cast<int>(i)};
    }
    bool changed = true;
    while (changed) {
      changed = false;
      Step(*f.body, &changed);
    }
  }

  std::vector<int> Of(const Expr* e) const {
    if (e == nullptr || e->kind != ExprKind::kVar) return {};
    auto it = of_.find(e->var);
    return it == of_.end() ? std::vector<int>{} : it->second;
  }

 private:
  void Merge(const Var* v, const std::vector<int>& from, bool* changed) {
    if (!v->type.is_tensor()) return;
    std::vector<int>& to = of_[v];
    for (int o : from) {
      if (std::find(to.begin(), to.end(), o) == to.end()) {
        to.push_back(o);
        *changed = true;
      }
    }
    std::sort(to.begin(), to.end());
  }

  static const Expr* YieldValue(const Stmt* body, size_t k) {
    if (body == nullptr || body->stmts.empty()) return nullptr;
    const Stmt* y = body->stmts.back().get();
    if (y->kind != StmtKind::kYield || k >= y->values.size()) return nullptr;
    return y->values[k].get();
  }

  void Step(const Stmt& seq, bool* changed) {
    for (const StmtPtr& child : seq.stmts) {
      const Stmt& s = *child;
      if (s.kind == StmtKind::kAssign) {
        const Expr* call = CallOf(s);
        const OpInfo* info = call != nullptr ? LookupOp(*call) : nullptr;
        if (s.value->kind == ExprKind::kVar) {
          Merge(s.var, Of(s.value.get()), changed);
        } else if (info != nullptr && info->role == OpRole::kGmStore) {
          Merge(s.var, Of(call->args[info->access.tensor_arg].get()), changed);
        }
      } else if (s.kind == StmtKind::kFor) {
        for (size_t k = 0; k < s.iter_args.size(); ++k) {
          Merge(s.iter_args[k], Of(s.init_values[k].get()), changed);
          Merge(s.iter_args[k], Of(YieldValue(s.body.get(), k)), changed);
          if (k < s.results.size()) {
            std::vector<int> carried = of_[s.iter_args[k]];  // Merge may rehash of_
            Merge(s.results[k], carried, changed);
          }
        }
      } else if (s.kind == StmtKind::kIf) {
        for (size_t k = 0; k < s.results.size(); ++k) {
          Merge(s.results[k], Of(YieldValue(s.body.get(), k)), changed);
          Merge(s.results[k], Of(YieldValue(s.else_body.get(), k)), changed);
        }
      }
      for (const Stmt* body : BodiesOf(s)) Step(*body, changed);
    }
  }

  absl::flat_hash_map<const Var*, std::vector<int>> of_;
};

std::optional<Site> SiteOf(const Expr& call, Stmt* stmt, const Origins& origins) {
  const OpInfo* info = LookupOp(call);
  if (info == nullptr) return std::nullopt;
  Site site;
  site.stmt = stmt;
  site.call = &call;
  Lane lane = LaneOf(call);
  // Lane-"any" accesses (scalar GM, communication) run on the AIV lane.
  site.lane = lane == Lane::kCube ? kAic : kAiv;
  auto arg = [&](int i) -> const Expr* {
    return i >= 0 && i < static_cast<int>(call.args.size()) ? call.args[i].get() : nullptr;
  };
  switch (info->role) {
    case OpRole::kGmLoad:
    case OpRole::kScalarRead:
      site.reads = true;
      site.tensor = arg(info->access.tensor_arg);
      break;
    case OpRole::kGmStore:
    case OpRole::kScalarWrite:
    case OpRole::kGet:  // writes its local destination
      site.writes = true;
      site.tensor = arg(info->access.tensor_arg);
      break;
    case OpRole::kRemoteWrite:  // a put reads its local source
      site.tensor = arg(info->ParamIndex("src"));
      site.reads = site.tensor != nullptr;
      if (!site.reads) return std::nullopt;
      break;
    case OpRole::kNotify:
      site.notify = true;
      break;
    case OpRole::kWait:
    case OpRole::kTest:
      site.acquire = true;
      break;
    default:
      return std::nullopt;
  }
  site.scalar_cache =
      info->role == OpRole::kScalarRead || info->role == OpRole::kScalarWrite;
  if (site.tensor != nullptr) {
    site.origins = origins.Of(site.tensor);
    site.window = site.tensor->type.is_distributed();
  }
  if (info->role == OpRole::kGmStore) {
    const Expr* tile = arg(info->access.tile_arg);
    if (tile != nullptr && tile->kind == ExprKind::kVar) site.stored_tile = tile->var;
  }
  return site;
}

void Collect(Stmt& seq, const Origins& origins, std::vector<std::unique_ptr<Site>>* sites) {
  for (StmtPtr& child : seq.stmts) {
    Stmt& s = *child;
    if (s.kind != StmtKind::kYield && s.kind != StmtKind::kReturn) {
      ForEachOwnCall(s, [&](const Expr& call) {
        if (std::optional<Site> site = SiteOf(call, &s, origins)) {
          sites->push_back(std::make_unique<Site>(*site));
        }
      });
    }
    for (Stmt* body : BodiesOf(s)) Collect(*body, origins, sites);
  }
}

std::optional<ConflictKind> Relation(const Site& x, const Site& y, int* origin) {
  if ((x.reads || x.writes) && (y.reads || y.writes) && (x.writes || y.writes)) {
    for (int o : x.origins) {
      if (std::find(y.origins.begin(), y.origins.end(), o) != y.origins.end()) {
        *origin = o;
        if (x.writes && y.writes) return ConflictKind::kWaw;
        return x.writes ? ConflictKind::kRaw : ConflictKind::kWar;
      }
    }
  }
  if (x.writes && x.window && y.notify) return ConflictKind::kRelease;
  if (x.acquire && (y.reads || y.writes) && y.window) return ConflictKind::kAcquire;
  return std::nullopt;
}

std::string TensorName(const Function& kernel, const Site& site, int origin) {
  if (origin >= 0) return kernel.params[origin].var->name;
  if (site.tensor == nullptr) return "?";
  if (site.origins.size() == 1) return kernel.params[site.origins[0]].var->name;
  return PrintExpr(*site.tensor);
}

std::string AccessVerb(const Site& s) {
  if (s.notify) return "notifies";
  if (s.acquire) return "waits";
  return s.writes ? "writes" : "reads";
}

}  // namespace

std::vector<std::unique_ptr<Site>> CollectSites(Function& kernel) {
  Origins origins(kernel);
  std::vector<std::unique_ptr<Site>> sites;
  Collect(*kernel.body, origins, &sites);
  return sites;
}

std::vector<Conflict> FindConflicts(const std::vector<std::unique_ptr<Site>>& sites,
                                    const PositionIndex& index) {
  // Only pairs on different lanes that can relate are enumerated: two
  // accesses of one origin (one of them a write), a window write and a
  // notify, an acquire and a window access. A kernel without cross-lane
  // conflicts costs linear time.
  struct Group {
    std::vector<int> accesses[2], writes[2];  // by lane
  };
  absl::flat_hash_map<int, Group> by_origin;
  std::vector<int> window_writes[2], notifies[2], acquires[2], window_accesses[2];
  for (int i = 0; i < static_cast<int>(sites.size()); ++i) {
    const Site& s = *sites[i];
    int lane = s.lane == kAic ? 0 : 1;
    if (s.reads || s.writes) {
      for (int o : s.origins) {
        by_origin[o].accesses[lane].push_back(i);
        if (s.writes) by_origin[o].writes[lane].push_back(i);
      }
      if (s.window) window_accesses[lane].push_back(i);
      if (s.window && s.writes) window_writes[lane].push_back(i);
    }
    if (s.notify) notifies[lane].push_back(i);
    if (s.acquire) acquires[lane].push_back(i);
  }
  std::vector<std::pair<int, int>> pairs;
  auto cross = [&](const std::vector<int> (&xs)[2], const std::vector<int> (&ys)[2]) {
    for (int lane = 0; lane < 2; ++lane) {
      for (int x : xs[lane]) {
        for (int y : ys[1 - lane]) pairs.push_back({x, y});
      }
    }
  };
  for (const auto& [origin, group] : by_origin) {
    cross(group.writes, group.accesses);
    cross(group.accesses, group.writes);
  }
  cross(window_writes, notifies);
  cross(acquires, window_accesses);
  // In the order of an all-pairs walk, each pair once.
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());

  std::vector<Conflict> conflicts;
  for (const auto& [i, j] : pairs) {
    const Site* x = sites[i].get();
    const Site* y = sites[j].get();
    if (x->stmt == y->stmt) continue;
    int origin = -1;
    std::optional<ConflictKind> kind = Relation(*x, *y, &origin);
    if (!kind.has_value()) continue;
    const Path& px = index.PathOf(x->stmt);
    const Path& py = index.PathOf(y->stmt);
    // A header and its own body: one lane computes the header, which the
    // lane split reports; there is no point between them to order.
    if (PositionIndex::Contains(px, py) || PositionIndex::Contains(py, px)) continue;
    bool forward = PositionIndex::Precedes(px, py);
    if (!forward && !index.InCommonLoop(px, py)) continue;
    conflicts.push_back(Conflict{x, y, forward, *kind, origin});
  }
  return conflicts;
}

std::string DescribeConflict(const Function& kernel, const Conflict& c) {
  std::string a_lane = LaneMaskName(c.a->lane);
  std::string b_lane = LaneMaskName(c.b->lane);
  std::string when = c.forward ? "" : " in an earlier iteration of the loop";
  const std::string& a_op = c.a->call->str;
  const std::string& b_op = c.b->call->str;
  switch (c.kind) {
    case ConflictKind::kRaw:
    case ConflictKind::kWar:
    case ConflictKind::kWaw: {
      std::string tensor = TensorName(kernel, *c.a, c.origin);
      return absl::StrCat("the ", b_lane, " lane ", AccessVerb(*c.b), " '", tensor, "' (",
                          b_op, ") after the ", a_lane, " lane ", AccessVerb(*c.a), " it (",
                          a_op, ")", when);
    }
    case ConflictKind::kRelease:
      return absl::StrCat("the ", b_op, " on the ", b_lane, " lane releases window '",
                          TensorName(kernel, *c.a, -1), "', which the ", a_lane,
                          " lane writes before it (", a_op, ")", when);
    case ConflictKind::kAcquire:
      return absl::StrCat("the ", b_lane, " lane accesses window '",
                          TensorName(kernel, *c.b, -1), "' (", b_op, ") after the ", a_op,
                          " on the ", a_lane, " lane", when);
  }
  return "";
}

std::string DescribeFirstAccess(const Function& kernel, const Conflict& c) {
  std::string what;
  if (c.kind == ConflictKind::kAcquire) {
    what = absl::StrCat("the ", c.a->call->str);
  } else {
    what = absl::StrCat("the ", c.a->call->str, " of '",
                        TensorName(kernel, *c.a, c.origin), "'");
  }
  return absl::StrCat(what, " on the ", LaneMaskName(c.a->lane), " lane is here");
}

}  // namespace mixed_kernel
}  // namespace ptoc

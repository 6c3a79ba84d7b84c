#include "passes/mixed_kernel/lane_split.h"

#include <type_traits>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/walk.h"
#include "passes/mixed_kernel/returns.h"

namespace ptoc {
namespace mixed_kernel {
namespace {

const Expr* YieldValue(const Stmt* body, size_t k) {
  const Stmt* y = body != nullptr ? TrailingYield(*body) : nullptr;
  return y != nullptr && k < y->values.size() ? y->values[k].get() : nullptr;
}

void CollectDefs(const Stmt& s, absl::flat_hash_map<const Var*, const Stmt*>* defs) {
  for (const StmtPtr& child : s.stmts) CollectDefs(*child, defs);
  switch (s.kind) {
    case StmtKind::kAssign:
      (*defs)[s.var] = &s;
      break;
    case StmtKind::kFor:
      if (s.var != nullptr) (*defs)[s.var] = &s;
      for (const Var* v : s.iter_args) (*defs)[v] = &s;
      for (const Var* v : s.results) (*defs)[v] = &s;
      break;
    case StmtKind::kIf:
      for (const Var* v : s.results) (*defs)[v] = &s;
      break;
    default:
      break;
  }
  for (const Stmt* body : BodiesOf(s)) CollectDefs(*body, defs);
}

using VersionMap = absl::flat_hash_map<const Var*, const Var*>;

const Var* Origin(const VersionMap& version_of, const Var* v) {
  // Bounded: a program that is not in SSA form could alias in a circle.
  size_t steps = 0;
  for (auto it = version_of.find(v); it != version_of.end() && steps++ < version_of.size();
       it = version_of.find(v)) {
    v = it->second;
  }
  return v;
}

const Var* OriginOf(const VersionMap& version_of, const Expr* e) {
  return e != nullptr && e->kind == ExprKind::kVar ? Origin(version_of, e->var) : nullptr;
}

// Fills `version_of` (LanePlacement::version_of_) in program order, so that
// what a loop or branch gives back is resolved before it.
void CollectVersions(const Stmt& seq, VersionMap* version_of) {
  for (const StmtPtr& child : seq.stmts) {
    const Stmt& s = *child;
    switch (s.kind) {
      case StmtKind::kAssign: {
        const Expr* call = CallOf(s);
        const OpInfo* info = call != nullptr ? LookupOp(*call) : nullptr;
        if (info != nullptr && info->role == OpRole::kGmStore && info->access.tensor_arg >= 0 &&
            info->access.tensor_arg < static_cast<int>(call->args.size()) &&
            call->args[info->access.tensor_arg]->kind == ExprKind::kVar &&
            call->args[info->access.tensor_arg]->var != s.var) {
          (*version_of)[s.var] = call->args[info->access.tensor_arg]->var;
        }
        break;
      }
      case StmtKind::kFor: {
        // A GM tensor's iterations are all versions of one tensor; a tile or
        // scalar is a version of the initial value only when the body gives
        // back the iteration's value unchanged.
        for (size_t k = 0; k < s.iter_args.size(); ++k) {
          if (s.iter_args[k]->type.is_tensor() && s.init_values[k]->kind == ExprKind::kVar) {
            (*version_of)[s.iter_args[k]] = s.init_values[k]->var;
          }
        }
        CollectVersions(*s.body, version_of);
        for (size_t k = 0; k < s.iter_args.size() && k < s.results.size(); ++k) {
          if (s.init_values[k]->kind != ExprKind::kVar) continue;
          const Var* origin = Origin(*version_of, s.iter_args[k]);
          if (OriginOf(*version_of, YieldValue(s.body.get(), k)) != origin) continue;
          (*version_of)[s.iter_args[k]] = s.init_values[k]->var;
          (*version_of)[s.results[k]] = s.init_values[k]->var;
        }
        break;
      }
      case StmtKind::kIf: {
        for (const Stmt* body : BodiesOf(s)) CollectVersions(*body, version_of);
        if (s.else_body == nullptr) break;
        for (size_t k = 0; k < s.results.size(); ++k) {
          const Expr* then_value = YieldValue(s.body.get(), k);
          const Var* origin = OriginOf(*version_of, then_value);
          if (origin != nullptr &&
              origin == OriginOf(*version_of, YieldValue(s.else_body.get(), k))) {
            (*version_of)[s.results[k]] = then_value->var;
          }
        }
        break;
      }
      default:
        for (const Stmt* body : BodiesOf(s)) CollectVersions(*body, version_of);
        break;
    }
  }
}

absl::string_view HeaderWhat(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::kFor: return "the bounds of this loop depend";
    case StmtKind::kWhile: return "the condition of this loop depends";
    default: return "the condition of this branch depends";
  }
}

absl::string_view HolderWhat(const Stmt& s) {
  return s.kind == StmtKind::kIf ? "the branch" : "the loop";
}

std::string ProducerName(const Stmt& producer) {
  if (const Expr* call = CallOf(producer)) return call->str;
  switch (producer.kind) {
    case StmtKind::kFor: return "a loop";
    case StmtKind::kIf: return "a branch";
    default: return "a statement";
  }
}

// An assignment whose only effect is its value: every call in it is tile
// arithmetic, a view or scalar code. Dead, it is dropped from its lane, as
// PyPTO's split drops dead assignments (all but stores, transfers, frees,
// pipe setup and tile.assemble: its dce::IsSideEffectOp). GM reads stay:
// the hand-offs were ordered with them in place, and every GM access the
// kernel writes is kept (README_expand_mixed_kernel.md).
bool EffectFree(const Stmt& leaf) {
  if (leaf.kind != StmtKind::kAssign || leaf.value == nullptr) return false;
  bool effect_free = true;
  WalkExprTree(*leaf.value, [&](const Expr& e) {
    if (e.kind != ExprKind::kCall) return;
    const OpInfo* info = LookupOp(e);  // null: a function call or an unknown op
    if (info == nullptr || info->writes_first_arg) {
      effect_free = false;
      return;
    }
    switch (info->role) {
      case OpRole::kCompute:
      case OpRole::kPureScalar:
        break;
      default:
        effect_free = false;
    }
  });
  return effect_free;
}

}  // namespace

LeafLanes LeafLanesOf(const Stmt& leaf, const LaneClassifier& classifier,
                      const PinnedLanes& pinned) {
  auto it = pinned.find(&leaf);
  if (it != pinned.end()) {
    LeafLanes l;
    l.kind = LeafLanes::Kind::kFixed;
    l.lanes = it->second;
    return l;
  }
  return classifier.Classify(leaf);
}

LanePlacement::LanePlacement(const Function& f, const LaneClassifier& classifier,
                             const PinnedLanes& pinned)
    : f_(f), classifier_(classifier), pinned_(pinned) {
  CollectDefs(*f.body, &def_);
  CollectVersions(*f.body, &version_of_);
}

LaneMask LanePlacement::Placed(const Stmt* s) const {
  auto it = placed_.find(s);
  return it == placed_.end() ? kNoLane : it->second;
}

LaneMask LanePlacement::Kept(const Var* v) const {
  auto it = kept_.find(v);
  return it == kept_.end() ? kNoLane : it->second;
}

LaneMask LanePlacement::AvailOfVar(const Var* v) const {
  if (v->type.is_tensor()) return kBothLanes;  // GM: the same tensor on both lanes
  auto it = avail_.find(v);
  return it == avail_.end() ? kBothLanes : it->second;
}

LaneMask LanePlacement::AvailOf(const Expr& e) const {
  LaneMask lanes = kBothLanes;
  VisitVars(e, [&](Var* v) { lanes &= AvailOfVar(v); });
  return lanes;
}

bool LanePlacement::AvailStep(const Stmt& seq) {
  bool changed = false;
  auto narrow = [&](const Var* v, LaneMask lanes) {
    if (v->type.is_tensor()) return;  // GM is there on both lanes
    LaneMask old = AvailOfVar(v);
    if ((old & lanes) != old) {
      avail_[v] = old & lanes;
      changed = true;
    }
  };
  for (const StmtPtr& child : seq.stmts) {
    const Stmt& s = *child;
    switch (s.kind) {
      case StmtKind::kAssign: {
        LeafLanes l = LeafLanesOf(s, classifier_, pinned_);
        if (l.kind == LeafLanes::Kind::kFixed) narrow(s.var, l.lanes);
        if (l.kind == LeafLanes::Kind::kPure) narrow(s.var, AvailOf(*s.value));
        break;
      }
      case StmtKind::kFor: {
        LaneMask header = AvailOf(*s.start) & AvailOf(*s.stop) & AvailOf(*s.step);
        if (LaneMask pinned = classifier_.HeaderLanes(s)) header &= pinned;
        if (s.var != nullptr) narrow(s.var, header);
        for (size_t k = 0; k < s.iter_args.size(); ++k) {
          LaneMask lanes = header & AvailOf(*s.init_values[k]);
          if (const Expr* y = YieldValue(s.body.get(), k)) lanes &= AvailOf(*y);
          narrow(s.iter_args[k], lanes);
          if (k < s.results.size()) narrow(s.results[k], lanes);
        }
        changed |= AvailStep(*s.body);
        break;
      }
      case StmtKind::kIf: {
        LaneMask cond = AvailOf(*s.value);
        if (LaneMask pinned = classifier_.HeaderLanes(s)) cond &= pinned;
        for (size_t k = 0; k < s.results.size(); ++k) {
          LaneMask lanes = cond;
          if (const Expr* y = YieldValue(s.body.get(), k)) lanes &= AvailOf(*y);
          if (const Expr* y = YieldValue(s.else_body.get(), k)) lanes &= AvailOf(*y);
          narrow(s.results[k], lanes);
        }
        changed |= AvailStep(*s.body);
        if (s.else_body) changed |= AvailStep(*s.else_body);
        break;
      }
      case StmtKind::kWhile:
        changed |= AvailStep(*s.body);
        break;
      default:
        break;
    }
  }
  return changed;
}

void LanePlacement::ComputeAvailability() {
  while (AvailStep(*f_.body)) {
  }
}

void LanePlacement::AddNeed(const Var* v, LaneMask lanes, bool* changed) {
  if (lanes == kNoLane) return;
  LaneMask& need = need_[v];
  if ((need | lanes) != need) {
    need |= lanes;
    *changed = true;
  }
}

void LanePlacement::AddNeed(const Expr& e, LaneMask lanes, bool* changed) {
  VisitVars(e, [&](Var* v) { AddNeed(v, lanes, changed); });
}

LaneMask LanePlacement::NeedOfLeaf(const Stmt& leaf, bool* changed) {
  LeafLanes l = LeafLanesOf(leaf, classifier_, pinned_);
  LaneMask lanes = kNoLane;
  switch (l.kind) {
    case LeafLanes::Kind::kFixed:
      // Dead code, written so or left dead by the split, runs nowhere.
      lanes = EffectFree(leaf) && need_[leaf.var] == kNoLane ? kNoLane : l.lanes;
      break;
    case LeafLanes::Kind::kPure: lanes = need_[leaf.var]; break;
    case LeafLanes::Kind::kBoundary: lanes = kBothLanes; break;
    default: break;
  }
  if (leaf.value) AddNeed(*leaf.value, lanes, changed);
  if (leaf.kind == StmtKind::kAssign) {
    auto alias = version_of_.find(leaf.var);
    if (alias != version_of_.end()) {
      // Lanes without the store see the stored-into tensor itself.
      AddNeed(alias->second, need_[leaf.var] & ~lanes, changed);
    }
  }
  return lanes;
}

bool LanePlacement::NeedStep(const Stmt& seq) {
  bool changed = false;
  auto place = [&](const Stmt& s, LaneMask lanes) {
    LaneMask& placed = placed_[&s];
    if ((placed | lanes) != placed) {
      placed |= lanes;
      changed = true;
    }
    return placed;
  };
  auto keep = [&](const Var* v, LaneMask lanes) {
    LaneMask& kept = kept_[v];
    if ((kept | lanes) != kept) {
      kept |= lanes;
      changed = true;
    }
    return kept;
  };
  // Uses come after definitions, so walking backwards converges faster.
  for (auto it = seq.stmts.rbegin(); it != seq.stmts.rend(); ++it) {
    const Stmt& s = **it;
    switch (s.kind) {
      case StmtKind::kAssign:
      case StmtKind::kEval:
        place(s, NeedOfLeaf(s, &changed));
        break;
      case StmtKind::kReturn:
        // Both lanes leave here; only the AIV lane gives the values back
        // (returns.h).
        place(s, kBothLanes);
        for (const ExprPtr& v : s.values) AddNeed(*v, kAiv, &changed);
        break;
      case StmtKind::kFor: {
        changed |= NeedStep(*s.body);
        LaneMask lanes = placed_[&s];
        for (const StmtPtr& c : s.body->stmts) lanes |= Placed(c.get());
        const LaneMask body_lanes = lanes;
        for (size_t k = 0; k < s.iter_args.size(); ++k) {
          LaneMask kept = need_[s.iter_args[k]];
          if (k < s.results.size()) kept |= need_[s.results[k]];
          if (k < s.results.size() && version_of_.contains(s.results[k])) {
            // A lane with no work in the loop reads what the loop gives
            // back a version of (a GM tensor: PyPTO repoints it to the
            // parameter).
            AddNeed(*s.init_values[k], kept & ~body_lanes, &changed);
            kept &= body_lanes;
          }
          kept = keep(s.iter_args[k], kept);
          if (k < s.results.size()) keep(s.results[k], kept);
          AddNeed(*s.init_values[k], kept, &changed);
          if (const Expr* y = YieldValue(s.body.get(), k)) AddNeed(*y, kept, &changed);
          lanes |= kept;
        }
        lanes = place(s, lanes);
        AddNeed(*s.start, lanes, &changed);
        AddNeed(*s.stop, lanes, &changed);
        AddNeed(*s.step, lanes, &changed);
        break;
      }
      case StmtKind::kIf: {
        changed |= NeedStep(*s.body);
        if (s.else_body) changed |= NeedStep(*s.else_body);
        LaneMask lanes = placed_[&s];
        for (const Stmt* body : BodiesOf(s)) {
          for (const StmtPtr& c : body->stmts) lanes |= Placed(c.get());
        }
        const LaneMask body_lanes = lanes;
        for (size_t k = 0; k < s.results.size(); ++k) {
          LaneMask needed = need_[s.results[k]];
          auto alias = version_of_.find(s.results[k]);
          if (alias != version_of_.end()) {
            // As for loops: a lane with no work in the branch reads what
            // every branch gives back a version of.
            AddNeed(alias->second, needed & ~body_lanes, &changed);
            needed &= body_lanes;
          }
          LaneMask kept = keep(s.results[k], needed);
          for (const Stmt* body : BodiesOf(s)) {
            if (const Expr* y = YieldValue(body, k)) AddNeed(*y, kept, &changed);
          }
          lanes |= kept;
        }
        lanes = place(s, lanes);
        AddNeed(*s.value, lanes, &changed);
        break;
      }
      case StmtKind::kWhile: {
        changed |= NeedStep(*s.body);
        LaneMask lanes = placed_[&s];
        for (const StmtPtr& c : s.body->stmts) lanes |= Placed(c.get());
        lanes = place(s, lanes);
        AddNeed(*s.value, lanes, &changed);
        break;
      }
      default:
        break;
    }
  }
  return changed;
}

bool LanePlacement::Run(DiagnosticSink* errors) {
  ComputeAvailability();
  bool changed = true;
  while (changed) changed = NeedStep(*f_.body);
  int before = errors->error_count();
  CheckSeq(*f_.body, errors);
  return errors->error_count() == before;
}

const Stmt* LanePlacement::RootProducer(const Var* v, LaneMask missing) const {
  auto it = def_.find(v);
  if (it == def_.end()) return nullptr;
  const Stmt* def = it->second;
  if (def->kind == StmtKind::kAssign &&
      LeafLanesOf(*def, classifier_, pinned_).kind == LeafLanes::Kind::kPure) {
    const Stmt* deeper = nullptr;
    VisitVars(*def->value, [&](Var* u) {
      if (deeper == nullptr && (AvailOfVar(u) & missing) != missing) {
        deeper = RootProducer(u, missing);
      }
    });
    if (deeper != nullptr) return deeper;
  }
  return def;
}

void LanePlacement::CheckUses(const Stmt& user, const Expr& e, LaneMask lanes, bool header,
                              DiagnosticSink* errors) {
  VisitVars(e, [&](Var* v) {
    LaneMask missing = lanes & ~AvailOfVar(v);
    if (missing == kNoLane || reported_.contains(&user)) return;
    const Stmt* root = RootProducer(v, missing);
    reported_[&user] = root;
    LaneMask has = OtherLane(missing == kBothLanes ? kAic : missing);
    std::string from;
    if (root != nullptr && root->kind == StmtKind::kAssign && root->var != v) {
      from = absl::StrCat(" (from '", root->var->name, "', ", ProducerName(*root), ")");
    } else if (root != nullptr) {
      from = absl::StrCat(" (", ProducerName(*root), ")");
    }
    std::string message;
    if (user.kind == StmtKind::kReturn) {
      message = absl::StrCat(
          "in kernel '", f_.name, "': the kernel returns '", v->name, "', which only the ",
          LaneMaskName(has), " lane computes", from, "; a split kernel gives its values back "
          "from the AIV lane (as PyPTO's ExpandMixedKernel): store the value into an output "
          "parameter and return that, or move it to the vector lane (tile.move to Vec)");
    } else if (header) {
      message = absl::StrCat(
          "in kernel '", f_.name, "': ", HeaderWhat(user), " on '", v->name,
          "', which only the ", LaneMaskName(has), " lane can compute", from, ", but ",
          HolderWhat(user), " holds work for the ", LaneMaskName(missing),
          " lane too; bounds and conditions of a mixed kernel must be computable on both "
          "lanes (from parameters, constants, loop variables and pure scalar arithmetic)");
    } else if (v->type.is_tile()) {
      message = absl::StrCat(
          "in kernel '", f_.name, "': tile '", v->name, "' is computed on the ",
          LaneMaskName(has), " lane only", from, ", but the ", LaneMaskName(missing),
          " lane uses it here; a tile crosses between the lanes by a tile.move into the "
          "other lane's memory, written as a statement of its own");
    } else {
      message = absl::StrCat(
          "in kernel '", f_.name, "': '", v->name, "' is computed on the ",
          LaneMaskName(has), " lane only", from, ", but the ", LaneMaskName(missing),
          " lane uses it here; a scalar cannot cross between the lanes (compute it on both "
          "lanes from parameters, or pass the data as a tile)");
    }
    errors->Error(user.loc, message);
    if (root != nullptr) {
      const std::string& name = root->kind == StmtKind::kAssign ? root->var->name : v->name;
      errors->Note(root->loc, absl::StrCat("'", name, "' comes from here, on the ",
                                           LaneMaskName(has), " lane"));
    }
  });
}

void LanePlacement::CheckSeq(const Stmt& seq, DiagnosticSink* errors) {
  for (const StmtPtr& child : seq.stmts) {
    const Stmt& s = *child;
    LaneMask lanes = Placed(&s);
    if (lanes == kNoLane) continue;
    switch (s.kind) {
      case StmtKind::kAssign:
      case StmtKind::kEval:
        // Replicated scalar code is reported where its value is used.
        if (s.value && LeafLanesOf(s, classifier_, pinned_).kind != LeafLanes::Kind::kPure) {
          CheckUses(s, *s.value, lanes, false, errors);
        }
        continue;
      case StmtKind::kReturn:
        for (const ExprPtr& v : s.values) CheckUses(s, *v, lanes & kAiv, false, errors);
        continue;
      default:
        break;
    }
    if (s.kind != StmtKind::kFor && s.kind != StmtKind::kIf && s.kind != StmtKind::kWhile) {
      continue;
    }
    LaneMask pinned = classifier_.HeaderLanes(s);
    if (pinned != kNoLane && (lanes & ~pinned) != kNoLane && !reported_.contains(&s)) {
      reported_[&s] = nullptr;
      errors->Error(s.loc, absl::StrCat(
          "in kernel '", f_.name, "': ", HeaderWhat(s), " on a call that runs on the ",
          LaneMaskName(pinned), " lane only, but ", HolderWhat(s), " holds work for the ",
          LaneMaskName(lanes & ~pinned),
          " lane too; bounds and conditions of a mixed kernel must be computable on both "
          "lanes (from parameters, constants, loop variables and pure scalar arithmetic)"));
    }
    ForEachOwnExpr(s, [&](const Expr& e) {
      bool is_init = false;
      for (const ExprPtr& init : s.init_values) is_init |= init.get() == &e;
      if (!is_init) CheckUses(s, e, lanes, true, errors);
    });
    for (size_t k = 0; k < s.init_values.size(); ++k) {
      CheckUses(s, *s.init_values[k], Kept(s.iter_args[k]), false, errors);
    }
    for (const Stmt* body : BodiesOf(s)) {
      if (const Stmt* y = TrailingYield(*body)) {
        const std::vector<Var*>& keys = s.kind == StmtKind::kFor ? s.iter_args : s.results;
        for (size_t k = 0; k < y->values.size() && k < keys.size(); ++k) {
          CheckUses(*y, *y->values[k], Kept(keys[k]), false, errors);
        }
      }
      CheckSeq(*body, errors);
    }
  }
}

void LanePlacement::FilterSeq(const Stmt& orig, Stmt& copy, LaneMask lane,
                              const std::vector<const Var*>* yield_keys) const {
  std::vector<StmtPtr> kept;
  auto kept_indices = [&](const std::vector<Var*>& keys) {
    std::vector<size_t> idx;
    for (size_t k = 0; k < keys.size(); ++k) {
      if (Kept(keys[k]) & lane) idx.push_back(k);
    }
    return idx;
  };
  auto select = [](auto& items, const std::vector<size_t>& idx) {
    std::remove_reference_t<decltype(items)> out;
    for (size_t k : idx) {
      if (k < items.size()) out.push_back(std::move(items[k]));
    }
    items = std::move(out);
  };
  for (size_t i = 0; i < orig.stmts.size(); ++i) {
    const Stmt& o = *orig.stmts[i];
    StmtPtr& c = copy.stmts[i];
    if (o.kind == StmtKind::kYield) {
      if (yield_keys != nullptr) {
        std::vector<size_t> idx;
        for (size_t k = 0; k < yield_keys->size(); ++k) {
          if (Kept((*yield_keys)[k]) & lane) idx.push_back(k);
        }
        select(c->values, idx);
        // Nothing left to carry on this lane: no yield either.
        if (c->values.empty() && !o.values.empty()) continue;
      }
      kept.push_back(std::move(c));
      continue;
    }
    if ((Placed(&o) & lane) == kNoLane) continue;
    if (o.kind == StmtKind::kFor) {
      std::vector<size_t> idx = kept_indices(o.iter_args);
      select(c->iter_args, idx);
      select(c->init_values, idx);
      select(c->results, idx);
      std::vector<const Var*> keys(o.iter_args.begin(), o.iter_args.end());
      FilterSeq(*o.body, *c->body, lane, &keys);
    } else if (o.kind == StmtKind::kIf) {
      select(c->results, kept_indices(o.results));
      std::vector<const Var*> keys(o.results.begin(), o.results.end());
      FilterSeq(*o.body, *c->body, lane, &keys);
      if (o.else_body) FilterSeq(*o.else_body, *c->else_body, lane, &keys);
    } else if (o.kind == StmtKind::kWhile) {
      FilterSeq(*o.body, *c->body, lane, nullptr);
    }
    kept.push_back(std::move(c));
  }
  copy.stmts = std::move(kept);
}

bool LanePlacement::Present(const Var* v, LaneMask lane) const {
  auto def = def_.find(v);
  if (def == def_.end()) return true;  // a parameter
  if (def->second->kind == StmtKind::kAssign) return (Placed(def->second) & lane) != kNoLane;
  return (Kept(v) & lane) != kNoLane;
}

std::unique_ptr<Function> LanePlacement::BuildLane(LaneMask lane,
                                                   const std::string& name) const {
  auto fn = std::make_unique<Function>();
  fn->name = name;
  fn->kind = lane == kAic ? FunctionKind::kAIC : FunctionKind::kAIV;
  // The AIV lane returns the kernel's values, the AIC lane none (returns.h).
  if (lane == kAiv) fn->return_type = f_.return_type;
  fn->loc = f_.loc;
  absl::flat_hash_map<const Var*, Var*> copy_of;
  for (const auto& v : f_.vars) {
    fn->vars.push_back(std::make_unique<Var>(*v));
    copy_of[v.get()] = fn->vars.back().get();
  }
  for (const Param& p : f_.params) fn->params.push_back(Param{copy_of[p.var], p.direction});
  for (const NamedExpr& a : f_.attrs) fn->attrs.push_back(MakeAttr(a.name, Clone(*a.value)));
  fn->body = Clone(*f_.body);
  FilterSeq(*f_.body, *fn->body, lane, nullptr);
  // A version not made on this lane is what it is a version of
  // (version_of_).
  for (const auto& [version, target] : version_of_) {
    const Var* image = version;
    for (size_t steps = 0; !Present(image, lane) && steps <= version_of_.size(); ++steps) {
      auto alias = version_of_.find(image);
      if (alias == version_of_.end()) break;
      image = alias->second;
    }
    if (image != version) copy_of[version] = copy_of[image];
  }
  ReplaceVars(*fn->body, copy_of);
  if (lane == kAic) DropReturnValues(*fn->body);
  return fn;
}

}  // namespace mixed_kernel
}  // namespace ptoc

#include "passes/infer_tile_memory_space.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"
#include "ir/memory_capacity.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "ir/walk.h"

namespace ptoc {
namespace {

bool NeedsMemory(const Type& t) { return t.is_tile() && !t.has_memory(); }

class Inference : public MutableStmtVisitor<Inference, absl::Status> {
 public:
  Inference(Function& f, Backend backend) : f_(f), backend_(backend) {}

  absl::StatusOr<bool> Run() {
    // A second round sees the spaces loops carried back to their initial
    // values (the accumulator pattern).
    for (int round = 0; round < 2; ++round) {
      RETURN_IF_ERROR(Visit(*f_.body));
    }
    // What no rule reached (a tile bound by tuple unpacking, ...) is in
    // Vec, PyPTO's default for a producer it has no rule for.
    for (const auto& v : f_.vars) {
      if (NeedsMemory(v->type) && memory_.count(v.get()) == 0) memory_[v.get()] = MemorySpace::kVec;
    }
    bool changed = !memory_.empty();
    for (const auto& entry : memory_) entry.first->type = PlacedIn(entry.first->type, entry.second);
    if (changed) Retype(*f_.body);
    InsertMoves(f_.body, &changed);
    RETURN_IF_ERROR(CheckOperands(*f_.body));
    RETURN_IF_ERROR(CheckFits());
    return changed;
  }

 private:
  friend MutableStmtVisitor<Inference, absl::Status>;

  // The space of a tile value as far as known now.
  std::optional<MemorySpace> MemoryOf(const Expr& e) const {
    if (!e.type.is_tile()) return std::nullopt;
    if (e.kind == ExprKind::kVar) {
      auto it = memory_.find(e.var);
      if (it != memory_.end()) return it->second;
      if (e.var->type.has_memory()) return e.var->type.memory();
      return std::nullopt;
    }
    if (e.type.has_memory()) return e.type.memory();
    if (e.kind == ExprKind::kCall) return ResultMemory(e);
    return MemorySpace::kVec;
  }

  // The registry's rule for the space of a call's tile result.
  MemorySpace ResultMemory(const Expr& call) const {
    const OpInfo* info = LookupOp(call);
    if (info == nullptr) return MemorySpace::kVec;
    switch (info->memory.output) {
      case MemorySpec::Output::kFixed:
        return info->memory.fixed;
      case MemorySpec::Output::kFromAttr: {
        const Expr* a = AttrOrDefault(call, "target_memory");
        if (a != nullptr && a->kind == ExprKind::kEnum) {
          return ParseMemorySpace(a->str).value_or(MemorySpace::kVec);
        }
        return MemorySpace::kVec;
      }
      case MemorySpec::Output::kInheritInput:
        for (const ExprPtr& arg : call.args) {
          if (!arg->type.is_tile()) continue;
          return MemoryOf(*arg).value_or(MemorySpace::kVec);
        }
        return MemorySpace::kVec;
      case MemorySpec::Output::kUnspecified:
        return MemorySpace::kVec;
    }
    return MemorySpace::kVec;
  }

  // A vector op: its result is always in Vec.
  static bool IsVectorOp(const OpInfo& info) {
    return info.memory.output == MemorySpec::Output::kFixed &&
           info.memory.fixed == MemorySpace::kVec;
  }

  // Whether a tile operand `call` takes in Vec is in another space.
  static bool HasOperandOutsideVec(const OpInfo& info, const Expr& call) {
    for (size_t i = 0; i < info.memory.inputs.size() && i < call.args.size(); ++i) {
      const Type& t = call.args[i]->type;
      if (!info.memory.inputs[i].empty() && info.memory.inputs[i][0] == MemorySpace::kVec &&
          t.is_tile() && t.has_memory() && t.memory() != MemorySpace::kVec) {
        return true;
      }
    }
    return false;
  }

  void Set(Var* v, std::optional<MemorySpace> m) {
    if (NeedsMemory(v->type) && m.has_value()) memory_[v] = *m;
  }

  absl::Status Merge(const std::vector<Var*>& results, const Stmt* then_yield,
                     const Stmt* else_yield, const Location& loc) {
    for (size_t i = 0; i < results.size(); ++i) {
      if (!NeedsMemory(results[i]->type)) continue;
      std::optional<MemorySpace> a, b;
      if (then_yield != nullptr && i < then_yield->values.size()) a = MemoryOf(*then_yield->values[i]);
      if (else_yield != nullptr && i < else_yield->values.size()) b = MemoryOf(*else_yield->values[i]);
      if (a.has_value() && b.has_value() && *a != *b) {
        return ErrorAt(loc, absl::StrCat("the branches give tile '", results[i]->name,
                                         "' different memory spaces (", MemorySpaceName(*a),
                                         " and ", MemorySpaceName(*b),
                                         "); write its memory space, or pl.move one branch's "
                                         "tile to the other's"));
      }
      Set(results[i], a.has_value() ? a : b);
    }
    return absl::OkStatus();
  }

  // Sequences, scopes and pl.split_aiv regions: their children; the other
  // statements bind no tile.
  absl::Status VisitStmt(Stmt& s) {
    return TryForEachChild(s, [this](Stmt& c) { return Visit(c); });
  }

  absl::Status VisitAssign(Stmt& s) {
    // A vector op makes its result in Vec whatever its operands' spaces:
    // an operand elsewhere is moved to Vec (InsertMoves), as PyPTO's pass
    // does.
    const OpInfo* info = s.value->kind == ExprKind::kCall ? LookupOp(*s.value) : nullptr;
    if (info != nullptr && IsVectorOp(*info) && s.var->type.is_tile() &&
        HasOperandOutsideVec(*info, *s.value)) {
      // A vector op of a tile elsewhere: its result is in Vec also over the
      // space the parser deduced from that operand (a tile.cast of an Acc
      // tile), as PyPTO's pass retypes it.
      memory_[s.var] = MemorySpace::kVec;
      return absl::OkStatus();
    }
    Set(s.var, MemoryOf(*s.value));
    return absl::OkStatus();
  }

  absl::Status VisitFor(Stmt& s) { return VisitLoop(s); }
  absl::Status VisitWhile(Stmt& s) { return VisitLoop(s); }

  absl::Status VisitLoop(Stmt& s) {
    for (size_t i = 0; i < s.iter_args.size() && i < s.init_values.size(); ++i) {
      if (memory_.count(s.iter_args[i]) == 0) Set(s.iter_args[i], MemoryOf(*s.init_values[i]));
    }
    RETURN_IF_ERROR(Visit(*s.body));
    const Stmt* yield = TrailingYield(*s.body);
    for (size_t i = 0; i < s.iter_args.size(); ++i) {
      Var* ia = s.iter_args[i];
      if (!NeedsMemory(ia->type) || yield == nullptr || i >= yield->values.size()) continue;
      std::optional<MemorySpace> yielded = MemoryOf(*yield->values[i]);
      if (!yielded.has_value()) continue;
      memory_[ia] = *yielded;
      // The initial value is the carried tile's first iteration: it is
      // made in the space the loop carries (PyPTO's back-propagation).
      if (i < s.init_values.size() && s.init_values[i]->kind == ExprKind::kVar) {
        Set(s.init_values[i]->var, yielded);
      }
    }
    for (size_t i = 0; i < s.results.size() && i < s.iter_args.size(); ++i) {
      auto it = memory_.find(s.iter_args[i]);
      if (it != memory_.end()) Set(s.results[i], it->second);
    }
    return absl::OkStatus();
  }

  absl::Status VisitIf(Stmt& s) {
    RETURN_IF_ERROR(Visit(*s.body));
    if (s.else_body != nullptr) {
      RETURN_IF_ERROR(Visit(*s.else_body));
    }
    return Merge(s.results, TrailingYield(*s.body),
                 s.else_body != nullptr ? TrailingYield(*s.else_body) : nullptr, s.loc);
  }

  // Every expression's type after the variables got their spaces,
  // arguments first: an op call's is what its result rule gives for the
  // retyped arguments; one taken from its assignment's annotation
  // (`annotated`) is the target's.
  void RetypeExpr(Expr& e, const Type* annotated = nullptr) {
    for (ExprPtr& a : e.args) RetypeExpr(*a);
    for (NamedExpr& a : e.attrs) RetypeExpr(*a.value);
    if (e.kind == ExprKind::kVar) {
      e.type = e.var->type;
      return;
    }
    const OpInfo* info = e.kind == ExprKind::kCall ? LookupOp(e) : nullptr;
    if (info != nullptr && info->result) {
      absl::StatusOr<std::optional<Type>> r = info->result(e);
      if (r.ok() && r->has_value()) {
        e.type = (*r)->WithExtra(e.type.extra());
        // An op whose result rule names no space (tile.full, tile.tri, ...)
        // makes its tile where its target lives.
        if (NeedsMemory(e.type)) {
          e.type = PlacedIn(e.type, annotated != nullptr && annotated->is_tile() &&
                                            annotated->has_memory()
                                        ? annotated->memory()
                                        : ResultMemory(e));
        }
        return;
      }
      if (r.ok() && annotated != nullptr && annotated->is_tile()) {
        e.type = *annotated;
        return;
      }
    }
    if (NeedsMemory(e.type)) {
      e.type = PlacedIn(e.type, e.kind == ExprKind::kCall ? ResultMemory(e) : MemorySpace::kVec);
    }
  }

  void Retype(Stmt& s) {
    if (s.value != nullptr) {
      RetypeExpr(*s.value, s.kind == StmtKind::kAssign ? &s.var->type : nullptr);
    }
    for (ExprPtr* e : {&s.start, &s.stop, &s.step}) {
      if (*e != nullptr) RetypeExpr(**e);
    }
    for (ExprPtr& e : s.init_values) RetypeExpr(*e);
    for (ExprPtr& e : s.values) RetypeExpr(*e);
    for (StmtPtr& c : s.stmts) Retype(*c);
    if (s.body != nullptr) Retype(*s.body);
    if (s.else_body != nullptr) Retype(*s.else_body);
  }

  // PyPTO's move insertion: a tile in a space its consumer does not take
  // gets a `tile.move` to the consumer's first space right before the
  // statement, reused by later consumers in the same sequence (and the
  // sequences inside it), for the moves one core makes (Mat into Left /
  // Right / Bias, Acc into Mat) and the cube-vector hand-offs
  // expand-mixed-kernel splits (Acc or Mat into Vec, Vec into Mat; a Mat tile
  // cannot cross, which expand-mixed-kernel reports at the move). Other
  // mismatches stay errors (CheckOperands, code generation).
  static bool Movable(MemorySpace from, MemorySpace to) {
    using M = MemorySpace;
    return (from == M::kMat && (to == M::kLeft || to == M::kRight || to == M::kBias ||
                                to == M::kVec)) ||
           (from == M::kAcc && (to == M::kMat || to == M::kVec)) ||
           (from == M::kVec && to == M::kMat);
  }

  void InsertMoves(StmtPtr& s, bool* changed) {
    if (s->kind != StmtKind::kSeq) {
      if (!NeedsMove(*s)) {
        for (StmtPtr* body : {&s->body, &s->else_body}) {
          if (*body != nullptr) InsertMoves(*body, changed);
        }
        return;
      }
      EnsureSeq(s);
    }
    const size_t outer = scope_keys_.size();
    std::vector<StmtPtr> stmts;
    for (StmtPtr& c : s->stmts) {
      if (NeedsMove(*c)) {
        MoveOperands(*c->value, c->loc, &stmts, changed);
        RetypeExpr(*c->value, c->kind == StmtKind::kAssign ? &c->var->type : nullptr);
      }
      for (StmtPtr* body : {&c->body, &c->else_body}) {
        if (*body != nullptr) InsertMoves(*body, changed);
      }
      stmts.push_back(std::move(c));
    }
    s->stmts = std::move(stmts);
    while (scope_keys_.size() > outer) {
      moved_.erase(scope_keys_.back());
      scope_keys_.pop_back();
    }
  }

  // Moves the tile operands of `e` and of the calls nested in it that are
  // in a space their op does not take (new moves go to `stmts`, before the
  // statement at `loc`).
  void MoveOperands(Expr& e, const Location& loc, std::vector<StmtPtr>* stmts, bool* changed) {
    for (ExprPtr& a : e.args) MoveOperands(*a, loc, stmts, changed);
    const OpInfo* info = e.kind == ExprKind::kCall ? LookupOp(e) : nullptr;
    if (info == nullptr) return;
    for (size_t i = 0; i < info->memory.inputs.size() && i < e.args.size(); ++i) {
      std::optional<MemorySpace> to = MoveTarget(*info, e, i);
      if (!to.has_value()) continue;
      Var* source = e.args[i]->var;
      const auto key = std::make_pair(source, *to);
      auto it = moved_.find(key);
      if (it == moved_.end()) {
        stmts->push_back(MoveStmt(source, *to, loc));
        it = moved_.emplace(key, stmts->back()->var).first;
        scope_keys_.push_back(key);
      }
      e.args[i] = MakeVarRef(it->second, e.args[i]->loc);
      *changed = true;
    }
  }

  // Whether `e` or a call nested in it has an operand to move.
  bool HasOperandToMove(const Expr& e) const {
    for (const ExprPtr& a : e.args) {
      if (HasOperandToMove(*a)) return true;
    }
    const OpInfo* info = e.kind == ExprKind::kCall ? LookupOp(e) : nullptr;
    if (info == nullptr) return false;
    for (size_t i = 0; i < info->memory.inputs.size() && i < e.args.size(); ++i) {
      if (MoveTarget(*info, e, i).has_value()) return true;
    }
    return false;
  }

  // The space argument `i` of `call` must be moved to, if any.
  std::optional<MemorySpace> MoveTarget(const OpInfo& info, const Expr& call, size_t i) const {
    const std::vector<MemorySpace>& allowed = info.memory.inputs[i];
    const Expr& arg = *call.args[i];
    if (allowed.empty() || arg.kind != ExprKind::kVar || !arg.var->type.is_tile() ||
        !arg.var->type.has_memory()) {
      return std::nullopt;
    }
    const MemorySpace m = arg.var->type.memory();
    for (MemorySpace a : allowed) {
      if (a == m) return std::nullopt;
    }
    if (!Movable(m, allowed[0])) return std::nullopt;
    if (LaneOfMemory(m) != LaneOfMemory(allowed[0])) {
      // A hand-off between the cube and the vector lane: only in a kernel
      // expand-mixed-kernel splits. A Mat tile goes only to a vector op
      // (whose result is in Vec); elsewhere (a store, tile.read) the op's
      // own rule about Mat is the clearer error.
      if (f_.kind != FunctionKind::kInCore) return std::nullopt;
      if (m == MemorySpace::kMat && !IsVectorOp(info)) return std::nullopt;
    }
    return allowed[0];
  }

  // An assignment or call statement with a tile operand to move.
  bool NeedsMove(const Stmt& s) const {
    return (s.kind == StmtKind::kAssign || s.kind == StmtKind::kEval) && s.value != nullptr &&
           HasOperandToMove(*s.value);
  }

  // `<name>_<Space> = tile.move(source, target_memory=<Space>)`, typed by
  // tile.move's result rule.
  StmtPtr MoveStmt(Var* source, MemorySpace to, const Location& loc) {
    std::vector<NamedExpr> attrs;
    attrs.push_back(MakeAttr("target_memory",
                             MakeEnum("MemorySpace", std::string(MemorySpaceName(to)), loc)));
    std::vector<ExprPtr> args;
    args.push_back(MakeVarRef(source, loc));
    ExprPtr move = MakeOpCall("tile.move", std::move(args), std::move(attrs),
                              PlacedIn(source->type, to), loc);
    RetypeExpr(*move);
    Var* moved = f_.NewVar(absl::StrCat(source->name, "_", MemorySpaceName(to)), move->type, loc);
    return MakeAssign(moved, std::move(move), loc);
  }

  // A tile the pass placed or moved that outgrows its memory is the
  // program's error, at its statement: PyPTO tiles such a tile in passes
  // ptoc does not have (AutoTileMatmulL0 splits a matmul's Left and Right
  // operands, ...).
  absl::Status CheckFits() const {
    for (const auto& v : f_.vars) {
      if (std::optional<std::string> overflow = TileOverflow(v->name, v->type, backend_)) {
        return ErrorAt(v->loc.known() ? v->loc : f_.loc,
                       absl::StrCat("infer-tile-memory-space: ", *overflow,
                                    "; PyPTO splits such a tile in passes ptoc does not "
                                    "have yet (AutoTileMatmulL0, ...): split it by hand"));
      }
    }
    return absl::OkStatus();
  }

  // An inferred tile passed where the op needs another space.
  absl::Status CheckCall(const Expr& e) {
    for (const ExprPtr& a : e.args) {
      RETURN_IF_ERROR(CheckCall(*a));
    }
    const OpInfo* info = e.kind == ExprKind::kCall ? LookupOp(e) : nullptr;
    if (info == nullptr) return absl::OkStatus();
    for (size_t i = 0; i < info->memory.inputs.size() && i < e.args.size(); ++i) {
      const std::vector<MemorySpace>& allowed = info->memory.inputs[i];
      const Expr& arg = *e.args[i];
      if (allowed.empty() || arg.kind != ExprKind::kVar || memory_.count(arg.var) == 0) continue;
      const MemorySpace m = memory_.at(arg.var);
      bool ok = false;
      std::vector<std::string> names;
      for (MemorySpace a : allowed) {
        ok = ok || a == m;
        names.push_back(std::string(MemorySpaceName(a)));
      }
      if (ok) continue;
      return ErrorAt(arg.loc.known() ? arg.loc : e.loc,
                     absl::StrCat("tile '", arg.var->name, "' is written without a memory space "
                                  "and is in ", MemorySpaceName(m), ", but argument ", i + 1,
                                  " of '", e.str, "' must be in ", absl::StrJoin(names, " or "),
                                  "; write it there (target_memory=pl.Mem.",
                                  MemorySpaceName(allowed[0]), ") or pl.move it"));
    }
    return absl::OkStatus();
  }

  absl::Status CheckOperands(const Stmt& s) {
    if (s.value != nullptr) {
      RETURN_IF_ERROR(CheckCall(*s.value));
    }
    for (const ExprPtr& e : s.values) {
      RETURN_IF_ERROR(CheckCall(*e));
    }
    for (const StmtPtr& c : s.stmts) {
      RETURN_IF_ERROR(CheckOperands(*c));
    }
    if (s.body != nullptr) {
      RETURN_IF_ERROR(CheckOperands(*s.body));
    }
    if (s.else_body != nullptr) return CheckOperands(*s.else_body);
    return absl::OkStatus();
  }

  Function& f_;
  const Backend backend_;
  absl::flat_hash_map<Var*, MemorySpace> memory_;
  // The moves made so far that later statements may reuse, and their keys
  // in the order made (popped at the end of each sequence).
  absl::flat_hash_map<std::pair<Var*, MemorySpace>, Var*> moved_;
  std::vector<std::pair<Var*, MemorySpace>> scope_keys_;
};

}  // namespace

absl::StatusOr<bool> InferTileMemorySpaces(Program& program) {
  bool changed = false;
  const Backend backend = ParseBackend(program.options.backend).value_or(Backend::kA2A3);
  for (const auto& f : program.functions) {
    if (!f->is_kernel()) continue;
    ASSIGN_OR_RETURN(bool c, Inference(*f, backend).Run());
    changed = changed || c;
  }
  return changed;
}

absl::StatusOr<bool> InferTileMemorySpace::Run(Program& program, PassContext&) {
  return InferTileMemorySpaces(program);
}

absl::Status InferTileMemorySpace::VerifyAfter(const Program& program) const {
  for (const auto& f : program.functions) {
    if (!f->is_kernel()) continue;
    for (const auto& v : f->vars) {
      if (NeedsMemory(v->type)) {
        return ErrorAt(v->loc.known() ? v->loc : f->loc,
                       absl::StrCat("after infer-tile-memory-space: tile '", v->name,
                                    "' in kernel '", f->name, "' has no memory space"));
      }
    }
  }
  return absl::OkStatus();
}

static PassRegistration<InferTileMemorySpace> registration(
    "infer-tile-memory-space",
    "Gives every kernel tile written without a memory space the one PyPTO's "
    "InferTileMemorySpace gives it, from the op registry's memory rules.");

}  // namespace ptoc

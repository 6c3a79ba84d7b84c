#include "passes/convert_tensor_to_tile_ops_rewrites.h"

#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"
#include "ir/walk.h"

namespace ptoc {

const TileForm* FormOf(const Expr& e) {
  const OpInfo* info = e.kind == ExprKind::kCall ? LookupOp(e) : nullptr;
  return info != nullptr && info->tile_form.kind != TileForm::Kind::kNone ? &info->tile_form
                                                                          : nullptr;
}

std::vector<StmtPtr> TakeStmts(StmtPtr& body) {
  std::vector<StmtPtr> stmts;
  if (body->kind == StmtKind::kSeq) return std::move(body->stmts);
  stmts.push_back(std::move(body));
  return stmts;
}

void PutStmts(StmtPtr& body, std::vector<StmtPtr> stmts) {
  if (body != nullptr && body->kind == StmtKind::kSeq) {
    body->stmts = std::move(stmts);
  } else if (stmts.size() == 1) {
    body = std::move(stmts[0]);
  } else {
    const Location loc = stmts.front()->loc;
    body = MakeSeq(std::move(stmts), loc);
  }
}

namespace {

ExprPtr HoistOne(Function& f, ExprPtr e, int* temps, std::vector<StmtPtr>& out) {
  const Location loc = e->loc;
  Var* tmp = f.NewVar(absl::StrCat("t__tmp_v", (*temps)++), e->type, loc);
  out.push_back(MakeAssign(tmp, std::move(e), loc));
  return MakeVarRef(tmp, loc);
}

void HoistArgs(Function& f, Expr& e, bool parent_converts, int* temps, std::vector<StmtPtr>& out) {
  for (ExprPtr& a : e.args) {
    HoistArgs(f, *a, FormOf(*a) != nullptr, temps, out);
    const TileForm* form = FormOf(*a);
    // A call that computes is hoisted under any parent: the conversion
    // rewrites statements, so it must be one (under a GM op such as
    // tile.load, its tile then meets the located "became a tile" error).
    const bool computes = form != nullptr && (form->kind == TileForm::Kind::kCompute ||
                                              form->kind == TileForm::Kind::kCreate ||
                                              form->kind == TileForm::Kind::kMatmul);
    if ((parent_converts || computes) && form != nullptr &&
        form->kind != TileForm::Kind::kAccess) {
      a = HoistOne(f, std::move(a), temps, out);
    }
  }
}

}  // namespace

void HoistTensorCalls(Function& f, StmtPtr& body, int* temps) {
  std::vector<StmtPtr> out;
  for (StmtPtr& s : TakeStmts(body)) {
    for (StmtPtr* b : {&s->body, &s->else_body}) {
      if (*b != nullptr) HoistTensorCalls(f, *b, temps);
    }
    if (s->kind == StmtKind::kAssign || s->kind == StmtKind::kEval ||
        s->kind == StmtKind::kReturn || s->kind == StmtKind::kYield) {
      ForEachOwnExprSlot(*s, [&](ExprPtr& e) {
        if (e != nullptr) HoistArgs(f, *e, FormOf(*e) != nullptr, temps, out);
        // A returned or yielded tensor call is computed before the statement.
        if (e != nullptr && s->kind != StmtKind::kAssign && s->kind != StmtKind::kEval &&
            FormOf(*e) != nullptr && e->type.is_tensor()) {
          e = HoistOne(f, std::move(e), temps, out);
        }
      });
    }
    out.push_back(std::move(s));
  }
  PutStmts(body, std::move(out));
}

namespace {

// `name = pl.tensor.create(shape, dtype=...)` for the Out parameter `out`.
absl::StatusOr<StmtPtr> CreateOutput(Function& caller, const Function& kernel, const Var& out,
                                     const Location& loc, Var** created) {
  std::vector<ExprPtr> dims;
  for (const Dim& d : out.type.shape()) {
    if (!d.is_static()) {
      return ErrorAt(loc, absl::StrCat("convert-tensor-to-tile-ops: kernel '", kernel.name,
                                       "' now takes output '", out.name,
                                       "' of dynamic shape; create it and pass it here"));
    }
    dims.push_back(MakeInt(d.value, loc));
  }
  std::vector<NamedExpr> attrs;
  attrs.push_back(MakeAttr("shape", MakeList(std::move(dims), loc)));
  attrs.push_back(
      MakeAttr("dtype", MakeEnum("DType", std::string(DTypeName(out.type.dtype())), loc)));
  *created = caller.NewVar(out.name, out.type, loc);
  return MakeAssign(*created, MakeOpCall("tensor.create", {}, std::move(attrs), out.type, loc),
                    loc);
}

// The calls of `kernel` in `e` get the new outputs, created into `before`.
absl::Status PassOutputs(Function& caller, const Function& kernel, size_t old_params,
                         const std::vector<Var*>& outs, Expr& e, std::vector<StmtPtr>& before) {
  for (ExprPtr& a : e.args) {
    RETURN_IF_ERROR(PassOutputs(caller, kernel, old_params, outs, *a, before));
  }
  if (e.kind != ExprKind::kCall) return absl::OkStatus();
  const bool direct = e.is_function_call && e.str == kernel.name;
  const OpInfo* info = LookupOp(e);
  const bool submitted = info != nullptr && info->callee_arg && !e.args.empty() &&
                         e.args[0]->kind == ExprKind::kString && e.args[0]->str == kernel.name;
  // pl.submit may leave out the Out arguments; then it leaves out these too.
  const size_t given = e.args.size() - (submitted ? 1 : 0);
  if (!(direct || submitted) || given != old_params) return absl::OkStatus();
  for (const Var* out : outs) {
    Var* created = nullptr;
    ASSIGN_OR_RETURN(StmtPtr create, CreateOutput(caller, kernel, *out, e.loc, &created));
    before.push_back(std::move(create));
    e.args.push_back(MakeVarRef(created, e.loc));
  }
  return absl::OkStatus();
}

absl::Status AddOutputs(Function& caller, const Function& kernel, size_t old_params,
                        const std::vector<Var*>& outs, StmtPtr& body) {
  std::vector<StmtPtr> stmts;
  for (StmtPtr& s : TakeStmts(body)) {
    for (StmtPtr* b : {&s->body, &s->else_body}) {
      if (*b != nullptr) RETURN_IF_ERROR(AddOutputs(caller, kernel, old_params, outs, *b));
    }
    absl::Status status;
    ForEachOwnExprSlot(*s, [&](ExprPtr& root) {
      if (root != nullptr && status.ok()) {
        status = PassOutputs(caller, kernel, old_params, outs, *root, stmts);
      }
    });
    RETURN_IF_ERROR(status);
    stmts.push_back(std::move(s));
  }
  PutStmts(body, std::move(stmts));
  return absl::OkStatus();
}

}  // namespace

void UpgradeStoreTargets(Function& f, const absl::flat_hash_set<Var*>& store_targets) {
  for (Param& p : f.params) {
    if (p.direction != Direction::kIn || store_targets.count(p.var) == 0) continue;
    bool read = false;
    ForEachCall(*f.body, [&](const Expr& e) {
      const OpInfo* info = LookupOp(e);
      for (size_t i = 0; i < e.args.size(); ++i) {
        const bool stored_into = info != nullptr && info->role == OpRole::kGmStore &&
                                 static_cast<int>(i) == info->access.tensor_arg;
        read =
            read || (!stored_into && e.args[i]->kind == ExprKind::kVar && e.args[i]->var == p.var);
      }
    });
    p.direction = read ? Direction::kInOut : Direction::kOut;
  }
}

absl::Status CheckStoreCoherence(const Function& f,
                                 const absl::flat_hash_set<Var*>& store_targets) {
  if (store_targets.empty()) return absl::OkStatus();
  absl::flat_hash_map<const Var*, const Var*> root;
  auto root_of = [&root](const Var* v) {
    auto it = root.find(v);
    return it == root.end() ? v : it->second;
  };
  ForEachStmt(*f.body, [&](const Stmt& s) {
    for (size_t i = 0; i < s.iter_args.size() && i < s.init_values.size(); ++i) {
      if (s.init_values[i]->kind != ExprKind::kVar) continue;
      root[s.iter_args[i]] = root_of(s.init_values[i]->var);
      if (i < s.results.size()) root[s.results[i]] = root[s.iter_args[i]];
    }
    if (s.kind != StmtKind::kAssign) return;
    const OpInfo* info = LookupOp(*s.value);
    if (s.value->kind == ExprKind::kVar) {
      root[s.var] = root_of(s.value->var);
    } else if (info != nullptr && info->role == OpRole::kGmStore &&
               s.value->args[info->access.tensor_arg]->kind == ExprKind::kVar) {
      root[s.var] = root_of(s.value->args[info->access.tensor_arg]->var);
    }
  });
  absl::flat_hash_set<const Var*> stored;
  for (const Var* v : store_targets) stored.insert(root_of(v));
  absl::Status status;
  ForEachCall(*f.body, [&](const Expr& e) {
    const OpInfo* info = LookupOp(e);
    if (!status.ok() || info == nullptr || info->role != OpRole::kScalarWrite) return;
    const Expr& target = *e.args[info->access.tensor_arg];
    if (target.kind != ExprKind::kVar || stored.count(root_of(target.var)) == 0) return;
    status = ErrorAt(e.loc,
                     absl::StrCat("convert-tensor-to-tile-ops: '", e.str, "' writes GM tensor '",
                                  root_of(target.var)->name,
                                  "', which this kernel also bulk-stores "
                                  "tiles into (tensor.assemble -> tile.store); the scalar and the "
                                  "bulk store paths are not coherent on a2a3 (PyPTO rejects this "
                                  "too): write into a tile and store it once"));
  });
  return status;
}

absl::Status AddCallerOutputs(Program& program, const Function& kernel, size_t old_params,
                              const std::vector<Var*>& outs) {
  for (const auto& f : program.functions) {
    if (f->is_kernel()) continue;
    RETURN_IF_ERROR(AddOutputs(*f, kernel, old_params, outs, f->body));
  }
  return absl::OkStatus();
}

}  // namespace ptoc

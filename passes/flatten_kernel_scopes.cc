#include "passes/flatten_kernel_scopes.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/walk.h"

namespace ptoc {
namespace {

// A scope the pass replaces by its body: a grouping with no task id.
bool IsFlattenable(const Stmt& s) {
  return s.kind == StmtKind::kScope && s.var == nullptr && s.value != nullptr &&
         s.value->str != "spmd" && s.body != nullptr;
}

// Appends `stmt` to `out`, or, for a flattenable scope, its body's
// statements (recursively: a scope directly in a scope goes too).
void AppendFlat(StmtPtr stmt, std::vector<StmtPtr>& out, bool& changed) {
  if (!IsFlattenable(*stmt)) {
    out.push_back(std::move(stmt));
    return;
  }
  changed = true;
  StmtPtr body = std::move(stmt->body);
  if (body->kind != StmtKind::kSeq) return AppendFlat(std::move(body), out, changed);
  for (StmtPtr& inner : body->stmts) AppendFlat(std::move(inner), out, changed);
}

// Flattens the scopes among the statements of every sequence under `s`.
// Returns whether any scope went.
bool Flatten(Stmt& s) {
  bool changed = false;
  if (s.kind == StmtKind::kSeq) {
    std::vector<StmtPtr> flat;
    for (StmtPtr& child : s.stmts) AppendFlat(std::move(child), flat, changed);
    s.stmts = std::move(flat);
  }
  ForEachChild(s, [&](Stmt& child) { changed |= Flatten(child); });
  return changed;
}

}  // namespace

absl::StatusOr<bool> FlattenKernelScopesPass::Run(Program& program, PassContext&) {
  bool changed = false;
  for (auto& f : program.functions) {
    if (f->is_kernel() && f->body != nullptr) changed |= Flatten(*f->body);
  }
  return changed;
}

absl::Status FlattenKernelScopesPass::VerifyAfter(const Program& program) const {
  for (const auto& f : program.functions) {
    if (!f->is_kernel() || f->body == nullptr) continue;
    absl::Status status = absl::OkStatus();
    ForEachStmt(*f->body, [&](const Stmt& s) {
      if (status.ok() && IsFlattenable(s)) {
        status = ErrorAt(s.loc, absl::StrCat("a pl.", s.value->str, " scope is left in kernel '",
                                             f->name, "' after flatten-kernel-scopes"));
      }
    });
    if (!status.ok()) return status;
  }
  return absl::OkStatus();
}

static PassRegistration<FlattenKernelScopesPass> registration(
    "flatten-kernel-scopes",
    "Replaces PyPTO task scopes written inside a kernel (`with pl.at(...)`, pl.cluster(), "
    "pl.scope(), ...) by their bodies, as PyPTO's code generation emits them.");

}  // namespace ptoc

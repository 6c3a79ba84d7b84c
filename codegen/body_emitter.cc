#include "codegen/body_emitter.h"

#include <vector>

#include "codegen/loop_scope.h"
#include "ir/diagnostics.h"
#include "ir/output_returns.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "ir/walk.h"

namespace ptoc {
namespace codegen {

absl::Status BodyEmitter::EmitBody(const Function& fn) {
  std::vector<const Stmt*> top = StmtsOf(*fn.body);
  // A final return of the kernel's own output parameters (PyPTO's `return
  // pl.store(tile, offs, out)`) returns nothing the caller lacks: it ends
  // the kernel like a bare return (ir/output_returns.h).
  if (!top.empty() && top.back()->kind == StmtKind::kReturn &&
      (top.back()->values.empty() || ReturnsOnlyOutputParams(fn, *top.back()))) {
    final_return_ = top.back();
  }
  cur_loc_ = fn.loc;
  RETURN_IF_ERROR(CheckUsesAfterLoops(fn));
  const Stmt* yield = nullptr;
  RETURN_IF_ERROR(EmitStmts(*fn.body, &yield));
  if (yield != nullptr) return ErrorAt(yield->loc, "a yield outside a loop or branch");
  return absl::OkStatus();
}

absl::Status BodyEmitter::EmitStmts(const Stmt& body, const Stmt** yield) {
  std::vector<const Stmt*> stmts = StmtsOf(body);
  for (size_t i = 0; i < stmts.size(); ++i) {
    if (stmts[i]->kind == StmtKind::kYield) {
      if (i + 1 != stmts.size()) {
        return ErrorAt(stmts[i]->loc, "a yield must end its loop or branch body");
      }
      *yield = stmts[i];
      continue;
    }
    RETURN_IF_ERROR(EmitStmt(*stmts[i]));
  }
  return absl::OkStatus();
}

absl::Status BodyEmitter::EmitStmt(const Stmt& s) {
  const Location saved = cur_loc_;
  if (s.loc.known()) cur_loc_ = s.loc;
  if (s.kind != StmtKind::kSeq && &s != final_return_) BeginStmt(s);
  absl::Status status = Visit(s);
  cur_loc_ = saved;
  return status;
}

absl::Status BodyEmitter::VisitSeq(const Stmt& s) {
  const Stmt* yield = nullptr;
  RETURN_IF_ERROR(EmitStmts(s, &yield));
  if (yield != nullptr) return ErrorAt(yield->loc, "a yield must end its loop or branch body");
  return absl::OkStatus();
}

absl::Status BodyEmitter::VisitAssign(const Stmt& s) {
  // A tensor value names its origin's GM (tensor_origin.h): only the
  // effect of the op that makes it is emitted.
  if (!s.var->type.is_tensor()) return EmitAssign(s);
  if (s.value->kind != ExprKind::kCall) return absl::OkStatus();
  const OpInfo* info = LookupOp(*s.value);
  if (info != nullptr && info->gm_view != GmView::kNone) return EmitGmView(s);
  return EmitEval(*s.value);
  return absl::OkStatus();
}

absl::Status BodyEmitter::VisitYield(const Stmt& s) {
  return ErrorAt(s.loc, "a yield outside a loop or branch");
}

absl::Status BodyEmitter::VisitReturn(const Stmt& s) {
  if (&s == final_return_) return absl::OkStatus();
  return ErrorAt(s.loc, s.values.empty() ? "a kernel may return only at its end"
                                         : "a kernel cannot return values");
}

absl::Status BodyEmitter::VisitStmt(const Stmt& s) {
  return ErrorAt(s.loc, "codegen does not support this statement in a kernel yet "
                        "(a PyPTO scope, break, continue or tuple unpacking)");
}

}  // namespace codegen
}  // namespace ptoc

// The walk both emitters make over a kernel body, with the rules of
// structured control flow that do not depend on the target: a yield only
// ends a loop or branch body, and a kernel returns only at its end, without
// values. Each emitter supplies the statements themselves.
#ifndef PTOC_CODEGEN_BODY_EMITTER_H_
#define PTOC_CODEGEN_BODY_EMITTER_H_

#include "absl/status/status.h"
#include "ir/ir.h"
#include "ir/walk.h"

namespace ptoc {
namespace codegen {

class BodyEmitter : private StmtVisitor<BodyEmitter, absl::Status> {
 public:
  virtual ~BodyEmitter() = default;

 protected:
  // Emits the body of kernel `fn`. A final `return` without values is the
  // kernel's own end and emits nothing here (final_return() names it).
  absl::Status EmitBody(const Function& fn);
  // Emits the statements of a loop or branch body, all but the Yield that
  // ends it: that one is left to the caller in `*yield` (unset when none).
  absl::Status EmitStmts(const Stmt& body, const Stmt** yield);

  // The location of the statement being emitted (outside any: the kernel's).
  const Location& cur_loc() const { return cur_loc_; }
  const Stmt* final_return() const { return final_return_; }

 private:
  friend StmtVisitor<BodyEmitter, absl::Status>;

  absl::Status EmitStmt(const Stmt& s);
  // One statement of each kind (EmitStmt keeps the location around them).
  absl::Status VisitSeq(const Stmt& s);
  absl::Status VisitAssign(const Stmt& s);
  absl::Status VisitEval(const Stmt& s) { return EmitEval(*s.value); }
  absl::Status VisitFor(const Stmt& s) { return EmitFor(s); }
  absl::Status VisitWhile(const Stmt& s) { return EmitWhile(s); }
  absl::Status VisitIf(const Stmt& s) { return EmitIf(s); }
  absl::Status VisitYield(const Stmt& s);
  absl::Status VisitReturn(const Stmt& s);
  absl::Status VisitSetItem(const Stmt& s) { return EmitSetItem(s); }
  // A PyPTO scope, break, continue, tuple unpacking, item assignment or
  // pl.split_aiv region: none reaches code generation yet.
  absl::Status VisitStmt(const Stmt& s);

  // Called on entering every statement but a Seq and the final return.
  virtual void BeginStmt(const Stmt& s) {}
  // An assignment to a variable of any type but a tensor.
  virtual absl::Status EmitAssign(const Stmt& s) = 0;
  // Emits `e` for its effect; its value is not used.
  virtual absl::Status EmitEval(const Expr& e) = 0;
  // `arr[i] = value` (StmtKind::kSetItem): an element of a local array.
  virtual absl::Status EmitSetItem(const Stmt& s) = 0;
  virtual absl::Status EmitFor(const Stmt& s) = 0;
  virtual absl::Status EmitIf(const Stmt& s) = 0;
  virtual absl::Status EmitWhile(const Stmt& s) = 0;
  // Makes the tensor view of `s.var`, a GM view (OpInfo::gm_view) of its
  // source (tensor_origin.h).
  virtual absl::Status EmitGmView(const Stmt& s) = 0;

  Location cur_loc_;
  const Stmt* final_return_ = nullptr;
};

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_BODY_EMITTER_H_

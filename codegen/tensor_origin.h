// Which parameter's GM each tensor value names.
//
// A kernel's GM is its tensor and window parameters; every other tensor
// value (the result of a tile.store, a loop-carried or branch-merged tensor,
// a plain copy) names the GM of exactly one of them, and code generation
// addresses it through that parameter's pointer.
#ifndef PTOC_CODEGEN_TENSOR_ORIGIN_H_
#define PTOC_CODEGEN_TENSOR_ORIGIN_H_

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "ir/walk.h"

namespace ptoc {
namespace codegen {

class TensorOrigins : public StmtVisitor<TensorOrigins, absl::Status> {
 public:
  // A tensor value whose origin differs between the paths that reach it
  // (e.g. a loop yielding another parameter than it started with) is an
  // error: the generated code addresses one fixed pointer.
  static absl::StatusOr<TensorOrigins> Compute(const Function& f);

  // The parameter whose GM `e` names, or nullptr when `e` is not a tensor.
  const Var* OriginOf(const Expr& e) const;
  const Var* OriginOf(const Var* v) const;

 private:
  friend StmtVisitor<TensorOrigins, absl::Status>;
  // Statements that bind or merge tensors; the others only have their
  // children visited.
  absl::Status VisitStmt(const Stmt& s);
  absl::Status VisitAssign(const Stmt& s);
  absl::Status VisitFor(const Stmt& s);
  absl::Status VisitIf(const Stmt& s);
  absl::Status VisitUnpack(const Stmt& s);
  absl::Status Bind(const Var* v, const Expr& value, const Location& loc);
  absl::Status Merge(const std::vector<Var*>& results, const Stmt* yield,
                     const Location& loc);

  absl::flat_hash_map<const Var*, const Var*> origin_;
};

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_TENSOR_ORIGIN_H_

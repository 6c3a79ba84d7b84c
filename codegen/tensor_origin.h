// Which parameter's GM each tensor value names.
//
// A kernel's GM is its tensor and window parameters; every other tensor
// value (the result of a tile.store, a loop-carried or branch-merged tensor,
// a plain copy) names the GM of exactly one of them, and code generation
// addresses it through that parameter's pointer. A GM view (an op with
// OpInfo::gm_view: tensor.view, a tensor.slice kept in GM) names its
// source's parameter too, under its own shape, strides and base: its
// "key" is the view's variable, which code generation makes a tensor view
// of (the key of any other value is its parameter).
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
  // The parameter or GM view variable whose tensor view addresses `e`
  // (nullptr when `e` is not a tensor), and the view call that defines a
  // view variable (nullptr for a parameter).
  const Var* KeyOf(const Expr& e) const;
  const Expr* ViewCallOf(const Var* key) const;

 private:
  friend StmtVisitor<TensorOrigins, absl::Status>;
  // Statements that bind or merge tensors; the others only have their
  // children visited.
  absl::Status VisitStmt(const Stmt& s);
  absl::Status VisitAssign(const Stmt& s);
  absl::Status VisitFor(const Stmt& s);
  absl::Status VisitWhile(const Stmt& s);  // as a for loop
  absl::Status VisitIf(const Stmt& s);
  absl::Status VisitUnpack(const Stmt& s);
  absl::Status Bind(const Var* v, const Expr& value, const Location& loc);
  absl::Status Merge(const std::vector<Var*>& results, const Stmt* yield,
                     const Location& loc);

  // A tensor value's parameter and key (both null when unknown).
  struct Origin {
    const Var* param = nullptr;
    const Var* key = nullptr;
  };
  Origin Resolve(const Expr& e) const;

  absl::flat_hash_map<const Var*, Origin> origin_;
  absl::flat_hash_map<const Var*, const Expr*> view_calls_;
};

// Refuses the GM views code generation cannot address (a located error):
// a DN layout (its element run is a column, which a row-major tile load
// cannot take), a reshape of a window (not packed), a slice with a
// valid_shape, drop_dims or pad_value; a rank-0 `result`; a slice of
// another rank than its source (`source_rank`, of GM parameter
// `source_param`). `source_is_window`: the view's source is (a view of) a
// tensor.slice.
absl::Status CheckGmViewForm(const Expr& call, const Type& result, size_t source_rank,
                             const Var& source_param, bool source_is_window,
                             const Location& loc);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_TENSOR_ORIGIN_H_

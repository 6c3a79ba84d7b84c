// Result-type rules and argument helpers of PyPTO's table-driven ops
// (ir/op_catalog_pypto_table.cc), for the rules that need more than a line:
// each as PyPTO's Deduce*Type in src/ir/op/** computes it (PyPTO at e2d0f78).
#ifndef PTOC_IR_OP_CATALOG_PYPTO_RULES_H_
#define PTOC_IR_OP_CATALOG_PYPTO_RULES_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"

namespace ptoc {
namespace pypto_catalog {

using ResultOr = absl::StatusOr<std::optional<Type>>;

// OK when `ok`; else "'OP' expects WHAT as argument I+1".
absl::Status Need(const Expr& call, size_t i, bool ok, absl::string_view what);
bool IsValue(const Type& t);  // a tile or a (GM) tensor
// The type `like` with another shape (a tile keeps its memory, if any; a
// window stays a window).
Type Reshaped(const Type& like, Shape shape, DType dtype);
// Whether the bool attribute `name` of a call is written True.
bool BoolAttr(const Expr& call, absl::string_view name);
// The common dtype of two operands (PyPTO's PromoteDataTypes for the usual
// cases): a float over an integer, else the wider.
DType PromotedDType(DType a, DType b);
// The dtype attribute `name` of a call, if written.
std::optional<DType> DTypeAttr(const Expr& call, absl::string_view name);
// The positional argument of parameter `name`, or nullptr.
const Expr* ArgNamed(const Expr& call, const std::vector<std::string>& params,
                     absl::string_view name);

ResultOr TransposeResult(const Expr& call);      // tile / tensor.transpose
ResultOr TransposeViewResult(const Expr& call);  // tile.transpose_view
ResultOr MatmulMxResult(const Expr& call);       // tile.matmul_mx(_bias)
ResultOr MgatherResult(const Expr& call);        // tile.mgather
ResultOr GatherbResult(const Expr& call);        // tile.gatherb
ResultOr SetValidShapeResult(const Expr& call);  // tile.set_validshape
ResultOr PackedMaskResult(const Expr& call);     // tile.cmp / tile.cmps

}  // namespace pypto_catalog
}  // namespace ptoc

#endif  // PTOC_IR_OP_CATALOG_PYPTO_RULES_H_

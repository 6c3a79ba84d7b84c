// PyPTO's rule for `name: TYPE = value` (its parser's
// validate_annotation_consistency and the override that follows): which
// annotations a value's type admits, and the type the name then has.
#ifndef PTOC_IR_ANNOTATION_H_
#define PTOC_IR_ANNOTATION_H_

#include <optional>
#include <string>

#include "ir/ir.h"
#include "ir/types.h"

namespace ptoc {

// The type a name annotated `annotation` and bound to a value of type
// `value` has, or nullopt when PyPTO rejects the annotation. Consistent
// means: the same kind, dtypes equal (INDEX matches any integer), the same
// rank, static dims equal where both are static. Then, as PyPTO:
// - a scalar whose value is INDEX takes the annotation's dtype;
// - a tile takes the annotation's shape and dtype, its memory space and
//   view where written, else the value's (PyPTO's merge);
// - a tensor takes the annotation when it writes a view, memref or layout;
// - otherwise the name has the value's type (the annotation only checked).
// `flattens_nd`: the value is a tile.load / tile.create, which an
// annotation of rank <= 2 may flatten from a higher-rank result (PyPTO's
// FlattenTileNdTo2D output): no rank or dim check then.
std::optional<Type> AnnotatedType(const Type& annotation, const Type& value,
                                  bool flattens_nd = false);

// PyPTO's _dtypes_compatible: equal, or INDEX and any integer dtype (INDEX
// is the machine-word integer of loop variables and addresses).
bool DTypesCompatible(DType a, DType b);

// Two tile types of one shape, dtype and memory; their views may differ
// (the types an annotation may give a fresh tile, OpInfo::fresh_tile).
bool SameTileBuffer(const Type& a, const Type& b);

// Whether `value` is a call whose result an annotation may flatten (see
// AnnotatedType).
bool FlattensNd(const Expr& value);

// True when a name of type `declared` bound to a value of type `value`
// holds something else than the value's type says (beyond the kept PyPTO
// type text): the compile path must convert or refuse it.
bool Retyped(const Type& declared, const Type& value);

// Whether `assign` names a rank > 2 tile.load / tile.create result by its
// rank-2 fold (PyPTO's FlattenTileNdTo2D output): code generation lays an
// N-d tile out folded the same way, so nothing is converted.
bool FoldsNdTo2D(const Stmt& assign);

// The first `name: T = value` under `body` whose name is retyped to
// something other than a scalar of another dtype (a conversion the code
// generators emit) or an N-d fold (FoldsNdTo2D), or nullptr. ptoc compiles no other retyping: the
// compile path refuses it at this statement.
const Stmt* FirstRetypedAssign(const Stmt& body);

// The diagnostic for such a statement.
std::string RetypedAssignMessage(const Stmt& assign);

}  // namespace ptoc

#endif  // PTOC_IR_ANNOTATION_H_

// PyPTO's local arrays (pl.Array[extent, dtype]) in a kernel, as PyPTO
// lowers them (src/backend/common/pto_ops_memory.cpp): array.create is a
// stack array of the scalar unit (pto.declare_local_array ->
// !pto.local_array<NxT>; C++ `T arr[N];`), array.get_element reads one
// element (pto.local_array_get; `arr[i]`), and `arr[i] = v` (StmtKind::
// kSetItem, PyPTO's array.update_element with its result aliased to the
// array) writes one in place (pto.local_array_set; `arr[i] = v;`), the value
// converted to the element type. No machine step: the scalar unit's own
// memory, which no pipe reads. An array is therefore never carried by a
// loop or merged by an if: every write is to the one array.
#ifndef PTOC_CODEGEN_LOWERING_ARRAY_H_
#define PTOC_CODEGEN_LOWERING_ARRAY_H_

#include "absl/status/status.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// What a kernel's array op needs, else the error at `loc`: an element type
// of the scalar unit (an integer or BOOL; TASK_ID arrays are the
// orchestration's, PyPTO's rule), and a constant index within the extent.
absl::Status CheckArrayCall(const Expr& call, const Location& loc);

// The same of `arr[i] = value`.
absl::Status CheckSetItem(const Stmt& s);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_LOWERING_ARRAY_H_

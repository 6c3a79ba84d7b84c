// The verifier's rules that PyPTO's parser and type checker enforce on the
// structure of a program (../shared/spec/pypto-language.md): what a
// program may reference where, beyond scoping and types.
//
// - A program has at least one function.
// - A list-valued function attribute holds pl.adir values; integers only
//   under the key `arg_direction_overrides`.
// - A tensor type is not written with the bare layout shorthand `pl.DN`
//   (PyPTO: write pl.TensorView(stride=..., layout=pl.TensorLayout.DN)).
// - A pl.at / pl.spmd / pl.cluster `name_hint=` is an identifier.
// - `dumps=[...]` and `no_dep_args=[...]` of a scope list tensor variables
//   (no_dep_args each once); the `dumps=` of a pl.submit lists tensors that
//   are arguments of that submit.
// - A pl.submit passes its function's parameters; the Out / InOut ones may
//   be left out (the runtime allocates them).
// - A `deps=[...]` (pl.submit, pl.system.task_dummy, scopes) lists task
//   ids: pl.Scalar[pl.TASK_ID] variables, pl.Array[n, pl.TASK_ID]
//   variables or elements of one, never a whole array and elements
//   together.
// - PyPTO's view ops (OpInfo::no_mx_source) do not take MX-layout tensors.
// - A host-only op (the registry's OpInfo::host_only) is called in a
//   @pl.function(level=pl.Level.HOST) function, outside device scopes
//   (pl.at(level=pl.Level.CORE_GROUP), pl.spmd).
// - A named-buffer op (OpInfo::names_buffer, pld.alloc_window_buffer) is
//   the whole value of an assignment, and its targets are distinct across
//   the program.
#ifndef PTOC_IR_VERIFY_PYPTO_H_
#define PTOC_IR_VERIFY_PYPTO_H_

#include "ir/diagnostics.h"
#include "ir/ir.h"

namespace ptoc {

// Reports every violation in `program` to `sink`, at its statement.
void VerifyPyptoRules(const Program& program, DiagnosticSink& sink);

}  // namespace ptoc

#endif  // PTOC_IR_VERIFY_PYPTO_H_

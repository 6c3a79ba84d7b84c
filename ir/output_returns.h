// Returned output parameters: PyPTO's `return pl.store(tile, offs, out)`.
//
// A kernel that returns a tensor naming one of its own tensor parameters
// (the parameter itself, a tile.store into it, a loop-carried or
// branch-merged value of it; pl.Out, pl.InOut or, as PyPTO's tests write
// them, plain: `return x`, a store into a parameter without pl.Out) gives
// back nothing the caller does not already hold: the caller passed that
// parameter in. Such a return is not a kernel return value; codegen,
// expand-mixed-kernel (the lanes' returns, passes/README_expand_mixed_kernel.md)
// and ptoc-sim treat it as a return without values.
// Any other returned value stays a return value.
#ifndef PTOC_IR_OUTPUT_RETURNS_H_
#define PTOC_IR_OUTPUT_RETURNS_H_

#include <string>

#include "ir/ir.h"

namespace ptoc {

// The tensor parameter `e` names in `f`, or nullptr.
const Var* OutputParamNamed(const Function& f, const Expr& e);

// True when `ret` is a return with values in `f` and every value names a
// tensor parameter of `f`.
bool ReturnsOnlyOutputParams(const Function& f, const Stmt& ret);

// True when `f` returns values and every return with values in its body
// returns only output parameters (see above): `f` has no kernel return
// value.
bool HasOnlyOutputParamReturns(const Function& f);

// In every kernel of `program` whose final top-level return returns only
// output parameters, moves each returned value that is not a plain name
// into an assignment before the return (`return pl.store(t, o, out)` ->
// `out_ret = pl.store(t, o, out)` + `return out_ret`), so that the passes,
// codegen and ptoc-sim see the store as a statement. Returns true when it
// changed the program.
bool HoistOutputReturns(Program& program);
// The same on one function (any kind).
bool HoistOutputReturnsIn(Function& f);

// The first value of `f`'s final top-level return that HoistOutputReturnsIn
// would move (the return gives back only output parameters and the value is
// not a plain name), or nullptr.
const Expr* UnhoistedOutputReturn(const Function& f);

// A variable name `f` does not use yet, from `base` (`base`, `base_1`, ...).
std::string FreshVarName(const Function& f, const std::string& base);

}  // namespace ptoc

#endif  // PTOC_IR_OUTPUT_RETURNS_H_

// Read-only walks over a function body, in the order code is emitted:
// statements in sequence; a call's arguments before the call itself.
#ifndef PTOC_CODEGEN_IR_WALK_H_
#define PTOC_CODEGEN_IR_WALK_H_

#include <functional>
#include <vector>

#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// Calls `fn` on every call expression under `stmt` (arguments first).
void ForEachCall(const Stmt& stmt, const std::function<void(const Expr&)>& fn);

// Calls `fn` on every expression under `stmt` (operands first).
void ForEachExpr(const Stmt& stmt, const std::function<void(const Expr&)>& fn);

// The statements of a body: its elements when it is a Seq, else itself.
std::vector<const Stmt*> StmtsOf(const Stmt& body);

// The Yield that ends a loop or branch body, or nullptr.
const Stmt* TrailingYield(const Stmt& body);

// The first pl.split_aiv region under `stmt` (in text order), or nullptr.
const Stmt* FirstSplitAivRegion(const Stmt& stmt);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_IR_WALK_H_

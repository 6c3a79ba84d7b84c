// Walking the IR: the one place that knows which statements a statement
// nests and which expressions it holds. Passes, code generation and the
// simulator traverse through these instead of switching on StmtKind to
// recurse, so a new statement kind is taught here once.
//
// Two tools:
//  - free functions for traversals that treat every statement alike
//    (ForEachChild, WalkStmts, ForEachOwnExpr, ForEachCall, ...);
//  - StmtVisitor, a dispatch on the kind for code that does something
//    different per kind (each Visit* defaults to VisitStmt).
#ifndef PTOC_IR_WALK_H_
#define PTOC_IR_WALK_H_

#include <map>
#include <type_traits>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "ir/ir.h"

namespace ptoc {

// The statements directly nested in `s`, in text order: a Seq's elements;
// the body of a loop, scope or pl.split_aiv region; an if's then- and
// else-body. Null bodies are skipped.
void ForEachChild(const Stmt& s, absl::FunctionRef<void(const Stmt&)> fn);
void ForEachChild(Stmt& s, absl::FunctionRef<void(Stmt&)> fn);
// The same children as a list.
std::vector<const Stmt*> ChildrenOf(const Stmt& s);
std::vector<Stmt*> ChildrenOf(Stmt& s);
// The bodies nested in a compound statement (a loop's, scope's or region's
// body; an if's two bodies); none for a Seq, whose elements are not bodies.
std::vector<const Stmt*> BodiesOf(const Stmt& s);
std::vector<Stmt*> BodiesOf(Stmt& s);
// ForEachChild that stops at the first error and returns it.
absl::Status TryForEachChild(const Stmt& s, absl::FunctionRef<absl::Status(const Stmt&)> fn);
absl::Status TryForEachChild(Stmt& s, absl::FunctionRef<absl::Status(Stmt&)> fn);

// What a pre-order walk does after visiting a statement.
enum class WalkAction {
  kAdvance,  // go on into its children
  kSkip,     // go on, but not into its children
  kStop,     // end the walk
};

// `s` and every statement nested in it, in pre-order (text order). Returns
// false when `fn` stopped the walk.
bool WalkStmts(const Stmt& s, absl::FunctionRef<WalkAction(const Stmt&)> fn);
bool WalkStmts(Stmt& s, absl::FunctionRef<WalkAction(Stmt&)> fn);

// Every statement under `s` (itself included), pre-order, none skipped.
void ForEachStmt(const Stmt& s, absl::FunctionRef<void(const Stmt&)> fn);

// The expressions `s` holds itself, not those of nested statements, in
// the order they are evaluated: a for loop's bounds, initial values and
// keyword values (stage=, ...); a while loop's initial values then its
// condition; an if's condition; an assignment's value; a yield's or
// return's values; a set-item's index then its value; a scope's call
// arguments and keyword values (the scope itself is no call).
void ForEachOwnExpr(const Stmt& s, absl::FunctionRef<void(const Expr&)> fn);
// The slots of those operands, for rewriting them in place (a slot may hold
// null); a scope's slot is its whole call, keywords included.
void ForEachOwnExprSlot(Stmt& s, absl::FunctionRef<void(ExprPtr&)> fn);

// Every expression of the tree `e`, operands (arguments, then keyword
// values) before the expression itself.
void WalkExprTree(const Expr& e, absl::FunctionRef<void(const Expr&)> fn);

// Every expression under `s`, statements in text order, operands first.
void ForEachExpr(const Stmt& s, absl::FunctionRef<void(const Expr&)> fn);
// Every call expression under `s`, arguments before the call itself.
void ForEachCall(const Stmt& s, absl::FunctionRef<void(const Expr&)> fn);
// The calls of `s`'s own operands (ForEachOwnExpr), arguments first.
void ForEachOwnCall(const Stmt& s, absl::FunctionRef<void(const Expr&)> fn);

// The statements of a body: its elements when it is a Seq, else itself.
std::vector<const Stmt*> StmtsOf(const Stmt& body);

// How many times each variable is read under `s` (every operand of every
// statement; a variable only defined is absent).
std::map<const Var*, int> CountVarUses(const Stmt& s);

// The Yield that ends a loop or branch body (through nested Seqs), or
// nullptr.
const Stmt* TrailingYield(const Stmt& body);

// The first pl.split_aiv region under `s` (in text order), or nullptr.
const Stmt* FirstSplitAivRegion(const Stmt& s);

// Dispatch on a statement's kind, as LLVM's InstVisitor: Derived overrides
// the Visit* it cares about; each one it does not falls back to
// VisitStmt, which does nothing (returns R{}). Nothing recurses by
// itself: a Visit* that wants the children calls VisitChildren (or
// ForEachChild / TryForEachChild). StmtRef is `const Stmt&` or, with
// MutableStmtVisitor, `Stmt&`. A Derived that keeps its Visit* private
// befriends its base: `friend StmtVisitor<Derived, R>;`.
template <typename Derived, typename R, typename StmtRef>
class StmtVisitorBase {
 public:
  R Visit(StmtRef s) {
    switch (s.kind) {
      case StmtKind::kSeq: return self().VisitSeq(s);
      case StmtKind::kAssign: return self().VisitAssign(s);
      case StmtKind::kEval: return self().VisitEval(s);
      case StmtKind::kFor: return self().VisitFor(s);
      case StmtKind::kWhile: return self().VisitWhile(s);
      case StmtKind::kIf: return self().VisitIf(s);
      case StmtKind::kYield: return self().VisitYield(s);
      case StmtKind::kReturn: return self().VisitReturn(s);
      case StmtKind::kScope: return self().VisitScope(s);
      case StmtKind::kBreak: return self().VisitBreak(s);
      case StmtKind::kContinue: return self().VisitContinue(s);
      case StmtKind::kUnpack: return self().VisitUnpack(s);
      case StmtKind::kSetItem: return self().VisitSetItem(s);
      case StmtKind::kSplitAiv: return self().VisitSplitAiv(s);
    }
    return self().VisitStmt(s);
  }

  R VisitStmt(StmtRef) { return R(); }
  R VisitSeq(StmtRef s) { return self().VisitStmt(s); }
  R VisitAssign(StmtRef s) { return self().VisitStmt(s); }
  R VisitEval(StmtRef s) { return self().VisitStmt(s); }
  R VisitFor(StmtRef s) { return self().VisitStmt(s); }
  R VisitWhile(StmtRef s) { return self().VisitStmt(s); }
  R VisitIf(StmtRef s) { return self().VisitStmt(s); }
  R VisitYield(StmtRef s) { return self().VisitStmt(s); }
  R VisitReturn(StmtRef s) { return self().VisitStmt(s); }
  R VisitScope(StmtRef s) { return self().VisitStmt(s); }
  R VisitBreak(StmtRef s) { return self().VisitStmt(s); }
  R VisitContinue(StmtRef s) { return self().VisitStmt(s); }
  R VisitUnpack(StmtRef s) { return self().VisitStmt(s); }
  R VisitSetItem(StmtRef s) { return self().VisitStmt(s); }
  R VisitSplitAiv(StmtRef s) { return self().VisitStmt(s); }

 protected:
  // Visits each direct child of `s` in text order (results dropped).
  void VisitChildren(StmtRef s) {
    ForEachChild(s, [this](StmtRef c) { self().Visit(c); });
  }

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
};

template <typename Derived, typename R = void>
using StmtVisitor = StmtVisitorBase<Derived, R, const Stmt&>;
template <typename Derived, typename R = void>
using MutableStmtVisitor = StmtVisitorBase<Derived, R, Stmt&>;

}  // namespace ptoc

#endif  // PTOC_IR_WALK_H_

// Building the statements of one composite expansion (lower-composite-ops):
// typed op calls, loops, branches with results, and the barrier protocol
// every collective shares (passes/lower_composite_ops.h).
#ifndef PTOC_PASSES_COMPOSITE_EMITTER_H_
#define PTOC_PASSES_COMPOSITE_EMITTER_H_

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"

namespace ptoc::composite {

// The arguments of a call, from move-only expressions.
template <typename... E>
std::vector<ExprPtr> Args(E&&... exprs) {
  std::vector<ExprPtr> args;
  (args.push_back(std::forward<E>(exprs)), ...);
  return args;
}

// Appends statements at one location of one function. Nested emitters (a
// loop body, a branch) share the function and its set of used names, so
// every new variable has a name of its own.
class Emitter {
 public:
  Emitter(Function& fn, std::set<std::string>& used_names, Location loc)
      : fn_(fn), used_(used_names), loc_(std::move(loc)) {}

  const Location& loc() const { return loc_; }

  ExprPtr Ref(Var* v) const;
  ExprPtr Int(int64_t v, DType d = DType::kINDEX) const;
  ExprPtr Ints(const std::vector<int64_t>& values) const;
  ExprPtr List(std::vector<ExprPtr> elements) const;
  ExprPtr Enum(std::string enum_type, std::string value) const;
  ExprPtr Binary(BinaryOp op, ExprPtr lhs, ExprPtr rhs) const;

  // A call of `op` typed by the registry's result rule (an error when the
  // rule refuses it).
  absl::StatusOr<ExprPtr> Op(absl::string_view op, std::vector<ExprPtr> args,
                             std::vector<NamedExpr> attrs = {}) const;
  // `name = value`: the new variable.
  Var* Bind(absl::string_view name, ExprPtr value);
  // `name: type = value`, the variable of a type PyPTO's annotation rule
  // gives the value (a load's [1, M, K] window as an [M, K] tile).
  Var* BindAs(absl::string_view name, Type type, ExprPtr value);
  absl::StatusOr<Var*> BindOp(absl::string_view name, absl::string_view op,
                              std::vector<ExprPtr> args, std::vector<NamedExpr> attrs = {});
  absl::Status EvalOp(absl::string_view op, std::vector<ExprPtr> args,
                      std::vector<NamedExpr> attrs = {});
  void Append(StmtPtr s) { stmts_.push_back(std::move(s)); }

  using Body = std::function<absl::Status(Emitter&, Var*)>;
  // for i in pl.range(stop): body(i)
  absl::Status For(absl::string_view index, ExprPtr stop, const Body& body);
  // for i, (c,) in pl.range(stop, init_values=(init,)): c = step(i, c);
  // returns the value after the loop (c and it named after `carried`).
  // `step` yields by returning the value.
  using Step = std::function<absl::StatusOr<ExprPtr>(Emitter&, Var* index, Var* carried)>;
  absl::StatusOr<Var*> ForCarry(absl::string_view index, absl::string_view carried, ExprPtr stop,
                                Var* init, const Step& step);
  // if cond: then()
  absl::Status If(ExprPtr cond, const std::function<absl::Status(Emitter&)>& then);
  // if cond: r = pl.yield_(then()) else: r = pl.yield_(otherwise()); returns r.
  using Branch = std::function<absl::StatusOr<ExprPtr>(Emitter&)>;
  absl::StatusOr<Var*> IfValue(absl::string_view name, ExprPtr cond, const Branch& then,
                               const Branch& otherwise);

  std::vector<StmtPtr> Take() { return std::move(stmts_); }

 private:
  Emitter Nested() { return Emitter(fn_, used_, loc_); }
  std::string Fresh(absl::string_view base);
  StmtPtr Block(std::vector<StmtPtr> stmts) const;

  Function& fn_;
  std::set<std::string>& used_;
  Location loc_;
  std::vector<StmtPtr> stmts_;
};

// This rank and the number of ranks of a window's communicator.
struct Comm {
  Var* nranks = nullptr;
  Var* me = nullptr;
};
absl::StatusOr<Comm> EmitCommSetup(Emitter& e, const Expr& window);

// One barrier of generation `expected` on the signal window: +1 into this
// rank's cell of every peer, then every peer's cell >= expected. The cell of
// a rank is [rank, 0] of PyPTO's mesh signal ([NR, 1]), or [row, rank] of
// its ring signal ([2 * (NR - 1), NR], one row per round) when `row` is set.
absl::Status EmitBarrier(Emitter& e, const Comm& comm, const Expr& signal, ExprPtr expected,
                         const Expr* row = nullptr);
// The epilogue: `total` credits taken back from every peer's cell here.
absl::Status EmitCreditReset(Emitter& e, const Comm& comm, const Expr& signal, int64_t total,
                             const Expr* row = nullptr);

}  // namespace ptoc::composite

#endif  // PTOC_PASSES_COMPOSITE_EMITTER_H_

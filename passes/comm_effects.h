// What statements mean for the cross-rank publish/consume contract
// (insert-comm-fence.md), shared by the pass that inserts the markers, the
// pass that checks them, and the tests' reference checker.
//
// Everything here asks the op registry; no op names are matched.
#ifndef PTOC_PASSES_COMM_EFFECTS_H_
#define PTOC_PASSES_COMM_EFFECTS_H_

#include <optional>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ir/ir.h"

namespace ptoc {

// The op names of the markers, for building them.
inline constexpr char kCacheInvalidateOp[] = "system.cacheinvalid";
inline constexpr char kFenceOp[] = "system.fence";

// The part one call plays in the contract.
enum class CommRole {
  kNone,              // nothing the contract cares about
  kLocalWrite,        // a cached write into a window of this rank (rule 1)
  kRemoteWrite,       // a write that lands in a peer's window (rule 2)
  kOpaqueWrite,       // a program function or an unregistered op (rule 3)
  kWait,              // pld.system.wait
  kTest,              // pld.system.test
  kNotify,            // pld.system.notify
  kFence,             // system.fence()
  kWholeInvalidate,   // system.cacheinvalid()
  kRegionInvalidate,  // system.cacheinvalid(tensor, shapes, offsets)
  kPeerInvalidate,    // system.cacheinvalid(window, shapes, offsets, peer=p)
  kGmRead,            // a cacheable GM read: tensor.read, tile.load, remote_load
};
CommRole CommRoleOf(const Expr& call);

// A read of window data through the data cache (a kGmRead whose tensor is
// a window: tensor.read of a DistributedTensor), which can see a line an
// earlier kernel on the same core left in the cache (comm-hazards.md H5).
bool IsCachedWindowRead(const Expr& call);

// The destination argument of a kLocalWrite or kRemoteWrite call (a
// window-typed value; of a remote write, its copy in the peer rank).
const Expr& WrittenWindow(const Expr& call);

// The calls a statement evaluates itself, not those of its nested bodies
// (ForEachOwnCall), as a list.
std::vector<const Expr*> OwnCalls(const Stmt& s);

// A statement made of one marker call (system.fence / system.cacheinvalid).
bool IsMarkerStmt(const Stmt& s);

// True when kernel `f` names the invalidates of its remote writes
// (comm-hazards.md H6): it holds a peer region invalidate. Then each remote
// write needs its own, and codegen adds none; a kernel without any is in
// the form from before (a remote write and a fence), for which codegen
// invalidates the peer region right after each remote write.
bool NamesPeerInvalidates(const Function& f);

// True when an expression evaluates no call except pure scalar ops (rank,
// nranks, get_comm_ctx): arithmetic on scalars with no memory access.
bool IsPureExpr(const Expr& e);

// Structural equality of two expressions that denote values, ignoring
// locations; false when either holds a call (a call may give another value
// each time it is evaluated).
bool SameValueExpr(const Expr& a, const Expr& b);

// A rectangular region of a GM tensor: per dimension an offset and an extent.
struct Region {
  std::vector<ExprPtr> offsets;
  std::vector<ExprPtr> shapes;
};

// All of a tensor of type `t` (zero offsets, its shape; a symbolic dim is a
// reference to the parameter of `f` naming it). nullopt when a symbolic dim
// names no parameter of `f`.
std::optional<Region> WholeRegion(const Type& t, const Function& f, const Location& loc);

// Exactly the sub-region a kLocalWrite or kRemoteWrite call writes: a
// store's offsets and its tile's shape; one element of tensor.write; all of
// a get's or a put's destination (a write past the tensor's static bounds is
// the verifier's error, so none is clipped). nullopt when it cannot be
// stated (offsets that are not a list of the tensor's rank, an unnamed
// symbolic dim).
std::optional<Region> WrittenRegion(const Expr& call, const Function& f, const Location& loc);

// True when region invalidate `inv` (system.cacheinvalid(tensor, shapes,
// offsets), with or without peer=) provably contains `written` (nullopt: an unknown part) of a
// tensor whose whole region is `whole`: in each dimension either the
// invalidate spans the tensor, or constant bounds include the written range,
// or (when `same_values`: the written region's expressions still have the
// values they had at the write) its offset and extent are the very same
// expressions. Does not look at which tensor `inv` names.
bool InvalidateCovers(const Expr& inv, const std::optional<Region>& written,
                      const Region& whole, bool same_values);

// The variables an expression reads.
void CollectVars(const Expr& e, std::vector<const Var*>* vars);

// True when a For loop provably runs its body at least once (constant
// bounds with start < stop and a positive step).
bool ForRunsAtLeastOnce(const Stmt& for_stmt);

// What a branch on `cond` tells about the results of pld.system.test: the
// atoms known false when `cond` evaluated to `value`. An atom is a test call
// that appears in `cond` itself, or a variable the condition reads (the
// result of an earlier `x = pld.system.test(...)`).
struct TestAtom {
  const Var* var = nullptr;    // `x` of `x = pld.system.test(...)`
  const Expr* call = nullptr;  // a test call inside a condition
  bool operator==(const TestAtom& o) const { return var == o.var && call == o.call; }
};
void FalseAtoms(const Expr& cond, bool value, std::vector<TestAtom>* atoms);

// Which windows may be the same tensor: a store's result and its output
// tensor, `x = y`, a loop-carried value with its initial value, its yielded
// values and the loop's result, an if's result and its branches' yields.
class WindowAliases {
 public:
  explicit WindowAliases(const Function& f);
  // A representative of the class of `v` (the member with the lowest id).
  const Var* ClassOf(const Var* v) const;

 private:
  void Collect(const Stmt& s, const std::vector<Var*>* yield_targets);
  void Union(const Var* a, const Expr& b);
  void Union(const Var* a, const Var* b);

  absl::flat_hash_map<const Var*, const Var*> parent_;
};

}  // namespace ptoc

#endif  // PTOC_PASSES_COMM_EFFECTS_H_

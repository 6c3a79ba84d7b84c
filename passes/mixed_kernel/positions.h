// Where statements sit in a kernel's structured control flow, and when one
// point of it separates two statements (the reasoning behind handshake
// placement in expand-mixed-kernel.md, "Accesses to GM shared by the lanes").
#ifndef PTOC_PASSES_MIXED_KERNEL_POSITIONS_H_
#define PTOC_PASSES_MIXED_KERNEL_POSITIONS_H_

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "ir/ir.h"

namespace ptoc {
namespace mixed_kernel {

// One step from a body into one of its statements.
struct PathStep {
  Stmt* seq = nullptr;
  int index = 0;
  bool operator==(const PathStep& o) const { return seq == o.seq && index == o.index; }
};
// The steps from the function body down to a statement.
using Path = std::vector<PathStep>;

// A point between statements: before statement `index` of body `seq`
// (index == size: at the end of the body).
struct Point {
  Stmt* seq = nullptr;
  int index = 0;
};

// Paths of every statement of a function whose bodies are all Seqs
// (NormalizeBodies). Insertions invalidate it (expand-mixed-kernel plans them
// with PlannedBody and applies them after its last query).
class PositionIndex {
 public:
  explicit PositionIndex(Stmt& root);

  const Path& PathOf(const Stmt* s) const;
  // The path of the statement that owns body `seq` (empty for the root).
  const Path& OwnerPathOf(const Stmt* seq) const;
  bool IsLoopBody(const Stmt* seq) const { return loop_bodies_.contains(seq); }
  // Pre-order number of a statement (program order of first execution).
  int OrderOf(const Stmt* s) const;
  // The pre-order number a statement inserted before statement `index` of
  // `seq` would take (index == size: after the body's last descendant).
  int OrderAt(const Stmt& seq, int index) const;

  // The level at which `p` passes through body `seq`, or -1.
  static int LevelOf(const Path& p, const Stmt* seq);
  // The deepest level at which both paths are in the same body.
  static int CommonLevel(const Path& a, const Path& b);
  // `a` runs before `b` within one execution of their innermost common
  // body (false for statements in exclusive branches).
  static bool Precedes(const Path& a, const Path& b);
  // Some loop holds both statements.
  bool InCommonLoop(const Path& a, const Path& b) const;
  // `s` is a compound statement and `t` lies inside it.
  static bool Contains(const Path& s, const Path& t);

  // A transfer whose producer half sits before statement `kp` of `seq` and
  // whose consumer half ends before statement `kq` (kp <= kq) orders every
  // execution of `a` before every later execution of `b`.
  bool Orders(const Path& a, const Path& b, const Stmt* seq, int kp, int kq) const;

  // The variable defined by `def` (an Assign, or a compound defining loop
  // variables / results) is visible at `p`.
  bool Visible(const Var* v, Point p) const;

 private:
  void Walk(Stmt& seq, Path& prefix);

  absl::flat_hash_map<const Stmt*, Path> paths_;
  absl::flat_hash_map<const Stmt*, Path> owner_paths_;
  absl::flat_hash_map<const Stmt*, int> order_;
  absl::flat_hash_map<const Stmt*, int> end_order_;  // of each body
  absl::flat_hash_set<const Stmt*> loop_bodies_;
  // Where each variable is defined: the defining statement, and whether it
  // is visible inside that statement (loop variables, iter args) rather
  // than after it.
  absl::flat_hash_map<const Var*, std::pair<const Stmt*, bool>> defs_;
  Path empty_;
};

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_POSITIONS_H_

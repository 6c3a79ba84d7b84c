#include "passes/mixed_kernel/positions.h"

#include <algorithm>

#include "passes/mixed_kernel/common.h"

namespace ptoc {
namespace mixed_kernel {
namespace {

bool SamePrefix(const Path& a, const Path& b, size_t n) {
  if (a.size() < n || b.size() < n) return false;
  return std::equal(a.begin(), a.begin() + n, b.begin());
}

}  // namespace

PositionIndex::PositionIndex(Stmt& root) {
  owner_paths_[&root] = {};
  Path prefix;
  Walk(root, prefix);
}

void PositionIndex::Walk(Stmt& seq, Path& prefix) {
  for (size_t i = 0; i < seq.stmts.size(); ++i) {
    Stmt* child = seq.stmts[i].get();
    prefix.push_back(PathStep{&seq, static_cast<int>(i)});
    paths_[child] = prefix;
    order_[child] = static_cast<int>(order_.size());
    switch (child->kind) {
      case StmtKind::kAssign:
        defs_[child->var] = {child, false};
        break;
      case StmtKind::kFor:
        if (child->var != nullptr) defs_[child->var] = {child, true};
        for (const Var* v : child->iter_args) defs_[v] = {child, true};
        for (const Var* v : child->results) defs_[v] = {child, false};
        break;
      case StmtKind::kIf:
        for (const Var* v : child->results) defs_[v] = {child, false};
        break;
      default:
        break;
    }
    for (Stmt* body : BodiesOf(*child)) {
      owner_paths_[body] = prefix;
      if (child->kind == StmtKind::kFor || child->kind == StmtKind::kWhile) {
        loop_bodies_.insert(body);
      }
      Walk(*body, prefix);
    }
    prefix.pop_back();
  }
  end_order_[&seq] = static_cast<int>(order_.size());
}

const Path& PositionIndex::PathOf(const Stmt* s) const {
  auto it = paths_.find(s);
  return it == paths_.end() ? empty_ : it->second;
}

const Path& PositionIndex::OwnerPathOf(const Stmt* seq) const {
  auto it = owner_paths_.find(seq);
  return it == owner_paths_.end() ? empty_ : it->second;
}

int PositionIndex::OrderOf(const Stmt* s) const {
  auto it = order_.find(s);
  return it == order_.end() ? -1 : it->second;
}

int PositionIndex::OrderAt(const Stmt& seq, int index) const {
  if (index < static_cast<int>(seq.stmts.size())) return OrderOf(seq.stmts[index].get());
  auto it = end_order_.find(&seq);
  return it == end_order_.end() ? -1 : it->second;
}

int PositionIndex::LevelOf(const Path& p, const Stmt* seq) {
  for (size_t l = 0; l < p.size(); ++l) {
    if (p[l].seq == seq) return static_cast<int>(l);
  }
  return -1;
}

int PositionIndex::CommonLevel(const Path& a, const Path& b) {
  int level = 0;
  while (level + 1 < static_cast<int>(std::min(a.size(), b.size())) &&
         a[level + 1].seq == b[level + 1].seq) {
    ++level;
  }
  return level;
}

bool PositionIndex::Precedes(const Path& a, const Path& b) {
  int c = CommonLevel(a, b);
  if (a[c].index != b[c].index) return a[c].index < b[c].index;
  // Same statement at level c: a compound's own header runs before its body.
  return static_cast<int>(a.size()) == c + 1 && static_cast<int>(b.size()) > c + 1;
}

bool PositionIndex::InCommonLoop(const Path& a, const Path& b) const {
  int c = CommonLevel(a, b);
  for (int l = 0; l <= c; ++l) {
    if (IsLoopBody(a[l].seq)) return true;
  }
  return false;
}

bool PositionIndex::Contains(const Path& s, const Path& t) {
  return s.size() < t.size() && SamePrefix(s, t, s.size());
}

bool PositionIndex::Orders(const Path& a, const Path& b, const Stmt* seq, int kp,
                           int kq) const {
  int la = LevelOf(a, seq);
  int lb = LevelOf(b, seq);
  if (la < 0 && lb < 0) return false;
  // `a` outside the body: every execution of `b` is preceded, in the same
  // execution of the body, by the transfer.
  if (la < 0) return kq <= b[lb].index;
  // `b` outside: every execution of `a` is followed by the transfer before
  // the body is left.
  if (lb < 0) return kp > a[la].index;
  int i = a[la].index;
  int j = b[lb].index;
  if (i < j) return i < kp && kq <= j;
  if (i == j) {
    // Both in one child: executions of `a` then `b` inside that child (in
    // program order, or through a loop inside it) never pass the point.
    int c = CommonLevel(a, b);
    for (int l = la + 1; l <= c; ++l) {
      if (IsLoopBody(a[l].seq)) return false;
    }
    if (Precedes(a, b)) return false;
  }
  // Only executions of `a` in an earlier execution of the body precede `b`:
  // the transfer runs after `a` in that execution or before `b` in its own.
  return kp > i || kq <= j;
}

bool PositionIndex::Visible(const Var* v, Point p) const {
  auto it = defs_.find(v);
  if (it == defs_.end()) return true;  // a parameter
  const Path& def = PathOf(it->second.first);
  Path at = OwnerPathOf(p.seq);
  at.push_back(PathStep{p.seq, p.index});
  if (it->second.second) return Contains(def, at);
  size_t l = def.size() - 1;
  return at.size() > l && SamePrefix(def, at, l) && def[l].seq == at[l].seq &&
         def[l].index < at[l].index;
}

}  // namespace mixed_kernel
}  // namespace ptoc

// A body with statements planned for insertion, read as one sequence while
// its original statements keep their indices. expand-mixed-kernel plans
// every hand-off insertion against the original positions (so the position
// index of the function is built once) and applies them at the end.
#ifndef PTOC_PASSES_MIXED_KERNEL_PLANNED_BODY_H_
#define PTOC_PASSES_MIXED_KERNEL_PLANNED_BODY_H_

#include <list>
#include <map>
#include <optional>

#include "ir/ir.h"

namespace ptoc {
namespace mixed_kernel {

class PlannedBody {
 public:
  // The statements planned right before original statement `point` (at
  // the end of the body for point == size), in order.
  using Slot = std::list<StmtPtr>;

  // A statement of the sequence: original statement `point`, or `item` of
  // the slot before it.
  struct Pos {
    int point = 0;
    std::optional<Slot::iterator> item;
  };

  explicit PlannedBody(Stmt& seq) : seq_(seq) {}

  static Pos Original(int index) { return Pos{index, std::nullopt}; }
  Stmt& At(const Pos& p) const { return p.item ? ***p.item : *seq_.stmts[p.point]; }
  std::optional<Pos> Before(const Pos& p);
  std::optional<Pos> After(const Pos& p);

  // Inserts right before / after `p`; returns where the new statement is.
  Pos InsertBefore(const Pos& p, StmtPtr stmt);
  Pos InsertAfter(const Pos& p, StmtPtr stmt);
  // Inserts after everything planned so far before original statement
  // `point`.
  Pos Append(int point, StmtPtr stmt);

  // Moves the planned statements into the body.
  void Apply();

 private:
  int Size() const { return static_cast<int>(seq_.stmts.size()); }
  // The slot before original statement `point`, or nullptr when empty.
  Slot* SlotAt(int point);

  Stmt& seq_;
  std::map<int, Slot> slots_;
};

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_PLANNED_BODY_H_

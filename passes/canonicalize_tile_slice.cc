#include "passes/canonicalize_tile_slice.h"

#include <map>
#include <optional>
#include <vector>

#include "ir/builder.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "ir/walk.h"

namespace ptoc {
namespace {

TileWindow WindowOf(const Expr& e) {
  if (!e.is_call() || e.is_function_call) return TileWindow::kNone;
  const OpInfo* info = LookupOp(e);
  return info == nullptr ? TileWindow::kNone : info->tile_window;
}

// A plain 2-D window: the tile it aliases (never itself a plain slice) and
// where it starts there.
struct Window {
  Var* base = nullptr;
  const Expr* row = nullptr;
  const Expr* col = nullptr;
  // The summed offsets of a slice of a slice (owned here).
  ExprPtr row_sum, col_sum;
};

class Canonicalizer {
 public:
  explicit Canonicalizer(Function& f) : f_(f) {}

  bool Run() {
    // Statements are in definition order, so a slice's source slice is
    // recorded before it.
    ForEachStmt(*f_.body, [&](const Stmt& s) { Record(s); });
    if (windows_.empty()) return false;
    bool changed = false;
    WalkStmts(*f_.body, [&](Stmt& s) {
      if (s.value != nullptr) changed |= Rewrite(*s.value);
      return WalkAction::kAdvance;
    });
    changed |= DropDeadSlices();
    return changed;
  }

 private:
  void Record(const Stmt& s) {
    if (s.kind != StmtKind::kAssign || s.var == nullptr || s.value == nullptr) return;
    const Expr& call = *s.value;
    if (WindowOf(call) != TileWindow::kSlice || call.args.size() != 3) return;
    const Expr& source = *call.args[0];
    const Expr& offset = *call.args[2];
    if (source.kind != ExprKind::kVar || offset.args.size() != 2 ||
        source.type.shape().size() != 2 || s.var->type.shape().size() != 2) {
      return;
    }
    Window w;
    auto outer = windows_.find(source.var);
    if (outer == windows_.end()) {
      w.base = source.var;
      w.row = offset.args[0].get();
      w.col = offset.args[1].get();
    } else {
      w.base = outer->second.base;
      w.row_sum = MakeSum(*outer->second.row, *offset.args[0], call.loc);
      w.col_sum = MakeSum(*outer->second.col, *offset.args[1], call.loc);
      w.row = w.row_sum.get();
      w.col = w.col_sum.get();
    }
    windows_.emplace(s.var, std::move(w));
  }

  const Window* WindowNamed(const Expr& e) const {
    if (e.kind != ExprKind::kVar) return nullptr;
    auto it = windows_.find(e.var);
    return it == windows_.end() ? nullptr : &it->second;
  }

  bool Rewrite(Expr& e) {
    bool changed = false;
    for (ExprPtr& a : e.args) changed |= Rewrite(*a);
    switch (WindowOf(e)) {
      case TileWindow::kExtract:
        if (const Window* w = WindowNamed(*e.args[0]); w != nullptr && e.args.size() >= 3) {
          e.args[1] = MakeSum(*w->row, *e.args[1], e.args[1]->loc);
          e.args[2] = MakeSum(*w->col, *e.args[2], e.args[2]->loc);
          e.args[0] = MakeVarRef(w->base, e.args[0]->loc);
          changed = true;
        }
        break;
      case TileWindow::kMove:
        changed |= MoveToExtract(e);
        break;
      case TileWindow::kSlice:
      case TileWindow::kReshape:
      case TileWindow::kNone:
        break;
    }
    return changed;
  }

  // tile.move(w, Left|Right) of a Mat window w: a TEXTRACT of the window.
  bool MoveToExtract(Expr& e) {
    const Window* w = e.args.empty() ? nullptr : WindowNamed(*e.args[0]);
    if (w == nullptr || !w->base->type.has_memory() ||
        w->base->type.memory() != MemorySpace::kMat || !e.type.is_tile() ||
        !e.type.has_memory() ||
        (e.type.memory() != MemorySpace::kLeft && e.type.memory() != MemorySpace::kRight)) {
      return false;
    }
    // A move that also changes the layout is not a plain copy.
    for (const NamedExpr& a : e.attrs) {
      if (a.name != "target_memory") return false;
    }
    const Location loc = e.loc;
    std::vector<int64_t> shape;
    for (const Dim& d : e.args[0]->type.shape()) {
      if (!d.is_static()) return false;
      shape.push_back(d.value);
    }
    std::vector<ExprPtr> args;
    args.push_back(MakeVarRef(w->base, e.args[0]->loc));
    args.push_back(Clone(*w->row));
    args.push_back(Clone(*w->col));
    args.push_back(MakeIntList(shape, loc));
    std::vector<NamedExpr> attrs;
    attrs.push_back(MakeAttr("target_memory", Clone(*e.FindAttr("target_memory"))));
    ExprPtr extract = MakeOpCall("tile.extract", std::move(args), std::move(attrs), e.type, loc);
    // The copy must be the tile the move made (a move result with a view of
    // its own, a valid shape say, stays a move).
    const OpInfo* info = LookupOp(*extract);
    if (info == nullptr || !info->result) return false;
    absl::StatusOr<std::optional<Type>> type = info->result(*extract);
    if (!type.ok() || !type->has_value() || **type != e.type) return false;
    e = std::move(*extract);
    return true;
  }

  // Removes the slices nothing reads, until none is left (a slice's source
  // slice may be read only by it).
  bool DropDeadSlices() {
    bool dropped_any = false;
    for (bool dropped = true; dropped;) {
      const std::map<const Var*, int> uses = CountVarUses(*f_.body);
      dropped = false;
      DropFrom(*f_.body, uses, &dropped);
      dropped_any |= dropped;
    }
    return dropped_any;
  }

  void DropFrom(Stmt& s, const std::map<const Var*, int>& uses, bool* dropped) {
    for (Stmt* body : BodiesOf(s)) DropFrom(*body, uses, dropped);
    if (s.kind != StmtKind::kSeq) return;
    std::vector<StmtPtr> kept;
    for (StmtPtr& c : s.stmts) {
      if (c->kind == StmtKind::kAssign && windows_.count(c->var) != 0 &&
          uses.count(c->var) == 0) {
        *dropped = true;
        continue;
      }
      kept.push_back(std::move(c));
    }
    s.stmts = std::move(kept);
  }

  Function& f_;
  std::map<const Var*, Window> windows_;
};

}  // namespace

absl::StatusOr<bool> CanonicalizeTileSlicePass::Run(Program& program, PassContext&) {
  bool changed = false;
  for (const auto& f : program.functions) {
    if (!f->is_kernel() || f->body == nullptr) continue;
    changed |= Canonicalizer(*f).Run();
  }
  return changed;
}

static PassRegistration<CanonicalizeTileSlicePass> registration(
    "canonicalize-tile-slice",
    "Reads windows of Mat tiles where the cube copies them (PyPTO's CanonicalizeTileSlice): "
    "a tile.move of a slice into Left or Right becomes a tile.extract at the slice's offset, "
    "an extract of a slice reads the slice's source, and slices left unused are dropped.");

}  // namespace ptoc

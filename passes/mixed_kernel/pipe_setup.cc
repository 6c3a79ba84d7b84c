#include "passes/mixed_kernel/pipe_setup.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/registry.h"
#include "passes/mixed_kernel/common.h"
#include "passes/mixed_kernel/lane_fifo.h"

namespace ptoc {
namespace mixed_kernel {
namespace {


// Every FIFO op call of `s`, in program order.
void CollectFifoOps(const Stmt& s, std::vector<const Expr*>* ops) {
  if (const Expr* call = CallOf(s); call != nullptr && FifoDirection(*call) != PipeDirection::kNone) {
    ops->push_back(call);
  }
  for (const Stmt* c : ChildrenOf(s)) CollectFifoOps(*c, ops);
}

const Expr* FindInitPipe(const Stmt& s) {
  if (const Expr* call = CallOf(s); call != nullptr && RoleOf(*call) == OpRole::kInitPipe) {
    return call;
  }
  for (const StmtPtr& child : s.stmts) {
    if (const Expr* found = FindInitPipe(*child)) return found;
  }
  for (const Stmt* body : BodiesOf(s)) {
    if (const Expr* found = FindInitPipe(*body)) return found;
  }
  return nullptr;
}

int64_t IntAttr(const Expr* e, int64_t fallback) {
  return e != nullptr && e->kind == ExprKind::kInt ? e->int_value : fallback;
}

struct BufferNames {
  std::string c2v;
  std::string v2c;
};

NamedExpr StringAttr(const char* name, const std::string& value, const Location& loc) {
  return MakeAttr(name, MakeString(value, loc));
}

StmtPtr Reserve(Var* var, const std::string& name, int64_t size, const Location& loc) {
  std::vector<NamedExpr> attrs;
  attrs.push_back(StringAttr("name", name, loc));
  attrs.push_back(MakeAttr("size", MakeInt(size, loc)));
  attrs.push_back(MakeAttr("base", MakeInt(-1, loc)));
  return MakeAssign(var, MakeTypedOp(op::kReserveBuffer, {}, std::move(attrs), loc), loc);
}

StmtPtr Import(Var* var, const std::string& name, const std::string& peer,
               const Location& loc) {
  std::vector<NamedExpr> attrs;
  attrs.push_back(StringAttr("name", name, loc));
  attrs.push_back(StringAttr("peer_func", peer, loc));
  return MakeAssign(var, MakeTypedOp(op::kImportPeerBuffer, {}, std::move(attrs), loc), loc);
}

ExprPtr BufferOrZero(Var* var, const Location& loc) {
  return var != nullptr ? MakeVarRef(var, loc) : MakeInt(0, loc);
}

StmtPtr InitPipe(const char* op, Var* c2v, Var* v2c, int dir_mask, int64_t slot_size,
                 int64_t slot_num, const Location& loc) {
  std::vector<ExprPtr> args;
  args.push_back(BufferOrZero(c2v, loc));
  args.push_back(BufferOrZero(v2c, loc));
  std::vector<NamedExpr> attrs;
  attrs.push_back(MakeAttr("dir_mask", MakeInt(dir_mask, loc)));
  attrs.push_back(MakeAttr("slot_size", MakeInt(slot_size, loc)));
  attrs.push_back(MakeAttr("slot_num", MakeInt(slot_num, loc)));
  return MakeEval(MakeTypedOp(op, std::move(args), std::move(attrs), loc), loc);
}

void Prepend(Function& fn, std::vector<StmtPtr> stmts) {
  Stmt& body = EnsureSeq(fn.body);
  body.stmts.insert(body.stmts.begin(), std::make_move_iterator(stmts.begin()),
                    std::make_move_iterator(stmts.end()));
}

Location FirstFifoLoc(const std::vector<const Expr*>& ops, const Function& fallback) {
  return ops.empty() ? fallback.loc : ops.front()->loc;
}

}  // namespace

CheckedInt SlotBytes(const Type& tile) {
  const Shape& shape = tile.shape();
  int64_t bytes = DTypeBytes(tile.dtype());
  CheckedInt rows = 1;
  for (size_t i = 0; i + 1 < shape.size(); ++i) rows *= shape[i].value;
  CheckedInt cols = shape.empty() ? 1 : shape.back().value;
  const TileView& view = tile.view();
  bool fractal = view.slayout != Layout::kNoneBox && view.blayout != view.slayout;
  if (fractal) {
    rows = RoundUp(rows, 16);
    cols = RoundUp(cols, std::max<int64_t>(1, 32 / bytes));
  }
  return rows * cols * bytes;
}

void InsertPipeSetup(const Function& kernel, Function& aic, Function& aiv,
                     DiagnosticSink* diagnostics) {
  std::vector<const Expr*> aic_ops;
  std::vector<const Expr*> aiv_ops;
  CollectFifoOps(*aic.body, &aic_ops);
  CollectFifoOps(*aiv.body, &aiv_ops);
  int dir_mask = 0;
  int64_t slot_size = 0;
  for (const std::vector<const Expr*>* ops : {&aic_ops, &aiv_ops}) {
    for (const Expr* call : *ops) {
      if (RoleOf(*call) != OpRole::kPush || call->args.empty()) continue;
      dir_mask |= FifoDirection(*call) == PipeDirection::kC2V ? 1 : 2;
      const Type& tile = call->args[0]->type;
      if (!tile.is_tile() || !tile.has_static_shape()) {
        diagnostics->Error(call->loc, absl::StrCat(
            "in kernel '", kernel.name, "': a tile pushed across the lanes must have a "
            "static shape, not ", TypeToString(tile)));
        continue;
      }
      // A split V2C push carries one lane's half; the slot holds both
      // (dual-aiv.md, "Pipe setup"): count the split axis doubled.
      Type slot_tile = tile;
      const Expr* split = call->FindAttr("split");
      const int64_t code = split != nullptr && split->kind == ExprKind::kInt ? split->int_value : 0;
      if (FifoDirection(*call) == PipeDirection::kV2C && (code == 1 || code == 2) &&
          tile.shape().size() == 2) {
        Shape shape = tile.shape();
        shape[code == 1 ? 0 : 1].value *= 2;
        slot_tile = Type::Tile(shape, tile.dtype(), tile.memory(), tile.view());
      }
      const CheckedInt slot = SlotBytes(slot_tile);
      if (!slot.ok()) {
        diagnostics->Error(call->loc, absl::StrCat("in kernel '", kernel.name, "': ",
                                                   DoesNotFitMessage("the FIFO slot of this tile")));
        continue;
      }
      slot_size = std::max(slot_size, slot.value());
    }
  }
  if (dir_mask == 0) return;
  int64_t requested = IntAttr(kernel.FindAttr("slot_num"), 2);
  int c2v_held = MaxHeldPops(aiv, PipeDirection::kC2V);
  int v2c_held = MaxHeldPops(aic, PipeDirection::kV2C);
  int64_t slot_num = std::max<int64_t>({requested, c2v_held, v2c_held});
  if (slot_num > requested) {
    bool c2v_deeper = c2v_held >= v2c_held;
    diagnostics->Note(kernel.loc, absl::StrCat(
        "in kernel '", kernel.name, "': raising slot_num from ", requested, " to ", slot_num,
        ": the ", c2v_deeper ? "AIV" : "AIC", " lane holds up to ", slot_num,
        " popped tiles from the ", c2v_deeper ? "AIC" : "AIV", " lane at once"));
  }
  const std::string& name = kernel.name;
  BufferNames buffers{absl::StrCat(name, "_c2v_slot_buffer"),
                      absl::StrCat(name, "_v2c_slot_buffer")};
  const CheckedInt checked_size = CheckedInt(slot_num) * slot_size;
  if (!checked_size.ok()) {
    diagnostics->Error(kernel.loc, absl::StrCat("in kernel '", kernel.name, "': ",
                                                DoesNotFitMessage(absl::StrCat(
                                                    slot_num, " FIFO slots of ", slot_size,
                                                    " bytes"))));
    return;
  }
  const int64_t size = checked_size.value();
  bool c2v = dir_mask & 1;
  bool v2c = dir_mask & 2;

  Location aic_loc = FirstFifoLoc(aic_ops, kernel);
  std::vector<StmtPtr> aic_setup;
  Var* v2c_buf = nullptr;
  Var* c2v_import = nullptr;
  Type int32 = Type::Scalar(DType::kINT32);
  if (v2c) {
    v2c_buf = aic.NewVar("v2c_buf", int32, aic_loc);
    aic_setup.push_back(Reserve(v2c_buf, buffers.v2c, size, aic_loc));
  }
  if (c2v) {
    c2v_import = aic.NewVar("c2v_import", int32, aic_loc);
    aic_setup.push_back(Import(c2v_import, buffers.c2v, aiv.name, aic_loc));
  }
  aic_setup.push_back(InitPipe(op::kAicInitializePipe, c2v_import, v2c_buf, dir_mask,
                               slot_size, slot_num, aic_loc));
  Prepend(aic, std::move(aic_setup));

  Location aiv_loc = FirstFifoLoc(aiv_ops, kernel);
  std::vector<StmtPtr> aiv_setup;
  Var* v2c_import = nullptr;
  Var* c2v_buf = nullptr;
  if (v2c) {
    v2c_import = aiv.NewVar("v2c_import", int32, aiv_loc);
    aiv_setup.push_back(Import(v2c_import, buffers.v2c, aic.name, aiv_loc));
  }
  if (c2v) {
    c2v_buf = aiv.NewVar("c2v_buf", int32, aiv_loc);
    aiv_setup.push_back(Reserve(c2v_buf, buffers.c2v, size, aiv_loc));
  }
  aiv_setup.push_back(InitPipe(op::kAivInitializePipe, c2v_buf, v2c_import, dir_mask,
                               slot_size, slot_num, aiv_loc));
  Prepend(aiv, std::move(aiv_setup));
}

void CheckHandWrittenRingDepth(const Function& kernel, const Function& aic,
                               const Function& aiv, DiagnosticSink* diagnostics) {
  struct LaneDepth {
    const Function* fn;
    PipeDirection dir;
    const char* lane;
    const char* peer;
  };
  for (const LaneDepth& d : {LaneDepth{&aiv, PipeDirection::kC2V, "AIV", "AIC"},
                             LaneDepth{&aic, PipeDirection::kV2C, "AIC", "AIV"}}) {
    int held = MaxHeldPops(*d.fn, d.dir);
    const Expr* init = FindInitPipe(*d.fn->body);
    int64_t slot_num = init != nullptr ? IntAttr(AttrOrDefault(*init, "slot_num"), 2) : 2;
    if (held > slot_num) {
      diagnostics->Error(init != nullptr ? init->loc : kernel.loc, absl::StrCat(
          "in kernel '", kernel.name, "': the ", d.lane, " lane holds up to ", held,
          " popped tiles from the ", d.peer, " lane at once, more than the hand-written "
          "slot_num=", slot_num, "; producer and consumer would block each other"));
    }
  }
}

}  // namespace mixed_kernel
}  // namespace ptoc

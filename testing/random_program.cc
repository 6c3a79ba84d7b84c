#include "testing/random_program.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/registry.h"
#include "testing/rng.h"

namespace ptoc {
namespace {

const Shape kTileShape = {Dim::Static(16), Dim::Static(16)};

class FunctionGenerator {
 public:
  FunctionGenerator(Rng& rng, const RandomProgramOptions& options, Function& f)
      : rng_(rng), options_(options), f_(f) {}

  void Generate() {
    Location loc = f_.loc;
    tensor_ = AddParam("a", Type::Tensor(kTileShape, DType::kFP32), Direction::kIn);
    out_ = AddParam("out", Type::Tensor(kTileShape, DType::kFP32), Direction::kOut);
    window_ = AddParam("win", Type::DistributedTensor(kTileShape, DType::kFP32),
                       Direction::kInOut);
    signal_ = AddParam("sig", Type::DistributedTensor({Dim::Static(1), Dim::Static(8)},
                                                      DType::kINT32),
                       Direction::kInOut);
    n_ = AddParam("n", Type::Scalar(DType::kINDEX), Direction::kIn);
    scopes_.push_back({n_});
    f_.body = Body(0, loc, /*yields=*/{});
  }

 private:
  Var* AddParam(const char* name, Type type, Direction dir) {
    Var* v = f_.NewVar(name, std::move(type), f_.loc);
    f_.params.push_back(Param{v, dir});
    return v;
  }

  Location Loc() { return Location{"gen.py", ++line_, 9}; }

  // A name from a small pool, so that names are often bound again.
  std::string Name(const char* prefix) { return absl::StrCat(prefix, rng_.Below(3)); }

  std::vector<Var*> Visible(bool (*pred)(const Var*)) {
    std::vector<Var*> out;
    for (const auto& scope : scopes_) {
      for (Var* v : scope) {
        if (pred(v)) out.push_back(v);
      }
    }
    return out;
  }

  static bool IsIndex(const Var* v) {
    return v->type.is_scalar() && v->type.dtype() == DType::kINDEX;
  }
  static bool IsBool(const Var* v) {
    return v->type.is_scalar() && v->type.dtype() == DType::kBOOL;
  }
  static bool IsVecTile(const Var* v) { return v->type.is_tile(); }

  Var* Pick(const std::vector<Var*>& vars) { return vars[rng_.Below(vars.size())]; }

  ExprPtr IndexExpr(const Location& loc, int depth = 0) {
    std::vector<Var*> idx = Visible(IsIndex);
    if (depth > 1 || rng_.Chance(40)) {
      if (rng_.Chance(50)) return MakeInt(rng_.Below(9), loc);
      return MakeVarRef(Pick(idx), loc);
    }
    static const BinaryOp kOps[] = {BinaryOp::kAdd, BinaryOp::kSub, BinaryOp::kMul,
                                    BinaryOp::kFloorDiv, BinaryOp::kMod};
    BinaryOp op = kOps[rng_.Below(5)];
    ExprPtr lhs = MakeVarRef(Pick(idx), loc);
    // A non-zero literal divisor keeps // and % well defined.
    ExprPtr rhs = (op == BinaryOp::kFloorDiv || op == BinaryOp::kMod)
                      ? MakeInt(1 + rng_.Below(7), loc)
                      : IndexExpr(loc, depth + 1);
    return MakeBinary(op, std::move(lhs), std::move(rhs), Type::Scalar(DType::kINDEX), loc);
  }

  ExprPtr BoolExpr(const Location& loc) {
    std::vector<Var*> bools = Visible(IsBool);
    if (!bools.empty() && rng_.Chance(30)) return MakeVarRef(Pick(bools), loc);
    static const BinaryOp kCmp[] = {BinaryOp::kEq, BinaryOp::kNe, BinaryOp::kLt,
                                    BinaryOp::kLe, BinaryOp::kGt, BinaryOp::kGe};
    return MakeBinary(kCmp[rng_.Below(6)], IndexExpr(loc, 1), IndexExpr(loc, 1),
                      Type::Scalar(DType::kBOOL), loc);
  }

  ExprPtr Call(const char* op, std::vector<ExprPtr> args, std::vector<NamedExpr> attrs,
               const Location& loc) {
    ExprPtr call = MakeOpCall(op, std::move(args), std::move(attrs), {}, loc);
    auto type = OpRegistry::Get().Find(op)->result(*call);
    call->type = type.ok() && type->has_value() ? **type : Type::None();
    return call;
  }

  void Bind(std::vector<StmtPtr>& out, const char* prefix, ExprPtr value,
            const Location& loc) {
    Var* v = f_.NewVar(Name(prefix), value->type, loc);
    out.push_back(MakeAssign(v, std::move(value), loc));
    scopes_.back().push_back(v);
  }

  ExprPtr Offsets(const Location& loc) {
    std::vector<ExprPtr> offsets;
    offsets.push_back(MakeInt(0, loc));
    ExprPtr col = rng_.Chance(50) ? MakeInt(0, loc) : IndexExpr(loc, 1);
    // The region is as wide as its tensor: a constant column other than 0
    // would be statically out of bounds (the verifier's error).
    if (col->kind == ExprKind::kInt) col->int_value = 0;
    offsets.push_back(std::move(col));
    return MakeList(std::move(offsets), loc);
  }

  void SimpleStmt(std::vector<StmtPtr>& out) {
    Location loc = Loc();
    std::vector<Var*> tiles = Visible(IsVecTile);
    std::vector<ExprPtr> args;
    switch (rng_.Below(9)) {
      case 0:
        Bind(out, "i", IndexExpr(loc), loc);
        return;
      case 1:
        Bind(out, "b", BoolExpr(loc), loc);
        return;
      case 2:
        args.push_back(MakeVarRef(rng_.Chance(50) ? tensor_ : window_, loc));
        args.push_back(Offsets(loc));
        args.push_back(MakeIntList({16, 16}, loc));
        Bind(out, "t", Call("tile.load", std::move(args), {}, loc), loc);
        return;
      case 3:
        if (tiles.empty()) return SimpleStmt(out);
        args.push_back(MakeVarRef(Pick(tiles), loc));
        if (rng_.Chance(50)) {
          args.push_back(MakeVarRef(Pick(tiles), loc));
          Bind(out, "t", Call(rng_.Chance(50) ? "tile.add" : "tile.max", std::move(args),
                              {}, loc), loc);
        } else {
          Bind(out, "t", Call("tile.relu", std::move(args), {}, loc), loc);
        }
        return;
      case 4: {
        if (tiles.empty()) return SimpleStmt(out);
        args.push_back(MakeVarRef(Pick(tiles), loc));
        args.push_back(Offsets(loc));
        args.push_back(MakeVarRef(rng_.Chance(50) ? out_ : window_, loc));
        std::vector<NamedExpr> attrs;
        if (rng_.Chance(20)) attrs.push_back(MakeAttr("atomic", MakeString("add", loc)));
        out.push_back(MakeEval(Call("tile.store", std::move(args), std::move(attrs), loc),
                               loc));
        return;
      }
      case 5: {
        args.push_back(MakeVarRef(signal_, loc));
        args.push_back(IndexExpr(loc, 1));
        args.push_back(MakeIntList({0, 0}, loc));
        args.push_back(MakeInt(1, loc));
        std::vector<NamedExpr> attrs;
        if (rng_.Chance(50)) attrs.push_back(MakeAttr("op", MakeEnum("NotifyOp", "Set", loc)));
        out.push_back(MakeEval(Call("pld.system.notify", std::move(args), std::move(attrs),
                                    loc), loc));
        return;
      }
      case 6: {
        args.push_back(MakeVarRef(signal_, loc));
        args.push_back(MakeIntList({0, rng_.Below(8)}, loc));
        args.push_back(MakeInt(1, loc));
        std::vector<NamedExpr> attrs;
        if (rng_.Chance(50)) attrs.push_back(MakeAttr("cmp", MakeEnum("WaitCmp", "Ge", loc)));
        out.push_back(MakeEval(Call("pld.system.wait", std::move(args), std::move(attrs),
                                    loc), loc));
        return;
      }
      case 7:
        args.push_back(MakeVarRef(tensor_, loc));
        args.push_back(MakeIntList({0, rng_.Below(16)}, loc));
        Bind(out, "x", Call("tensor.read", std::move(args), {}, loc), loc);
        return;
      default:
        out.push_back(MakeEval(Call(rng_.Chance(50) ? "system.fence" : "system.cacheinvalid",
                                    {}, {}, loc), loc));
        return;
    }
  }

  void CompoundStmt(std::vector<StmtPtr>& out, int depth) {
    Location loc = Loc();
    auto s = std::make_unique<Stmt>();
    s->loc = loc;
    switch (rng_.Below(3)) {
      case 0: {  // for, possibly with one loop-carried index
        s->kind = StmtKind::kFor;
        s->start = MakeInt(0, loc);
        s->stop = rng_.Chance(50) ? MakeInt(1 + rng_.Below(4), loc) : MakeVarRef(n_, loc);
        s->step = MakeInt(1, loc);
        // Init values are evaluated before the loop: outside its scope.
        if (rng_.Chance(40)) s->init_values.push_back(IndexExpr(loc, 1));
        s->var = f_.NewVar(Name("k"), Type::Scalar(DType::kINDEX), loc);
        scopes_.push_back({s->var});
        if (!s->init_values.empty()) {
          s->iter_args.push_back(f_.NewVar(Name("acc"), Type::Scalar(DType::kINDEX), loc));
          scopes_.back().push_back(s->iter_args.back());
        }
        s->body = Body(depth + 1, loc, static_cast<int>(s->iter_args.size()));
        scopes_.pop_back();
        if (!s->iter_args.empty()) {
          s->results.push_back(f_.NewVar(Name("r"), Type::Scalar(DType::kINDEX), loc));
        }
        break;
      }
      case 1: {  // if / else, possibly with one result
        s->kind = StmtKind::kIf;
        s->value = BoolExpr(loc);
        int yields = rng_.Chance(40) ? 1 : 0;
        s->body = Body(depth + 1, loc, yields);
        if (yields > 0 || rng_.Chance(50)) s->else_body = Body(depth + 1, loc, yields);
        if (yields > 0) {
          s->results.push_back(f_.NewVar(Name("r"), Type::Scalar(DType::kINDEX), loc));
        }
        break;
      }
      default:
        s->kind = StmtKind::kWhile;
        s->value = BoolExpr(loc);
        s->body = Body(depth + 1, loc, 0);
        break;
    }
    for (Var* r : s->results) scopes_.back().push_back(r);
    out.push_back(std::move(s));
  }

  // A body of random statements ending with a yield of `yields` values.
  StmtPtr Body(int depth, const Location& loc, int yields) {
    scopes_.emplace_back();
    std::vector<StmtPtr> stmts;
    int count = rng_.Below(options_.max_stmts_per_body + 1);
    for (int i = 0; i < count; ++i) {
      if (depth < options_.max_depth && rng_.Chance(25)) {
        CompoundStmt(stmts, depth);
      } else {
        SimpleStmt(stmts);
      }
    }
    if (yields > 0) {
      Location yloc = Loc();
      auto y = std::make_unique<Stmt>();
      y->kind = StmtKind::kYield;
      y->loc = yloc;
      for (int i = 0; i < yields; ++i) y->values.push_back(IndexExpr(yloc, 1));
      stmts.push_back(std::move(y));
    }
    scopes_.pop_back();
    return MakeSeq(std::move(stmts), loc);
  }

  Rng& rng_;
  const RandomProgramOptions& options_;
  Function& f_;
  Var* tensor_ = nullptr;
  Var* out_ = nullptr;
  Var* window_ = nullptr;
  Var* signal_ = nullptr;
  Var* n_ = nullptr;
  int line_ = 0;
  std::vector<std::vector<Var*>> scopes_;
};

}  // namespace

std::unique_ptr<Program> GenerateRandomProgram(uint64_t seed,
                                               const RandomProgramOptions& options) {
  Rng rng(seed);
  auto program = std::make_unique<Program>();
  program->name = absl::StrCat("Random", seed);
  int functions = 1 + rng.Below(options.max_functions);
  static const FunctionKind kKinds[] = {FunctionKind::kInCore, FunctionKind::kAIV,
                                        FunctionKind::kOrchestration};
  for (int i = 0; i < functions; ++i) {
    auto f = std::make_unique<Function>();
    f->name = absl::StrCat("kernel", i);
    f->kind = kKinds[rng.Below(3)];
    f->loc = Location{"gen.py", 1, 5};
    FunctionGenerator(rng, options, *f).Generate();
    program->functions.push_back(std::move(f));
  }
  return program;
}

}  // namespace ptoc

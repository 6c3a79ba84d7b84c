#include "frontend/printer.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "ir/builder.h"
#include "ir/ir.h"

namespace ptoc {
namespace {

const Location kLoc;
constexpr char kImports[] =
    "import pypto.language as pl\n"
    "import pypto.language.distributed as pld\n"
    "\n"
    "\n"
    "@pl.program\n";

// The printed text before `class NAME:`, headed by PyPTO's program comment.
std::string Header(absl::string_view name) {
  return absl::StrCat("# pypto.program: ", name, "\n", kImports);
}

Type Index() { return Type::Scalar(DType::kINDEX); }

ExprPtr Ref(Var* v) { return MakeVarRef(v, kLoc); }
ExprPtr Int(int64_t v) { return MakeInt(v, kLoc); }
ExprPtr Bin(BinaryOp op, ExprPtr a, ExprPtr b) {
  return MakeBinary(op, std::move(a), std::move(b), Index(), kLoc);
}
ExprPtr Unary(UnaryOp op, ExprPtr a) {
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::kUnary;
  e->unary_op = op;
  e->args.push_back(std::move(a));
  return e;
}
ExprPtr Call(std::string op, std::vector<ExprPtr> args, std::vector<NamedExpr> attrs = {}) {
  return MakeOpCall(std::move(op), std::move(args), std::move(attrs), Type::None(), kLoc);
}
template <typename... T>
std::vector<ExprPtr> Args(T... args) {
  std::vector<ExprPtr> v;
  (v.push_back(std::move(args)), ...);
  return v;
}
template <typename... T>
std::vector<NamedExpr> Attrs(T... attrs) {
  std::vector<NamedExpr> v;
  (v.push_back(std::move(attrs)), ...);
  return v;
}
template <typename... T>
StmtPtr Seq(T... stmts) {
  std::vector<StmtPtr> v;
  (v.push_back(std::move(stmts)), ...);
  return MakeSeq(std::move(v), kLoc);
}
StmtPtr Eval(ExprPtr e) { return MakeEval(std::move(e), kLoc); }
StmtPtr Assign(Var* v, ExprPtr e) { return MakeAssign(v, std::move(e), kLoc); }
StmtPtr For(Var* i, ExprPtr start, ExprPtr stop, ExprPtr step, StmtPtr body) {
  auto s = std::make_unique<Stmt>();
  s->kind = StmtKind::kFor;
  s->var = i;
  s->start = std::move(start);
  s->stop = std::move(stop);
  s->step = std::move(step);
  s->body = std::move(body);
  return s;
}
StmtPtr Yield(std::vector<ExprPtr> values) {
  auto s = std::make_unique<Stmt>();
  s->kind = StmtKind::kYield;
  s->values = std::move(values);
  return s;
}

// A one-function program "P" whose function "f" is built by the test.
struct TestProgram {
  TestProgram() {
    program.name = "P";
    auto fn = std::make_unique<Function>();
    fn->name = "f";
    fn->body = MakeSeq({}, kLoc);
    f = fn.get();
    program.functions.push_back(std::move(fn));
  }
  Var* Param(std::string name, Type type, Direction d = Direction::kIn) {
    Var* v = f->NewVar(std::move(name), std::move(type));
    f->params.push_back(ptoc::Param{v, d});
    return v;
  }
  Var* Local(std::string name, Type type = Index()) {
    return f->NewVar(std::move(name), std::move(type));
  }
  // The printed body of f, the function's own 8-space indentation removed.
  std::string Body(const PrintOptions& options = {}) const {
    std::string text = PrintProgram(program, options);
    size_t start = text.find("):\n");
    EXPECT_NE(start, std::string::npos) << text;
    std::string body;
    for (absl::string_view line : absl::StrSplit(text.substr(start + 3), '\n')) {
      if (!line.empty()) absl::StrAppend(&body, line.substr(8), "\n");
    }
    return body;
  }

  Program program;
  Function* f;
};

TEST(PrinterTest, WholeFunctionLayout) {
  TestProgram t;
  t.program.name = "RingStep";
  t.f->name = "step";
  Var* inp = t.Param("inp", Type::Tensor({Dim::Static(1), Dim::Static(8)}, DType::kFP32));
  Var* win = t.Param("win", Type::DistributedTensor({Dim::Static(1), Dim::Static(8)},
                                                    DType::kFP32),
                     Direction::kInOut);
  Var* out = t.Param("out", Type::Tensor({Dim::Static(1), Dim::Symbolic("n")}, DType::kFP32),
                     Direction::kOut);
  t.Param("n", Index());
  Var* ctx = t.Local("ctx", Type::CommCtx());
  Var* me = t.Local("me");
  Var* local = t.Local("local", Type::Tile({Dim::Static(1), Dim::Static(8)}, DType::kFP32,
                                           MemorySpace::kVec));
  t.f->body = Seq(
      Assign(ctx, Call("pld.get_comm_ctx", Args(Ref(win)))),
      Assign(me, Call("pld.rank", Args(Ref(ctx)))),
      Assign(local, Call("tile.load", Args(Ref(inp), MakeIntList({0, 0}, kLoc),
                                           MakeIntList({1, 8}, kLoc)))),
      Eval(Call("pld.system.notify", Args(Ref(win), Ref(me), MakeIntList({0, 0}, kLoc), Int(1)),
                Attrs(MakeAttr("op", MakeEnum("NotifyOp", "Set", kLoc))))),
      Eval(Call("tile.store", Args(Ref(local), MakeIntList({0, 0}, kLoc), Ref(out)))));
  auto g = std::make_unique<Function>();
  g->name = "g";
  g->kind = FunctionKind::kOrchestration;
  g->return_type = Index();
  g->attrs.push_back(MakeAttr("nranks", Int(4)));
  g->attrs.push_back(MakeAttr("name", MakeString("x", kLoc)));
  g->body = Seq();
  t.program.functions.push_back(std::move(g));

  EXPECT_EQ(PrintProgram(t.program),
            Header("RingStep") +
                "class RingStep:\n"
                "    @pl.function(type=pl.FunctionType.InCore)\n"
                "    def step(self, inp: pl.Tensor[[1, 8], pl.FP32], "
                "win: pl.InOut[pld.DistributedTensor[[1, 8], pl.FP32]], "
                "out: pl.Out[pl.Tensor[[1, n], pl.FP32]], n: pl.Scalar[pl.INDEX]):\n"
                "        ctx = pld.get_comm_ctx(win)\n"
                "        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)\n"
                "        local: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = "
                "pl.tile.load(inp, [0, 0], [1, 8])\n"
                "        pld.system.notify(win, me, [0, 0], 1, op=pld.NotifyOp.Set)\n"
                "        pl.tile.store(local, [0, 0], out)\n"
                "\n"
                "    @pl.function(type=pl.FunctionType.Orchestration, "
                "attrs={\"nranks\": 4, \"name\": \"x\"})\n"
                "    def g(self) -> pl.Scalar[pl.INDEX]:\n"
                "        pass\n");
}

// PyPTO's printer leaves the default function type out, and the
// decorator's parentheses when nothing else is written.
TEST(PrinterTest, OpaqueIsTheDefaultFunctionType) {
  TestProgram t;
  t.f->kind = FunctionKind::kOpaque;
  auto g = std::make_unique<Function>();
  g->name = "g";
  g->kind = FunctionKind::kOpaque;
  g->decorator_args.push_back(MakeAttr("strict_ssa", MakeBool(true, kLoc)));
  g->body = Seq();
  t.program.functions.push_back(std::move(g));
  const std::string text = PrintProgram(t.program);
  EXPECT_NE(text.find("    @pl.function\n    def f("), std::string::npos) << text;
  EXPECT_NE(text.find("    @pl.function(strict_ssa=True)\n    def g("), std::string::npos) << text;
  EXPECT_EQ(text.find("FunctionType"), std::string::npos) << text;
}

TEST(PrinterTest, EmptyProgram) {
  Program p;
  p.name = "Empty";
  EXPECT_EQ(PrintProgram(p), Header("Empty") + "class Empty:\n    pass\n");
}

TEST(PrinterTest, RepeatedNamesGetSuffixes) {
  TestProgram t;
  Var* x_param = t.Param("x", Index());
  Var* a = t.Local("x");
  Var* b = t.Local("x_1");
  Var* c = t.Local("x");
  Var* d = t.Local("");
  t.f->body = Seq(Assign(a, Bin(BinaryOp::kAdd, Ref(x_param), Int(1))),
                  Assign(c, Ref(a)),  // defined before the var written x_1
                  Assign(b, Ref(c)),
                  Assign(d, Ref(b)));
  EXPECT_EQ(t.Body(),
            "x_2: pl.Scalar[pl.INDEX] = x + 1\n"
            "x_3: pl.Scalar[pl.INDEX] = x_2\n"
            "x_1: pl.Scalar[pl.INDEX] = x_3\n"
            "v: pl.Scalar[pl.INDEX] = x_1\n");
}

TEST(PrinterTest, CanonicalNamesRenameLocalsInDefinitionOrder) {
  TestProgram t;
  Var* p = t.Param("v0", Index());
  Var* later = t.Local("zeta");  // created first, defined second
  Var* first = t.Local("alpha");
  Var* i = t.Local("i");
  t.f->body = Seq(Assign(first, Ref(p)), Assign(later, Ref(first)),
                  For(i, Int(0), Ref(later), Int(1), Seq(Eval(Call("system.fence", {})))));
  PrintOptions canonical;
  canonical.canonical_names = true;
  EXPECT_EQ(t.Body(canonical),
            "v1: pl.Scalar[pl.INDEX] = v0\n"
            "v2: pl.Scalar[pl.INDEX] = v1\n"
            "for v3 in pl.range(v2):\n"
            "    pl.system.fence()\n");
}

TEST(PrinterTest, MinimalParentheses) {
  TestProgram t;
  Var* a = t.Param("a", Index());
  Var* b = t.Param("b", Index());
  Var* c = t.Param("c", Index());
  auto print = [&](ExprPtr e) { return PrintExpr(*e); };
  // (me - 1 + nranks) % nranks
  EXPECT_EQ(print(Bin(BinaryOp::kMod,
                      Bin(BinaryOp::kAdd, Bin(BinaryOp::kSub, Ref(a), Int(1)), Ref(b)),
                      Ref(b))),
            "(a - 1 + b) % b");
  EXPECT_EQ(print(Bin(BinaryOp::kSub, Ref(a), Bin(BinaryOp::kSub, Ref(b), Ref(c)))),
            "a - (b - c)");
  EXPECT_EQ(print(Bin(BinaryOp::kAdd, Ref(a), Bin(BinaryOp::kMul, Ref(b), Ref(c)))),
            "a + b * c");
  EXPECT_EQ(print(Bin(BinaryOp::kMul, Ref(a), Bin(BinaryOp::kAdd, Ref(b), Ref(c)))),
            "a * (b + c)");
  EXPECT_EQ(print(Bin(BinaryOp::kFloorDiv, Bin(BinaryOp::kMul, Ref(a), Ref(b)), Ref(c))),
            "a * b // c");
  EXPECT_EQ(print(Bin(BinaryOp::kMul, Ref(a), Bin(BinaryOp::kFloorDiv, Ref(b), Ref(c)))),
            "a * (b // c)");
  EXPECT_EQ(print(Unary(UnaryOp::kNeg, Bin(BinaryOp::kAdd, Ref(a), Ref(b)))), "-(a + b)");
  EXPECT_EQ(print(Bin(BinaryOp::kSub, Ref(a), Int(-1))), "a - -1");
  EXPECT_EQ(print(Bin(BinaryOp::kMul, Unary(UnaryOp::kNeg, Ref(a)), Ref(b))), "-a * b");
  // Comparisons chain in Python, so a nested comparison keeps its parentheses.
  EXPECT_EQ(print(Bin(BinaryOp::kEq, Bin(BinaryOp::kLt, Ref(a), Ref(b)), Ref(c))),
            "(a < b) == c");
  EXPECT_EQ(print(Bin(BinaryOp::kLt, Ref(a), Bin(BinaryOp::kAdd, Ref(b), Int(1)))),
            "a < b + 1");
  EXPECT_EQ(print(Bin(BinaryOp::kOr,
                      Bin(BinaryOp::kAnd, Bin(BinaryOp::kNe, Ref(a), Ref(b)), Ref(c)),
                      Ref(a))),
            "a != b and c or a");
  EXPECT_EQ(print(Bin(BinaryOp::kAnd, Ref(a), Bin(BinaryOp::kOr, Ref(b), Ref(c)))),
            "a and (b or c)");
  EXPECT_EQ(print(Unary(UnaryOp::kNot, Bin(BinaryOp::kEq, Ref(a), Ref(b)))), "not a == b");
  EXPECT_EQ(print(Unary(UnaryOp::kNot, Bin(BinaryOp::kAnd, Ref(a), Ref(b)))),
            "not (a and b)");
  EXPECT_EQ(print(Bin(BinaryOp::kAnd, Unary(UnaryOp::kNot, Ref(a)), Ref(b))), "not a and b");
  EXPECT_EQ(print(Bin(BinaryOp::kEq, Unary(UnaryOp::kNot, Ref(a)), Ref(b))), "(not a) == b");
}

TEST(PrinterTest, Constants) {
  auto print = [](ExprPtr e) { return PrintExpr(*e); };
  EXPECT_EQ(print(MakeFloat(1.0, kLoc)), "1.0");
  EXPECT_EQ(print(MakeFloat(0.1, kLoc)), "0.1");
  EXPECT_EQ(print(MakeFloat(-2.5, kLoc)), "-2.5");
  EXPECT_EQ(print(MakeFloat(100.0, kLoc)), "100.0");
  EXPECT_EQ(print(MakeFloat(1e20, kLoc)), "1e+20");
  EXPECT_EQ(print(MakeFloat(1.5e-7, kLoc)), "1.5e-07");
  EXPECT_EQ(print(MakeFloat(1.0 / 3, kLoc)), "0.3333333333333333");
  EXPECT_EQ(print(MakeBool(true, kLoc)), "True");
  EXPECT_EQ(print(MakeBool(false, kLoc)), "False");
  EXPECT_EQ(print(MakeString("a\"b\\c\n", kLoc)), "\"a\\\"b\\\\c\\n\"");
  EXPECT_EQ(print(MakeEnum("MemorySpace", "Vec", kLoc)), "pl.Mem.Vec");
  EXPECT_EQ(print(MakeEnum("TileLayout", "col_major", kLoc)), "pl.TileLayout.col_major");
  EXPECT_EQ(print(MakeEnum("DType", "FP32", kLoc)), "pl.FP32");
  EXPECT_EQ(print(MakeEnum("NotifyOp", "AtomicAdd", kLoc)), "pld.NotifyOp.AtomicAdd");
  EXPECT_EQ(print(MakeEnum("WaitCmp", "Ge", kLoc)), "pld.WaitCmp.Ge");
  EXPECT_EQ(print(MakeIntList({}, kLoc)), "[]");
  auto tuple = std::make_unique<Expr>();
  tuple->kind = ExprKind::kTuple;
  tuple->args.push_back(Int(3));
  EXPECT_EQ(PrintExpr(*tuple), "(3,)");
  tuple->args.push_back(Int(-4));
  EXPECT_EQ(PrintExpr(*tuple), "(3, -4)");
}

TEST(PrinterTest, FloatsReadBackExactly) {
  for (double v : {0.1, 1.0 / 3, 2.0 / 3 * 1e-5, 123456.789, 1e16, 9007199254740993.0,
                   5e-324, 1.7976931348623157e308, -0.0}) {
    std::string s = PrintExpr(*MakeFloat(v, kLoc));
    EXPECT_EQ(std::strtod(s.c_str(), nullptr), v) << s;
    EXPECT_NE(s.find_first_of(".e"), std::string::npos) << s;
  }
}

TEST(PrinterTest, CallsAndDefaultAttributes) {
  TestProgram t;
  Var* c = t.Param("c", Type::Tile({Dim::Static(16), Dim::Static(16)}, DType::kFP32,
                                   MemorySpace::kAcc));
  auto fcall = Call("helper", Args(Ref(c), Int(2)));
  fcall->is_function_call = true;
  t.f->body = Seq(
      // split=0 is the registry default and is left out; id=1 is not.
      Eval(Call("tile.tpush_to_aiv", Args(Ref(c)),
                Attrs(MakeAttr("split", Int(0)), MakeAttr("id", Int(1))))),
      Eval(Call("system.syncall", {},
                Attrs(MakeAttr("core_type", MakeString("aic_only", kLoc)),
                      MakeAttr("mode", MakeString("soft", kLoc))))),
      Eval(Call("my.unknown_op", Args(Ref(c)), Attrs(MakeAttr("split", Int(0))))),
      Eval(std::move(fcall)));
  EXPECT_EQ(t.Body(),
            "pl.tile.tpush_to_aiv(c, id=1)\n"
            "pl.system.syncall(core_type=\"aic_only\")\n"
            "pl.my.unknown_op(c, split=0)\n"
            "self.helper(c, 2)\n");
}

TEST(PrinterTest, TileViews) {
  auto tile = [](MemorySpace m, std::optional<TileView> view) {
    return Type::Tile({Dim::Static(16), Dim::Static(64)}, DType::kFP16, m, std::move(view));
  };
  TestProgram t;
  TileView valid = NdView();
  valid.valid_shape = {Dim::Static(16), Dim::Symbolic("n")};
  TileView col = NdView();
  col.blayout = Layout::kColMajor;
  Var* a = t.Local("a", tile(MemorySpace::kVec, NzView()));
  Var* b = t.Local("b", tile(MemorySpace::kMat, NzView()));  // implicit: no view
  Var* c = t.Local("c", tile(MemorySpace::kVec, valid));
  Var* d = t.Local("d", tile(MemorySpace::kVec, col));
  Var* e = t.Local("e", tile(MemorySpace::kRight, NdView()));
  t.f->body = Seq();
  for (Var* v : {a, b, c, d, e}) {
    t.f->body->stmts.push_back(Assign(v, Call("tile.tpop_from_aic", {})));
  }
  EXPECT_EQ(
      t.Body(),
      "a: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec, pl.TileView("
      "blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = "
      "pl.tile.tpop_from_aic()\n"
      "b: pl.Tile[[16, 64], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aic()\n"
      "c: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec, pl.TileView(valid_shape=[16, n])] = "
      "pl.tile.tpop_from_aic()\n"
      "d: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec, pl.TileView("
      "blayout=pl.TileLayout.col_major)] = pl.tile.tpop_from_aic()\n"
      "e: pl.Tile[[16, 64], pl.FP16, pl.Mem.Right, pl.TileView("
      "slayout=pl.TileLayout.none_box)] = pl.tile.tpop_from_aic()\n");
}

TEST(PrinterTest, RangeForms) {
  TestProgram t;
  Var* n = t.Param("n", Index());
  Var* i = t.Local("i");
  Var* j = t.Local("j");
  Var* k = t.Local("k");
  t.f->body = Seq(
      For(i, Int(0), Bin(BinaryOp::kSub, Ref(n), Int(1)), Int(1), Seq()),
      For(j, Int(2), Int(8), Int(1), Seq()),
      For(k, Int(0), Int(8), Int(2), Eval(Call("system.fence", {}))));
  EXPECT_EQ(t.Body(),
            "for i in pl.range(n - 1):\n"
            "    pass\n"
            "for j in pl.range(2, 8):\n"
            "    pass\n"
            "for k in pl.range(0, 8, 2):\n"
            "    pl.system.fence()\n");
}

TEST(PrinterTest, LoopCarriedValues) {
  TestProgram t;
  Var* n = t.Param("n", Index());
  Var* acc0 = t.Local("acc0");
  Var* i = t.Local("i");
  Var* acc = t.Local("acc");
  Var* next = t.Local("acc");  // same name: printed acc_1
  Var* acc_out = t.Local("acc_out");
  Var* j = t.Local("i");
  Var* a = t.Local("a");
  Var* b = t.Local("b");
  Var* a_out = t.Local("a_out");
  Var* b_out = t.Local("b_out");

  StmtPtr loop1 = For(i, Int(0), Ref(n), Int(1),
                      Seq(Assign(next, Bin(BinaryOp::kAdd, Ref(acc), Ref(i))),
                          Yield(Args(Ref(next)))));
  loop1->iter_args = {acc};
  loop1->init_values = Args(Ref(acc0));
  loop1->results = {acc_out};
  // A bare Yield as the whole body.
  StmtPtr loop2 = For(j, Int(0), Ref(n), Int(1), Yield(Args(Ref(b), Ref(a))));
  loop2->iter_args = {a, b};
  loop2->init_values = Args(Ref(acc_out), Int(0));
  loop2->results = {a_out, b_out};
  t.f->body = Seq(Assign(acc0, Int(0)), std::move(loop1), std::move(loop2),
                  MakeSeq({}, kLoc));
  auto ret = std::make_unique<Stmt>();
  ret->kind = StmtKind::kReturn;
  ret->values = Args(Ref(a_out), Ref(b_out));
  t.f->body->stmts.push_back(std::move(ret));

  EXPECT_EQ(t.Body(),
            "acc0: pl.Scalar[pl.INDEX] = 0\n"
            "for i, (acc,) in pl.range(n, init_values=(acc0,)):\n"
            "    acc_1: pl.Scalar[pl.INDEX] = acc + i\n"
            "    acc_out = pl.yield_(acc_1)\n"
            "for i_1, (a, b) in pl.range(n, init_values=(acc_out, 0)):\n"
            "    a_out, b_out = pl.yield_(b, a)\n"
            "return a_out, b_out\n");
}

TEST(PrinterTest, IfWithResultsWhileAndEmptyBodies) {
  TestProgram t;
  Var* n = t.Param("n", Index());
  Var* x = t.Local("x");
  Var* x2 = t.Local("x");
  Var* r = t.Local("r");
  auto if_stmt = std::make_unique<Stmt>();
  if_stmt->kind = StmtKind::kIf;
  if_stmt->value = Bin(BinaryOp::kGt, Ref(n), Int(0));
  if_stmt->body = Seq(Assign(x, Int(1)), Yield(Args(Ref(x))));
  if_stmt->else_body = Seq(Assign(x2, Int(2)), Yield(Args(Ref(x2))));
  if_stmt->results = {r};
  auto empty_if = std::make_unique<Stmt>();
  empty_if->kind = StmtKind::kIf;
  empty_if->value = MakeBool(true, kLoc);
  empty_if->body = Seq(Seq());  // nested empty Seqs print nothing
  empty_if->else_body = Seq();
  auto while_stmt = std::make_unique<Stmt>();
  while_stmt->kind = StmtKind::kWhile;
  while_stmt->value = Bin(BinaryOp::kLt, Ref(r), Ref(n));
  while_stmt->body = Seq();
  t.f->body = Seq(std::move(if_stmt), std::move(empty_if), std::move(while_stmt));
  EXPECT_EQ(t.Body(),
            "if n > 0:\n"
            "    x: pl.Scalar[pl.INDEX] = 1\n"
            "    r = pl.yield_(x)\n"
            "else:\n"
            "    x_1: pl.Scalar[pl.INDEX] = 2\n"
            "    r = pl.yield_(x_1)\n"
            "if True:\n"
            "    pass\n"
            "else:\n"
            "    pass\n"
            "while r < n:\n"
            "    pass\n");
}

TEST(PrinterTest, PrintIsDeterministic) {
  TestProgram t;
  std::vector<Var*> vars;
  for (int k = 0; k < 50; ++k) vars.push_back(t.Local(k % 2 ? "x" : "y"));
  t.f->body = Seq();
  for (Var* v : vars) t.f->body->stmts.push_back(Assign(v, Int(1)));
  std::string first = PrintProgram(t.program);
  for (int k = 0; k < 5; ++k) EXPECT_EQ(PrintProgram(t.program), first);
  EXPECT_NE(first.find("y_24: pl.Scalar"), std::string::npos);
}

}  // namespace
}  // namespace ptoc

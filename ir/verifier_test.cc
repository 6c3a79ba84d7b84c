#include "ir/verifier.h"

#include <fstream>
#include <sstream>

#include "frontend/parser.h"
#include "gtest/gtest.h"
#include "ir/builder.h"

namespace ptoc {
namespace {

constexpr const char* kKernel = R"(import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class K:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        win: pld.DistributedTensor[[16, 16], pl.FP32],
        n: pl.Scalar[pl.INDEX],
    ):
        for i in pl.range(n):
            t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])
            pl.tile.store(t, [0, 0], win)
        pl.system.fence()
)";

std::unique_ptr<Program> Parse(const std::string& text) {
  auto program = ParseProgram(text, "k.py");
  EXPECT_TRUE(program.ok()) << program.status().message();
  return std::move(program).value();
}

Function& Kernel(Program& p) { return *p.functions[0]; }
Stmt& Loop(Program& p) { return *Kernel(p).body->stmts[0]; }
Stmt& LoopBody(Program& p) { return *Loop(p).body; }
Expr& StoreCall(Program& p) { return *LoopBody(p).stmts[1]->value; }

std::string VerifyMessage(const Program& p) {
  absl::Status s = VerifyProgram(p);
  return s.ok() ? "" : std::string(s.message());
}

TEST(VerifierTest, ExamplesVerify) {
  for (const char* name : {"ring_allreduce", "mesh_barrier", "matmul_relu", "v2c_handoff",
                           "reduce_to_root", "attention_tile"}) {
    std::string path = std::string("examples/") + name + ".py";
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    auto program = ParseProgram(text.str(), path);
    ASSERT_TRUE(program.ok()) << program.status().message();
    EXPECT_TRUE(VerifyProgram(**program).ok()) << name;
  }
}

// If results are typed as the reader types them: two results take the then
// values' types exactly, the else values may differ only in pl.MemRef.
TEST(VerifierTest, IfResultTypesFollowTheReader) {
  auto p = Parse(R"(import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class K:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INT32]):
        if n > 0:
            a, b = pl.yield_(n, m)
        else:
            a, b = pl.yield_(n, m)
)");
  ASSERT_TRUE(VerifyProgram(*p).ok());
  Stmt& branch = *Kernel(*p).body->stmts[0];
  branch.results[1]->type = Type::Scalar(DType::kINDEX);
  EXPECT_NE(VerifyMessage(*p).find("if result 'b' has type pl.Scalar[pl.INDEX] but the then "
                                   "branch yields pl.Scalar[pl.INT32]"),
            std::string::npos)
      << VerifyMessage(*p);
  EXPECT_NE(VerifyMessage(*p).find("but the else branch yields pl.Scalar[pl.INT32]"),
            std::string::npos)
      << VerifyMessage(*p);
}

TEST(VerifierTest, UseOutOfScope) {
  auto p = Parse(kKernel);
  Var* t = LoopBody(*p).stmts[0]->var;
  // Before its definition: out of scope.
  auto& stmts = Kernel(*p).body->stmts;
  stmts.insert(stmts.begin(),
               MakeEval(MakeOpCall("tile.relu", {}, {}, {}, {}), Location{"k.py", 14, 9}));
  stmts.front()->value->args.push_back(MakeVarRef(t, {"k.py", 14, 21}));
  EXPECT_NE(VerifyMessage(*p).find("'t' is used out of its scope"), std::string::npos)
      << VerifyMessage(*p);
}

TEST(VerifierTest, ForLoopNamesOutliveTheLoop) {
  // As in Python: a name bound in a for body (and the loop variable) is
  // visible after the loop.
  auto p = Parse(kKernel);
  Var* t = LoopBody(*p).stmts[0]->var;
  Kernel(*p).body->stmts.push_back(
      MakeEval(MakeOpCall("tile.relu", {}, {}, {}, {}), Location{"k.py", 18, 9}));
  Kernel(*p).body->stmts.back()->value->args.push_back(MakeVarRef(t, {"k.py", 18, 21}));
  EXPECT_EQ(VerifyMessage(*p).find("out of its scope"), std::string::npos)
      << VerifyMessage(*p);
}

TEST(VerifierTest, WrongArity) {
  auto p = Parse(kKernel);
  StoreCall(*p).args.pop_back();
  EXPECT_NE(VerifyMessage(*p).find("'tile.store' takes 3 or 4 arguments, not 2"),
            std::string::npos) << VerifyMessage(*p);
}

TEST(VerifierTest, UnknownOp) {
  auto p = Parse(kKernel);
  StoreCall(*p).str = "tile.stor";
  EXPECT_NE(VerifyMessage(*p).find("unknown op 'tile.stor'"), std::string::npos);
  p->options.allow_unregistered_ops = true;
  EXPECT_EQ(VerifyMessage(*p), "");
}

TEST(VerifierTest, AttributeChecks) {
  auto p = Parse(kKernel);
  StoreCall(*p).attrs.push_back(MakeAttr("atomic", MakeString("max", {})));
  EXPECT_NE(VerifyMessage(*p).find("cannot be \"max\""), std::string::npos);
  StoreCall(*p).attrs.back().name = "atomik";
  EXPECT_NE(VerifyMessage(*p).find("has no attribute 'atomik'"), std::string::npos);
  StoreCall(*p).attrs.back() = MakeAttr("atomic", MakeInt(1, {}));
  EXPECT_NE(VerifyMessage(*p).find("wrong kind of value"), std::string::npos);
}

TEST(VerifierTest, ResultTypeMustMatchRegistry) {
  auto p = Parse(kKernel);
  Stmt& load = *LoopBody(*p).stmts[0];
  Type wrong = Type::Tile({Dim::Static(8), Dim::Static(16)}, DType::kFP32, MemorySpace::kVec);
  load.value->type = wrong;
  load.var->type = wrong;
  EXPECT_NE(VerifyMessage(*p).find("'tile.load' returns"), std::string::npos)
      << VerifyMessage(*p);
}

TEST(VerifierTest, DefinedTwice) {
  auto p = Parse(kKernel);
  Stmt& load = *LoopBody(*p).stmts[0];
  LoopBody(*p).stmts.insert(LoopBody(*p).stmts.begin() + 1,
                            MakeAssign(load.var, Clone(*load.value), load.loc));
  EXPECT_NE(VerifyMessage(*p).find("is defined twice"), std::string::npos);
}

TEST(VerifierTest, IfWithResultsNeedsElse) {
  auto p = Parse(R"(import pypto.language as pl
@pl.program
class K:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, n: pl.Scalar[pl.INDEX]):
        if n > 0:
            x: pl.Scalar[pl.INDEX] = pl.yield_(n)
        else:
            x: pl.Scalar[pl.INDEX] = pl.yield_(n + 1)
        y: pl.Scalar[pl.INDEX] = x + 1
)");
  ASSERT_EQ(VerifyMessage(*p), "");
  Kernel(*p).body->stmts[0]->else_body.reset();
  EXPECT_NE(VerifyMessage(*p).find("needs an else branch"), std::string::npos);
}

TEST(VerifierTest, DiagnosticsPointAtTheSource) {
  auto p = Parse(kKernel);
  StoreCall(*p).args.pop_back();
  std::string message = VerifyMessage(*p);
  EXPECT_EQ(message.rfind("k.py:16:13: error:", 0), 0u) << message;
  EXPECT_NE(message.find("pl.tile.store(t, [0, 0], win)\n            ^"), std::string::npos)
      << message;
}

// A .pb may carry statements the parser refuses to write; printed, they
// would not parse back.
TEST(VerifierTest, ExpressionStatementMustBeACall) {
  auto p = Parse(kKernel);
  Stmt& store = *LoopBody(*p).stmts[1];
  store.value = MakeInt(0, store.loc);
  EXPECT_NE(VerifyMessage(*p).find("an expression statement must be a call"), std::string::npos)
      << VerifyMessage(*p);
}

TEST(VerifierTest, SubmitMustBeAssigned) {
  auto p = Parse(R"(import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32]):
        a, tid = pl.submit(self.k, x)
)");
  StmtPtr& unpack = p->functions[1]->body->stmts[0];
  ASSERT_EQ(unpack->kind, StmtKind::kUnpack);
  unpack = MakeEval(std::move(unpack->value), unpack->loc);
  EXPECT_NE(VerifyMessage(*p).find("pl.submit(...) must be assigned"), std::string::npos)
      << VerifyMessage(*p);
}

TEST(VerifierTest, ScopesAsTheParserWritesThem) {
  constexpr const char* kScopes = R"(import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]):
        with pl.at(level=pl.Level.CORE_GROUP) as t1:
            pass
        with pl.manual_scope():
            pass
)";
  auto p = Parse(kScopes);
  Stmt& at = *p->functions[0]->body->stmts[0];
  Stmt& manual = *p->functions[0]->body->stmts[1];
  ASSERT_EQ(VerifyMessage(*p), "");
  at.value->str = "a@";
  EXPECT_NE(VerifyMessage(*p).find("'pl.a@' is not a scope"), std::string::npos)
      << VerifyMessage(*p);
  at.value->str = "at";
  manual.value->attrs.push_back(MakeAttr("name", MakeString("x", manual.loc)));
  EXPECT_NE(VerifyMessage(*p).find("pl.manual_scope() does not accept arguments"),
            std::string::npos) << VerifyMessage(*p);
  manual.value->attrs.clear();
  manual.var = at.var;
  at.var = nullptr;
  EXPECT_NE(VerifyMessage(*p).find("`with pl.manual_scope(...)` binds no name"),
            std::string::npos) << VerifyMessage(*p);
}

}  // namespace
}  // namespace ptoc

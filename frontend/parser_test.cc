#include "frontend/parser.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "frontend/lexer.h"
#include "frontend/printer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ir.h"

namespace ptoc {
namespace {

using ::testing::HasSubstr;

// A program with one InCore function `f` whose parameters cover the types
// the tests need; `body` is written without indentation.
constexpr char kHeader[] = R"(import pypto.language as pl
import pypto.language.distributed as pld

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(
        self,
        t: pl.Tensor[[16, 16], pl.FP32],
        w: pld.DistributedTensor[[16, 16], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        k: pl.Scalar[pl.INT32],
        flag: pl.Scalar[pl.BOOL],
        x: pl.Scalar[pl.FP32],
    ):
)";

// The line number of the first body line in Kernel(...).
int BodyLine() {
  return static_cast<int>(std::count(kHeader, kHeader + sizeof(kHeader) - 1, '\n')) + 1;
}

std::string Kernel(absl::string_view body) {
  std::string out = kHeader;
  for (absl::string_view line : absl::StrSplit(body, '\n')) {
    if (!line.empty()) absl::StrAppend(&out, "        ", line);
    out += "\n";
  }
  return out;
}

absl::StatusOr<std::unique_ptr<Program>> Parse(const std::string& text,
                                               bool allow_unregistered = false) {
  ParseOptions options;
  options.allow_unregistered_ops = allow_unregistered;
  return ParseProgram(text, "k.py", options);
}

std::unique_ptr<Program> ParseOk(const std::string& text,
                                 bool allow_unregistered = false) {
  absl::StatusOr<std::unique_ptr<Program>> p = Parse(text, allow_unregistered);
  EXPECT_TRUE(p.ok()) << p.status() << "\n" << text;
  return p.ok() ? *std::move(p) : nullptr;
}

std::string ParseError(const std::string& text, bool allow_unregistered = false) {
  absl::StatusOr<std::unique_ptr<Program>> p = Parse(text, allow_unregistered);
  EXPECT_FALSE(p.ok()) << text;
  return p.ok() ? "" : std::string(p.status().message());
}

// The statements of f's body.
const std::vector<StmtPtr>& Body(const Program& p) { return p.functions[0]->body->stmts; }

std::string ReadTextFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::vector<std::string> ExampleFiles() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator("examples")) {
    if (entry.path().extension() == ".py") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// ---- lexer ----

TEST(LexerTest, IndentationBracketsCommentsAndLiterals) {
  const std::string text =
      "a = f(1,\n"
      "      2.5)  # comment\n"
      "\n"
      "   # indented comment\n"
      "if x:\n"
      "    b = 'q\\'s' // \"d\" -> <= %\n";
  absl::StatusOr<std::vector<Token>> tokens = Lex(text, "lex.py");
  ASSERT_TRUE(tokens.ok()) << tokens.status();
  std::vector<std::string> got;
  for (const Token& t : *tokens) {
    switch (t.kind) {
      case TokenKind::kNewline:
        got.push_back("NL");
        break;
      case TokenKind::kIndent:
        got.push_back("IN");
        break;
      case TokenKind::kDedent:
        got.push_back("DE");
        break;
      case TokenKind::kEnd:
        got.push_back("END");
        break;
      case TokenKind::kString:
        got.push_back(absl::StrCat("s:", t.text));
        break;
      default:
        got.push_back(t.text);
    }
  }
  EXPECT_EQ(absl::StrJoin(got, " "),
            "a = f ( 1 , 2.5 ) NL if x : NL IN b = s:q's // s:d -> <= % NL DE END");
  EXPECT_EQ((*tokens)[4].int_value, 1);
  EXPECT_EQ((*tokens)[6].float_value, 2.5);
  EXPECT_EQ((*tokens)[6].line, 2);
  EXPECT_EQ((*tokens)[6].col, 7);
}

TEST(LexerTest, Errors) {
  EXPECT_THAT(std::string(Lex("a = 'abc\n", "e.py").status().message()),
              HasSubstr("e.py:1:5: error: unterminated string literal"));
  EXPECT_THAT(std::string(Lex("if a:\n    b\n  c\n", "e.py").status().message()),
              HasSubstr("e.py:3:3: error: unindent does not match"));
  EXPECT_THAT(std::string(Lex("f(a]\n", "e.py").status().message()),
              HasSubstr("closing ']' does not match '('"));
  EXPECT_THAT(std::string(Lex("f(a\n", "e.py").status().message()),
              HasSubstr("e.py:1:2: error: '(' was never closed"));
  EXPECT_THAT(std::string(Lex("a = $\n", "e.py").status().message()),
              HasSubstr("unexpected character '$'"));
  EXPECT_THAT(std::string(Lex(std::string("a\0b", 3), "e.py").status().message()),
              HasSubstr("unexpected character '\\x00'"));
  EXPECT_THAT(std::string(Lex("a = 99999999999999999999\n", "e.py").status().message()),
              HasSubstr("integer literal is too large"));
  EXPECT_THAT(std::string(Lex("a = 1x\n", "e.py").status().message()),
              HasSubstr("malformed number"));
}

// Python reads sources as UTF-8, and comments and strings travel in protobuf
// string fields: a byte that is not UTF-8, in a comment too, is refused
// where it stands (a comment holding one used to reach a .pb no tool could
// read back).
TEST(LexerTest, SourceMustBeUtf8) {
  EXPECT_THAT(std::string(Lex("a = 1\n# caf\xe9\n", "e.py").status().message()),
              HasSubstr("e.py:2:6: error: the source is not valid UTF-8 (byte '\\xe9')"));
  EXPECT_THAT(std::string(Lex("s = '\xc0\x80'\n", "e.py").status().message()),
              HasSubstr("e.py:1:6: error: the source is not valid UTF-8 (byte '\\xc0')"));
  EXPECT_THAT(std::string(Lex("\xff", "e.py").status().message()),
              HasSubstr("e.py:1:1: error: the source is not valid UTF-8"));
  EXPECT_TRUE(Lex("# caf\xc3\xa9 \xe2\x82\xac\na = 1\n", "e.py").ok());
}

// ---- examples ----

TEST(ParserTest, EveryExampleParses) {
  std::vector<std::string> files = ExampleFiles();
  ASSERT_GE(files.size(), 9u);
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(ReadTextFile(path), path);
    ASSERT_TRUE(p.ok()) << p.status();
    EXPECT_FALSE((*p)->name.empty());
    EXPECT_FALSE((*p)->functions.empty());
    EXPECT_EQ((*p)->loc.file, path);
  }
}

TEST(ParserTest, MatmulReluStructure) {
  absl::StatusOr<std::unique_ptr<Program>> parsed =
      ParseProgram(ReadTextFile("examples/matmul_relu.py"), "examples/matmul_relu.py");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  const Program& p = **parsed;
  EXPECT_EQ(p.name, "MatmulRelu");
  ASSERT_EQ(p.functions.size(), 1u);
  const Function& f = *p.functions[0];
  EXPECT_EQ(f.name, "mm_relu");
  EXPECT_EQ(f.kind, FunctionKind::kInCore);
  ASSERT_EQ(f.params.size(), 3u);
  EXPECT_EQ(f.params[0].direction, Direction::kIn);
  EXPECT_EQ(f.params[2].direction, Direction::kOut);
  EXPECT_EQ(f.params[2].var->type,
            Type::Tensor({Dim::Static(16), Dim::Static(16)}, DType::kFP32));
  ASSERT_EQ(f.body->kind, StmtKind::kSeq);
  ASSERT_EQ(f.body->stmts.size(), 8u);
  const Stmt& load = *f.body->stmts[0];
  ASSERT_EQ(load.kind, StmtKind::kAssign);
  EXPECT_EQ(load.var->name, "am");
  EXPECT_TRUE(load.value->is_op_call("tile.load"));
  ASSERT_EQ(load.value->attrs.size(), 1u);
  EXPECT_EQ(load.value->attrs[0].name, "target_memory");
  EXPECT_EQ(load.value->attrs[0].value->str, "Mat");
  EXPECT_EQ(load.var->type.memory(), MemorySpace::kMat);
  EXPECT_EQ(f.body->stmts[7]->kind, StmtKind::kEval);
}

// ---- statements ----

TEST(ParserTest, StatementForms) {
  std::unique_ptr<Program> p = ParseOk(Kernel(
      R"(a: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(t, [0, 0], [16, 16])
b = pl.tile.relu(a)
pl.tile.store(b, [0, 0], t)
for i in pl.range(n):
    pass
for i in pl.range(2, n):
    pl.system.fence()
for i in pl.range(1, 9, 2):
    pl.system.fence()
while flag:
    pl.system.fence()
return b)"));
  ASSERT_NE(p, nullptr);
  const auto& body = Body(*p);
  ASSERT_EQ(body.size(), 8u);
  EXPECT_EQ(body[0]->kind, StmtKind::kAssign);
  EXPECT_EQ(body[1]->kind, StmtKind::kAssign);
  EXPECT_EQ(body[1]->var->type, body[0]->var->type);  // inferred
  EXPECT_EQ(body[2]->kind, StmtKind::kEval);

  const Stmt& for1 = *body[3];
  ASSERT_EQ(for1.kind, StmtKind::kFor);
  EXPECT_EQ(for1.start->int_value, 0);
  EXPECT_EQ(for1.stop->kind, ExprKind::kVar);
  EXPECT_EQ(for1.step->int_value, 1);
  EXPECT_EQ(for1.var->type, Type::Scalar(DType::kINDEX));
  ASSERT_EQ(for1.body->kind, StmtKind::kSeq);
  EXPECT_TRUE(for1.body->stmts.empty());  // pass

  EXPECT_EQ(body[4]->start->int_value, 2);
  EXPECT_EQ(body[4]->body->stmts.size(), 1u);
  EXPECT_EQ(body[5]->start->int_value, 1);
  EXPECT_EQ(body[5]->stop->int_value, 9);
  EXPECT_EQ(body[5]->step->int_value, 2);
  EXPECT_NE(body[3]->var, body[4]->var);  // each loop binds a new variable

  EXPECT_EQ(body[6]->kind, StmtKind::kWhile);
  EXPECT_EQ(body[6]->value->type, Type::Scalar(DType::kBOOL));
  ASSERT_EQ(body[7]->kind, StmtKind::kReturn);
  ASSERT_EQ(body[7]->values.size(), 1u);
  EXPECT_EQ(body[7]->values[0]->var, body[1]->var);
}

TEST(ParserTest, FunctionHeaders) {
  std::unique_ptr<Program> p = ParseOk(R"(import pypto.language as pl

@pl.program
class Q:
    @pl.function(type=pl.FunctionType.Group, attrs={"name": "g", "n": -2, "on": True, "dims": [1, 2]})
    def g(self, a: pl.InOut[pl.Tensor[[4], pl.INT32]], s: pl.Scalar[pl.INT32],):
        v: pl.Scalar[pl.INT32] = self.h(a, s)
        self.h(a, s)

    @pl.function
    def h(self, a: pl.Tensor[[m], pl.INT32], m: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
        return m
)");
  ASSERT_NE(p, nullptr);
  const Function& g = *p->functions[0];
  EXPECT_EQ(g.kind, FunctionKind::kGroup);
  ASSERT_EQ(g.attrs.size(), 4u);
  EXPECT_EQ(g.attrs[0].name, "name");
  EXPECT_EQ(g.attrs[0].value->str, "g");
  EXPECT_EQ(g.attrs[1].value->int_value, -2);
  EXPECT_TRUE(g.attrs[2].value->bool_value);
  EXPECT_EQ(g.attrs[3].value->kind, ExprKind::kList);
  EXPECT_EQ(g.params[0].direction, Direction::kInOut);
  EXPECT_FALSE(g.return_type.has_value());
  const Expr& call = *g.body->stmts[0]->value;
  EXPECT_TRUE(call.is_function_call);
  EXPECT_EQ(call.str, "h");
  EXPECT_EQ(call.type, Type::Scalar(DType::kINT32));  // h is declared later

  const Function& h = *p->functions[1];
  EXPECT_EQ(h.kind, FunctionKind::kOpaque);
  EXPECT_EQ(h.params[0].var->type.shape()[0], Dim::Symbolic("m"));
  EXPECT_EQ(h.return_type, Type::Scalar(DType::kINT32));
  EXPECT_EQ(h.loc.line, 11);
  EXPECT_EQ(h.loc.col, 5);
}

TEST(ParserTest, LoopCarriedValues) {
  std::unique_ptr<Program> p = ParseOk(Kernel(R"(acc0: pl.Scalar[pl.INT32] = 0
for i, (acc, m) in pl.range(0, n, 1, init_values=(acc0, n)):
    nxt: pl.Scalar[pl.INT32] = acc + k
    acc_out, m_out = pl.yield_(nxt, m)
r: pl.Scalar[pl.INT32] = acc_out + 1
for j, (c,) in pl.range(4, init_values=(r,)):
    c2 = pl.yield_(c))"));
  ASSERT_NE(p, nullptr);
  const auto& body = Body(*p);
  EXPECT_EQ(body[0]->value->type, Type::Scalar(DType::kINT32));  // annotated literal
  const Stmt& loop = *body[1];
  ASSERT_EQ(loop.kind, StmtKind::kFor);
  ASSERT_EQ(loop.iter_args.size(), 2u);
  EXPECT_EQ(loop.iter_args[0]->name, "acc");
  EXPECT_EQ(loop.iter_args[0]->type, Type::Scalar(DType::kINT32));
  EXPECT_EQ(loop.iter_args[1]->type, Type::Scalar(DType::kINDEX));
  ASSERT_EQ(loop.init_values.size(), 2u);
  EXPECT_EQ(loop.init_values[0]->var, body[0]->var);
  ASSERT_EQ(loop.results.size(), 2u);
  EXPECT_EQ(loop.results[0]->name, "acc_out");
  EXPECT_EQ(loop.results[1]->name, "m_out");
  const Stmt& yield = *loop.body->stmts.back();
  ASSERT_EQ(yield.kind, StmtKind::kYield);
  ASSERT_EQ(yield.values.size(), 2u);
  EXPECT_EQ(yield.values[0]->var, loop.body->stmts[0]->var);
  EXPECT_EQ(yield.values[1]->var, loop.iter_args[1]);
  // The result is visible after the loop.
  EXPECT_EQ(body[2]->value->args[0]->var, loop.results[0]);
  EXPECT_EQ(body[3]->results.size(), 1u);
}

TEST(ParserTest, IfElifElseWithResults) {
  std::unique_ptr<Program> p = ParseOk(Kernel(R"(if k > 0:
    a: pl.Scalar[pl.INT32] = k + 1
    r = pl.yield_(a)
elif k == 0:
    r = pl.yield_(k)
else:
    r = pl.yield_(0)
s: pl.Scalar[pl.INT32] = r * 2
if flag:
    pl.system.fence()
elif not flag:
    pl.system.fence()
if flag and k != 1:
    pl.system.fence())"));
  ASSERT_NE(p, nullptr);
  const auto& body = Body(*p);
  const Stmt& top = *body[0];
  ASSERT_EQ(top.kind, StmtKind::kIf);
  ASSERT_EQ(top.results.size(), 1u);
  EXPECT_EQ(top.results[0]->type, Type::Scalar(DType::kINT32));
  EXPECT_EQ(top.body->stmts.back()->kind, StmtKind::kYield);
  // elif: a nested If in the else branch, whose result is yielded out.
  const Stmt& els = *top.else_body;
  ASSERT_EQ(els.kind, StmtKind::kSeq);
  ASSERT_EQ(els.stmts.size(), 2u);
  const Stmt& nested = *els.stmts[0];
  ASSERT_EQ(nested.kind, StmtKind::kIf);
  ASSERT_EQ(nested.results.size(), 1u);
  ASSERT_NE(nested.else_body, nullptr);
  EXPECT_EQ(nested.else_body->stmts[0]->values[0]->type, Type::Scalar(DType::kINT32));
  ASSERT_EQ(els.stmts[1]->kind, StmtKind::kYield);
  EXPECT_EQ(els.stmts[1]->values[0]->var, nested.results[0]);
  EXPECT_EQ(body[1]->value->args[0]->var, top.results[0]);

  const Stmt& plain = *body[2];
  EXPECT_TRUE(plain.results.empty());
  ASSERT_EQ(plain.else_body->stmts.size(), 1u);
  EXPECT_EQ(plain.else_body->stmts[0]->kind, StmtKind::kIf);
  EXPECT_EQ(plain.else_body->stmts[0]->else_body, nullptr);
  EXPECT_EQ(body[3]->value->binary_op, BinaryOp::kAnd);
}

// One if result annotated unlike its then value: the result keeps the
// annotation's type through a print and a second read.
TEST(ParserTest, AnnotatedIfResultSurvivesPrinting) {
  std::unique_ptr<Program> p = ParseOk(Kernel(R"(if flag:
    r: pl.Scalar[pl.INDEX] = pl.yield_(k)
else:
    r = pl.yield_(n)
s: pl.Scalar[pl.INDEX] = r + n)"));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(Body(*p)[0]->results[0]->type, Type::Scalar(DType::kINDEX));
  std::string printed = PrintProgram(*p);
  EXPECT_THAT(printed, HasSubstr("r: pl.Scalar[pl.INDEX] = pl.yield_(k)"));
  std::unique_ptr<Program> again = ParseOk(printed);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(PrintProgram(*again), printed);
}

// The printer spells non-finite float constants as Python does; the parser
// reads them back (found by the pb fuzzer: a NaN constant did not parse).
TEST(ParserTest, NonFiniteFloatsSurvivePrinting) {
  std::unique_ptr<Program> p = ParseOk(Kernel(R"(a: pl.Scalar[pl.FP32] = float("-inf")
b: pl.Scalar[pl.FP32] = float("nan")
c: pl.Scalar[pl.FP32] = float("inf"))"));
  ASSERT_NE(p, nullptr);
  std::string printed = PrintProgram(*p);
  EXPECT_THAT(printed, HasSubstr("float(\"-inf\")"));
  EXPECT_THAT(printed, HasSubstr("float(\"nan\")"));
  std::unique_ptr<Program> again = ParseOk(printed);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(PrintProgram(*again), printed);
}

TEST(ParserTest, ShadowingCreatesNewVariables) {
  std::unique_ptr<Program> p = ParseOk(Kernel(R"(a = k + 1
a = a + 2
b = a)"));
  ASSERT_NE(p, nullptr);
  const auto& body = Body(*p);
  EXPECT_NE(body[0]->var, body[1]->var);
  EXPECT_EQ(body[0]->var->name, body[1]->var->name);
  EXPECT_NE(body[0]->var->id, body[1]->var->id);
  EXPECT_EQ(body[1]->value->args[0]->var, body[0]->var);
  EXPECT_EQ(body[2]->value->var, body[1]->var);
}

TEST(ParserTest, ScopeErrors) {
  // A for loop's names outlive it, as in Python and PyPTO's simple for loop;
  // not a loop's with init_values.
  EXPECT_THAT(ParseError(Kernel(R"(for i in pl.range(4):
    a = k + 1
b = a + i
c = zz)")),
              HasSubstr("undefined name 'zz'"));
  EXPECT_THAT(
      ParseError(Kernel(R"(for i, (x,) in pl.range(0, 4, 1, init_values=(k,)):
    a = x + 1
    y = pl.yield_(a)
b = a)")),
      HasSubstr("'a' is bound inside the for loop at line " + std::to_string(BodyLine()) +
                " and is not visible after it; carry it out with "
                "init_values / pl.yield_"));
  // Bound in one branch only and not before the if: not visible after it
  // (bound in both, it is the if's result: pypto_forms_test).
  EXPECT_THAT(ParseError(Kernel(R"(if flag:
    a = k + 1
else:
    c = k + 2
b = a)")),
              HasSubstr("'a' is bound inside the if branch"));
  // A name first bound inside a while loop is not visible after it (an
  // outer name it rebinds is carried: pypto_ssa_test).
  EXPECT_THAT(ParseError(Kernel(R"(while flag:
    c = k + 1
b = c)")),
              HasSubstr("'c' is bound inside the while loop"));
  EXPECT_THAT(ParseError(Kernel("b = zz + 1")), HasSubstr("undefined name 'zz'"));
  EXPECT_THAT(ParseError(Kernel("pl = k")), HasSubstr("'pl' cannot be assigned"));
}

TEST(ParserTest, YieldErrors) {
  EXPECT_THAT(ParseError(Kernel(R"(for i in pl.range(4):
    a = pl.yield_(k))")),
              HasSubstr("pl.yield_ is only allowed at the end of a for loop"));
  EXPECT_THAT(ParseError(Kernel(R"(for i, (a,) in pl.range(0, 4, 1, init_values=(k,)):
    b = pl.yield_(a)
    pl.system.fence())")),
              HasSubstr("pl.yield_ must be the last statement of its body"));
  EXPECT_THAT(ParseError(Kernel(R"(for i, (a,) in pl.range(0, 4, 1, init_values=(k,)):
    pl.system.fence())")),
              HasSubstr("must end its body with 'a, b = pl.yield_(...)'"));
  EXPECT_THAT(ParseError(Kernel(R"(for i, (a,) in pl.range(0, 4, 1, init_values=(k,)):
    b = pl.yield_(n))")),
              HasSubstr("pl.yield_ value 1 has type pl.Scalar[pl.INDEX] but the "
                        "loop-carried value 'a' has type pl.Scalar[pl.INT32]"));
  EXPECT_THAT(ParseError(Kernel(R"(for i, (a, b) in pl.range(0, 4, 1, init_values=(k,)):
    c, d = pl.yield_(a, b))")),
              HasSubstr("the loop carries 2 values"));
  EXPECT_THAT(ParseError(Kernel(R"(if flag:
    r = pl.yield_(k))")),
              HasSubstr("an if with results must end both branches"));
  EXPECT_THAT(ParseError(Kernel(R"(if flag:
    r = pl.yield_(k)
else:
    q = pl.yield_(k))")),
              HasSubstr("the else branch yields to 'q' but the then branch to 'r'"));
  EXPECT_THAT(ParseError(Kernel(R"(if flag:
    r = pl.yield_(k)
else:
    r = pl.yield_(n))")),
              HasSubstr("in the else branch but pl.Scalar[pl.INT32] in the then"));
  EXPECT_THAT(ParseError(Kernel("pl.yield_(k)")),
              HasSubstr("pl.yield_(...) is only allowed as"));
}

// ---- calls ----

TEST(ParserTest, UnknownOpSuggestsTheClosestOne) {
  EXPECT_THAT(ParseError(Kernel("a = pl.tile.lod(t, [0, 0], [16, 16])")),
              HasSubstr("unknown op 'tile.lod'; did you mean 'tile.load'?"));
  EXPECT_THAT(ParseError(Kernel("pld.system.notfy(w, 0, [0, 0], 1)")),
              HasSubstr("unknown op 'pld.system.notfy'; did you mean "
                        "'pld.system.notify'?"));
}

TEST(ParserTest, AllowUnregisteredOps) {
  std::unique_ptr<Program> p = ParseOk(
      Kernel(
          R"(a: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.magic(t, mode=3, alpha=1)
pl.custom.op(a))"),
      /*allow_unregistered=*/true);
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(p->options.allow_unregistered_ops);
  const Expr& magic = *Body(*p)[0]->value;
  EXPECT_EQ(magic.str, "tile.magic");
  EXPECT_FALSE(magic.is_function_call);
  EXPECT_TRUE(magic.type.is_tile());  // from the annotation
  ASSERT_EQ(magic.attrs.size(), 2u);
  EXPECT_EQ(magic.attrs[0].name, "mode");
  EXPECT_EQ(Body(*p)[1]->value->str, "custom.op");
  EXPECT_TRUE(Body(*p)[1]->value->type.is_none());
}

TEST(ParserTest, PeerRegionInvalidateTakesPeerByNameAndPrintsIt) {
  // comm-hazards.md H6: system.cacheinvalid(target, shapes, offsets, peer=p).
  const std::string text = Kernel("pl.system.cacheinvalid(w, [1, 16], [n, 0], peer=n)");
  std::unique_ptr<Program> p = ParseOk(text);
  ASSERT_NE(p, nullptr);
  const Expr& call = *Body(*p)[0]->value;
  ASSERT_EQ(call.args.size(), 4u);
  EXPECT_EQ(call.args[3]->var->name, "n");
  const std::string printed = PrintProgram(*p);
  EXPECT_THAT(printed, HasSubstr("pl.system.cacheinvalid(w, [1, 16], [n, 0], peer=n)\n"));
  std::unique_ptr<Program> again = ParseOk(printed);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(PrintProgram(*again), printed);
  EXPECT_THAT(ParseError(Kernel("pl.system.cacheinvalid(w, [1, 16], [0, 0], n)")),
              HasSubstr("'system.cacheinvalid' takes at most 3 positional arguments (tensor, "
                        "shapes, offsets), got 4"));
  EXPECT_THAT(ParseError(Kernel("pl.system.cacheinvalid(t, [1, 16], [0, 0], peer=n)")),
              HasSubstr("expects a window (pld.DistributedTensor) argument"));
}

TEST(ParserTest, KeywordsAreNormalizedAndDefaultsDropped) {
  std::unique_ptr<Program> p = ParseOk(Kernel(
      R"(a: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(shapes=[16, 16], tensor=t, offsets=[0, 0], target_memory=pl.MemorySpace.Vec)
b = pl.load(t, [0, 0], shapes=[16, 16])
pl.tile.tpush_to_aic(a, split=0)
pl.tile.tpush_to_aic(a, id=0, split=1)
m = pl.tile.move(a, slayout=pl.TileLayout.row_major, target_memory=pl.MemorySpace.Vec, blayout=pl.TileLayout.col_major)
pl.store(b, [0, 0], t, atomic="none")
v = pl.read(t, [0, 0]))"));
  ASSERT_NE(p, nullptr);
  const auto& body = Body(*p);
  const Expr& load = *body[0]->value;
  ASSERT_EQ(load.args.size(), 3u);
  EXPECT_EQ(load.args[0]->var->name, "t");
  EXPECT_EQ(load.args[1]->kind, ExprKind::kList);
  EXPECT_EQ(load.args[2]->args[0]->int_value, 16);
  EXPECT_TRUE(load.attrs.empty());  // target_memory=Vec is the default
  EXPECT_TRUE(body[1]->value->is_op_call("tile.load"));
  EXPECT_EQ(body[1]->value->args.size(), 3u);
  EXPECT_TRUE(body[2]->value->attrs.empty());
  ASSERT_EQ(body[3]->value->attrs.size(), 1u);
  EXPECT_EQ(body[3]->value->attrs[0].name, "split");
  const Expr& move = *body[4]->value;
  ASSERT_EQ(move.attrs.size(), 3u);  // registry order
  EXPECT_EQ(move.attrs[0].name, "target_memory");
  EXPECT_EQ(move.attrs[1].name, "blayout");
  EXPECT_EQ(move.attrs[2].name, "slayout");
  EXPECT_EQ(move.attrs[1].value->kind, ExprKind::kEnum);
  EXPECT_EQ(move.attrs[1].value->enum_type, "TileLayout");
  EXPECT_EQ(move.type.view(), NzView());
  EXPECT_TRUE(body[5]->value->is_op_call("tile.store"));
  EXPECT_TRUE(body[5]->value->attrs.empty());
  EXPECT_TRUE(body[6]->value->is_op_call("tensor.read"));
  EXPECT_EQ(body[6]->var->type, Type::Scalar(DType::kFP32));
}

TEST(ParserTest, CallErrors) {
  EXPECT_THAT(ParseError(Kernel("a = pl.tile.load(t, [0, 0], [16, 16], colour=1)")),
              HasSubstr("'tile.load' has no parameter or attribute 'colour'"));
  EXPECT_THAT(
      ParseError(Kernel("a = pl.tile.load(t, [0, 0], [16, 16], target_memory=1)")),
      HasSubstr("attribute 'target_memory' of 'tile.load' must be a "
                "pl.MemorySpace value"));
  EXPECT_THAT(ParseError(Kernel(R"(a = pl.tile.load(t, [0, 0], [16, 16])
pl.tile.store(a, [0, 0], t, atomic="mul"))")),
              HasSubstr("must be one of \"none\", \"add\""));
  EXPECT_THAT(ParseError(Kernel(R"(a = pl.tile.load(t, [0, 0], [16, 16])
b = pl.tile.move(a))")),
              HasSubstr("'tile.move' needs the attribute 'target_memory'"));
  EXPECT_THAT(ParseError(Kernel("a = pl.tile.load(t, [0, 0], [16, 16], tensor=t)")),
              HasSubstr("argument 'tensor' of 'tile.load' is given twice"));
  EXPECT_THAT(ParseError(Kernel("a = pl.tile.load(t, [0, 0])")),
              HasSubstr("'tile.load' takes 3 or 4 positional arguments (tensor, "
                        "offsets, shapes, valid_shape), got 2"));
  EXPECT_THAT(ParseError(Kernel("a = pl.tile.load(t, shapes=[1])")),
              HasSubstr("missing argument 'offsets' of 'tile.load'"));
  EXPECT_THAT(ParseError(Kernel("pl.system.cacheinvalid(t)")),
              HasSubstr("takes 0 or 3 or 4 positional arguments"));
  EXPECT_THAT(ParseError(Kernel("a = pl.tile.relu(t)")),
              HasSubstr("'tile.relu' expects a tile argument"));
  EXPECT_THAT(ParseError(Kernel("pl.system.fence(op=1, op=2)")),
              HasSubstr("keyword argument 'op' is given twice"));
  EXPECT_THAT(ParseError(Kernel("pl.system.fence(op=1, 2)")),
              HasSubstr("positional argument after keyword arguments"));
  EXPECT_THAT(ParseError(Kernel("a = pl.system.fence()")),
              HasSubstr("'system.fence' returns no value"));
  EXPECT_THAT(ParseError(Kernel("self.nothing()")),
              HasSubstr("the program has no function 'nothing'"));
  EXPECT_THAT(ParseError(Kernel("self.f(t)")), HasSubstr("'f' takes 6 arguments, got 1"));
  EXPECT_THAT(ParseError(Kernel("k + 1")),
              HasSubstr("an expression statement must be a call"));
}

TEST(ParserTest, ResultTypeFromTheAnnotation) {
  std::unique_ptr<Program> p =
      ParseOk(Kernel("a: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = "
                     "pl.tile.tpop_from_aic(split=0)"));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(Body(*p)[0]->value->type, Type::Tile({Dim::Static(16), Dim::Static(16)},
                                                 DType::kFP32, MemorySpace::kVec));
  EXPECT_THAT(ParseError(Kernel("a = pl.tile.tpop_from_aic()")),
              HasSubstr("the result type of 'tile.tpop_from_aic' is taken from an "
                        "annotation"));
  EXPECT_THAT(ParseError(Kernel("a: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = "
                                "pl.tile.relu(pl.tile.tpop_from_aic())")),
              HasSubstr("is taken from an annotation"));
}

TEST(ParserTest, AnnotationMismatch) {
  // PyPTO checks kind, dtype, rank and static dims; a memory space or view
  // the annotation writes is taken (the compile path refuses the retyped
  // value: ir/annotation.h), as is an integer dtype for an INDEX value.
  std::unique_ptr<Program> p = ParseOk(Kernel("a: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Mat] = "
                                              "pl.tile.load(t, [0, 0], [16, 16])\n"
                                              "b: pl.Scalar[pl.INT32] = n + 1"));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(Body(*p)[0]->var->type, Type::Tile({Dim::Static(16), Dim::Static(16)}, DType::kFP32,
                                               MemorySpace::kMat));
  EXPECT_EQ(Body(*p)[1]->var->type, Type::Scalar(DType::kINT32));
  EXPECT_THAT(
      ParseError(Kernel("a: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = "
                        "pl.tile.load(t, [0, 0], [16, 16])")),
      HasSubstr("annotation pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] does not "
                "match the result type pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]"));
  EXPECT_THAT(ParseError(Kernel("a: pl.Scalar[pl.FP32] = n + 1")),
              HasSubstr("annotation pl.Scalar[pl.FP32] does not match the result "
                        "type pl.Scalar[pl.INDEX]"));
}

// ---- expressions ----

TEST(ParserTest, ExpressionTyping) {
  std::unique_ptr<Program> p = ParseOk(Kernel(R"(a = k + 1
b = n + k
c = x * 2
d = -3
e = (n - 1 + 2 * n) % n // 2
f2 = k < 4
g = not flag or k >= 2 and flag
h = x / 2.5
i2 = -k
j: pl.Scalar[pl.FP16] = 1)"));
  ASSERT_NE(p, nullptr);
  const auto& body = Body(*p);
  const Expr& a = *body[0]->value;
  EXPECT_EQ(a.type, Type::Scalar(DType::kINT32));
  EXPECT_EQ(a.args[1]->type, Type::Scalar(DType::kINT32));       // the literal adapts
  EXPECT_EQ(body[1]->value->type, Type::Scalar(DType::kINDEX));  // widening
  const Expr& c = *body[2]->value;
  EXPECT_EQ(c.type, Type::Scalar(DType::kFP32));
  EXPECT_EQ(c.args[1]->kind, ExprKind::kFloat);
  const Expr& d = *body[3]->value;
  EXPECT_EQ(d.kind, ExprKind::kInt);
  EXPECT_EQ(d.int_value, -3);
  const Expr& e = *body[4]->value;  // ((n - 1 + 2 * n) % n) // 2
  EXPECT_EQ(e.binary_op, BinaryOp::kFloorDiv);
  EXPECT_EQ(e.args[0]->binary_op, BinaryOp::kMod);
  EXPECT_EQ(e.args[0]->args[0]->binary_op, BinaryOp::kAdd);
  EXPECT_EQ(e.args[0]->args[0]->args[1]->binary_op, BinaryOp::kMul);
  EXPECT_EQ(body[5]->value->type, Type::Scalar(DType::kBOOL));
  const Expr& g = *body[6]->value;  // (not flag) or ((k >= 2) and flag)
  EXPECT_EQ(g.binary_op, BinaryOp::kOr);
  EXPECT_EQ(g.args[0]->kind, ExprKind::kUnary);
  EXPECT_EQ(g.args[1]->binary_op, BinaryOp::kAnd);
  EXPECT_EQ(body[7]->value->binary_op, BinaryOp::kDiv);
  EXPECT_EQ(body[8]->value->kind, ExprKind::kUnary);
  EXPECT_EQ(body[9]->value->kind, ExprKind::kFloat);
  EXPECT_EQ(body[9]->var->type, Type::Scalar(DType::kFP16));
}

TEST(ParserTest, ExpressionErrors) {
  EXPECT_THAT(ParseError(Kernel("a = n / 2")),
              HasSubstr("'/' is only defined on floats; use '//' for integer division"));
  EXPECT_THAT(ParseError(Kernel("a = x // 2")),
              HasSubstr("'//' is only defined on integers"));
  EXPECT_THAT(ParseError(Kernel("a = k + x")),
              HasSubstr("mismatched operand types pl.Scalar[pl.INT32] and "
                        "pl.Scalar[pl.FP32] for '+'"));
  EXPECT_THAT(ParseError(Kernel("a = k and flag")),
              HasSubstr("'and' needs pl.Scalar[pl.BOOL]"));
  // PyPTO: `not` of any scalar is a BOOL (`not k` parses); of a tensor, no.
  EXPECT_THAT(ParseError(Kernel("a = not t")), HasSubstr("'not' needs a scalar operand"));
  EXPECT_THAT(ParseError(Kernel("a = t + 1")), HasSubstr("'+' needs scalar operands"));
  EXPECT_THAT(ParseError(Kernel("a = 1 < k < 3")), HasSubstr("chained comparisons"));
  EXPECT_THAT(
      ParseError(Kernel("if k:\n    pass")),
      HasSubstr("the condition must be a pl.Scalar[pl.BOOL], got pl.Scalar[pl.INT32]"));
  EXPECT_THAT(ParseError(Kernel("a = pl.MemorySpace.Vecc")),
              HasSubstr("'Vecc' is not a MemorySpace value"));
  EXPECT_THAT(ParseError(Kernel("a = pl.Nothing")),
              HasSubstr("unknown name 'pl.Nothing'"));
}

TEST(ParserTest, EnumsAndTypes) {
  std::unique_ptr<Program> p =
      ParseOk(Kernel(R"(pld.system.notify(w, 0, [0, 0], 1, op=pld.NotifyOp.Set)
pld.system.wait(w, [0, 0], 1, cmp=pld.WaitCmp.Ge)
a: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.tpop_from_aiv()
b: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat, pl.TileView(slayout=pl.TileLayout.col_major)] = pl.tile.tpop_from_aiv()
c: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec, pl.TileView(valid_shape=[8, n])] = pl.tile.tpop_from_aic()
z = pl.tile.create(shape=[4, 4], dtype=pl.FP16))"));
  ASSERT_NE(p, nullptr);
  const auto& body = Body(*p);
  const Expr& op = *body[0]->value->attrs[0].value;
  EXPECT_EQ(op.kind, ExprKind::kEnum);
  EXPECT_EQ(op.enum_type, "NotifyOp");
  EXPECT_EQ(op.str, "Set");
  EXPECT_EQ(body[1]->value->attrs[0].value->enum_type, "WaitCmp");
  // An explicit view equal to the implicit one is the same type as none.
  EXPECT_EQ(body[2]->var->type, Type::Tile({Dim::Static(16), Dim::Static(16)},
                                           DType::kFP16, MemorySpace::kMat));
  EXPECT_FALSE(body[2]->var->type.has_explicit_view());
  EXPECT_EQ(body[3]->var->type.view().blayout, Layout::kColMajor);  // Mat's implicit
  EXPECT_EQ(body[3]->var->type.view().slayout, Layout::kColMajor);
  EXPECT_EQ(body[4]->var->type.view().valid_shape,
            (Shape{Dim::Static(8), Dim::Symbolic("n")}));
  const Expr& dtype = *body[5]->value->attrs[1].value;
  EXPECT_EQ(dtype.enum_type, "DType");
  EXPECT_EQ(dtype.str, "FP16");

  EXPECT_THAT(ParseError(Kernel("a: pl.Tile[[q], pl.FP16, pl.MemorySpace.Vec] = "
                                "pl.tile.tpop_from_aic()")),
              HasSubstr("dimension 'q' is not an integer scalar parameter of 'f'"));
  EXPECT_THAT(ParseError(Kernel("a: pl.Tile[[x], pl.FP16, pl.MemorySpace.Vec] = "
                                "pl.tile.tpop_from_aic()")),
              HasSubstr("dimension 'x' is not an integer scalar parameter"));
  EXPECT_THAT(ParseError(Kernel("a: pl.Tensor[[1], pl.FP64] = t")),
              HasSubstr("unknown dtype 'FP64'"));
  EXPECT_THAT(ParseError(Kernel("a: pl.Matrix[[1], pl.FP32] = t")),
              HasSubstr("unknown type 'pl.Matrix'"));
}

// ---- locations and diagnostics ----

TEST(ParserTest, Locations) {
  std::unique_ptr<Program> p =
      ParseOk(Kernel("a: pl.Scalar[pl.FP32] = pl.tensor.read(t, [0, k + 1])"));
  ASSERT_NE(p, nullptr);
  const Stmt& s = *Body(*p)[0];
  const int line = BodyLine();
  EXPECT_EQ(s.loc.file, "k.py");
  EXPECT_EQ(s.loc.line, line);
  EXPECT_EQ(s.loc.col, 9);
  EXPECT_EQ(s.var->loc.col, 9);
  const Expr& call = *s.value;
  EXPECT_EQ(call.loc.line, line);
  EXPECT_EQ(call.loc.col, 33);  // the `pl` of the call
  EXPECT_EQ(call.args[0]->loc.col, 48);
  const Expr& sum = *call.args[1]->args[1];
  EXPECT_EQ(sum.loc.col, 55);  // a binary expression starts at its lhs
  EXPECT_EQ(p->functions[0]->params[0].var->loc.line, 9);
}

TEST(ParserTest, DiagnosticFormat) {
  absl::StatusOr<std::unique_ptr<Program>> p =
      ParseProgram(Kernel("a = pl.tile.lod(t, [0, 0], [16, 16])"), "dir/kern.py");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().message(),
            absl::StrCat("dir/kern.py:", BodyLine(),
                         ":13: error: unknown op 'tile.lod'; did you mean 'tile.load'?\n"
                         "        a = pl.tile.lod(t, [0, 0], [16, 16])\n"
                         "            ^"));
}

TEST(ParserTest, ProgramStructureErrors) {
  EXPECT_THAT(ParseError("import numpy as np\n"), HasSubstr("unsupported import"));
  EXPECT_THAT(ParseError("import pypto.language as pl\n"),
              HasSubstr("expected a '@pl.program' class"));
  EXPECT_THAT(ParseError(Kernel("pass") + "\n@pl.program\nclass R:\n    pass\n"),
              HasSubstr("only one @pl.program class is allowed"));
  EXPECT_THAT(ParseError(R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def f(self):
        pass

    @pl.function(type=pl.FunctionType.AIV)
    def f(self):
        pass
)"),
              HasSubstr("function 'f' is defined twice"));
  EXPECT_THAT(ParseError(R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.Bogus)
    def f(self):
        pass
)"),
              HasSubstr("unknown function type 'Bogus'"));
  EXPECT_THAT(ParseError(R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def f(a):
        pass
)"),
              HasSubstr("expected ':', got ')'"));  // a method without self needs types
  EXPECT_THAT(ParseError(Kernel("a = k\n    b = k")), HasSubstr("unexpected indent"));
}

// ---- robustness: never crash, never hang ----

void ExpectNoCrash(const std::string& text) {
  // Either outcome is fine; the call must return.
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "fuzz.py");
  if (!p.ok()) {
    EXPECT_THAT(std::string(p.status().message()), HasSubstr("error: "));
  }
}

TEST(RobustnessTest, TruncatedExamples) {
  for (const std::string& path : ExampleFiles()) {
    const std::string text = ReadTextFile(path);
    for (size_t n = 0; n <= text.size(); ++n) ExpectNoCrash(text.substr(0, n));
  }
}

TEST(RobustnessTest, MutatedExamples) {
  std::mt19937 rng(12345);
  const std::string alphabet = "()[]{}:=,.@-+*/%<>!#'\"\n\t \\0123456789abcxyz_";
  for (const std::string& path : ExampleFiles()) {
    const std::string text = ReadTextFile(path);
    for (int round = 0; round < 300; ++round) {
      std::string mutated = text;
      for (int edits = 1 + rng() % 4; edits > 0; --edits) {
        const size_t at = rng() % mutated.size();
        switch (rng() % 3) {
          case 0:
            mutated[at] = alphabet[rng() % alphabet.size()];
            break;
          case 1:
            mutated.erase(at, 1 + rng() % 8);
            break;
          default:
            mutated.insert(at, 1, alphabet[rng() % alphabet.size()]);
        }
      }
      ExpectNoCrash(mutated);
    }
  }
}

TEST(RobustnessTest, RandomBytes) {
  std::mt19937 rng(2024);
  for (int round = 0; round < 2000; ++round) {
    std::string text(rng() % 300, '\0');
    for (char& c : text) c = static_cast<char>(rng() % 256);
    ExpectNoCrash(text);
  }
}

TEST(RobustnessTest, DeepNestingIsAnError) {
  EXPECT_THAT(
      ParseError(Kernel("a = " + std::string(5000, '(') + "k" + std::string(5000, ')'))),
      HasSubstr("nesting is too deep"));
  EXPECT_THAT(
      ParseError(Kernel("a = " + std::string(5000, '[') + std::string(5000, ']'))),
      HasSubstr("nesting is too deep"));
  std::string nots;
  for (int i = 0; i < 5000; ++i) nots += "not ";
  EXPECT_THAT(ParseError(Kernel("a = " + nots + "flag")),
              HasSubstr("nesting is too deep"));
  EXPECT_THAT(ParseError(Kernel("a = " + std::string(5000, '-') + "k")),
              HasSubstr("nesting is too deep"));
  std::string blocks;
  for (int i = 0; i < 300; ++i) {
    blocks += std::string(4 * i, ' ') + "if flag:\n";
  }
  blocks += std::string(4 * 300, ' ') + "pass";
  EXPECT_THAT(ParseError(Kernel(blocks)), HasSubstr("nesting is too deep"));
  std::string elifs = "if flag:\n    pass\n";
  for (int i = 0; i < 300; ++i) elifs += "elif flag:\n    pass\n";
  EXPECT_THAT(ParseError(Kernel(elifs)), HasSubstr("nesting is too deep"));
  std::string sum = "k";
  for (int i = 0; i < 100000; ++i) sum += " + k";
  EXPECT_THAT(ParseError(Kernel("a = " + sum)), HasSubstr("more than 200 operators"));
  // Moderate nesting is fine.
  ParseOk(Kernel("a = " + std::string(50, '(') + "k" + std::string(50, ')')));
}

}  // namespace
}  // namespace ptoc

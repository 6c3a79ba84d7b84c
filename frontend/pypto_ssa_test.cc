// PyPTO's ConvertToSSA in the parser (parse_ssa.cc) and the scoping the
// verifier holds a .pb to: which rebound names loops carry and branches
// merge, which names are visible after a loop, and the errors where ptoc
// cannot carry a name. Each accepted program parses, verifies, prints back
// to a fixed point and survives the proto.
#include <memory>
#include <string>

#include "frontend/parser.h"
#include "frontend/printer.h"
#include "frontend/testing/pypto_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/serialize.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

using pypto_test::kImports;
using pypto_test::RoundTrip;

// The parse error (file:line:col: error: message).
std::string Error(const std::string& text) { return pypto_test::ParseError(text); }

// Line 9 is the first line of the body.
const std::string kHead = std::string(kImports) + R"(@pl.program
class P:
    @pl.function
    def f(self, n: pl.Scalar[pl.INDEX], x: pl.Tensor[[64], pl.FP32]) -> pl.Scalar[pl.INDEX]:
)";

const std::string kKernelHead = std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, n: pl.Scalar[pl.INDEX], x: pl.Tensor[[64], pl.FP32]):
)";

TEST(PyptoSsaTest, LeakedNameALaterLoopReadsIsCarried) {
  // The miscompile the review found: the second loop read the first
  // loop's `m` on every iteration.
  std::string out = RoundTrip(kHead + R"(        for i in pl.range(4):
            m = i + 1
        for j in pl.range(n):
            m = m + j
        return m
)");
  EXPECT_THAT(out, HasSubstr("        for j, (m_1,) in pl.range(n, init_values=(m,)):\n"
                             "            m_2: pl.Scalar[pl.INDEX] = m_1 + j\n"
                             "            m_3 = pl.yield_(m_2)\n"
                             "        return m_3\n"));
  // Read in a nested construct before an inner loop rebinds it: the outer
  // loop carries it (each iteration sees the inner loop's last value).
  std::string nested = RoundTrip(kHead + R"(        for i in pl.range(4):
            m = i + 1
        for k in pl.range(n):
            z = m * 2
            for j in pl.range(3):
                m = j
        return n
)");
  EXPECT_THAT(nested, HasSubstr("for k, (m_1,) in pl.range(n, init_values=(m,)):"));
  EXPECT_THAT(nested, HasSubstr("z: pl.Scalar[pl.INDEX] = m_1 * 2"));
  // A leaked name the later loop only overwrites is not carried (PyPTO's
  // live-in rule; examples/ring_allreduce.py's `theirs` and `p`).
  std::string overwritten = RoundTrip(kHead + R"(        for i in pl.range(4):
            m = i + 1
        for j in pl.range(n):
            m = j + 2
            y = m + 1
        return n
)");
  EXPECT_THAT(overwritten, Not(HasSubstr("init_values")));
}

TEST(PyptoSsaTest, RebindingToAnotherTypeThatTheLoopReadsIsAnError) {
  EXPECT_THAT(Error(kHead + R"(        m: pl.Scalar[pl.INDEX] = 0
        for j in pl.range(n):
            y = m + 1
            m = pl.cast(y, pl.INT32)
        return n
)"),
              HasSubstr("t.py:12:13: error: 'm' is rebound inside the for loop to "
                        "pl.Scalar[pl.INT32], but the loop also reads its value from before "
                        "the loop, of type pl.Scalar[pl.INDEX]"));
  // Not read across iterations: not carried, and not an error.
  RoundTrip(kHead + R"(        m: pl.Scalar[pl.INDEX] = 0
        for j in pl.range(n):
            m = pl.cast(j, pl.INT32)
        return n
)");
}

TEST(PyptoSsaTest, LoopWithCarriedValuesHidesItsBodyNames) {
  // PyPTO's SSA loop: only the results are visible after it, so what the
  // parser accepts prints as a loop with init_values that parses back.
  EXPECT_THAT(Error(kHead + R"(        s: pl.Scalar[pl.INDEX] = 0
        for i in pl.range(n):
            t = i * 2
            s = s + t
        return s + t
)"),
              HasSubstr("t.py:13:20: error: 't' is bound inside the for loop at line 10 and is "
                        "not visible after it"));
  EXPECT_THAT(Error(kHead + R"(        s: pl.Scalar[pl.INDEX] = 0
        for i in pl.range(n):
            s = s + i
        return i
)"),
              HasSubstr("t.py:12:16: error: 'i' is bound inside the for loop at line 10"));
  // A loop without carried values keeps Python's rule.
  RoundTrip(kHead + R"(        for i in pl.range(n):
            t = i * 2
        return t + i
)");
}

TEST(PyptoSsaTest, LoopWithInitValuesAlsoCarriesRebound) {
  // A name rebound in a loop written with init_values is carried after the
  // written values (0773_Prog.py's `out`).
  std::string out = RoundTrip(kHead + R"(        s: pl.Scalar[pl.INDEX] = 0
        c: pl.Scalar[pl.INDEX] = 1
        for i, (a,) in pl.range(n, init_values=(s,)):
            c = c * 2
            b = pl.yield_(a + i)
        return b + c
)");
  EXPECT_THAT(out, HasSubstr("for i, (a, c_1) in pl.range(n, init_values=(s, c)):"));
  EXPECT_THAT(out, HasSubstr("b, c_3 = pl.yield_(a + i, c_2)"));
  EXPECT_THAT(out, HasSubstr("return b + c_3"));
}

TEST(PyptoSsaTest, ShortYieldIsALocatedError) {
  EXPECT_THAT(Error(kHead + R"(        for i, (a, b) in pl.range(n, init_values=(n, n)):
            c = pl.yield_(a)
        return c
)"),
              HasSubstr("t.py:10:13: error: pl.yield_ yields 1 values but the loop carries 2"));
  EXPECT_THAT(Error(kHead + R"(        for (a, b) in pl.while_(init_values=(n, n)):
            pl.cond(a < 4)
            c = pl.yield_(a + 1)
        return c
)"),
              HasSubstr("t.py:11:13: error: pl.yield_ yields 1 values but the loop carries 2"));
}

TEST(PyptoSsaTest, ElseBranchSeesTheNamesBeforeTheIf) {
  // The then branch's rebinding is not visible in the else branch, which
  // reads the value before the if (4026_loop_without_iter_args.py).
  std::string out = RoundTrip(kHead + R"(        r: pl.Scalar[pl.INDEX] = n
        for i in pl.range(3):
            if i > 0:
                t = r * 2
                r = t
            else:
                t = r + 1
                r = t
        return r
)");
  EXPECT_THAT(out, HasSubstr("t_2: pl.Scalar[pl.INDEX] = r_1 + 1"));
  // elif chains merge as nested ifs.
  std::string chain = RoundTrip(kHead + R"(        if n > 4:
            y = 1
        elif n > 2:
            y = 2
        else:
            y = 3
        return y
)");
  EXPECT_THAT(chain, HasSubstr("return y_"));
}

TEST(PyptoSsaTest, LeakedNameMergesWhenTheIfReadsIt) {
  std::string out = RoundTrip(kHead + R"(        for i in pl.range(4):
            m = i + 1
        if n > 2:
            m = m + 1
        return m
)");
  EXPECT_THAT(out, HasSubstr("m_1: pl.Scalar[pl.INDEX] = m + 1\n"
                             "            m_2 = pl.yield_(m_1)\n"
                             "        else:\n"
                             "            m_2 = pl.yield_(m)\n"));
}

TEST(PyptoSsaTest, KernelWhileCarriesRebindings) {
  // As in any function: a name a kernel's while body rebinds is carried,
  // and the condition reads the carried value.
  std::string out = RoundTrip(kKernelHead + R"(        i: pl.Scalar[pl.INDEX] = 0
        while i < n:
            i = i + 1
        pl.tensor.write(x, [0], pl.cast(i, pl.FP32))
)");
  EXPECT_THAT(out, HasSubstr("for (i_1,) in pl.while_(init_values=(i,)):\n"
                             "            pl.cond(i_1 < n)\n"));
  // Only overwritten: carried too (the value after the loop is the last
  // iteration's).
  out = RoundTrip(kKernelHead + R"(        t = pl.tile.load(x, [0], [64])
        c: pl.Scalar[pl.BOOL] = n > 0
        while c:
            t = pl.tile.load(x, [0], [64])
            c = False
        pl.tile.store(t, [0], x)
)");
  EXPECT_THAT(out, HasSubstr("in pl.while_(init_values=(t, c)):"));
}

TEST(PyptoSsaTest, ParenthesizedTargets) {
  std::string out = RoundTrip(kHead + R"(        for i, (a,) in pl.range(n, init_values=(n,)):
            (b,) = pl.yield_(a + i)
        return b
)");
  EXPECT_THAT(out, HasSubstr("b = pl.yield_(a + i)"));
  EXPECT_THAT(Error(kHead + "        (b,): pl.Scalar[pl.INDEX] = n\n        return b\n"),
              HasSubstr("only a single target can be annotated"));
}

TEST(PyptoSsaTest, GroupedSubmitTargets) {
  // PyPTO's `(a, b), tid = pl.submit(...)` for a kernel with two results:
  // the submit's (results..., task id) tuple, flattened.
  const std::string program = std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def two(
        self,
        x: pl.Tensor[[16], pl.FP32],
        p: pl.Out[pl.Tensor[[16], pl.FP32]],
        q: pl.Out[pl.Tensor[[16], pl.FP32]],
    ) -> tuple[pl.Tensor[[16], pl.FP32], pl.Tensor[[16], pl.FP32]]:
        t: pl.Tile[[16], pl.FP32] = pl.load(x, [0], [16])
        p1: pl.Tensor[[16], pl.FP32] = pl.store(t, [0], p)
        q1: pl.Tensor[[16], pl.FP32] = pl.store(t, [0], q)
        return (p1, q1)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[16], pl.FP32],
        p: pl.Out[pl.Tensor[[16], pl.FP32]],
        q: pl.Out[pl.Tensor[[16], pl.FP32]],
    ) -> tuple[pl.Tensor[[16], pl.FP32], pl.Tensor[[16], pl.FP32]]:
        with pl.manual_scope():
            (a, b), tid = pl.submit(self.two, x, p, q)
        return (a, b)
)";
  std::string out = RoundTrip(program);
  EXPECT_THAT(out, HasSubstr("a, b, tid = pl.submit(self.two, x, p, q)"));
  EXPECT_THAT(Error(kHead + "        (a, b), c = (n, n, n)\n        return a\n"),
              HasSubstr("is only allowed for the results of pl.submit(...)"));
}

// A .pb is held to the parser's scoping: after a loop with carried values
// only its results are visible.
TEST(PyptoSsaTest, VerifierRejectsBodyNamesAfterACarriedLoop) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(kHead + R"(        s: pl.Scalar[pl.INDEX] = 0
        for i in pl.range(n):
            t = i * 2
            s = s + t
        return s
)",
                                                          "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  Function& f = *(*p)->functions[0];
  ASSERT_TRUE(VerifyProgram(**p).ok());
  const Stmt& loop = *f.body->stmts[1];
  ASSERT_EQ(loop.kind, StmtKind::kFor);
  Stmt& ret = *f.body->stmts.back();
  ASSERT_EQ(ret.kind, StmtKind::kReturn);
  Var* body_t = loop.body->stmts[0]->var;
  ret.values[0]->var = body_t;  // return t
  EXPECT_THAT(std::string(VerifyProgram(**p).message()),
              HasSubstr("'t' is used out of its scope"));
  ret.values[0]->var = loop.var;  // return i
  EXPECT_THAT(std::string(VerifyProgram(**p).message()),
              HasSubstr("'i' is used out of its scope"));
  ret.values[0]->var = loop.iter_args[0];
  EXPECT_THAT(std::string(VerifyProgram(**p).message()),
              HasSubstr("is used out of its scope"));
}

}  // namespace
}  // namespace ptoc

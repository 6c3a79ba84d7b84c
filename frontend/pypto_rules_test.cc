// The rules PyPTO's parser and type checker enforce that ptoc takes over
// (ir/verify_pypto.h, frontend/parse_rules.cc and the call checks of the
// parser): each rejected form gets a located error; the forms next to it
// that PyPTO accepts still parse, verify and print back.
#include <memory>
#include <string>

#include "frontend/parser.h"
#include "frontend/printer.h"
#include "frontend/testing/pypto_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

using ::testing::HasSubstr;

constexpr const char* kHead = pypto_test::kProgramHead;

// The first error of parsing and verifying the program, formatted; "" when
// it is accepted (then it must also print to a fixed point).
std::string Check(const std::string& body) {
  return pypto_test::Check(kHead + body);
}

TEST(PyptoRulesTest, EmptyProgram) {
  EXPECT_THAT(Check("    pass\n"),
              HasSubstr("t.py:6:1: error: class 'P' contains no @pl.function decorated methods"));
}

TEST(PyptoRulesTest, ListFunctionAttributes) {
  const std::string tail =
      "    def k(self, x: pl.Tensor[[4], pl.FP16]) -> pl.Tensor[[4], pl.FP16]:\n"
      "        return x\n";
  EXPECT_THAT(Check("    @pl.function(attrs={\"custom_list\": [1, 2]})\n" + tail),
              HasSubstr("Unsupported list element type for key: custom_list"));
  EXPECT_EQ(Check("    @pl.function(attrs={\"arg_direction_overrides\": [1, 2]})\n" + tail), "");
  EXPECT_EQ(Check("    @pl.function(attrs={\"dirs\": [pl.adir.input]})\n" + tail), "");
}

TEST(PyptoRulesTest, DnShorthand) {
  EXPECT_THAT(Check("    @pl.function\n"
                    "    def k(self, x: pl.Tensor[[16, 1], pl.FP16, pl.DN]) -> "
                    "pl.Tensor[[16, 1], pl.FP16]:\n"
                    "        return x\n"),
              HasSubstr("t.py:8:17: error: pl.Tensor[..., pl.DN] is not supported"));
  EXPECT_THAT(Check("    @pl.function\n"
                    "    def k(self, x: pl.Tensor[[16, 1], pl.FP16]) -> "
                    "pl.Tensor[[16, 1], pl.FP16, pl.TensorLayout.DN]:\n"
                    "        return x\n"),
              HasSubstr("pl.Tensor[..., pl.DN] is not supported"));
  // An explicit view with its strides is PyPTO's spelling.
  EXPECT_EQ(Check("    @pl.function\n"
                  "    def k(self, x: pl.Tensor[[16, 1], pl.FP16, pl.TensorView(stride=[1, 16], "
                  "layout=pl.TensorLayout.DN)]) -> pl.Tensor[[16, 1], pl.FP16]:\n"
                  "        return x\n"),
            "");
}

TEST(PyptoRulesTest, MxLayoutViews) {
  auto kernel = [](const std::string& layout, const std::string& stmt) {
    return "    @pl.function\n"
           "    def k(self, s: pl.Tensor[[16, 8], pl.FP8E8M0" + layout + "]) -> "
           "pl.Tensor[[16, 8], pl.FP8E8M0" + layout + "]:\n" + stmt + "        return s\n";
  };
  const std::string slice = "        v = pl.slice(s, [8, 8], [0, 0])\n";
  EXPECT_THAT(Check(kernel(", pl.MX_A_ZZ", slice)),
              HasSubstr("t.py:9:22: error: tensor.slice does not support MX-layout tensors"));
  EXPECT_THAT(Check(kernel(", pl.TensorView(stride=[8, 1], layout=pl.TensorLayout.MX_B_NN)",
                           slice)),
              HasSubstr("tensor.slice does not support MX-layout tensors"));
  EXPECT_EQ(Check(kernel(", pl.MX_A_ZZ", "")), "");
  EXPECT_EQ(Check(kernel("", slice)), "");
}

TEST(PyptoRulesTest, ScopeArguments) {
  const std::string head =
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INT32]) -> "
      "pl.Tensor[[64], pl.FP32]:\n";
  const std::string body =
      "            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)\n        return y\n";
  EXPECT_THAT(Check(head + "        with pl.at(level=pl.Level.CORE_GROUP, "
                           "name_hint=\"has space\"):\n" + body),
              HasSubstr("name_hint \"has space\" must be a valid non-keyword identifier"));
  EXPECT_THAT(Check(head + "        with pl.at(level=pl.Level.CORE_GROUP, dumps=[n]):\n" + body),
              HasSubstr("t.py:9:54: error: pl.at() dumps=[...] entry 'n' is not a tensor"));
  EXPECT_THAT(
      Check(head + "        with pl.at(level=pl.Level.CORE_GROUP, no_dep_args=[x, x]):\n" + body),
      HasSubstr("no_dep_args=[...] lists 'x' more than once"));
  EXPECT_EQ(Check(head + "        with pl.at(level=pl.Level.CORE_GROUP, name_hint=\"k\", "
                         "dumps=[x], no_dep_args=[x]):\n" + body),
            "");
}

constexpr char kKernels[] =
    "    @pl.function(type=pl.FunctionType.InCore)\n"
    "    def k1(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:\n"
    "        return x\n"
    "\n";

TEST(PyptoRulesTest, TaskIdDeps) {
  const std::string head = std::string(kKernels) +
                           "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                           "    def main(self, x: pl.Tensor[[64], pl.FP32], "
                           "n: pl.Scalar[pl.INT32]) -> pl.Tensor[[64], pl.FP32]:\n"
                           "        with pl.manual_scope():\n"
                           "            a, t = pl.submit(self.k1, x)\n";
  const std::string tail = "        return b\n";
  EXPECT_THAT(Check(head + "            b, _ = pl.submit(self.k1, x, deps=[a])\n" + tail),
              HasSubstr("deps= entries must be a TaskId variable or a TASK_ID array element"));
  EXPECT_THAT(Check(head + "            b, _ = pl.submit(self.k1, x, deps=[n])\n" + tail),
              HasSubstr("not 'n' of type pl.Scalar[pl.INT32]"));
  EXPECT_THAT(Check(head + "            b, _ = pl.submit(self.k1, x, dumps=[n])\n" + tail),
              HasSubstr("dumps= entries must be tensor variables"));
  EXPECT_THAT(Check(head + "            b, _ = pl.submit(self.k1, a, dumps=[x])\n" + tail),
              HasSubstr("dumps= entry 'x' is not an argument of this submit"));
  const std::string arrays = head +
                             "            tids = pl.array.create(4, pl.TASK_ID)\n"
                             "            tids[0] = t\n";
  EXPECT_THAT(Check(arrays + "            b, _ = pl.submit(self.k1, x, deps=[tids, tids[0]])\n" +
                    tail),
              HasSubstr("deps= cannot mix a whole TASK_ID array with per-element entries"));
  EXPECT_THAT(Check(arrays + "            b, _ = pl.submit(self.k1, x, deps=[tids[0], tids])\n" +
                    tail),
              HasSubstr("deps= cannot mix"));
  EXPECT_EQ(Check(arrays + "            b, _ = pl.submit(self.k1, x, deps=[t, tids[1], tids[2]], "
                           "dumps=[x])\n" + tail),
            "");
  EXPECT_EQ(Check(arrays + "            b, _ = pl.submit(self.k1, x, deps=[tids])\n" + tail), "");
  EXPECT_THAT(Check(head + "            d = pl.system.task_dummy(deps=[x])\n"
                           "            b, _ = pl.submit(self.k1, x, deps=[d])\n" + tail),
              HasSubstr("'pl.system.task_dummy' deps= entries must be a TaskId"));
  EXPECT_THAT(Check(head + "            d = pl.system.task_dummy()\n"
                           "            b, _ = pl.submit(self.k1, x, deps=[d])\n" + tail),
              HasSubstr("'system.task_dummy' needs the attribute 'deps'"));
  EXPECT_EQ(Check(head + "            d = pl.system.task_dummy(deps=[t])\n"
                         "            b, _ = pl.submit(self.k1, x, deps=[d])\n" + tail),
            "");
}

TEST(PyptoRulesTest, WindowBuffers) {
  const std::string host = "    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)\n";
  EXPECT_THAT(Check("    @pl.function\n"
                    "    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:\n"
                    "        buf = pld.alloc_window_buffer(1024)\n"
                    "        return x\n"),
              HasSubstr("t.py:9:15: error: pld.tensor.alloc_window_buffer() can only be called "
                        "in HOST orchestration context"));
  EXPECT_THAT(Check(host + "    def h(self):\n"
                           "        with pl.at(level=pl.Level.CORE_GROUP):\n"
                           "            buf = pld.alloc_window_buffer(1024)\n"),
              HasSubstr("this call is inside a device scope"));
  EXPECT_THAT(Check(host + "    def h(self):\n"
                           "        n = pld.world_size()\n"
                           "    @pl.function\n"
                           "    def k(self):\n"
                           "        n = pld.world_size()\n"),
              HasSubstr("pld.system.world_size() can only be called in HOST orchestration"));
  EXPECT_THAT(Check(host + "    def h(self):\n"
                           "        buf = pld.alloc_window_buffer(8)\n"
                           "        buf = pld.alloc_window_buffer(8)\n"),
              HasSubstr("t.py:10:15: error: pld.tensor.alloc_window_buffer name 'buf' is already "
                        "declared in this program (line 9)"));
  EXPECT_THAT(Check(host + "    def h(self):\n"
                           "        buf = pld.alloc_window_buffer(8)\n" +
                    host + "    def h2(self):\n"
                           "        buf = pld.alloc_window_buffer(8)\n"),
              HasSubstr("name 'buf' is already declared"));
  EXPECT_THAT(Check(host + "    def h(self):\n"
                           "        buf = pld.alloc_window_buffer(8, name=\"other\")\n"),
              HasSubstr("the 'name' keyword cannot be passed explicitly"));
  EXPECT_THAT(Check(host + "    def h(self):\n"
                           "        pld.alloc_window_buffer(8)\n"),
              HasSubstr("must appear as the right-hand side of a simple assignment"));
  EXPECT_EQ(Check(host + "    def h(self):\n"
                         "        buf = pld.alloc_window_buffer(pld.world_size() * 4)\n"
                         "        other: pl.Ptr = pld.alloc_window_buffer(8)\n"
                         "        w = pld.window(buf, [4], dtype=pl.INT32)\n"),
            "");
}

TEST(PyptoRulesTest, ParameterOrder) {
  const std::string head = "Q = pl.dynamic(\"Q\")\n\n\n";
  auto program = [](const std::string& params) {
    return "import pypto.language as pl\n\n" + std::string("Q = pl.dynamic(\"Q\")\n\n\n") +
           "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
           "    def k(self, " + params + "):\n        pass\n";
  };
  auto check = [](const std::string& text) -> std::string {
    absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "t.py");
    return p.ok() ? "" : std::string(p.status().message());
  };
  const std::string view =
      "x: pl.Tensor[[Q, 8], pl.FP32, pl.TensorView(valid_shape=[Q, V], "
      "layout=pl.TensorLayout.ND)]";
  EXPECT_THAT(check(program(view + ", V: pl.Scalar[pl.INDEX]")),
              HasSubstr("'V' in the pl.TensorView of parameter 'x' names a parameter declared "
                        "after it"));
  EXPECT_EQ(check(program("V: pl.Scalar[pl.INDEX], " + view)), "");
  EXPECT_THAT(check(program(view)), HasSubstr("dimension 'V' is not an integer scalar parameter"));
  EXPECT_THAT(check(program("x: pl.Tensor[[Q, 8], pl.FP32], Q: pl.Scalar[pl.INDEX]")),
              HasSubstr("parameter 'Q' shadows the dynamic dimension 'Q'"));
  EXPECT_EQ(check(program("Q: pl.Scalar[pl.INDEX], x: pl.Tensor[[Q, 8], pl.FP32]")), "");
  (void)head;
}

TEST(PyptoRulesTest, Reassign) {
  const std::string head =
      "    @pl.function\n"
      "    def f(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:\n"
      "        t = pl.create_tensor([16, 16], dtype=pl.FP32)\n";
  EXPECT_THAT(Check(head + "        t = pl.create_tensor([4, 4], dtype=pl.FP32)\n"
                           "        return x\n"),
              HasSubstr("t.py:10:9: error: Cannot reassign 't' with a different type: was "
                        "pl.Tensor[[16, 16], pl.FP32], got pl.Tensor[[4, 4], pl.FP32]"));
  EXPECT_THAT(Check(head + "        for i in pl.range(2):\n"
                           "            t = pl.create_tensor([16, 16], dtype=pl.FP16)\n"
                           "        return x\n"),
              HasSubstr("Cannot reassign 't'"));
  EXPECT_EQ(Check(head + "        t = pl.add(t, x)\n"
                         "        return t\n"),
            "");
  // A loop-carried name is a variable of its own (PyPTO's IterArg).
  EXPECT_EQ(Check("    @pl.function\n"
                  "    def f(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:\n"
                  "        for i, (acc,) in pl.range(2, init_values=(x,)):\n"
                  "            acc = pl.create_tensor([4, 4], dtype=pl.FP32)\n"
                  "            out = pl.yield_(x)\n"
                  "        return out\n"),
            "");
  // strict_ssa=True functions bind each name once anyway.
  EXPECT_THAT(Check("    @pl.function(strict_ssa=True)\n"
                    "    def f(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:\n"
                    "        t = pl.create_tensor([16, 16], dtype=pl.FP32)\n"
                    "        t = pl.create_tensor([4, 4], dtype=pl.FP32)\n"
                    "        return x\n"),
              HasSubstr("'t' is assigned twice"));
}

TEST(PyptoRulesTest, CallsOfProgramFunctions) {
  const std::string kernel =
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def kernel(self, a: pl.Tensor[[16], pl.FP32], c: pl.Out[pl.Tensor[[16], pl.FP32]]):\n"
      "        return c\n"
      "\n";
  const std::string orch =
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def orch(self, a: pl.Tensor[[16], pl.FP32], c: pl.Out[pl.Tensor[[16], pl.FP32]]):\n";
  // A function written without `-> TYPE` gives its first return's type.
  EXPECT_EQ(Check(kernel + orch + "        out = self.kernel(a, c)\n        return out\n"), "");
  // ... once its body is parsed: a function defined later has no result yet.
  EXPECT_THAT(Check(orch + "        out = self.kernel(a, c)\n        return out\n\n" + kernel),
              HasSubstr("'kernel' returns no value"));
  // A submit may leave out the Out / InOut arguments, not the others.
  EXPECT_EQ(Check(kernel + orch +
                  "        with pl.manual_scope():\n"
                  "            t = pl.submit(self.kernel, a)\n"
                  "            u = pl.submit(self.kernel, a, c, deps=[t])\n"),
            "");
  EXPECT_THAT(Check(kernel + orch +
                    "        with pl.manual_scope():\n"
                    "            t = pl.submit(self.kernel)\n"),
              HasSubstr("'kernel' takes 1 to 2 arguments, got 0 (a submit may leave out Out / "
                        "InOut arguments)"));
  EXPECT_THAT(Check(kernel + orch + "        out = self.kernel(a)\n        return out\n"),
              HasSubstr("'kernel' takes 2 arguments, got 1"));
}

// What the parser refuses first, the verifier still refuses in IR from a
// .pb (here: edited after parsing).
TEST(PyptoRulesTest, VerifierCatchesEditedIr) {
  const std::string text = std::string(kHead) +
                           "    @pl.function(type=pl.FunctionType.InCore)\n"
                           "    def kernel(self, a: pl.Tensor[[16], pl.FP32]) -> "
                           "pl.Tensor[[16], pl.FP32]:\n"
                           "        return a\n"
                           "\n"
                           "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                           "    def orch(self, a: pl.Tensor[[16], pl.FP32]):\n"
                           "        with pl.manual_scope():\n"
                           "            out, t = pl.submit(self.kernel, a)\n";
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  ASSERT_TRUE(VerifyProgram(**p).ok());
  Stmt& scope = *(*p)->functions[1]->body->stmts[0];
  Expr& submit = *scope.body->stmts[0]->value;
  ASSERT_EQ(submit.args.size(), 2u);
  submit.args.pop_back();
  EXPECT_THAT(VerifyProgram(**p).message(),
              HasSubstr("t.py:14:22: error: 'pl.submit' of 'kernel' passes 0 arguments; it "
                        "takes 1\n"));
}

TEST(PyptoRulesTest, YieldForms) {
  // A parenthesized yield (ruff's layout), a yield at the end of a runtime
  // scope in a branch, and a pl.while_ target without parentheses.
  EXPECT_EQ(Check("    @pl.function(type=pl.FunctionType.Orchestration)\n"
                  "    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:\n"
                  "        for i, (acc,) in pl.range(4, init_values=(x,)):\n"
                  "            if i == 0:\n"
                  "                with pl.manual_scope():\n"
                  "                    a: pl.Tensor[[64], pl.FP32] = pl.add(acc, acc)\n"
                  "                    val: pl.Tensor[[64], pl.FP32] = pl.yield_(a)\n"
                  "            else:\n"
                  "                val: pl.Tensor[[64], pl.FP32] = (\n"
                  "                    pl.yield_(acc)\n"
                  "                )\n"
                  "            acc = pl.yield_(val)\n"
                  "        return acc\n"),
            "");
  EXPECT_EQ(Check("    @pl.function\n"
                  "    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                  "        for a, b in pl.while_(init_values=(n, n)):\n"
                  "            pl.cond(a < 4)\n"
                  "            a_out, b_out = pl.yield_(a + 1, b)\n"
                  "        return a_out\n"),
            "");
  EXPECT_THAT(Check("    @pl.function\n"
                    "    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                    "        for a in pl.while_(init_values=(n,)):\n"
                    "            pl.cond(a < 4)\n"
                    "            a_out = pl.yield_(a + 1)\n"
                    "        return a_out\n"),
              HasSubstr("a pl.while_ loop target must be a tuple"));
  // Outside a runtime scope the yield is still refused.
  EXPECT_THAT(Check("    @pl.function(type=pl.FunctionType.Orchestration)\n"
                    "    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:\n"
                    "        for i, (acc,) in pl.range(4, init_values=(x,)):\n"
                    "            with pl.at(level=pl.Level.CORE_GROUP):\n"
                    "                acc_out = pl.yield_(acc)\n"
                    "        return acc_out\n"),
              HasSubstr("pl.yield_ is only allowed at the end of a for loop"));
}

TEST(PyptoRulesTest, YieldsMayDifferInMemRef) {
  // Where the values live (pl.MemRef) is not their type (PyPTO's
  // structural equality skips it).
  EXPECT_EQ(Check(
                "    @pl.function\n"
                "    def main(self, t: pl.Tensor[[64, 64], pl.FP32], c: pl.Scalar[pl.INDEX]) -> "
                "pl.Tensor[[64, 64], pl.FP32]:\n"
                "        m2: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 16384)\n"
                "        m3: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 16384)\n"
                "        a: pl.Tile[[64, 64], pl.FP32, pl.MemRef(m2, 0, 16384), pl.Mem.Vec] = "
                "pl.tile.load(t, [0, 0], [64, 64], target_memory=pl.Mem.Vec)\n"
                "        if c < 2:\n"
                "            r: pl.Tile[[64, 64], pl.FP32, pl.MemRef(m2, 0, 16384), pl.Mem.Vec] = "
                "pl.yield_(a)\n"
                "        else:\n"
                "            b: pl.Tile[[64, 64], pl.FP32, pl.MemRef(m3, 0, 16384), pl.Mem.Vec] = "
                "pl.tile.add(a, a)\n"
                "            r: pl.Tile[[64, 64], pl.FP32, pl.MemRef(m2, 0, 16384), pl.Mem.Vec] = "
                "pl.yield_(b)\n"
                "        for i, (acc,) in pl.range(4, init_values=(r,)):\n"
                "            n: pl.Tile[[64, 64], pl.FP32, pl.MemRef(m3, 0, 16384), pl.Mem.Vec] = "
                "pl.tile.add(acc, acc)\n"
                "            out = pl.yield_(n)\n"
                "        return t\n"),
            "");
}

}  // namespace
}  // namespace ptoc

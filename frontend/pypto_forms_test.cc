// PyPTO's language forms (../shared/spec/pypto-language.md, "Forms found
// missing"): each parses, verifies, prints back to a fixed point and
// survives the proto; the forms PyPTO rejects are errors.
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

TEST(PyptoFormsTest, TypesMemorySpacesAndDtypes) {
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 16], pl.FP32, pl.TensorView(stride=[16, 1], layout=pl.TensorLayout.ND)],
        y: pl.Tensor[[16, 16], pl.FP8E4M3FN, pl.NZ],
        z: pl.Tensor[
            [0x10, 1_6],
            pl.FP32,
        ],
    ):
        a: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])
        b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [16, 16])
        pl.store(b, [0, 0], z)
)");
  EXPECT_THAT(out, HasSubstr("pl.TensorView(stride=[16, 1], layout=pl.TensorLayout.ND)]"));
  EXPECT_THAT(out, HasSubstr("pl.Tensor[[16, 16], pl.FP8E4M3FN, pl.NZ]"));
  EXPECT_THAT(out, HasSubstr("z: pl.Tensor[[16, 16], pl.FP32]"));
  EXPECT_THAT(out, HasSubstr("b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]"));
}

TEST(PyptoFormsTest, DecoratorsDocstringsDynamicDims) {
  std::string out = RoundTrip(std::string(kImports) + R"(M = pl.dynamic("M")


@pl.program(strict_ssa=True)
class P:
    """A program.

    Two lines."""

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host(self, x: pl.Tensor[[M, 16], pl.FP32]):
        """Host side."""
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})

    @pl.function(type=pl.FunctionType.Inline, strict_ssa=True)
    def worker(x: pl.Tensor[[16], pl.FP32]):
        pass
)");
  EXPECT_THAT(out, HasSubstr("M = pl.dynamic(\"M\")\n\n\n@pl.program(strict_ssa=True)\n"));
  EXPECT_THAT(out, HasSubstr("    \"\"\"A program.\n\n    Two lines.\"\"\"\n"));
  EXPECT_THAT(out, HasSubstr("@pl.function(level=pl.Level.HOST, "
                             "role=pl.Role.Orchestrator, attrs={\"split\": "
                             "pl.SplitMode.UP_DOWN})"));
  // A docstring's lines lead the next statement; with none (pl.func_attr
  // is not one) they are dropped, as PyPTO drops a block's tail comments.
  EXPECT_THAT(out, Not(HasSubstr("Host side")));
  EXPECT_THAT(out, HasSubstr("    def worker(x: pl.Tensor[[16], pl.FP32]):\n"));
}

TEST(PyptoFormsTest, ScopesLoopsBreakContinue) {
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s1") as t1:
            for i in pl.parallel(4):
                pass
        with pl.manual_scope():
            for i in pl.pipeline(0, 8, 2, stage=2):
                pass
        for i in pl.range(n):
            if i > 2:
                break
            continue
        for i in pl.unroll(3):
            pass
)");
  EXPECT_THAT(out, HasSubstr("with pl.at(level=pl.Level.CORE_GROUP, name_hint=\"s1\") as t1:"));
  EXPECT_THAT(out, HasSubstr("for i_1 in pl.pipeline(0, 8, 2, stage=2):"));
  EXPECT_THAT(out, HasSubstr("                break\n            continue\n"));
  EXPECT_THAT(out, HasSubstr("in pl.unroll(3):"));
}

TEST(PyptoFormsTest, ShortSpellingsAndPyptoOps) {
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def host(self, x: pl.Tensor[[16, 16], pl.FP32], s: pl.Scalar[pl.FP32]):
        t = pl.create_tensor([16, 16], dtype=pl.FP32)
        u = pl.add(x, t)
        v = pl.mul(u, s)
        w = pl.slice(v, [8, 16], [8, 0])
        tid = pl.system.task_invalid()
        n: pl.Scalar[pl.INDEX] = pl.FP16.get_byte()

    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32]):
        a: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])
        b = pl.add(a, a)
        c = pl.mul(b, 2.0)
        d = pl.tile.slice(c, [8, 16], [0, 0])
        e: pl.Tile[[16, 16], pl.FP32] = pl.tile.create([16, 16], dtype=pl.FP32)
        i = pl.tile.get_block_idx()
)");
  EXPECT_THAT(out, HasSubstr("t = pl.tensor.create(shape=[16, 16], dtype=pl.FP32)"));
  EXPECT_THAT(out, HasSubstr("u = pl.tensor.add(x, t)"));
  EXPECT_THAT(out, HasSubstr("v = pl.tensor.muls(u, s)"));
  EXPECT_THAT(out, HasSubstr("w = pl.tensor.slice(v, [8, 16], [8, 0])"));
  EXPECT_THAT(out, HasSubstr("n: pl.Scalar[pl.INDEX] = 2"));
  EXPECT_THAT(out, HasSubstr("b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = "
                             "pl.tile.add(a, a)"));
  EXPECT_THAT(out, HasSubstr("pl.tile.muls(b, 2.0)"));
  EXPECT_THAT(out, HasSubstr("d: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = "
                             "pl.tile.slice(c, [8, 16], [0, 0])"));
  EXPECT_THAT(out, HasSubstr("i: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()"));
}

TEST(PyptoFormsTest, TuplesAndSubmit) {
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32]) -> tuple[pl.Tensor[[16], pl.FP32], pl.Scalar[pl.TASK_ID]]:
        with pl.manual_scope():
            a, tid = pl.submit(self.k, x)
            b, _ = pl.submit(self.k, a, deps=[tid])
        return b, tid
)");
  EXPECT_THAT(out, HasSubstr(") -> tuple[pl.Tensor[[16], pl.FP32], pl.Scalar[pl.TASK_ID]]:"));
  EXPECT_THAT(out, HasSubstr("            a, tid = pl.submit(self.k, x)\n"));
  EXPECT_THAT(out, HasSubstr("            b, _ = pl.submit(self.k, a, deps=[tid])\n"));
  const std::string head = std::string(kImports) +
                           "@pl.program\nclass P:\n    @pl.function\n    def f(self, "
                           "x: pl.Tensor[[16], pl.FP32]):\n";
  EXPECT_THAT(Error(head + "        a, b = pl.submit(self.g, x)\n"),
              HasSubstr("the program has no function 'g'"));
  EXPECT_THAT(Error(head + "        a, b = x\n"),
              HasSubstr("cannot assign pl.Tensor[[16], pl.FP32] to 2 names"));
}

TEST(PyptoFormsTest, Arrays) {
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, c: pl.Scalar[pl.INT32]):
        arr = pl.array.create(4, pl.INT32)
        arr[0] = c
        arr[1] = 7
        x: pl.Scalar[pl.INT32] = arr[0]
)");
  EXPECT_THAT(out, HasSubstr("        arr = pl.array.create(4, dtype=pl.INT32)\n"));
  EXPECT_THAT(out, HasSubstr("        arr[0] = c\n        arr[1] = 7\n"));
  EXPECT_THAT(out, HasSubstr("x: pl.Scalar[pl.INT32] = pl.array.get_element(arr, 0)"));
}

TEST(PyptoFormsTest, WindowsAndTaskIds) {
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host(self):
        buf = pld.alloc_window_buffer(pld.world_size() * pl.INT32.get_byte())
        sig = pld.window(buf, [4], dtype=pl.INT32)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self):
        t = pl.system.task_dummy(deps=[])
        ok = pl.system.task_is_valid(t)
)");
  EXPECT_THAT(out, HasSubstr("buf = pld.tensor.alloc_window_buffer(pld.system.world_size() * 4)"));
  EXPECT_THAT(out, HasSubstr("sig = pld.tensor.window(buf, [4], dtype=pl.INT32)"));
  EXPECT_THAT(out, HasSubstr("ok: pl.Scalar[pl.BOOL] = pl.system.task_is_valid(t)"));
}

TEST(PyptoFormsTest, RejectedForms) {
  const std::string head = std::string(kImports) +
                           "@pl.program\nclass P:\n    @pl.function\n    def f(self):\n";
  EXPECT_THAT(Error(head + "        break\n"), HasSubstr("'break' outside a loop"));
  EXPECT_THAT(Error(head + "        for i in pl.parallel(4):\n            break\n"),
              HasSubstr("'break' is not allowed in a pl.parallel loop"));
  EXPECT_THAT(Error(head + "        with pl.bogus():\n            pass\n"),
              HasSubstr("expected a scope"));
  EXPECT_THAT(Error(std::string(kImports) + "@pl.program\nclass P:\n    @pl.function\n"
                                            "    def f(self, x: pl.Tensor[[N], pl.FP32]):\n"
                                            "        pass\n"),
              HasSubstr("dimension 'N' is not an integer scalar parameter"));
  EXPECT_THAT(Error(head + "        with pl.at(role=pl.Role.Orchestrator):\n            pass\n"),
              HasSubstr("pl.at() requires a level argument"));
  EXPECT_THAT(Error(head + "        with pl.at(level=pl.Level.HOST, bogus=1):\n            pass\n"),
              HasSubstr("Unknown keyword argument 'bogus' in pl.at()"));
  EXPECT_THAT(
      Error(head + "        with pl.at(level=pl.Level.HOST, role=pl.Role.SubWorker):\n"
                   "            pass\n"),
      HasSubstr("role=pl.Role.SubWorker)' is not supported"));
  EXPECT_THAT(Error(head + "        with pl.manual_scope(name=\"x\"):\n            pass\n"),
              HasSubstr("pl.manual_scope() does not accept arguments"));
  EXPECT_THAT(Error(head + "        with pl.manual_scope():\n            with pl.manual_scope():\n"
                           "                pass\n"),
              HasSubstr("may not be nested inside another manual scope"));
  EXPECT_THAT(Error(head + "        with pl.scope():\n            pass\n"),
              HasSubstr("requires @pl.function(auto_scope=False)"));
  EXPECT_THAT(Error(head + "        with pl.scope(1):\n            pass\n"),
              HasSubstr("pl.scope() takes no positional arguments"));
  EXPECT_THAT(Error(head + "        for i in pl.spmd(4, chunk=2):\n            pass\n"),
              HasSubstr("pl.spmd does not accept 'chunk='"));
  EXPECT_THAT(Error(std::string(kImports) +
                    "@pl.program\nclass P:\n    @pl.function(strict_ssa=True)\n"
                    "    def f(self, x: pl.Scalar[pl.INT32]):\n        y = x + 1\n"
                    "        y = x + 2\n"),
              HasSubstr("'y' is assigned twice; the function is strict_ssa=True"));
  EXPECT_THAT(Error(std::string(kImports) +
                    "@pl.program\nclass P:\n    @pl.function\n"
                    "    def f(self, x: tuple[pl.Scalar[pl.INT32]]):\n        pass\n"),
              HasSubstr("a parameter cannot be a tuple"));
  EXPECT_THAT(Error(head + "        a = 0x\n"), HasSubstr("malformed number"));
  EXPECT_THAT(Error(head + "        a = 1__0\n"), HasSubstr("malformed number"));
}

// An abstract SubWorker: `...` as its whole body (on the def line or
// below a docstring and pl.func_attr), printed on the def line as ruff
// leaves PyPTO's text; `...` anywhere else is an error, as in PyPTO.
TEST(PyptoFormsTest, AbstractSubWorker) {
  const std::string program = std::string(kImports) + R"(@pl.program
class P:
    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
    def sample(logits: pl.Tensor[[8, 16], pl.FP32]) -> pl.Tensor[[8], pl.INT32]: ...

    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
    def other(x: pl.Tensor[[8], pl.FP32]):
        """Bound when the program runs."""
        pl.func_attr({"weight": 2})
        ...

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, x: pl.Tensor[[8, 16], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        self.sample(x)
        return x
)";
  std::string out = RoundTrip(program);
  EXPECT_THAT(out, HasSubstr("-> pl.Tensor[[8], pl.INT32]: ...\n"));
  EXPECT_THAT(out, HasSubstr("def other(x: pl.Tensor[[8], pl.FP32]): ...\n"));
  std::unique_ptr<Program> p = pypto_test::ParseVerified(program);
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(p->functions[0]->requires_runtime_binding);
  EXPECT_FALSE(p->functions[2]->requires_runtime_binding);

  const std::string sub_worker = std::string(kImports) +
                                 "@pl.program\nclass P:\n"
                                 "    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n"
                                 "    def f(x: pl.Scalar[pl.INT32]):\n";
  EXPECT_THAT(Error(sub_worker + "        ...\n        y = x + 1\n"),
              HasSubstr("t.py:10:9: error: '...' must be the whole body of an abstract SubWorker"));
  EXPECT_THAT(Error(sub_worker + "        y = x + 1\n        ...\n"),
              HasSubstr("t.py:10:9: error: '...' must be the whole body of an abstract SubWorker"));
  EXPECT_THAT(Error(std::string(kImports) +
                    "@pl.program\nclass P:\n    @pl.function\n    def f(self): ...\n"),
              HasSubstr("'...' is a body only for a SubWorker (role=pl.Role.SubWorker), not for 'f'"));
}

// PyPTO's ConvertToSSA: a name rebound in a loop body is carried by the
// loop; one rebound in a branch is a result of the if.
TEST(PyptoFormsTest, RebindingInLoopsAndBranches) {
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function
    def main(self, x: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.FP32]:
        y = x
        for i in pl.range(4):
            x = x + 1.0
            if i == n:
                y = x
        return x + y
)");
  EXPECT_THAT(out, HasSubstr("in pl.range(4, init_values=("));
  EXPECT_THAT(out, HasSubstr("pl.yield_("));
  // The branch yields the new value, the else branch the old one.
  EXPECT_THAT(out, HasSubstr("else:"));
}

TEST(PyptoFormsTest, IfWithoutElseRebinding) {
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function
    def main(self, x: pl.Scalar[pl.FP32], c: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.FP32]:
        if c:
            x = x * 2.0
        return x
)");
  EXPECT_THAT(out, HasSubstr("= pl.yield_(x)"));
}

TEST(PyptoFormsTest, LoopRejectionsPyptoMakes) {
  const std::string head = std::string(kImports) + R"(@pl.program
class P:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
)";
  EXPECT_THAT(Error(head + "        for i in pl.pipeline(8):\n            x = pl.add(x, 1.0)\n"
                           "        return x\n"),
              HasSubstr("pl.pipeline() requires stage="));
  EXPECT_THAT(Error(head + "        for i in pl.pipeline(8, stage=0):\n            x = pl.add(x, 1.0)\n"
                           "        return x\n"),
              HasSubstr("stage= must be a positive integer"));
  EXPECT_THAT(Error(head + "        for i in pl.range(8, stage=2):\n            x = pl.add(x, 1.0)\n"
                           "        return x\n"),
              HasSubstr("stage= is only supported on pl.pipeline"));
  EXPECT_THAT(Error(head + "        for i in pl.spmd(4, allow_early_resolve=1):\n"
                           "            x = pl.add(x, 1.0)\n        return x\n"),
              HasSubstr("allow_early_resolve must be a boolean literal"));
  EXPECT_THAT(Error(head + "        with pl.spmd(4):\n            y = pl.add(x, x)\n"
                           "        return y\n"),
              HasSubstr("neither reads the per-block index"));
  EXPECT_THAT(Error(head + "        with pl.cluster():\n            with pl.spmd(4) as tid:\n"
                           "                i = pl.tile.get_block_idx()\n        return x\n"),
              HasSubstr("cannot capture a TaskId"));
}

// PyPTO's composite dimensions: an integer expression over constants,
// pl.dynamic names, scalar parameters, scalars the body bound before and
// machine queries, kept as written and printed back as it reads; one on
// constants only is folded, as Python folds it before PyPTO sees it.
TEST(PyptoFormsTest, ExpressionDims) {
  const std::string text = std::string(kImports) + R"(NR = pl.dynamic("NR")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def chip(self, o: pl.Out[pl.Tensor[[1, NR * 64], pl.FP32]]) -> pl.Tensor[[1, NR * 64], pl.FP32]:
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def folded(self, o: pl.Out[pl.Tensor[[2 * 64, (4 - 1) * 32 // 2], pl.FP32]]) -> pl.Tensor[[128, 48], pl.FP32]:
        return o

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host(self):
        buf = pld.alloc_window_buffer(pld.world_size() * pl.INT32.get_byte())
        signal = pld.window(buf, [pld.world_size()], dtype=pl.INT32)
        typed: pld.DistributedTensor[[pld.world_size()], pl.INT32] = pld.window(buf, [pld.world_size()], dtype=pl.INT32)

    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX]):
        half = n // 2
        t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[(half - 1) * 2, 64])] = pl.load(
            a, [0, 0], [64, 64], valid_shape=[(half - 1) * 2, 64]
        )
)";
  std::string out = RoundTrip(text);
  EXPECT_THAT(out, HasSubstr("o: pl.Out[pl.Tensor[[1, NR * 64], pl.FP32]]"));
  EXPECT_THAT(out, HasSubstr("o: pl.Out[pl.Tensor[[128, 48], pl.FP32]]"));
  EXPECT_THAT(out, HasSubstr("signal = pld.tensor.window(buf, [pld.system.world_size()], dtype=pl.INT32)"));
  // The annotation agrees with the window's type (both spell the query by
  // its op), so it is accepted, and printed only where PyPTO prints it.
  EXPECT_THAT(out, HasSubstr("typed = pld.tensor.window(buf, [pld.system.world_size()], dtype=pl.INT32)"));
  EXPECT_THAT(out, HasSubstr("valid_shape=[(half - 1) * 2, 64]"));
  EXPECT_EQ(RoundTrip(out), out);
  // Laid out over lines by ruff (a magic trailing comma), it reads the same.
  EXPECT_THAT(RoundTrip(std::string(kImports) + R"(NR = pl.dynamic("NR")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def chip(
        self,
        o: pl.Tensor[
            [
                pl.min(
                    NR,
                    64,
                ),
                16,
            ],
            pl.FP32,
        ],
    ):
        pass
)"),
              HasSubstr("o: pl.Tensor[[pl.min(NR, 64), 16], pl.FP32]"));
  // A name in a dimension is still a dimension: defined, and an integer.
  EXPECT_THAT(Error(std::string(kImports) + R"(@pl.program
class P:
    @pl.function
    def f(self, x: pl.Tensor[[Q * 2], pl.FP32]) -> pl.Tensor[[Q * 2], pl.FP32]:
        return x
)"),
              HasSubstr("dimension 'Q' is not an integer scalar parameter"));
  EXPECT_THAT(Error(std::string(kImports) + R"(@pl.program
class P:
    @pl.function
    def f(self, x: pl.Tensor[[128.0, 64], pl.FP32]) -> pl.Tensor[[128.0, 64], pl.FP32]:
        return x
)"),
              HasSubstr("a dimension is an integer"));
}

}  // namespace
}  // namespace ptoc

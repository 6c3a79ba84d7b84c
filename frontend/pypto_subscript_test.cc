// PyPTO forms added for issue 13's corpus groups: tensor and tile
// subscripts (reads, slices, writes), dict literals (a call's attrs=), and
// names bound in a pl.spmd loop. Each parses, verifies, prints back to a
// fixed point and survives the proto; the forms PyPTO rejects are errors.
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

using pypto_test::kImports;
using pypto_test::RoundTrip;

// The parse error (file:line:col: error: message).
std::string Error(const std::string& text) { return pypto_test::ParseError(text); }

const std::string kHead = std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.Opaque)
    def f(
        self,
        a: pl.Tensor[[4, 64, 32], pl.FP32],
        b: pl.Tensor[[64, 32], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
    ) -> pl.Tensor[[64, 32], pl.FP32]:
)";

TEST(PyptoSubscriptTest, TensorReadsAndSlices) {
  std::string out = RoundTrip(kHead + R"(        r = a[1]
        s = b[0:16, :]
        e = b[n, 3]
        c = a[1][2]
        w = b[n : n + 8, 4]
        t = b[:, :n]
        return out
)");
  EXPECT_THAT(out, HasSubstr("r = pl.tensor.slice(a, [1, 64, 32], [1, 0, 0], [], [0])"));
  EXPECT_THAT(out, HasSubstr("s = pl.tensor.slice(b, [16, 32], [0, 0])"));
  EXPECT_THAT(out, HasSubstr("pl.tensor.read(b, [n, 3])"));
  EXPECT_THAT(out, HasSubstr("c = pl.tensor.slice("
                             "pl.tensor.slice(a, [1, 64, 32], [1, 0, 0], [], [0]), [1, 32], "
                             "[2, 0], [], [0])"));
  EXPECT_THAT(out, HasSubstr("w = pl.tensor.slice(b, [8, 1], [n, 4], [], [1])"));
  EXPECT_THAT(out, HasSubstr("pl.tensor.slice(b, [64, n], [0, 0])"));
}

TEST(PyptoSubscriptTest, TileSlices) {
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 128], pl.FP32], y: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
        t: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [64, 128])
        s = t[:, 0:64]
        c = t[:, :256]
        r = t[3]
        v = t[1, 2]
        pl.store(t, [0, 0], y)
)");
  EXPECT_THAT(out, HasSubstr("s: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = "
                             "pl.tile.slice(t, [64, 64], [0, 0])"));
  // Cut back to the tile, as PyPTO's static extent.
  EXPECT_THAT(out, HasSubstr("pl.tile.slice(t, [64, 128], [0, 0])"));
  // Tiles stay 2D: a unit axis is prepended.
  EXPECT_THAT(out, HasSubstr("r: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = "
                             "pl.tile.slice(t, [1, 128], [3, 0], [], [0])"));
  EXPECT_THAT(out, HasSubstr("pl.tile.read(t, [1, 2])"));
}

TEST(PyptoSubscriptTest, WindowWrites) {
  std::string out = RoundTrip(kHead + R"(        out[0:16, :] = b[0:16, :]
        out[n] = a[0, 0]
        return out
)");
  EXPECT_THAT(out, HasSubstr("out_1 = pl.tensor.assemble(out, "
                             "pl.tensor.slice(b, [16, 32], [0, 0]), [0, 0])"));
  // A dropped axis: the source is reshaped up to the window's rank.
  EXPECT_THAT(out, HasSubstr("pl.tensor.assemble(out_1, pl.tensor.reshape("
                             "pl.tensor.slice(a, [1, 1, 32], [0, 0, 0], [], [0, 1]), [1, 32]), "
                             "[n, 0])"));
  EXPECT_THAT(out, HasSubstr("return out_2"));
}

TEST(PyptoSubscriptTest, TileWindowWriteTakesTheWindowsShape) {
  // `t[0:16, 3] = s` writes column 3, rows 0..15: the [16, 1] window. A
  // source of shape [1, 16] (the rank-reduced window [16] with a tile's
  // leading unit axis) is reshaped to [16, 1] first; assembled as it is,
  // it would write row 0, columns 3..18.
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [16, 16])
        s: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [1, 16])
        t[0:16, 3] = s
        t[5] = s
        pl.store(t, [0, 0], y)
)");
  EXPECT_THAT(out, HasSubstr("t_1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = "
                             "pl.tile.assemble(t, pl.tile.reshape(s, [16, 1]), [0, 3])"));
  // Row 5: the window is [1, 16], the source's own shape.
  EXPECT_THAT(out, HasSubstr("pl.tile.assemble(t_1, s, [5, 0])"));
}

TEST(PyptoSubscriptTest, HostileSliceBoundsAreErrors) {
  // upper - lower, and a tile's extent minus the lower bound, overflow.
  EXPECT_THAT(Error(kHead + "        r = b[-9223372036854775807:9223372036854775807, 0]\n"
                            "        return out\n"),
              HasSubstr("the slice's extent does not fit in 64 bits"));
  EXPECT_THAT(Error(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 128], pl.FP32], y: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
        t: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [64, 128])
        s = t[:, -9223372036854775807:-9223372036854775800]
        pl.store(t, [0, 0], y)
)"),
              HasSubstr("does not fit in 64 bits"));
}

TEST(PyptoSubscriptTest, Errors) {
  EXPECT_THAT(Error(kHead + "        r = a[1, 2, 3, 4]\n        return out\n"),
              HasSubstr("tensor subscript has 4 indices but the tensor is 3D"));
  EXPECT_THAT(Error(kHead + "        r = b[0:8:2, 0]\n        return out\n"),
              HasSubstr("a slice step is not supported"));
  EXPECT_THAT(Error(kHead + "        r = b[n:16, 0]\n        return out\n"),
              HasSubstr("a slice extent must fold to a constant"));
  EXPECT_THAT(Error(kHead + "        out[0:16, :] = b\n        return out\n"),
              HasSubstr("Subscript-write shape mismatch on source axis 0"));
  EXPECT_THAT(Error(kHead + "        out[0, :] = n\n        return out\n"),
              HasSubstr("Subscript-write source must also be a tensor"));
}

TEST(PyptoSubscriptTest, DictAttrsOnCalls) {
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y = self.k(x, attrs={"core_num": 4, "sync_start": True, "edges": [x], "name": "a"})
        return y
)");
  EXPECT_THAT(out, HasSubstr(
                       R"(self.k(x, attrs={"core_num": 4, "sync_start": True, "edges": [x], "name": "a"}))"));
  const std::string main = std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
)";
  EXPECT_THAT(Error(main + "        y = self.k(x, attrs={\"a\": 1, \"a\": 2})\n        return y\n"),
              HasSubstr("key 'a' is given twice"));
  EXPECT_THAT(Error(main + "        y = self.k(x, attrs=[1])\n        return y\n"),
              HasSubstr("attrs= must be a dict literal"));
  EXPECT_THAT(Error(main + "        with pl.manual_scope():\n"
                           "            a, t = pl.submit(self.k, x)\n"
                           "            y = self.k(x, attrs={\"manual_dep_edges\": [t]})\n"
                           "        return y\n"),
              HasSubstr("attrs['manual_dep_edges'] on call to 'self.k' is not a writable attr"));
}

TEST(PyptoSubscriptTest, SpmdLoopNamesStayVisible) {
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[512, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[512, 128], pl.FP32]],
    ) -> pl.Tensor[[512, 128], pl.FP32]:
        for i in pl.spmd(4):
            t: pl.Tile[[128, 128], pl.FP32] = pl.load(a, [i * 128, 0], [128, 128])
            out = pl.store(t, [i * 128, 0], out)
        return out
)");
  EXPECT_THAT(out, HasSubstr("return out_1"));
  EXPECT_THAT(Error(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[512, 128], pl.FP32]) -> pl.Tensor[[512, 128], pl.FP32]:
        with pl.cluster():
            for i in pl.spmd(4, allow_early_resolve=True):
                t: pl.Tile[[128, 128], pl.FP32] = pl.load(a, [i * 128, 0], [128, 128])
        return a
)"),
              HasSubstr("cannot be nested inside `pl.cluster()`"));
}

TEST(PyptoSubscriptTest, ScalarMinMaxTuplesAndArgDirections) {
  std::string out = RoundTrip(kHead + R"(        m = pl.min(n, 16)
        k = pl.max(n, m)
        pair = (b, n)
        x, y = pair
        return out
)");
  EXPECT_THAT(out, HasSubstr("m: pl.Scalar[pl.INDEX] = pl.min(n, 16)"));
  EXPECT_THAT(out, HasSubstr("pl.max(n, m)"));
  EXPECT_THAT(out, HasSubstr("pair = (b, n)\n        x, y = pair"));
  EXPECT_THAT(Error(kHead + "        m = pl.min(n, b)\n        return out\n"),
              HasSubstr("'min' expects a scalar as argument 2"));
  std::string calls = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y = self.k(x, attrs={"arg_directions": [pl.adir.input]})
        return y
)");
  EXPECT_THAT(calls, HasSubstr("attrs={\"arg_directions\": [pl.adir.input]}"));
}

TEST(PyptoSubscriptTest, ForLoopNamesOutliveTheLoop) {
  std::string out = RoundTrip(kHead + R"(        for i in pl.range(n):
            y = pl.tensor.slice(b, [16, 32], [0, 0])
            m = i + 1
        z = m + i
        return out
)");
  EXPECT_THAT(out, HasSubstr("        z: pl.Scalar[pl.INDEX] = m + i\n"));
  std::string used = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function
    def f(self, n: pl.Scalar[pl.INT64], x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i in pl.range(n):
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, 1.0)
        return y
)");
  EXPECT_THAT(used, HasSubstr("return y"));
  // A name a loop leaked is not carried by a later loop that only
  // overwrites it (examples/ring_allreduce.py: `theirs`, and the loop
  // variable `p`); one that reads it carries it (pypto_ssa_test).
  std::string twice = RoundTrip(kHead + R"(        for i in pl.range(n):
            m = i + 1
        for j in pl.range(n):
            m = j + 2
        for i in pl.range(n):
            k = i + 3
        return out
)");
  EXPECT_THAT(twice, ::testing::Not(HasSubstr("init_values")));
}

TEST(PyptoSubscriptTest, CatalogSignatures) {
  // tensor.gather(input, dim, index): the index's shape, the input's dtype;
  // tensor.assemble's atomic= is a pl.AtomicType.
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.Opaque)
    def f(
        self,
        src: pl.Tensor[[4, 64], pl.FP32],
        index: pl.Tensor[[4, 8], pl.INT32],
        out: pl.Out[pl.Tensor[[4, 64], pl.FP32]],
    ) -> pl.Tensor[[4, 64], pl.FP32]:
        g = pl.tensor.gather(src, -1, index)
        out = pl.assemble(out, g, [0, 0], atomic=pl.AtomicType.Add)
        return out
)");
  EXPECT_THAT(out, HasSubstr("g = pl.tensor.gather(src, index=index, dim=-1)"));
  EXPECT_THAT(out, HasSubstr("out_1 = pl.tensor.assemble(out, g, [0, 0], "
                             "atomic=pl.AtomicType.Add)"));
  std::string random = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, y: pl.Out[pl.Tensor[[128, 64], pl.UINT32]]):
        v = pl.tile.random(
            pl.const(1, pl.INT32),
            pl.const(2, pl.INT32),
            pl.const(3, pl.INT32),
            pl.const(4, pl.INT32),
            pl.const(5, pl.INT32),
            pl.const(6, pl.INT32),
            [128, 64],
            dtype=pl.UINT32,
        )
        pl.store(v, [0, 0], y)
)");
  EXPECT_THAT(random, HasSubstr("v: pl.Tile[[128, 64], pl.UINT32] = pl.tile.random("));
}

TEST(PyptoSubscriptTest, WhileLoopsCarryRebound) {
  // A natural while rebinding an outer name becomes PyPTO's SSA while.
  std::string out = RoundTrip(std::string(kImports) + R"(@pl.program
class P:
    @pl.function
    def f(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        x: pl.Scalar[pl.INT64] = 0
        while x < n:
            x = x + 1
        return x
)");
  EXPECT_THAT(out, HasSubstr("        for (x_1,) in pl.while_(init_values=(x,)):\n"
                             "            pl.cond(x_1 < n)\n"
                             "            x_2: pl.Scalar[pl.INT64] = x_1 + 1\n"
                             "            x_3 = pl.yield_(x_2)\n"
                             "        return x_3\n"));
  const std::string head = std::string(kImports) + R"(@pl.program
class P:
    @pl.function
    def f(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
)";
  EXPECT_THAT(Error(head + "        for (a,) in pl.while_(init_values=(n,)):\n"
                           "            b = pl.yield_(a)\n        return b\n"),
              HasSubstr("a pl.while_ body must start with pl.cond(condition)"));
  EXPECT_THAT(Error(head + "        pl.cond(n > 0)\n        return n\n"),
              HasSubstr("pl.cond(...) is only allowed as the first statement"));
  EXPECT_THAT(Error(head + "        for (a,) in pl.while_(init_values=(n,)):\n"
                           "            pl.cond(a)\n            b = pl.yield_(a)\n"
                           "        return b\n"),
              HasSubstr("while condition must be a Bool-typed scalar"));
  // Kernels carry values through while loops too.
  absl::StatusOr<std::unique_ptr<Program>> kernel =
      ParseProgram(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, n: pl.Scalar[pl.INT64]):
        for (a,) in pl.while_(init_values=(n,)):
            pl.cond(a > 0)
            b = pl.yield_(a - 1)
)",
                   "t.py");
  ASSERT_TRUE(kernel.ok()) << kernel.status();
  EXPECT_TRUE(VerifyProgram(**kernel).ok()) << VerifyProgram(**kernel);
}

TEST(PyptoSubscriptTest, FuncAttrIsAPrologue) {
  EXPECT_THAT(Error(std::string(kImports) + R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]):
        out[0:64] = x[0:64]
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
)"),
              HasSubstr("pl.func_attr() must appear before every other statement in 'k'"));
}

}  // namespace
}  // namespace ptoc

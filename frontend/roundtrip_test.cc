// The text format round trip (style rule 5): for every input x,
// parse(print(parse(x))) succeeds, print is a fixed point, and
// parse(print(x)) is the same IR as x (equal canonical prints, which ignore
// local variable names).
#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "gtest/gtest.h"
#include "ir/file_util.h"

namespace ptoc {
namespace {

std::string Canonical(const Program& p) {
  PrintOptions options;
  options.canonical_names = true;
  return PrintProgram(p, options);
}

// Checks the round trip of `text` (named `name` in diagnostics).
void ExpectRoundTrip(const std::string& text, const std::string& name) {
  absl::StatusOr<std::unique_ptr<Program>> first = ParseProgram(text, name);
  ASSERT_TRUE(first.ok()) << first.status();
  std::string printed = PrintProgram(**first);
  absl::StatusOr<std::unique_ptr<Program>> second =
      ParseProgram(printed, name + ".printed");
  ASSERT_TRUE(second.ok()) << second.status() << "\n" << printed;
  EXPECT_EQ(PrintProgram(**second), printed);
  EXPECT_EQ(Canonical(**second), Canonical(**first));
}

std::vector<std::string> ExampleFiles() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator("examples")) {
    if (entry.path().extension() == ".py") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(RoundTripTest, Examples) {
  std::vector<std::string> files = ExampleFiles();
  ASSERT_GE(files.size(), 9u);
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    absl::StatusOr<std::string> text = ReadFile(path);
    ASSERT_TRUE(text.ok()) << text.status();
    ExpectRoundTrip(*text, path);
  }
}

// Kernels with no repeated names and no default-valued attributes are
// already in printed form: the printer reproduces them without comments,
// headed by PyPTO's `# pypto.program: NAME` line and spelling their memory
// spaces as PyPTO's printer does (pl.Mem.X; the spec writes
// pl.MemorySpace.X).
TEST(RoundTripTest, PrintedFormMatchesTheSpecExamples) {
  for (const std::string path : {"examples/matmul_relu.py", "examples/v2c_handoff.py"}) {
    SCOPED_TRACE(path);
    absl::StatusOr<std::string> text = ReadFile(path);
    ASSERT_TRUE(text.ok()) << text.status();
    std::string expected;
    for (absl::string_view line : absl::StrSplit(*text, '\n')) {
      if (!absl::StartsWith(line, "#")) {
        absl::StrAppend(&expected, absl::StrReplaceAll(line, {{"pl.MemorySpace.", "pl.Mem."}}),
                        "\n");
      }
    }
    expected.pop_back();  // StrSplit yields an empty piece after the last newline
    absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(*text, path);
    ASSERT_TRUE(p.ok()) << p.status();
    EXPECT_EQ(PrintProgram(**p), absl::StrCat("# pypto.program: ", (*p)->name, "\n", expected));
  }
}

constexpr char kConstructs[] = R"(import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Constructs:
    @pl.function(type=pl.FunctionType.InCore, attrs={"nranks": 4, "tag": "x", "dims": [1, 2], "on": True})
    def body(
        self,
        t: pl.Tensor[[16, 64], pl.FP16],
        w: pl.InOut[pld.DistributedTensor[[4, 8], pl.INT32]],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP16]],
    ):
        a: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.load(t, [0, 0], [16, 64], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
        m: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(t, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat)
        x: pl.Scalar[pl.INDEX] = (n - 1 + 4) % n
        x: pl.Scalar[pl.INDEX] = n - (x - 1) * 2 // 3
        y: pl.Scalar[pl.INDEX] = -(x + 1)
        for i, (acc,) in pl.range(0, n, 1, init_values=(x,)):
            acc_next: pl.Scalar[pl.INDEX] = acc + i
            acc_out = pl.yield_(acc_next)
        for i, (p, q) in pl.range(1, n, 2, init_values=(acc_out, y)):
            if p < q and not q == 3:
                r: pl.Scalar[pl.INDEX] = p + 1
                z = pl.yield_(r)
            else:
                z = pl.yield_(q)
            p2, q2 = pl.yield_(z, p)
        for j in pl.range(2, 8):
            pass
        while p2 > 0:
            pass
        if q2 != 0:
            pld.system.notify(w, q2, [0, 0], 1, op=pld.NotifyOp.Set)
        pld.system.wait(w, [0, 0], 7, cmp=pld.WaitCmp.Ge)
        pl.tile.store(a, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def caller(
        self,
        t: pl.Tensor[[16, 64], pl.FP16],
        w: pl.InOut[pld.DistributedTensor[[4, 8], pl.INT32]],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP16]],
    ):
        self.body(t, w, n, out)
)";

TEST(RoundTripTest, EveryConstruct) { ExpectRoundTrip(kConstructs, "constructs.py"); }

// A TileView's pad (PyPTO's pl.PadValue): tile.fillpad sets it, an
// annotation may write it, element-wise ops give a fresh view without it;
// PyPTO's printer writes it after the other fields.
constexpr char kPads[] = R"(import pypto.language as pl


@pl.program
class Pads:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 128], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
        x: pl.Tile[[16, 128], pl.FP32] = pl.tile.load(a, [0, 0], [16, 128], [16, n], target_memory=pl.MemorySpace.Vec)
        y = pl.tile.fillpad(x, pad_value=pl.PadValue.min)
        z = pl.tile.muls(y, 2.0)
        w: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Vec, pl.TileView(valid_shape=[16, n], pad=pl.PadValue.max)] = pl.tile.fillpad(z, pl.PadValue.max)
        e = pl.tile.fillpad_expand(x, [32, 128])
        pl.tile.store(w, [0, 0], out)
)";

TEST(RoundTripTest, TileViewPads) {
  ExpectRoundTrip(kPads, "pads.py");
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(kPads, "pads.py");
  ASSERT_TRUE(p.ok()) << p.status();
  const std::string printed = PrintProgram(**p);
  EXPECT_TRUE(absl::StrContains(
      printed, "y: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = "
               "pl.tile.fillpad(x, pad_value=pl.PadValue.min)"))
      << printed;
  EXPECT_TRUE(absl::StrContains(printed, "z: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = "))
      << printed;
  EXPECT_TRUE(absl::StrContains(
      printed, "pl.TileView(valid_shape=[16, n], pad=pl.PadValue.max)] = pl.tile.fillpad(z, "))
      << printed;
  EXPECT_TRUE(absl::StrContains(
      printed, "e: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.zero)] = "
               "pl.tile.fillpad_expand(x, [32, 128])"))
      << printed;
  absl::StatusOr<std::unique_ptr<Program>> bad = ParseProgram(
      absl::StrReplaceAll(kPads, {{"pad=pl.PadValue.max", "pad=pl.PadValue.huge"}}), "bad.py");
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(absl::StrContains(bad.status().message(), "unknown pad value 'huge'"))
      << bad.status();
}

TEST(RoundTripTest, PrintedConstructs) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(kConstructs, "constructs.py");
  ASSERT_TRUE(p.ok()) << p.status();
  std::string printed = PrintProgram(**p);
  // The second binding of x is renamed, the implicit Mat view stays
  // implicit, default attributes stay out, carried values print as written.
  for (absl::string_view line : {
           "        x_1: pl.Scalar[pl.INDEX] = n - (x - 1) * 2 // 3\n",
           "        x: pl.Scalar[pl.INDEX] = (n - 1 + 4) % n\n",
           "        y: pl.Scalar[pl.INDEX] = -(x_1 + 1)\n",
           "        for i, (acc,) in pl.range(n, init_values=(x_1,)):\n",
           "            acc_out = pl.yield_(acc_next)\n",
           "        for i_1, (p, q) in pl.range(1, n, 2, init_values=(acc_out, y)):\n",
           "            if p < q and not q == 3:\n",
           "                z = pl.yield_(q)\n",
           "            p2, q2 = pl.yield_(z, p)\n",
           "        for j in pl.range(2, 8):\n            pass\n",
           "        while p2 > 0:\n            pass\n",
           "        pld.system.wait(w, [0, 0], 7, cmp=pld.WaitCmp.Ge)\n",
           "        self.body(t, w, n, out)\n",
           "[16, 64], pl.FP16, pl.Mem.Mat] = pl.tile.load(",
       }) {
    EXPECT_TRUE(absl::StrContains(printed, line)) << line << "\nnot in:\n" << printed;
  }
}

TEST(RoundTripTest, CanonicalPrintIgnoresLocalNames) {
  const std::string a = R"(import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class K:
    @pl.function(type=pl.FunctionType.InCore)
    def f(
        self,
        n: pl.Scalar[pl.INDEX],
    ):
        left: pl.Scalar[pl.INDEX] = n + 1
        for i in pl.range(left):
            right: pl.Scalar[pl.INDEX] = left * i
)";
  std::string b = a;
  for (auto [from, to] : {std::pair<std::string, std::string>{"left", "l2"},
                          {"right", "r9"}, {"for i in", "for k in"}, {"* i\n", "* k\n"}}) {
    size_t pos;
    while ((pos = b.find(from)) != std::string::npos) b.replace(pos, from.size(), to);
  }
  absl::StatusOr<std::unique_ptr<Program>> pa = ParseProgram(a, "a.py");
  absl::StatusOr<std::unique_ptr<Program>> pb = ParseProgram(b, "b.py");
  ASSERT_TRUE(pa.ok()) << pa.status();
  ASSERT_TRUE(pb.ok()) << pb.status();
  EXPECT_NE(PrintProgram(**pa), PrintProgram(**pb));
  EXPECT_EQ(Canonical(**pa), Canonical(**pb));
}

}  // namespace
}  // namespace ptoc

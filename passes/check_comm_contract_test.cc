#include "passes/check_comm_contract.h"

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "gtest/gtest.h"
#include "ir/diagnostics.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

constexpr char kHeader[] = R"(import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class T:
    @pl.function(type=pl.FunctionType.Opaque)
    def helper(self, a: pl.Tensor[[4, 16], pl.FP32]) -> pl.Scalar[pl.BOOL]:
        return True

    @pl.function(type=pl.FunctionType.%s)
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        win2: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[4, 4], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
    ):
        %start
)";

// How the kernel starts: with a whole-GM invalidate, which settles the
// kernel's start (comm-hazards.md H5) and nothing else, so that the other
// rules are tested alone; or with `pass`, for the H5 tests.
constexpr char kStartSettled[] = "pl.system.cacheinvalid()";
constexpr char kStartOpen[] = "pass";

// The kernel whose body is `body` (written without indentation). Body line
// k is line LineOf(k) of the file.
std::string Kernel(absl::string_view body, absl::string_view kind = "InCore",
                   absl::string_view start = kStartSettled) {
  std::string text = kHeader;
  text.replace(text.find("%s"), 2, std::string(kind));
  text.replace(text.find("%start"), 6, std::string(start));
  for (absl::string_view line : absl::StrSplit(body, '\n', absl::SkipEmpty())) {
    absl::StrAppend(&text, "        ", line, "\n");
  }
  return text;
}

int LineOf(int body_line) {
  static const int header_lines = [] {
    std::string h = kHeader;
    return static_cast<int>(std::count(h.begin(), h.end(), '\n'));
  }();
  return header_lines + body_line;
}

std::unique_ptr<Program> Parse(const std::string& text) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "t.py");
  EXPECT_TRUE(p.ok()) << p.status() << "\n" << text;
  return p.ok() ? *std::move(p) : nullptr;
}

// "BODYLINE: severity: message" for every diagnostic of the checker on the
// kernel with `body`.
std::vector<std::string> Check(absl::string_view body, absl::string_view kind = "InCore",
                               absl::string_view start = kStartSettled) {
  std::unique_ptr<Program> p = Parse(Kernel(body, kind, start));
  if (p == nullptr) return {"<parse error>"};
  const std::string before = PrintProgram(*p);
  DiagnosticSink sink;
  PassContext context;
  context.diagnostics = &sink;
  CheckCommContract check;
  absl::StatusOr<bool> result = check.Run(*p, context);
  EXPECT_EQ(PrintProgram(*p), before) << "the checker changed the program";
  EXPECT_EQ(result.ok(), sink.error_count() == 0);
  if (result.ok()) {
    EXPECT_FALSE(*result);
  }
  std::vector<std::string> out;
  for (const std::string& d : sink.formatted()) {
    // t.py:LINE:COL: severity: message
    std::vector<std::string> parts = absl::StrSplit(d.substr(0, d.find('\n')), ':');
    int line = 0;
    EXPECT_TRUE(absl::SimpleAtoi(parts[1], &line)) << d;
    std::string rest = d.substr(d.find(": ") + 2);
    out.push_back(absl::StrCat(line - LineOf(0), ": ", rest.substr(0, rest.find('\n'))));
  }
  return out;
}

using Diags = std::vector<std::string>;

constexpr char kLocalToNotify[] =
    "error: write to window 'win' can reach a notify without a cacheinvalid covering "
    "the written region followed by a fence";
constexpr char kLocalToEnd[] =
    "error: write to window 'win' can reach the end of the kernel without a cacheinvalid "
    "covering the written region followed by a fence";
constexpr char kNotifyNote[] = "note: the notify that publishes it";
constexpr char kWaitError[] =
    "error: wait can reach a GM read without a whole-GM cacheinvalid in between";
constexpr char kTestError[] =
    "error: pld.system.test can reach a GM read after returning true without a whole-GM "
    "cacheinvalid in between";
constexpr char kReadNote[] = "note: the GM read that may see a stale cache line";

std::string At(int body_line, absl::string_view what) {
  return absl::StrCat(body_line, ": ", what);
}

TEST(CheckCommContractTest, AcceptsAFencedKernelAndChangesNothing) {
  EXPECT_EQ(Check(R"(
t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
pl.tile.store(t, [0, 0], win)
pl.system.cacheinvalid(win, [4, 16], [0, 0])
pl.system.fence()
pld.system.notify(sig, 1, [0, 0], 1)
)"),
            Diags{});
}

TEST(CheckCommContractTest, LocalWriteReachingANotify) {
  EXPECT_EQ(Check(R"(
t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
pl.tile.store(t, [0, 0], win)
pld.system.notify(sig, 1, [0, 0], 1)
pl.system.cacheinvalid()
pl.system.fence()
)"),
            (Diags{At(2, kLocalToNotify), At(3, kNotifyNote)}));
}

TEST(CheckCommContractTest, LocalWriteReachingTheEndOfTheKernel) {
  EXPECT_EQ(Check(R"(
pl.tensor.write(win, [0, 0], 1.0)
x: pl.Scalar[pl.INDEX] = me + 1
)"),
            (Diags{At(1, kLocalToEnd), At(2, "note: the kernel ends after this statement")}));
  EXPECT_EQ(Check(R"(
pl.tensor.write(win, [0, 0], 1.0)
if me == 0:
    return
pl.system.cacheinvalid()
pl.system.fence()
)"),
            (Diags{At(1, kLocalToEnd), At(3, "note: the kernel returns here")}));
}

TEST(CheckCommContractTest, FenceMustFollowTheInvalidate) {
  EXPECT_EQ(Check(R"(
pl.tensor.write(win, [0, 0], 1.0)
pl.system.fence()
pl.system.cacheinvalid(win, [4, 16], [0, 0])
pld.system.notify(sig, 1, [0, 0], 1)
)"),
            (Diags{At(1, kLocalToNotify), At(4, kNotifyNote)}));
}

TEST(CheckCommContractTest, RegionInvalidateMustProvablyContainTheWrite) {
  const char* store = R"(
t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
w2 = pl.tile.store(t, [OFFSET], win)
pl.system.cacheinvalid(INVALIDATE)
pl.system.fence()
pld.system.notify(sig, 1, [0, 0], 1)
)";
  auto check = [&](absl::string_view offset, absl::string_view invalidate) {
    std::string body = store;
    body.replace(body.find("OFFSET"), 6, std::string(offset));
    body.replace(body.find("INVALIDATE"), 10, std::string(invalidate));
    return Check(body);
  };
  const Diags broken = {At(2, kLocalToNotify), At(5, kNotifyNote)};
  // Constant bounds that include the write, the whole tensor, the very same
  // expressions, an alias of the window: covered.
  EXPECT_EQ(check("1, 0", "win, [2, 16], [0, 0]"), Diags{});
  EXPECT_EQ(check("me, 0", "win, [4, 16], [0, 0]"), Diags{});
  EXPECT_EQ(check("me, 0", "win, [1, 16], [me, 0]"), Diags{});
  EXPECT_EQ(check("me, 0", "w2, [4, 16], [0, 0]"), Diags{});
  // Too small, shifted, not provable, another window: not covered.
  EXPECT_EQ(check("0, 0", "win, [1, 8], [0, 0]"), broken);
  EXPECT_EQ(check("1, 0", "win, [1, 16], [0, 0]"), broken);
  EXPECT_EQ(check("me, 0", "win, [1, 16], [me + 0, 0]"), broken);
  EXPECT_EQ(check("me, 0", "win2, [4, 16], [0, 0]"), broken);
}

TEST(CheckCommContractTest, RegionExpressionsGoStaleAcrossALoopBackEdge) {
  // The store of iteration c reaches the invalidate of iteration c + 1,
  // whose offsets name another row.
  EXPECT_EQ(Check(R"(
t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
for c in pl.range(4):
    pl.system.cacheinvalid(win, [1, 16], [c, 0])
    pl.system.fence()
    pld.system.notify(sig, 1, [0, 0], 1)
    pl.tile.store(t, [c, 0], win)
pl.system.cacheinvalid()
pl.system.fence()
)"),
            (Diags{At(6, kLocalToNotify), At(5, kNotifyNote)}));
  // A constant row stays covered.
  EXPECT_EQ(Check(R"(
t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
for c in pl.range(4):
    pl.system.cacheinvalid(win, [1, 16], [2, 0])
    pl.system.fence()
    pld.system.notify(sig, 1, [0, 0], 1)
    pl.tile.store(t, [2, 0], win)
pl.system.cacheinvalid()
pl.system.fence()
)"),
            Diags{});
}

TEST(CheckCommContractTest, RemoteWritesNeedAFence) {
  EXPECT_EQ(Check(R"(
t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
pld.tile.remote_store(t, win, 1, [0, 0])
pl.system.cacheinvalid()
pld.system.notify(sig, 1, [0, 0], 1)
pld.tensor.put(win, 1, inp)
pl.system.fence()
)"),
            (Diags{At(2,
                      "error: remote write 'pld.tile.remote_store' can reach a notify "
                      "without a fence after it"),
                   At(4, kNotifyNote)}));
}

TEST(CheckCommContractTest, OpaqueCallsNeedWholeGmInvalidateThenFence) {
  EXPECT_EQ(Check(R"(
ok = self.helper(inp)
pl.system.cacheinvalid(win, [4, 16], [0, 0])
pl.system.fence()
pld.system.notify(sig, 1, [0, 0], 1)
ok2 = self.helper(inp)
pl.system.cacheinvalid()
pl.system.fence()
)"),
            (Diags{At(1,
                      "error: opaque call 'self.helper' can reach a notify without a "
                      "whole-GM cacheinvalid followed by a fence"),
                   At(4, kNotifyNote)}));
}

TEST(CheckCommContractTest, WaitReachingAGmRead) {
  EXPECT_EQ(Check(R"(
pld.system.wait(sig, [0, 0], 1)
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
y: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 1])
)"),
            (Diags{At(1, kWaitError), At(2, kReadNote)}));
  EXPECT_EQ(Check(R"(
pld.system.wait(sig, [0, 0], 1)
t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
)"),
            (Diags{At(1, kWaitError), At(2, kReadNote)}));
  EXPECT_EQ(Check(R"(
pld.system.wait(sig, [0, 0], 1)
r: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pld.tile.remote_load(win, 1, [0, 0], [1, 16])
)"),
            (Diags{At(1, kWaitError), At(2, kReadNote)}));
}

// comm-hazards.md H5: the kernel's start is a consume point for window
// data read through the cache.
constexpr char kStartError[] =
    "error: read of window data through the data cache can run before any wait or "
    "whole-GM cacheinvalid of this kernel: it may see lines an earlier kernel on this "
    "core left in the cache (comm-hazards.md H5)";
constexpr char kStartNote[] = "note: the kernel starts here";

TEST(CheckCommContractTest, CachedWindowReadBeforeAnyWaitOrInvalidate) {
  // The note is at the kernel's `def`, 8 lines above body line 0 (the
  // start line).
  const std::string start_note = At(-8, kStartNote);
  EXPECT_EQ(Check("x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])\n", "InCore", kStartOpen),
            (Diags{At(1, kStartError), start_note}));
  // Only on the path with no wait; along a path only the first read.
  EXPECT_EQ(Check(R"(
if me == 0:
    pld.system.wait(sig, [0, 0], 1)
    pl.system.cacheinvalid()
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
y: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [1, 0])
)",
                  "InCore", kStartOpen),
            (Diags{At(4, kStartError), start_note}));
}

TEST(CheckCommContractTest, KernelStartSettledByInvalidateOrWait) {
  // A whole-GM invalidate first.
  EXPECT_EQ(Check("x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])\n"), Diags{});
  // A wait first: its own rule asks for the invalidate.
  EXPECT_EQ(Check(R"(
pld.system.wait(sig, [0, 0], 1)
pl.system.cacheinvalid()
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)",
                  "InCore", kStartOpen),
            Diags{});
  // Reads by DMA, and cached reads of tensors that are not windows, do not
  // read lines the cache kept.
  EXPECT_EQ(Check(R"(
t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(win, [0, 0], [1, 16])
u: pl.Scalar[pl.FP32] = pl.tensor.read(inp, [0, 0])
)",
                  "InCore", kStartOpen),
            Diags{});
}

TEST(CheckCommContractTest, FollowsBranches) {
  EXPECT_EQ(Check(R"(
pld.system.wait(sig, [0, 0], 1)
if me == 0:
    pl.system.cacheinvalid()
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)"),
            (Diags{At(1, kWaitError), At(4, kReadNote)}));
  EXPECT_EQ(Check(R"(
pld.system.wait(sig, [0, 0], 1)
if me == 0:
    pl.system.cacheinvalid()
else:
    pl.system.cacheinvalid()
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)"),
            Diags{});
}

TEST(CheckCommContractTest, FollowsLoopBackEdges) {
  EXPECT_EQ(Check(R"(
for s in pl.range(4):
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
    pld.system.wait(sig, [s, 0], 1)
)"),
            (Diags{At(3, kWaitError), At(2, kReadNote)}));
  // A loop with constant bounds runs at least once: its invalidate is on
  // every path.
  EXPECT_EQ(Check(R"(
pld.system.wait(sig, [0, 0], 1)
for s in pl.range(4):
    pl.system.cacheinvalid()
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)"),
            Diags{});
  // One whose bound is not known may run zero times.
  EXPECT_EQ(Check(R"(
pld.system.wait(sig, [0, 0], 1)
for s in pl.range(me):
    pl.system.cacheinvalid()
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)"),
            (Diags{At(1, kWaitError), At(4, kReadNote)}));
}

TEST(CheckCommContractTest, TestsAreConsumePointsOnlyWhenTrue) {
  EXPECT_EQ(Check(R"(
ok: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
if ok:
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)"),
            (Diags{At(1, kTestError), At(3, kReadNote)}));
  EXPECT_EQ(Check(R"(
ok: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
if not ok:
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
else:
    pl.system.cacheinvalid()
    y: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)"),
            Diags{});
  EXPECT_EQ(Check(R"(
if pld.system.test(sig, [0, 0], 1) or me == 0:
    pl.system.cacheinvalid()
else:
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)"),
            Diags{});
  EXPECT_EQ(Check(R"(
while not pld.system.test(sig, [0, 0], 1):
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [1, 0])
y: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)"),
            (Diags{At(1, kTestError), At(3, kReadNote)}));
}

TEST(CheckCommContractTest, TestResultRecomputedInALoopIsNotTheOldOne) {
  // The test of iteration s that returned true is pending in iteration
  // s + 1, where `if ok` asks about a new test.
  EXPECT_EQ(Check(R"(
for s in pl.range(4):
    ok: pl.Scalar[pl.BOOL] = pld.system.test(sig, [s, 0], 1)
    if not ok:
        x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [1, 0])
)"),
            (Diags{At(2, kTestError), At(4, kReadNote)}));
}

TEST(CheckCommContractTest, OnlyKernelsAreChecked) {
  EXPECT_EQ(Check("pl.tensor.write(win, [0, 0], 1.0)\n", "Orchestration"), Diags{});
  EXPECT_EQ(Check("pl.tensor.write(win, [0, 0], 1.0)\n", "AIV").size(), 2u);
}

TEST(CheckCommContractTest, DeepNestingStaysCheap) {
  // 40 nested loops: a walk of paths would never finish.
  std::string body;
  for (int d = 0; d < 40; ++d) {
    absl::StrAppend(&body, std::string(4 * d, ' '), "for i", d, " in pl.range(me):\n");
  }
  absl::StrAppend(&body, std::string(160, ' '),
                  "x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])\n",
                  std::string(160, ' '), "pld.system.wait(sig, [0, 0], 1)\n");
  EXPECT_EQ(Check(body), (Diags{At(42, kWaitError), At(41, kReadNote)}));
}

std::string ReadExample(const std::string& name) {
  std::ifstream in("examples/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(CheckCommContractTest, SpecExamples) {
  for (const char* name : {"ring_allreduce.fenced.py", "mesh_barrier.fenced.py"}) {
    SCOPED_TRACE(name);
    std::unique_ptr<Program> p = Parse(ReadExample(name));
    ASSERT_TRUE(p);
    PassContext context;
    EXPECT_TRUE(CheckCommContract().Run(*p, context).ok());
  }
  for (const char* name : {"ring_allreduce.py", "mesh_barrier.py"}) {
    SCOPED_TRACE(name);
    std::unique_ptr<Program> p = Parse(ReadExample(name));
    ASSERT_TRUE(p);
    PassContext context;
    EXPECT_FALSE(CheckCommContract().Run(*p, context).ok());
  }
}

}  // namespace
}  // namespace ptoc

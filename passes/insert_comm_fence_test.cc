#include "passes/insert_comm_fence.h"

#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "gtest/gtest.h"
#include "ir/verifier.h"
#include "passes/check_comm_contract.h"

namespace ptoc {
namespace {

// A kernel with windows, plain tensors and scalars; `body` is its body,
// indented by 8 spaces ("|" at the start of a line stands for them).
// `start_invalidated`: the body starts with a whole-GM invalidate, as the
// pass puts one before a cached window read no wait precedes (H5).
std::string Kernel(absl::string_view body, absl::string_view kind = "InCore",
                   bool start_invalidated = false) {
  std::string lines;
  for (absl::string_view line : absl::StrSplit(body, '\n')) {
    if (line.empty()) continue;
    absl::StrAppend(&lines, "        ", line, "\n");
  }
  return absl::StrCat(R"(import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class T:
    @pl.function(type=pl.FunctionType.Opaque)
    def helper(self, a: pl.Tensor[[4, 16], pl.FP32]) -> pl.Scalar[pl.BOOL]:
        return True

    @pl.function(type=pl.FunctionType.Opaque)
    def count(self, a: pl.Tensor[[4, 16], pl.FP32]) -> pl.Scalar[pl.INDEX]:
        return 4

    @pl.function(type=pl.FunctionType.)",
                      kind, R"()
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[4, 16], pl.FP32]],
        win: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        win2: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        narrow: pl.InOut[pld.DistributedTensor[[4, 8], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[4, 4], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
        n: pl.Scalar[pl.INDEX],
    ):
)",
                      start_invalidated ? "        pl.system.cacheinvalid()\n" : "",
                      R"(        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
)",
                      lines);
}

std::unique_ptr<Program> Parse(const std::string& text, bool allow_unregistered = false) {
  ParseOptions options;
  options.allow_unregistered_ops = allow_unregistered;
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "test.py", options);
  EXPECT_TRUE(p.ok()) << p.status() << "\n" << text;
  return p.ok() ? *std::move(p) : nullptr;
}

std::string Print(const Program& p) {
  PrintOptions options;
  options.canonical_names = true;
  return PrintProgram(p, options);
}

struct Outcome {
  std::string printed;
  bool changed = false;
};

Outcome RunPass(Program& p, bool narrow = false) {
  InsertCommFence pass;
  PassContext context;
  context.options.values["narrow_regions"] = narrow ? "true" : "false";
  absl::StatusOr<bool> changed = pass.Run(p, context);
  EXPECT_TRUE(changed.ok()) << changed.status();
  EXPECT_TRUE(VerifyProgram(p).ok()) << VerifyProgram(p);
  return {Print(p), changed.ok() && *changed};
}

// Runs the pass on the kernel with body `in` and expects the kernel with
// body `expected`; also checks that the result satisfies the contract and
// that the pass leaves its own output alone.
void ExpectFenced(absl::string_view in, absl::string_view expected, bool narrow = false,
                  bool allow_unregistered = false, bool start_invalidated = false) {
  std::unique_ptr<Program> p = Parse(Kernel(in), allow_unregistered);
  std::unique_ptr<Program> want =
      Parse(Kernel(expected, "InCore", start_invalidated), allow_unregistered);
  ASSERT_TRUE(p && want);
  Outcome first = RunPass(*p, narrow);
  EXPECT_EQ(first.printed, Print(*want));
  EXPECT_EQ(first.changed, Print(*want) != Print(*Parse(Kernel(in), allow_unregistered)));
  Outcome second = RunPass(*p, narrow);
  EXPECT_FALSE(second.changed);
  EXPECT_EQ(second.printed, first.printed);
  CheckCommContract check;
  PassContext context;
  EXPECT_TRUE(check.Run(*p, context).ok()) << check.Run(*p, context).status();
}

TEST(InsertCommFenceTest, LocalStoresEachGetInvalidateAndFence) {
  ExpectFenced(R"(
pl.tile.store(t, [0, 0], win)
pl.tile.store(t, [1, 0], win2)
pld.system.notify(sig, 1, [0, 0], 1)
)",
               R"(
pl.tile.store(t, [0, 0], win)
pl.system.cacheinvalid(win, [4, 16], [0, 0])
pl.system.fence()
pl.tile.store(t, [1, 0], win2)
pl.system.cacheinvalid(win2, [4, 16], [0, 0])
pl.system.fence()
pld.system.notify(sig, 1, [0, 0], 1)
)");
}

TEST(InsertCommFenceTest, PlainTensorWritesPublishNothing) {
  ExpectFenced(R"(
pl.tile.store(t, [0, 0], out)
pl.tensor.write(out, [0, 1], 2.0)
pld.tensor.get(out, 1, win)
)",
               R"(
pl.tile.store(t, [0, 0], out)
pl.tensor.write(out, [0, 1], 2.0)
pld.tensor.get(out, 1, win)
)");
}

TEST(InsertCommFenceTest, TensorWriteAndGetIntoWindow) {
  ExpectFenced(R"(
pl.tensor.write(win, [0, 1], 2.0)
pld.tensor.get(win2, 1, win)
pld.tile.get(win2, 1, win, t)
)",
               R"(
pl.tensor.write(win, [0, 1], 2.0)
pl.system.cacheinvalid(win, [4, 16], [0, 0])
pl.system.fence()
pld.tensor.get(win2, 1, win)
pl.system.cacheinvalid(win2, [4, 16], [0, 0])
pl.system.fence()
pld.tile.get(win2, 1, win, t)
pl.system.cacheinvalid(win2, [4, 16], [0, 0])
pl.system.fence()
)");
}

TEST(InsertCommFenceTest, AliasesOfWindowsAreWindows) {
  // A store's result and a loop-carried value name the written window.
  ExpectFenced(R"(
w1 = pl.tile.store(t, [0, 0], win)
w2 = pl.tile.store(t, [1, 0], w1)
for i, (acc,) in pl.range(0, 4, 1, init_values=(w2,)):
    acc2 = pl.tile.store(t, [i, 0], acc)
    res = pl.yield_(acc2)
pl.tensor.write(res, [0, 0], 1.0)
)",
               R"(
w1 = pl.tile.store(t, [0, 0], win)
pl.system.cacheinvalid(win, [4, 16], [0, 0])
pl.system.fence()
w2 = pl.tile.store(t, [1, 0], w1)
pl.system.cacheinvalid(w1, [4, 16], [0, 0])
pl.system.fence()
for i, (acc,) in pl.range(0, 4, 1, init_values=(w2,)):
    acc2 = pl.tile.store(t, [i, 0], acc)
    pl.system.cacheinvalid(acc, [4, 16], [0, 0])
    pl.system.fence()
    res = pl.yield_(acc2)
pl.tensor.write(res, [0, 0], 1.0)
pl.system.cacheinvalid(res, [4, 16], [0, 0])
pl.system.fence()
)");
}

TEST(InsertCommFenceTest, RemoteWritesGetTheirPeerInvalidateAndAFence) {
  // The written region in the peer's copy: a store's tile, a put's whole
  // destination (comm-hazards.md H6).
  ExpectFenced(R"(
pld.tile.remote_store(t, win, me, [me, 0])
pld.tile.put(win, 1, inp, t)
pld.tensor.put(win, 1, inp)
)",
               R"(
pld.tile.remote_store(t, win, me, [me, 0])
pl.system.cacheinvalid(win, [1, 16], [me, 0], peer=me)
pl.system.fence()
pld.tile.put(win, 1, inp, t)
pl.system.cacheinvalid(win, [4, 16], [0, 0], peer=1)
pl.system.fence()
pld.tensor.put(win, 1, inp)
pl.system.cacheinvalid(win, [4, 16], [0, 0], peer=1)
pl.system.fence()
)");
}

TEST(InsertCommFenceTest, ARemoteWriteWithOnlyItsFenceGetsThePeerInvalidateBeforeIt) {
  // Text from before H6: the fence stays the one fence.
  ExpectFenced(R"(
pld.tile.remote_store(t, win, 1, [0, 0])
pl.system.fence()
pld.tile.put(win, 1, inp, t)
pl.system.cacheinvalid()
pl.system.fence()
)",
               R"(
pld.tile.remote_store(t, win, 1, [0, 0])
pl.system.cacheinvalid(win, [1, 16], [0, 0], peer=1)
pl.system.fence()
pld.tile.put(win, 1, inp, t)
pl.system.cacheinvalid()
pl.system.fence()
)");
}

TEST(InsertCommFenceTest, APeerWhoseValueACallGivesGetsAWholeGmInvalidate) {
  ExpectFenced(R"(
pld.tile.remote_store(t, win, pld.rank(pld.get_comm_ctx(win)), [0, 0])
)",
               R"(
pld.tile.remote_store(t, win, pld.rank(pld.get_comm_ctx(win)), [0, 0])
pl.system.cacheinvalid()
pl.system.fence()
)");
}

TEST(InsertCommFenceTest, OpaqueCallsGetWholeGmMarkers) {
  ExpectFenced(R"(
ok = self.helper(inp)
pl.custom.op(win)
)",
               R"(
ok = self.helper(inp)
pl.system.cacheinvalid()
pl.system.fence()
pl.custom.op(win)
pl.system.cacheinvalid()
pl.system.fence()
)",
               /*narrow=*/false, /*allow_unregistered=*/true);
}

TEST(InsertCommFenceTest, OpaqueCallInAConditionGuardsBothBranchesAndAfter) {
  ExpectFenced(R"(
if self.helper(inp):
    pld.system.notify(sig, 1, [0, 0], 1)
else:
    pld.system.notify(sig, 2, [0, 0], 1)
)",
               R"(
if self.helper(inp):
    pl.system.cacheinvalid()
    pl.system.fence()
    pld.system.notify(sig, 1, [0, 0], 1)
else:
    pl.system.cacheinvalid()
    pl.system.fence()
    pld.system.notify(sig, 2, [0, 0], 1)
pl.system.cacheinvalid()
pl.system.fence()
)");
}

TEST(InsertCommFenceTest, OpaqueCallInLoopBoundsGuardsTheBodyAndTheExit) {
  ExpectFenced(R"(
for i in pl.range(self.count(inp)):
    pld.system.notify(sig, i, [0, 0], 1)
)",
               R"(
for i in pl.range(self.count(inp)):
    pl.system.cacheinvalid()
    pl.system.fence()
    pld.system.notify(sig, i, [0, 0], 1)
pl.system.cacheinvalid()
pl.system.fence()
)");
}

TEST(InsertCommFenceTest, TestYieldedFromALoopIsGuardedWhereTheLoopContinues) {
  // The yielded test result is consumed by the next iteration and after
  // the loop.
  ExpectFenced(R"(
ok0: pl.Scalar[pl.BOOL] = me > 0
for i, (ok,) in pl.range(0, 4, 1, init_values=(ok0,)):
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [i, 0])
    ok2 = pl.yield_(pld.system.test(sig, [i, 0], 1))
y: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)",
               R"(
ok0: pl.Scalar[pl.BOOL] = me > 0
for i, (ok,) in pl.range(0, 4, 1, init_values=(ok0,)):
    pl.system.cacheinvalid()
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [i, 0])
    ok2 = pl.yield_(pld.system.test(sig, [i, 0], 1))
pl.system.cacheinvalid()
y: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)");
}

TEST(InsertCommFenceTest, MeshBarrierCostsOneInvalidate) {
  ExpectFenced(R"(
for src in pl.range(4):
    if src != me:
        pld.system.wait(sig, [src, 0], 1)
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)",
               R"(
for src in pl.range(4):
    if src != me:
        pld.system.wait(sig, [src, 0], 1)
pl.system.cacheinvalid()
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)");
}

TEST(InsertCommFenceTest, WaitThenRead) {
  ExpectFenced(R"(
pld.system.wait(sig, [0, 0], 1)
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)",
               R"(
pld.system.wait(sig, [0, 0], 1)
pl.system.cacheinvalid()
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)");
}

TEST(InsertCommFenceTest, AdjacentWaitOnlyStatementsAreOneRun) {
  ExpectFenced(R"(
pld.system.wait(sig, [0, 0], 1)
for p in pl.range(4):
    pld.system.wait(sig, [p, 1], 1)
for a in pl.range(2):
    q: pl.Scalar[pl.INDEX] = a * 2
    for b in pl.range(n):
        pld.system.wait(sig, [q, b], 1)
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)",
               R"(
pld.system.wait(sig, [0, 0], 1)
for p in pl.range(4):
    pld.system.wait(sig, [p, 1], 1)
for a in pl.range(2):
    q: pl.Scalar[pl.INDEX] = a * 2
    for b in pl.range(n):
        pld.system.wait(sig, [q, b], 1)
pl.system.cacheinvalid()
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)");
}

TEST(InsertCommFenceTest, ScalarStatementBetweenWaitsEndsTheRun) {
  ExpectFenced(R"(
pld.system.wait(sig, [0, 0], 1)
q: pl.Scalar[pl.INDEX] = me + 1
pld.system.wait(sig, [q, 0], 1)
)",
               R"(
pld.system.wait(sig, [0, 0], 1)
pl.system.cacheinvalid()
q: pl.Scalar[pl.INDEX] = me + 1
pld.system.wait(sig, [q, 0], 1)
pl.system.cacheinvalid()
)");
}

TEST(InsertCommFenceTest, LoopsWithoutWaitsGainNothing) {
  ExpectFenced(R"(
for p in pl.range(4):
    pass
for p in pl.range(4):
    q: pl.Scalar[pl.INDEX] = p + 1
for p in pl.range(4):
    u: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(t, t)
)",
               R"(
for p in pl.range(4):
    pass
for p in pl.range(4):
    q: pl.Scalar[pl.INDEX] = p + 1
for p in pl.range(4):
    u: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(t, t)
)");
}

TEST(InsertCommFenceTest, LoopThatReadsKeepsInvalidatesInside) {
  ExpectFenced(R"(
for s in pl.range(7):
    pld.system.wait(sig, [s, 0], 1)
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
for s in pl.range(7):
    u: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(t, t)
    for p in pl.range(4):
        pld.system.wait(sig, [p, 0], 1)
)",
               R"(
for s in pl.range(7):
    pld.system.wait(sig, [s, 0], 1)
    pl.system.cacheinvalid()
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
for s in pl.range(7):
    u: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(t, t)
    for p in pl.range(4):
        pld.system.wait(sig, [p, 0], 1)
    pl.system.cacheinvalid()
)");
}

TEST(InsertCommFenceTest, LoopWhoseConditionReadsGmIsNotWaitOnly) {
  // The first condition reads the window before any wait: the kernel
  // starts with a whole-GM invalidate too (H5).
  ExpectFenced(R"(
while pl.tensor.read(sig, [0, 0]) < 1:
    pld.system.wait(sig, [1, 0], 1)
)",
               R"(
while pl.tensor.read(sig, [0, 0]) < 1:
    pld.system.wait(sig, [1, 0], 1)
    pl.system.cacheinvalid()
)",
               false, false, /*start_invalidated=*/true);
}

TEST(InsertCommFenceTest, CachedWindowReadBeforeAnyWaitGetsAnInvalidateAtTheStart) {
  ExpectFenced("x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])\n",
               "x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])\n", false, false,
               /*start_invalidated=*/true);
  // A wait on one path only: the read after the if still needs one at the
  // start (the wait's own invalidate is in its branch).
  ExpectFenced(R"(
if me == 0:
    pld.system.wait(sig, [0, 0], 1)
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [1, 0])
y: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)",
               R"(
if me == 0:
    pld.system.wait(sig, [0, 0], 1)
    pl.system.cacheinvalid()
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [1, 0])
y: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)",
               false, false, /*start_invalidated=*/true);
  // A run of waits on one path: its invalidate after the if covers both.
  ExpectFenced(R"(
if me == 0:
    pld.system.wait(sig, [0, 0], 1)
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)",
               R"(
if me == 0:
    pld.system.wait(sig, [0, 0], 1)
pl.system.cacheinvalid()
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)");
}

TEST(InsertCommFenceTest, ReadsAfterAWaitOrByDmaNeedNoInvalidateAtTheStart) {
  ExpectFenced(R"(
pld.system.wait(sig, [0, 0], 1)
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)",
               R"(
pld.system.wait(sig, [0, 0], 1)
pl.system.cacheinvalid()
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)");
  ExpectFenced(R"(
u: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(win, [0, 0], [1, 16])
v: pl.Scalar[pl.FP32] = pl.tensor.read(inp, [0, 0])
)",
               R"(
u: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(win, [0, 0], [1, 16])
v: pl.Scalar[pl.FP32] = pl.tensor.read(inp, [0, 0])
)");
}

TEST(InsertCommFenceTest, WaitWhoseOffsetsReadGmStandsAlone) {
  ExpectFenced(R"(
pld.system.wait(sig, [0, 0], 1)
pld.system.wait(sig, [pl.tensor.read(sig, [0, 1]), 0], 1)
)",
               R"(
pld.system.wait(sig, [0, 0], 1)
pl.system.cacheinvalid()
pld.system.wait(sig, [pl.tensor.read(sig, [0, 1]), 0], 1)
pl.system.cacheinvalid()
)");
}

TEST(InsertCommFenceTest, TestResultGuardingTheNextIf) {
  ExpectFenced(R"(
ok: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
if ok:
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)",
               R"(
ok: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
if ok:
    pl.system.cacheinvalid()
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)");
}

TEST(InsertCommFenceTest, TestAsTheCondition) {
  ExpectFenced(R"(
if pld.system.test(sig, [0, 0], 1):
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)",
               R"(
if pld.system.test(sig, [0, 0], 1):
    pl.system.cacheinvalid()
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)");
}

TEST(InsertCommFenceTest, TestInAnyOtherPlaceGetsItsInvalidateRightAfter) {
  ExpectFenced(R"(
ok: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
if not ok:
    q: pl.Scalar[pl.INDEX] = me + 1
ok2: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
if ok2 and me > 0:
    q2: pl.Scalar[pl.INDEX] = me + 1
)",
               R"(
ok: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
pl.system.cacheinvalid()
if not ok:
    q: pl.Scalar[pl.INDEX] = me + 1
ok2: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
pl.system.cacheinvalid()
if ok2 and me > 0:
    q2: pl.Scalar[pl.INDEX] = me + 1
)");
}

TEST(InsertCommFenceTest, TestInsideALargerIfConditionAlsoGuardsItsTruePaths) {
  ExpectFenced(R"(
if not pld.system.test(sig, [0, 0], 1):
    q: pl.Scalar[pl.INDEX] = me + 1
else:
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)",
               R"(
if not pld.system.test(sig, [0, 0], 1):
    q: pl.Scalar[pl.INDEX] = me + 1
else:
    pl.system.cacheinvalid()
    x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
pl.system.cacheinvalid()
)");
}

TEST(InsertCommFenceTest, WhileTestGuardsBodyAndExit) {
  ExpectFenced(R"(
while not pld.system.test(sig, [0, 0], 1):
    pass
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)",
               R"(
while not pld.system.test(sig, [0, 0], 1):
    pl.system.cacheinvalid()
pl.system.cacheinvalid()
x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
)");
}

TEST(InsertCommFenceTest, WaitOnlyIfOnATestResultKeepsBothInvalidates) {
  ExpectFenced(R"(
ok: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
if ok:
    pld.system.wait(sig, [1, 0], 1)
)",
               R"(
ok: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
if ok:
    pl.system.cacheinvalid()
    pld.system.wait(sig, [1, 0], 1)
pl.system.cacheinvalid()
)");
}

TEST(InsertCommFenceTest, WriteInOneLoopNotifyInAnother) {
  ExpectFenced(R"(
for c in pl.range(4):
    pl.tile.store(t, [c, 0], win)
for p in pl.range(4):
    pld.system.notify(sig, p, [0, 0], 1)
)",
               R"(
for c in pl.range(4):
    pl.tile.store(t, [c, 0], win)
    pl.system.cacheinvalid(win, [4, 16], [0, 0])
    pl.system.fence()
for p in pl.range(4):
    pld.system.notify(sig, p, [0, 0], 1)
)");
}

TEST(InsertCommFenceTest, NotifyOnlyProgramGetsNoMarker) {
  ExpectFenced(R"(
for p in pl.range(4):
    if p != me:
        pld.system.notify(sig, p, [0, me], 1, op=pld.NotifyOp.Set)
)",
               R"(
for p in pl.range(4):
    if p != me:
        pld.system.notify(sig, p, [0, me], 1, op=pld.NotifyOp.Set)
)");
}

TEST(InsertCommFenceTest, NarrowRegions) {
  ExpectFenced(R"(
pl.tile.store(t, [2, 0], win)
pl.tile.store(t, [me, 0], win)
pl.tensor.write(win, [me, 3], 1.0)
pld.tensor.get(win2, 1, win)
)",
               R"(
pl.tile.store(t, [2, 0], win)
pl.system.cacheinvalid(win, [1, 16], [2, 0])
pl.system.fence()
pl.tile.store(t, [me, 0], win)
pl.system.cacheinvalid(win, [1, 16], [me, 0])
pl.system.fence()
pl.tensor.write(win, [me, 3], 1.0)
pl.system.cacheinvalid(win, [1, 1], [me, 3])
pl.system.fence()
pld.tensor.get(win2, 1, win)
pl.system.cacheinvalid(win2, [4, 16], [0, 0])
pl.system.fence()
)",
               /*narrow=*/true);
}

TEST(InsertCommFenceTest, RecognizesMarkersAlreadyInPlace) {
  const char* fenced = R"(
pl.tile.store(t, [0, 0], win)
pl.system.cacheinvalid(win, [1, 16], [0, 0])
pl.system.fence()
pl.tile.store(t, [0, 0], win2)
pl.system.cacheinvalid()
pl.system.fence()
pld.tile.remote_store(t, win, 1, [0, 0])
pl.system.cacheinvalid(win, [1, 16], [0, 0], peer=1)
pl.system.fence()
pld.system.wait(sig, [0, 0], 1)
pl.system.cacheinvalid()
)";
  ExpectFenced(fenced, fenced);
}

TEST(InsertCommFenceTest, UnrecognizedMarkersGetTheFullSetAndStay) {
  ExpectFenced(R"(
pl.tile.store(t, [0, 0], win)
pl.system.fence()
pl.tile.store(t, [0, 0], win2)
pl.system.cacheinvalid(win, [4, 16], [0, 0])
pl.system.fence()
)",
               R"(
pl.tile.store(t, [0, 0], win)
pl.system.cacheinvalid(win, [4, 16], [0, 0])
pl.system.fence()
pl.system.fence()
pl.tile.store(t, [0, 0], win2)
pl.system.cacheinvalid(win2, [4, 16], [0, 0])
pl.system.fence()
pl.system.cacheinvalid(win, [4, 16], [0, 0])
pl.system.fence()
)");
}

TEST(InsertCommFenceTest, OtherFunctionKindsAreUntouched) {
  for (const char* kind : {"Orchestration", "Opaque", "Group", "Spmd"}) {
    SCOPED_TRACE(kind);
    std::unique_ptr<Program> p = Parse(Kernel(R"(
pl.tile.store(t, [0, 0], win)
pld.system.wait(sig, [0, 0], 1)
)",
                                              kind));
    ASSERT_TRUE(p);
    const std::string before = Print(*p);
    Outcome out = RunPass(*p);
    EXPECT_FALSE(out.changed);
    EXPECT_EQ(out.printed, before);
  }
}

TEST(InsertCommFenceTest, AicAndAivKernelsAreRewritten) {
  for (const char* kind : {"AIC", "AIV"}) {
    SCOPED_TRACE(kind);
    std::unique_ptr<Program> p = Parse(Kernel("pld.system.wait(sig, [0, 0], 1)\n", kind));
    ASSERT_TRUE(p);
    EXPECT_TRUE(RunPass(*p).changed);
  }
}

// Replaces every one-statement Seq body by its statement.
void MakeBodiesBare(StmtPtr& body) {
  if (!body) return;
  if (body->kind == StmtKind::kSeq) {
    for (StmtPtr& child : body->stmts) MakeBodiesBare(child);
    if (body->stmts.size() == 1) body = std::move(body->stmts[0]);
  }
  if (body->kind == StmtKind::kFor || body->kind == StmtKind::kWhile ||
      body->kind == StmtKind::kIf) {
    MakeBodiesBare(body->body);
    MakeBodiesBare(body->else_body);
  }
}

TEST(InsertCommFenceTest, BareBodiesAreWrappedInPlace) {
  const char* in = R"(
for c in pl.range(4):
    pl.tile.store(t, [c, 0], win)
if me == 0:
    pld.system.wait(sig, [0, 0], 1)
else:
    pld.tile.remote_store(t, win, 1, [0, 0])
)";
  std::unique_ptr<Program> p = Parse(Kernel(in));
  ASSERT_TRUE(p);
  Function& k = *p->FindFunction("k");
  MakeBodiesBare(k.body);
  const Stmt& loop = *k.body->stmts[1];
  ASSERT_EQ(loop.body->kind, StmtKind::kEval);
  EXPECT_TRUE(RunPass(*p).changed);
  EXPECT_EQ(loop.body->kind, StmtKind::kSeq);
  std::unique_ptr<Program> want = Parse(Kernel(R"(
for c in pl.range(4):
    pl.tile.store(t, [c, 0], win)
    pl.system.cacheinvalid(win, [4, 16], [0, 0])
    pl.system.fence()
if me == 0:
    pld.system.wait(sig, [0, 0], 1)
    pl.system.cacheinvalid()
else:
    pld.tile.remote_store(t, win, 1, [0, 0])
    pl.system.cacheinvalid(win, [1, 16], [0, 0], peer=1)
    pl.system.fence()
)"));
  EXPECT_EQ(Print(*p), Print(*want));
}

TEST(InsertCommFenceTest, BareFunctionBodyIsWrappedInPlace) {
  std::unique_ptr<Program> p = Parse(Kernel("pl.tensor.write(win, [0, 0], 1.0)\n"));
  ASSERT_TRUE(p);
  Function& k = *p->FindFunction("k");
  k.body = std::move(k.body->stmts[1]);  // drop the tile load: just the write
  ASSERT_EQ(k.body->kind, StmtKind::kEval);
  EXPECT_TRUE(RunPass(*p).changed);
  ASSERT_EQ(k.body->kind, StmtKind::kSeq);
  ASSERT_EQ(k.body->stmts.size(), 3u);
  EXPECT_EQ(PrintExpr(*k.body->stmts[1]->value), "pl.system.cacheinvalid(win, [4, 16], [0, 0])");
  EXPECT_EQ(PrintExpr(*k.body->stmts[2]->value), "pl.system.fence()");
}

}  // namespace
}  // namespace ptoc

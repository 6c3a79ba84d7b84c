// Unit tests of expand-mixed-kernel: kernels in the text format in, the
// printed program (or the diagnostics) out.
#include "passes/expand_mixed_kernel.h"

#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/diagnostics.h"
#include "ir/file_util.h"
#include "ir/verifier.h"
#include "passes/mixed_kernel_invariants.h"

namespace ptoc {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kHeader[] =
    "import pypto.language as pl\n"
    "import pypto.language.distributed as pld\n\n"
    "@pl.program\n"
    "class P:\n";

std::string Canonical(const Program& p) {
  PrintOptions options;
  options.canonical_names = true;
  return PrintProgram(p, options);
}

struct Result {
  absl::Status status;
  bool changed = false;
  std::string text;       // the program after the pass (plain names)
  std::string canonical;  // the same, canonical names
  std::string diagnostics;
};

Result Expand(const std::string& kernel, const std::string& backend = "a2a3",
              const std::string& v2c_sync = "fence", const std::string& file = "k.py") {
  Result r;
  absl::StatusOr<std::unique_ptr<Program>> program = ParseProgram(kernel, file);
  EXPECT_TRUE(program.ok()) << program.status();
  if (!program.ok()) {
    r.status = program.status();
    return r;
  }
  EXPECT_TRUE(VerifyProgram(**program).ok());
  DiagnosticSink sink;
  PassContext context;
  context.options.backend = backend;
  context.options.values["v2c_sync"] = v2c_sync;
  context.diagnostics = &sink;
  ExpandMixedKernel pass;
  absl::StatusOr<bool> changed = pass.Run(**program, context);
  r.diagnostics = sink.ToString();
  if (!changed.ok()) {
    r.status = changed.status();
    return r;
  }
  r.changed = *changed;
  r.text = PrintProgram(**program);
  r.canonical = Canonical(**program);
  absl::Status verified = VerifyProgram(**program);
  EXPECT_TRUE(verified.ok()) << verified << "\n" << r.text;
  absl::Status invariants = VerifyMixedKernelInvariants(**program);
  EXPECT_TRUE(invariants.ok()) << invariants << "\n" << r.text;
  return r;
}

std::string ExpectedCanonical(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFile(path);
  EXPECT_TRUE(text.ok()) << text.status();
  absl::StatusOr<std::unique_ptr<Program>> program = ParseProgram(*text, path);
  EXPECT_TRUE(program.ok()) << program.status();
  return program.ok() ? Canonical(**program) : "";
}

std::string ExampleText(const std::string& name) {
  absl::StatusOr<std::string> text = ReadFile(absl::StrCat("examples/", name));
  EXPECT_TRUE(text.ok()) << text.status();
  return text.ok() ? *text : "";
}

TEST(ExpandMixedKernelTest, MatmulReluMatchesTheSpecExample) {
  for (const char* backend : {"a2a3", "a5"}) {
    Result r = Expand(ExampleText("matmul_relu.py"), backend, "fence", "matmul_relu.py");
    ASSERT_TRUE(r.status.ok()) << r.status;
    EXPECT_EQ(r.canonical, ExpectedCanonical("examples/matmul_relu.a2a3.py")) << r.text;
  }
}

TEST(ExpandMixedKernelTest, V2cHandoffMatchesTheSpecExamples) {
  for (const char* backend : {"a2a3", "a5"}) {
    Result r = Expand(ExampleText("v2c_handoff.py"), backend, "fence", "v2c_handoff.py");
    ASSERT_TRUE(r.status.ok()) << r.status;
    EXPECT_EQ(r.canonical,
              ExpectedCanonical(absl::StrCat("examples/v2c_handoff.", backend, ".py")))
        << r.text;
  }
}

// dual-aiv.md's examples: split_aiv kernels, each backend against its
// expected output.
TEST(ExpandMixedKernelTest, SplitAivExamplesMatchTheirExpectedOutputs) {
  for (const char* example : {"split_attention", "dual_v2c_handoff"}) {
    for (const char* backend : {"a2a3", "a5"}) {
      const std::string file = absl::StrCat(example, ".py");
      Result r = Expand(ExampleText(file), backend, "fence", file);
      ASSERT_TRUE(r.status.ok()) << r.status;
      EXPECT_EQ(r.canonical,
                ExpectedCanonical(absl::StrCat("examples/", example, ".", backend, ".py")))
          << example << " " << backend << "\n" << r.text;
    }
  }
}

std::string Kernel(const std::string& functions) { return absl::StrCat(kHeader, functions); }

constexpr char kMatmulStore[] = R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        cv = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        pl.tile.store(cv, [0, 0], out)
)";

TEST(ExpandMixedKernelTest, ReportsNoChangeWithoutInCoreFunctions) {
  Result first = Expand(Kernel(kMatmulStore));
  ASSERT_TRUE(first.status.ok()) << first.status;
  EXPECT_TRUE(first.changed);
  absl::StatusOr<std::unique_ptr<Program>> program = ParseProgram(first.text, "out.py");
  ASSERT_TRUE(program.ok()) << program.status();
  for (const char* backend : {"a2a3", "a5"}) {
    PassContext context;
    context.options.backend = backend;
    DiagnosticSink sink;
    context.diagnostics = &sink;
    absl::StatusOr<bool> changed = ExpandMixedKernel().Run(**program, context);
    ASSERT_TRUE(changed.ok()) << changed.status();
    EXPECT_FALSE(*changed);
    EXPECT_EQ(PrintProgram(**program), first.text);
  }
}

TEST(ExpandMixedKernelTest, RejectsBadOptions) {
  Result backend = Expand(Kernel(kMatmulStore), "a9");
  EXPECT_THAT(backend.status.message(), HasSubstr("--backend must be a2a3 or a5"));
  Result sync = Expand(Kernel(kMatmulStore), "a2a3", "sometimes");
  EXPECT_THAT(sync.status.message(), HasSubstr("--v2c-sync must be"));
}

TEST(ExpandMixedKernelTest, RefusesToShadowAnExistingLaneName) {
  Result r = Expand(Kernel(absl::StrCat(kMatmulStore, R"(
    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        v = pl.tile.load(a, [0, 0], [16, 16])
)")));
  EXPECT_FALSE(r.status.ok());
  EXPECT_THAT(r.diagnostics, HasSubstr("already has a function 'k_aiv'"));
}

TEST(ExpandMixedKernelTest, ErrorsComeWithTheirNotesInTheStatus) {
  Result r = Expand(Kernel(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, q: pl.Tensor[[16, 16], pl.FP16], s: pl.InOut[pl.Tensor[[16, 16], pl.FP16]]):
        qv = pl.tile.load(q, [0, 0], [16, 16])
        pl.tile.store(qv, [0, 0], s)
        qm = pl.tile.load(s, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
)"), "a2a3", "error");
  ASSERT_FALSE(r.status.ok());
  EXPECT_THAT(r.status.message(), HasSubstr("k.py:11:9: error: in kernel 'k'"));
  EXPECT_THAT(r.status.message(), HasSubstr("k.py:10:9: note: the tile.store of 's'"));
  EXPECT_EQ(r.diagnostics, absl::StrCat(r.status.message(), "\n"));
}

TEST(ExpandMixedKernelTest, OffModeWarnsOncePerConflictAndStillSucceeds) {
  Result r = Expand(Kernel(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, q: pl.Tensor[[16, 16], pl.FP16], s: pl.InOut[pl.Tensor[[16, 16], pl.FP16]]):
        qv = pl.tile.load(q, [0, 0], [16, 16])
        pl.tile.store(qv, [0, 0], s)
        qm = pl.tile.load(s, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        qm2 = pl.tile.load(s, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
)"), "a2a3", "off");
  ASSERT_TRUE(r.status.ok()) << r.status;
  EXPECT_THAT(r.diagnostics, HasSubstr("k.py:11:9: warning:"));
  EXPECT_THAT(r.diagnostics, HasSubstr("k.py:12:9: warning:"));
  EXPECT_THAT(r.text, Not(HasSubstr("tpush")));
}

TEST(ExpandMixedKernelTest, ReturnValuesAndUnplacedBuffersCannotBeSplit) {
  Result r = Expand(Kernel(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        stray = pl.system.reserve_buffer(name="stray", size=64)
        c = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        cv = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        pl.tile.store(cv, [0, 0], out)
)"));
  ASSERT_FALSE(r.status.ok());
  EXPECT_THAT(r.diagnostics, HasSubstr("no *_initialize_pipe uses this buffer"));
}

TEST(ExpandMixedKernelTest, PureScalarCodeGoesToTheLanesThatUseIt) {
  Result r = Expand(Kernel(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], n: pl.Scalar[pl.INDEX]):
        cube_row = n + 1
        vec_row = n * 2
        both = n - 1
        unused = n + 7
        c = pl.tile.load(a, [cube_row, both], [16, 16], target_memory=pl.MemorySpace.Acc)
        cv = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        pl.tile.store(cv, [vec_row, both], out)
)"));
  ASSERT_TRUE(r.status.ok()) << r.status;
  std::string aic = r.text.substr(0, r.text.find("def k_aiv("));
  std::string aiv = r.text.substr(r.text.find("def k_aiv("));
  EXPECT_THAT(aic, HasSubstr("cube_row: pl.Scalar[pl.INDEX] = n + 1"));
  EXPECT_THAT(aic, HasSubstr("both: pl.Scalar[pl.INDEX] = n - 1"));
  EXPECT_THAT(aic, Not(HasSubstr("vec_row")));
  EXPECT_THAT(aiv, HasSubstr("vec_row: pl.Scalar[pl.INDEX] = n * 2"));
  EXPECT_THAT(aiv, HasSubstr("both: pl.Scalar[pl.INDEX] = n - 1"));
  EXPECT_THAT(aiv, Not(HasSubstr("cube_row")));
  EXPECT_THAT(r.text, Not(HasSubstr("unused")));
}

TEST(ExpandMixedKernelTest, StoreResultsAreTheStoredTensorOnTheOtherLane) {
  // The cube reads the store's result: on the AIC, where the store does not
  // run, that is the tensor stored into, carried through the loop.
  Result r = Expand(Kernel(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, q: pl.Tensor[[16, 16], pl.FP16], s: pl.InOut[pl.Tensor[[16, 16], pl.FP16]], n: pl.Scalar[pl.INDEX]):
        for i, (t,) in pl.range(0, n, 1, init_values=(s,)):
            qv = pl.tile.load(q, [0, 0], [16, 16])
            t2 = pl.tile.store(qv, [0, 0], t)
            qm = pl.tile.load(t2, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
            t3 = pl.yield_(t2)
)"));
  ASSERT_TRUE(r.status.ok()) << r.status;
  std::string aic = r.text.substr(0, r.text.find("def k_aiv("));
  EXPECT_THAT(aic, HasSubstr("for i, (t,) in pl.range(n, init_values=(s,)):"));
  EXPECT_THAT(aic, HasSubstr("pl.tile.load(t, [0, 0], [16, 16], target_memory=pl.Mem.Mat)"));
  EXPECT_THAT(aic, HasSubstr("t3 = pl.yield_(t)"));
  EXPECT_THAT(aic, Not(HasSubstr("pl.tile.store")));
}

// ---- the invariants verifier ----

absl::Status Invariants(const std::string& functions) {
  absl::StatusOr<std::unique_ptr<Program>> program = ParseProgram(Kernel(functions), "inv.py");
  EXPECT_TRUE(program.ok()) << program.status();
  return program.ok() ? VerifyMixedKernelInvariants(**program) : program.status();
}

constexpr char kLanes[] = R"(
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, a: pl.Tensor[[16, 16], pl.FP32]):
        imp = pl.system.import_peer_buffer(name="b", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(imp, 0, dir_mask=1, slot_size=1024)
        c = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(c)
        pl.tile.tpush_to_aiv(c)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        buf = pl.system.reserve_buffer(name="b", size=2048)
        pl.system.aiv_initialize_pipe(buf, 0, dir_mask=1, slot_size=1024)
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.system.tfree_to_aic(x)
        y: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.system.tfree_to_aic(y)

    @pl.function(type=pl.FunctionType.Group)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32]):
        self.k_aic(a)
        self.k_aiv(a)
)";

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(MixedKernelInvariantsTest, AcceptsBalancedLanes) {
  EXPECT_TRUE(Invariants(kLanes).ok()) << Invariants(kLanes);
}

TEST(MixedKernelInvariantsTest, RejectsAnInCoreFunction) {
  EXPECT_THAT(Invariants(kMatmulStore).message(), HasSubstr("InCore function 'k' remains"));
}

TEST(MixedKernelInvariantsTest, RejectsAPopFreedTwiceOrNever) {
  std::string twice = Replace(kLanes, "pl.system.tfree_to_aic(y)", "pl.system.tfree_to_aic(x)");
  absl::Status s = Invariants(twice);
  EXPECT_THAT(s.message(), HasSubstr("freed 2 times, not once"));
  EXPECT_THAT(s.message(), HasSubstr("freed 0 times, not once"));
}

TEST(MixedKernelInvariantsTest, RejectsUnbalancedPushesAndPops) {
  std::string fewer = Replace(kLanes, "        pl.tile.tpush_to_aiv(c)\n        pl.tile.tpush_to_aiv(c)",
                              "        pl.tile.tpush_to_aiv(c)");
  EXPECT_THAT(Invariants(fewer).message(),
              HasSubstr("the C2V pushes of 'k_aic' and the pops of 'k_aiv' differ"));
  std::string in_loop = Replace(kLanes, "        pl.tile.tpush_to_aiv(c)\n        pl.tile.tpush_to_aiv(c)",
                                "        for i in pl.range(2):\n            pl.tile.tpush_to_aiv(c)");
  EXPECT_THAT(Invariants(in_loop).message(), HasSubstr("differ in number, order or control flow"));
}

TEST(MixedKernelInvariantsTest, RejectsCrossCoreOpsBeforeTheSetup) {
  std::string late = Replace(kLanes, R"(        pl.system.aic_initialize_pipe(imp, 0, dir_mask=1, slot_size=1024)
        c = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(c)
)", R"(        c = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(c)
        pl.system.aic_initialize_pipe(imp, 0, dir_mask=1, slot_size=1024)
)");
  EXPECT_THAT(Invariants(late).message(), HasSubstr("runs before the pipe setup"));
}

TEST(MixedKernelInvariantsTest, RejectsHoldingMoreThanSlotNumTiles) {
  std::string held = Replace(kLanes, R"(        pl.system.tfree_to_aic(x)
        y: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
)", R"(        y: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.system.tfree_to_aic(x)
)");
  EXPECT_TRUE(Invariants(held).ok());  // two held, slot_num 2
  std::string one_slot = Replace(held, "pl.system.aiv_initialize_pipe(buf, 0, dir_mask=1, slot_size=1024)",
                                 "pl.system.aiv_initialize_pipe(buf, 0, dir_mask=1, slot_size=1024, slot_num=1)");
  EXPECT_THAT(Invariants(one_slot).message(),
              HasSubstr("up to 2 popped C2V tiles are held at once, more than slot_num=1"));
}

TEST(MixedKernelInvariantsTest, RejectsPopsLandingInTheWrongMemory) {
  std::string wrong = Replace(kLanes, "x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()",
                              "x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Mat] = pl.tile.tpop_from_aic()");
  EXPECT_THAT(Invariants(wrong).message(), HasSubstr("'tile.tpop_from_aic' must land in Vec"));
}

}  // namespace
}  // namespace ptoc

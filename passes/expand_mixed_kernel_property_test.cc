// Property test of expand-mixed-kernel over generated mixed kernels: on
// both backends and in the fence and barrier modes, the output verifies
// (the IR verifier and the pass's invariants), every push has a pop of the
// same direction on the other lane, the pass is idempotent, and running the
// lanes against each other (testing/mixed_lane_oracle.h) keeps every GM
// access, never deadlocks and orders every conflict between the lanes.
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "gtest/gtest.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/verifier.h"
#include "passes/expand_mixed_kernel.h"
#include "passes/mixed_kernel_invariants.h"
#include "testing/mixed_lane_oracle.h"
#include "testing/mixed_program_generator.h"

namespace ptoc {
namespace {

constexpr int kSeeds = 400;

// Pushes and pops of each direction in a function (static count).
struct FifoCounts {
  int pushes[2] = {0, 0};  // C2V, V2C
  int pops[2] = {0, 0};
};

void Count(const Stmt& s, FifoCounts* counts) {
  if (const Expr* call = CallOf(s)) {
    const OpInfo* info = LookupOp(*call);
    if (info != nullptr && info->pipe != PipeDirection::kNone) {
      int dir = info->pipe == PipeDirection::kC2V ? 0 : 1;
      if (info->role == OpRole::kPush) ++counts->pushes[dir];
      if (info->role == OpRole::kPop) ++counts->pops[dir];
    }
  }
  for (const StmtPtr& child : s.stmts) Count(*child, counts);
  if (s.kind != StmtKind::kSeq) {
    if (s.body) Count(*s.body, counts);
    if (s.else_body) Count(*s.else_body, counts);
  }
}

// A loop or branch on a lane whose bodies hold nothing but yields: it only
// forwards values, which the split must not leave behind (a GM tensor is
// read from the parameter instead, as PyPTO's split does).
const Stmt* ForwardingOnlyConstruct(const Stmt& s) {
  if (s.kind == StmtKind::kFor || s.kind == StmtKind::kIf || s.kind == StmtKind::kWhile) {
    bool only_yields = true;
    for (const Stmt* body : {s.body.get(), s.else_body.get()}) {
      if (body == nullptr) continue;
      for (const StmtPtr& c : body->stmts) only_yields &= c->kind == StmtKind::kYield;
    }
    if (only_yields) return &s;
  }
  for (const StmtPtr& child : s.stmts) {
    if (const Stmt* found = ForwardingOnlyConstruct(*child)) return found;
  }
  for (const Stmt* body : {s.body.get(), s.else_body.get()}) {
    if (body == nullptr || s.kind == StmtKind::kSeq) continue;
    if (const Stmt* found = ForwardingOnlyConstruct(*body)) return found;
  }
  return nullptr;
}

absl::StatusOr<bool> RunPass(Program& program, const std::string& backend,
                             const std::string& sync) {
  DiagnosticSink sink;
  PassContext context;
  context.options.backend = backend;
  context.options.values["v2c_sync"] = sync;
  context.diagnostics = &sink;
  ExpandMixedKernel pass;
  return pass.Run(program, context);
}

TEST(ExpandMixedKernelPropertyTest, GeneratedKernelsSplitIntoBalancedVerifiedLanes) {
  for (uint64_t seed = 0; seed < kSeeds; ++seed) {
    MixedProgramOptions options;
    if (seed % 3 == 0) options.max_depth = 3;  // some deeper nests
    // Tensor versions carried by loops and merged by branches.
    options.rebind_in_bodies = seed % 2 == 1;
    std::string text = GenerateMixedProgramText(seed, options);
    for (const char* backend : {"a2a3", "a5"}) {
      for (const char* sync : {"fence", "barrier"}) {
        SCOPED_TRACE(absl::StrCat("seed ", seed, " --backend=", backend, " --v2c-sync=", sync,
                                  "\n", text));
        absl::StatusOr<std::unique_ptr<Program>> program = ParseProgram(text, "gen.py");
        ASSERT_TRUE(program.ok()) << program.status();
        ASSERT_TRUE(VerifyProgram(**program).ok());
        std::unique_ptr<Program> original = CloneProgram(**program);
        absl::StatusOr<bool> changed = RunPass(**program, backend, sync);
        ASSERT_TRUE(changed.ok()) << changed.status();
        EXPECT_TRUE(*changed);
        std::string printed = PrintProgram(**program);
        absl::Status verified = VerifyProgram(**program);
        ASSERT_TRUE(verified.ok()) << verified << "\n" << printed;
        absl::Status invariants = VerifyMixedKernelInvariants(**program);
        ASSERT_TRUE(invariants.ok()) << invariants << "\n" << printed;

        const Function* aic = (*program)->FindFunction("kernel_aic");
        const Function* aiv = (*program)->FindFunction("kernel_aiv");
        ASSERT_NE(aic, nullptr) << printed;
        ASSERT_NE(aiv, nullptr) << printed;
        FifoCounts on_aic;
        FifoCounts on_aiv;
        Count(*aic->body, &on_aic);
        Count(*aiv->body, &on_aiv);
        EXPECT_EQ(on_aic.pushes[0], on_aiv.pops[0]) << printed;
        EXPECT_EQ(on_aiv.pushes[1], on_aic.pops[1]) << printed;
        EXPECT_EQ(on_aic.pops[0] + on_aic.pushes[1], 0) << printed;
        EXPECT_EQ(on_aiv.pops[1] + on_aiv.pushes[0], 0) << printed;
        for (const Function* lane : {aic, aiv}) {
          const Stmt* forwarding = ForwardingOnlyConstruct(*lane->body);
          EXPECT_EQ(forwarding, nullptr)
              << lane->name << " keeps a construct that only forwards values, at line "
              << (forwarding != nullptr ? forwarding->loc.line : 0) << "\n" << printed;
        }
        for (int64_t n : {0, 1, 3}) {
          absl::Status run =
              CheckLaneExecution(*original->FindFunction("kernel"), *aic, *aiv, n);
          EXPECT_TRUE(run.ok()) << "n = " << n << ": " << run << "\n" << printed;
        }

        absl::StatusOr<bool> again = RunPass(**program, backend, sync);
        ASSERT_TRUE(again.ok()) << again.status();
        EXPECT_FALSE(*again);
        EXPECT_EQ(PrintProgram(**program), printed);
      }
    }
  }
}

}  // namespace
}  // namespace ptoc

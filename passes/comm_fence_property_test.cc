// Properties of insert-comm-fence and check-comm-contract over thousands of
// generated communication kernels (testing/comm_program_generator.h):
//   - the pass's output verifies, and the pass is idempotent (pass(pass(P))
//     prints as pass(P) and reports no change);
//   - functions that are not kernels are left alone;
//   - the checker agrees with a path-walking reference (the trace oracle)
//     on every generated program, fenced or not, and accepts every pass(P);
//   - mutation: removing any one marker the pass inserted, where the
//     reference says it was required (it guarded a later notify, end of
//     kernel or read), makes the checker fail. The kill rate is printed and
//     must be 100%; peer region invalidates (comm-hazards.md H6) are among
//     the required markers (removing one from a kernel that keeps another).
#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "frontend/printer.h"
#include "gtest/gtest.h"
#include "ir/registry.h"
#include "ir/verifier.h"
#include "passes/check_comm_contract.h"
#include "passes/comm_effects.h"
#include "passes/insert_comm_fence.h"
#include "testing/comm_program_generator.h"
#include "testing/comm_trace_oracle.h"

namespace ptoc {
namespace {

constexpr int kPrograms = 3000;
constexpr int64_t kOracleSteps = 20000;

// Most programs are small enough for the reference to walk all their paths;
// every fourth one is larger (deeper nesting, longer bodies), and the
// reference gives up on about a third of those.
CommProgramOptions OptionsFor(uint64_t seed) {
  CommProgramOptions options;
  if (seed % 4 == 0) {
    options.top_level_stmts = 6;
    options.max_stmts_per_body = 4;
    options.max_depth = 3;
  } else {
    options.top_level_stmts = 5;
    options.max_stmts_per_body = 3;
    options.max_depth = 2;
  }
  return options;
}

using ViolationSet = std::set<std::tuple<int, const Stmt*, const Expr*, const Stmt*>>;

ViolationSet AsSet(const std::vector<CommViolation>& vs) {
  ViolationSet out;
  for (const CommViolation& v : vs) {
    out.insert({static_cast<int>(v.kind), v.offender, v.call, v.endangered});
  }
  return out;
}

Function& Kernel(Program& p) { return *p.FindFunction("kernel"); }

// The diagnostics of `violations`, for failure messages.
std::string Describe(const Function& f, const std::vector<CommViolation>& violations) {
  DiagnosticSink sink;
  for (const CommViolation& v : violations) ReportCommViolation(f, v, sink);
  return sink.ToString();
}

// Every statement node of `s` in pre-order, with the body slot holding it.
void Walk(StmtPtr& slot, std::vector<StmtPtr*>& out) {
  if (!slot) return;
  out.push_back(&slot);
  Stmt& s = *slot;
  for (StmtPtr& child : s.stmts) Walk(child, out);
  Walk(s.body, out);
  Walk(s.else_body, out);
}

std::vector<StmtPtr*> Statements(Function& f) {
  std::vector<StmtPtr*> out;
  Walk(f.body, out);
  return out;
}

// Takes statement `target` out of its Seq for the lifetime of the object.
class Removal {
 public:
  Removal(Function& f, const Stmt* target) {
    for (StmtPtr* slot : Statements(f)) {
      std::vector<StmtPtr>& stmts = (*slot)->stmts;
      for (size_t i = 0; i < stmts.size(); ++i) {
        if (stmts[i].get() != target) continue;
        seq_ = &stmts;
        index_ = i;
        removed_ = std::move(stmts[i]);
        stmts.erase(stmts.begin() + i);
        return;
      }
    }
  }
  ~Removal() {
    if (seq_ != nullptr) seq_->insert(seq_->begin() + index_, std::move(removed_));
  }
  bool ok() const { return seq_ != nullptr; }

 private:
  std::vector<StmtPtr>* seq_ = nullptr;
  size_t index_ = 0;
  StmtPtr removed_;
};

// The printed program without its kernel: the functions the pass must not touch.
std::string PrintNonKernels(const Program& p) {
  std::unique_ptr<Program> copy = CloneProgram(p);
  std::vector<std::unique_ptr<Function>> kept;
  for (auto& f : copy->functions) {
    if (!f->is_kernel()) kept.push_back(std::move(f));
  }
  copy->functions = std::move(kept);
  return PrintProgram(*copy);
}

struct Totals {
  int programs = 0;
  int oracle_skipped = 0;
  int violating_inputs = 0;
  int markers = 0;
  int required = 0;
  int killed = 0;
  int mutants_skipped = 0;
  // Of them, peer region invalidates (comm-hazards.md H6).
  int peer_markers = 0;
  int peer_required = 0;
};

TEST(CommFencePropertyTest, GeneratedPrograms) {
  Totals totals;
  for (uint64_t seed = 0; seed < kPrograms; ++seed) {
    const CommProgramOptions generator_options = OptionsFor(seed);
    SCOPED_TRACE(absl::StrCat("seed ", seed, "\n",
                              GenerateCommProgramText(seed, generator_options)));
    absl::StatusOr<std::unique_ptr<Program>> generated =
        GenerateCommProgram(seed, generator_options);
    ASSERT_TRUE(generated.ok()) << generated.status();
    Program& input = **generated;
    ASSERT_TRUE(VerifyProgram(input).ok()) << VerifyProgram(input);
    ++totals.programs;

    // The checker against the reference, on the unfenced input.
    std::vector<CommViolation> found = FindCommViolations(Kernel(input));
    std::optional<std::vector<CommViolation>> expected =
        TraceCommViolations(Kernel(input), kOracleSteps);
    if (expected) {
      ASSERT_EQ(AsSet(found), AsSet(*expected))
          << PrintProgram(input) << "checker:\n" << Describe(Kernel(input), found)
          << "reference:\n" << Describe(Kernel(input), *expected);
    } else {
      ++totals.oracle_skipped;
    }
    if (!found.empty()) ++totals.violating_inputs;

    PassOptions options;
    options.values["narrow_regions"] = (seed % 3 == 0) ? "true" : "false";
    std::unique_ptr<Program> fenced = CloneProgram(input);
    absl::flat_hash_set<const Stmt*> original;
    for (StmtPtr* slot : Statements(Kernel(*fenced))) original.insert(slot->get());
    InsertCommFence pass;
    PassContext context;
    context.options = options;
    absl::StatusOr<bool> changed = pass.Run(*fenced, context);
    ASSERT_TRUE(changed.ok()) << changed.status();
    ASSERT_TRUE(VerifyProgram(*fenced).ok()) << VerifyProgram(*fenced);
    const std::string printed = PrintProgram(*fenced);
    EXPECT_EQ(*changed, printed != PrintProgram(input));
    EXPECT_EQ(PrintNonKernels(*fenced), PrintNonKernels(input));

    std::unique_ptr<Program> twice = CloneProgram(*fenced);
    absl::StatusOr<bool> changed_again = pass.Run(*twice, context);
    ASSERT_TRUE(changed_again.ok());
    EXPECT_FALSE(*changed_again);
    ASSERT_EQ(PrintProgram(*twice), printed);

    std::vector<CommViolation> left = FindCommViolations(Kernel(*fenced));
    ASSERT_TRUE(left.empty()) << printed << Describe(Kernel(*fenced), left);
    PassContext check_context;
    EXPECT_TRUE(CheckCommContract().Run(*fenced, check_context).ok());

    // Mutation: drop each inserted marker in turn (when the reference can
    // walk the program).
    if (!expected) continue;
    std::vector<const Stmt*> inserted;
    for (StmtPtr* slot : Statements(Kernel(*fenced))) {
      if (!original.contains(slot->get()) && IsMarkerStmt(**slot)) inserted.push_back(slot->get());
    }
    for (const Stmt* marker : inserted) {
      ++totals.markers;
      const bool peer = CommRoleOf(*CallOf(*marker)) == CommRole::kPeerInvalidate;
      totals.peer_markers += peer;
      Removal removal(Kernel(*fenced), marker);
      ASSERT_TRUE(removal.ok()) << "an inserted marker outside a Seq";
      std::optional<std::vector<CommViolation>> reference =
          TraceCommViolations(Kernel(*fenced), kOracleSteps);
      if (!reference) {
        ++totals.mutants_skipped;
        continue;
      }
      std::vector<CommViolation> reported = FindCommViolations(Kernel(*fenced));
      ASSERT_EQ(AsSet(reported), AsSet(*reference))
          << "without the marker at line " << marker->loc.line << ":\n"
          << PrintProgram(*fenced) << "checker:\n" << Describe(Kernel(*fenced), reported)
          << "reference:\n" << Describe(Kernel(*fenced), *reference);
      if (reference->empty()) continue;
      ++totals.required;
      totals.peer_required += peer;
      if (!reported.empty()) ++totals.killed;
    }
  }
  std::printf(
      "programs: %d (reference skipped %d, %d violate the contract before the pass)\n"
      "inserted markers: %d, required: %d, killed by the checker: %d (%.1f%%), "
      "mutants skipped: %d\n"
      "of them peer region invalidates: %d inserted, %d required\n",
      totals.programs, totals.oracle_skipped, totals.violating_inputs, totals.markers,
      totals.required, totals.killed,
      totals.required == 0 ? 0.0 : 100.0 * totals.killed / totals.required,
      totals.mutants_skipped, totals.peer_markers, totals.peer_required);
  EXPECT_EQ(totals.killed, totals.required);
  EXPECT_GT(totals.peer_required, 0);
  // The test only means something if the generator exercises it.
  EXPECT_GT(totals.required, totals.programs);
  EXPECT_LT(totals.oracle_skipped, totals.programs / 10);
  EXPECT_GT(totals.violating_inputs, totals.programs / 2);
}

}  // namespace
}  // namespace ptoc

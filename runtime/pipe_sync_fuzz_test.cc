// The pipe-sync planner fuzzed against the simulator (issue 26 item 4):
// generated mixed cube/vector kernels (loops, branches, FIFOs in both
// directions, GM hand-offs) go through the default pipeline with
// --pipe-sync=flags, on a2a3 (where a kernel with a pipe runs on both AIV
// lanes of its group: materialize-aiv-lanes) and a5. For each kernel
//   - the plan of every lane is clean under the plan's own check
//     (SyncPlanner::Check) and under ptoc-sim's pipe model on adversarial
//     schedules (no finding at all);
//   - every unit of every plan is needed: without it, the plan's check or
//     ptoc-sim reports something (a unit neither can miss is one the
//     sweep should have removed, or a hole in both judges).
// Both judges run the rules of codegen/lane_order.h, the planner's check
// over every execution and ptoc-sim over those its schedules take; the
// rules are checked against an independent brute force in
// codegen/lane_order_test.cc.
//
// CI runs a fixed slice of seeds; the campaign runs others through
// PTOC_PIPE_SYNC_FUZZ_SEEDS=FIRST:LAST (testing/fuzz/README.md).
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "codegen/pipe_plans.h"
#include "driver/pipeline.h"
#include "frontend/parser.h"
#include "gtest/gtest.h"
#include "ir/diagnostics.h"
#include "ir/verifier.h"
#include "passes/pass.h"
#include "runtime/simulator.h"
#include "testing/comm_program_generator.h"
#include "testing/mixed_program_generator.h"

namespace ptoc {
namespace sim {
namespace {

// The CI slice: seeds [0, kCiSeeds).
constexpr uint64_t kCiSeeds = 200;
constexpr int kSchedules = 3;

std::pair<uint64_t, uint64_t> SeedRange() {
  const char* range = std::getenv("PTOC_PIPE_SYNC_FUZZ_SEEDS");
  if (range == nullptr) return {0, kCiSeeds};
  std::vector<std::string> parts = absl::StrSplit(range, ':');
  uint64_t first = 0, last = 0;
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[0], &first) ||
      !absl::SimpleAtoi(parts[1], &last) || last < first) {
    ADD_FAILURE() << "PTOC_PIPE_SYNC_FUZZ_SEEDS must be FIRST:LAST, not '" << range << "'";
    return {0, 0};
  }
  return {first, last + 1};
}

// The kernel of `seed` through the default pipeline, planned with flags;
// nullptr (with the reason in `why`) when the pipeline refuses it.
std::unique_ptr<Program> Compile(const std::string& text, uint64_t seed,
                                 const std::string& backend, std::string* why) {
  absl::StatusOr<std::unique_ptr<Program>> program =
      ParseProgram(text, absl::StrCat("seed", seed, ".py"));
  if (!program.ok()) {
    *why = std::string(program.status().message());
    return nullptr;
  }
  PassOptions options;
  options.backend = backend;
  (*program)->options.backend = backend;
  (*program)->options.pipe_sync = "flags";
  DiagnosticSink diagnostics;
  absl::Status s =
      RunPipeline(**program, DefaultPipeline(), options, PipelineOptions(), &diagnostics);
  if (!s.ok()) {
    *why = diagnostics.ToString() + std::string(s.message());
    return nullptr;
  }
  return *std::move(program);
}

std::string Findings(const Report& report) {
  std::vector<std::string> lines;
  for (const Finding& f : report.findings()) lines.push_back(f.message);
  return absl::StrJoin(lines, "\n");
}

absl::StatusOr<SimResult> SimulateKernel(const Program& program, const std::string& backend,
                                         const std::set<int>& drop) {
  SimOptions options;
  options.entry = "kernel";
  options.backend = backend;
  options.schedules = kSchedules;
  options.pipe_sync_drop = drop;
  options.scalars = {{"n", "3"}};
  return Simulate(program, options);
}

TEST(PipeSyncFuzzTest, PlansAreCleanAndEveryUnitIsNeeded) {
  const auto [first, end] = SeedRange();
  int kernels = 0, units = 0, by_plan = 0, by_sim = 0;
  std::map<std::string, int> refusals;  // the start of the message -> count
  for (uint64_t seed = first; seed < end; ++seed) {
    std::string backend = seed % 2 == 0 ? "a2a3" : "a5";
    const bool comm = seed % 4 == 3;
    SCOPED_TRACE(absl::StrCat("seed ", seed, " (testing/", comm ? "comm" : "mixed",
                              "_program_generator.h); a2a3 on even seeds, else a5"));
    // Mixed kernels (cube and vector work, FIFOs, GM hand-offs) and, every
    // fourth seed, communication kernels (windows, notify / wait, remote
    // stores; their AIV code is planned too).
    MixedProgramOptions mixed;
    if (seed % 3 == 0) mixed.max_depth = 3;
    const std::string text =
        comm ? GenerateCommProgramText(seed) : GenerateMixedProgramText(seed, mixed);
    std::string why;
    std::unique_ptr<Program> program = Compile(text, seed, backend, &why);
    absl::StatusOr<std::map<std::string, codegen::SyncPlanner>> planners =
        program != nullptr ? codegen::PlanPipeSync(*program)
                           : absl::InvalidArgumentError(why);
    if (!planners.ok() && backend == "a2a3") {
      // The generators load straight into Left / Right, which only a5 can.
      backend = "a5";
      program = Compile(text, seed, backend, &why);
      planners = program != nullptr ? codegen::PlanPipeSync(*program)
                                    : absl::InvalidArgumentError(why);
    }
    if (!planners.ok()) {
      // The pipeline or code generation refuses the kernel (e.g. a load
      // into Right on a2a3, an opaque call): a diagnostic, never an
      // internal error.
      const std::string message(planners.status().message());
      EXPECT_TRUE(absl::StrContains(message, "error:")) << message;
      const size_t at = message.find("error: ");
      const std::string start = message.substr(at == std::string::npos ? 0 : at + 7, 60);
      ++refusals[start.substr(0, start.find('\n'))];
      continue;
    }
    for (const auto& [name, planner] : *planners) {
      EXPECT_EQ(absl::StrJoin(planner.Check({}), "\n"), "") << "the plan of " << name;
    }
    ++kernels;
    // The communication generator writes programs for the passes' static
    // checks, not runnable protocols (peers past the ranks, waits nobody
    // answers): their plans are judged by the plan's check alone.
    if (!comm) {
      absl::StatusOr<SimResult> clean = SimulateKernel(*program, backend, {});
      ASSERT_TRUE(clean.ok()) << clean.status();
      EXPECT_TRUE(clean->report.empty()) << Findings(clean->report);
    }
    for (const auto& [name, planner] : *planners) {
      for (const codegen::SyncUnit& unit : planner.units()) {
        ++units;
        if (!planner.Check({unit.number}).empty()) {
          ++by_plan;
          continue;
        }
        if (!comm) {
          absl::StatusOr<SimResult> without = SimulateKernel(*program, backend, {unit.number});
          ASSERT_TRUE(without.ok()) << without.status();
          if (!without->report.empty()) {
            ++by_sim;
            continue;
          }
        }
        ADD_FAILURE() << "unit " << unit.number << " of " << name << " (" << unit.why
                      << ") is removed and neither the plan's check nor ptoc-sim notices";
      }
    }
  }
  int refused = 0;
  for (const auto& [message, count] : refusals) refused += count;
  std::printf("pipe_sync_fuzz: seeds %llu..%llu: %d kernels planned (%d refused by the "
              "pipeline or code generation), %d units removed one at a time: %d caught by the "
              "plan's check, %d by ptoc-sim\n",
              static_cast<unsigned long long>(first), static_cast<unsigned long long>(end - 1),
              kernels, refused, units, by_plan, by_sim);
  for (const auto& [message, count] : refusals) std::printf("  refused %3d: %s\n", count, message.c_str());
  EXPECT_GT(kernels, 0);
}

}  // namespace
}  // namespace sim
}  // namespace ptoc

// Both printers plan the same: for every test kernel (the codegen and
// simulator test kernels, the pipe-sync kernels, the examples, and random
// programs), through the default pipeline, on both backends and in both
// flags modes, the PTO-AS emitter and the C++ emitter must give the sync
// planner the same kernel (the same items, steps, accesses and locations)
// and get the same plan back (units, check, outcome). The sync plan is
// still drawn while each emitter walks the kernel (issue 27), so this is
// what keeps the two walks from drifting apart.
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "codegen/cce_emitter.h"
#include "codegen/kernel_abi.h"
#include "codegen/kernel_plan.h"
#include "codegen/pto_emitter.h"
#include "codegen/sync_plan.h"
#include "codegen/target_info.h"
#include "frontend/load_program.h"
#include "gtest/gtest.h"
#include "ir/verifier.h"
#include "passes/pass.h"
#include "testing/random_program.h"

namespace ptoc {
namespace codegen {
namespace {

constexpr uint64_t kRandomPrograms = 150;

// The default pipeline; false when a pass or the verifier refuses the
// program (an error test: its own test checks the message).
bool RunDefaultPipeline(Program& program) {
  PassContext context;
  DiagnosticSink sink;
  context.diagnostics = &sink;
  for (const std::string& name : DefaultPipeline()) {
    const PassInfo* info = FindPass(name);
    if (info == nullptr) return false;
    if (!info->create()->Run(program, context).ok() || !VerifyProgram(program).ok()) {
      return false;
    }
  }
  return true;
}


std::string AccessText(const PlanAccess& a) {
  std::string box;
  for (const auto& [lo, hi] : a.box) absl::StrAppend(&box, "[", lo, ",", hi, ")");
  return absl::StrCat(static_cast<int>(a.space), ":", a.id, a.write ? "w" : "r", box);
}

// The kernel the planner was given, one line per item, nested by block.
void RecordedText(const std::vector<SyncPlanner::RecordedItem>& items, int depth,
                  std::string* out) {
  using Kind = SyncPlanner::RecordedItem::Kind;
  for (const SyncPlanner::RecordedItem& item : items) {
    absl::StrAppend(out, std::string(2 * depth, ' '), static_cast<int>(item.kind), " ",
                    FileLineCol(item.loc));
    if (item.kind == Kind::kGap) {
      for (const SyncInstr& s : item.sync) {
        absl::StrAppend(out, " ", static_cast<int>(s.kind), "/", PipeName(s.src), "/",
                        PipeName(s.dst), "/", s.id, "/u", s.unit);
      }
    }
    if (item.kind == Kind::kOp) {
      absl::StrAppend(out, " op", static_cast<int>(item.step.op), " ", PipeName(item.step.pipe),
                      item.skip ? " skip" : "");
      for (const PlanAccess& a : item.accesses) absl::StrAppend(out, " ", AccessText(a));
    }
    *out += "\n";
    for (const auto& block : item.blocks) {
      absl::StrAppend(out, std::string(2 * depth + 2, ' '), "block\n");
      RecordedText(block, depth + 2, out);
    }
  }
}

// What one printer planned: the --emit=syncplan report, then each
// kernel's recorded items.
std::string PlanOf(const Program& program, bool pto) {
  absl::StatusOr<Backend> backend = BackendOf(program);
  if (!backend.ok()) return "error";
  absl::StatusOr<std::vector<KernelAbi>> abis = ComputeKernelAbis(program, *backend);
  if (!abis.ok()) return "error";
  absl::StatusOr<std::vector<KernelPlan>> plans = PlanKernels(program, *abis, *backend);
  if (!plans.ok()) return "error";
  absl::StatusOr<PipeSyncMode> mode = ParsePipeSync(program.options.pipe_sync);
  if (!mode.ok()) return "error";
  std::map<std::string, SyncPlanner> planners;
  std::string report;
  SyncOptions sync;
  sync.mode = *mode;
  sync.planners = &planners;
  sync.plan_text = &report;
  const bool emitted = pto ? EmitPtoModule(program, *abis, *plans, *backend, sync).ok()
                           : EmitCceFile(program, *abis, *plans, *backend, sync).ok();
  if (!emitted) return "error";
  for (const auto& [name, planner] : planners) {
    absl::StrAppend(&report, "kernel ", name, "\n");
    RecordedText(planner.Recorded({}), 1, &report);
  }
  return report;
}

struct Tally {
  int compared = 0;     // (program, backend, mode) that both printers emitted
  int disagreeing = 0;
};

void Compare(const std::string& what, const Program& compiled, Tally* tally) {
  for (const char* backend : {"a2a3", "a5"}) {
    for (const char* mode : {"flags", "flags-unbounded"}) {
      std::unique_ptr<Program> p = CloneProgram(compiled);
      p->options.backend = backend;
      p->options.pipe_sync = mode;
      const std::string pto = PlanOf(*p, /*pto=*/true);
      const std::string cce = PlanOf(*p, /*pto=*/false);
      if (pto == "error" && cce == "error") continue;  // a target that refuses it
      ++tally->compared;
      if (pto != cce) {
        ++tally->disagreeing;
        ADD_FAILURE() << what << " (" << backend << ", " << mode
                      << "): the printers planned differently\n--- PTO-AS\n"
                      << pto << "--- C++\n"
                      << cce;
      }
    }
  }
}

std::vector<std::string> KernelFiles() {
  const char* list = std::getenv("PLAN_AGREEMENT_KERNELS");
  std::vector<std::string> files;
  if (list == nullptr) return files;
  for (absl::string_view f : absl::StrSplit(list, ' ', absl::SkipEmpty())) {
    if (absl::EndsWith(f, ".py")) files.emplace_back(f);
  }
  return files;
}

TEST(PlanAgreementTest, TestKernelsArePlannedAlikeByBothPrinters) {
  const std::vector<std::string> files = KernelFiles();
  ASSERT_GT(files.size(), 100u) << "PLAN_AGREEMENT_KERNELS names the test kernels";
  Tally tally;
  for (const std::string& file : files) {
    absl::StatusOr<std::unique_ptr<Program>> p = LoadProgram(file);
    if (!p.ok() || !RunDefaultPipeline(**p)) continue;
    Compare(file, **p, &tally);
  }
  std::cout << "test kernels: " << tally.compared << " plans compared, " << tally.disagreeing
            << " disagree\n";
  // Most test kernels compile; a floor keeps the test from passing empty.
  EXPECT_GT(tally.compared, 400);
}

TEST(PlanAgreementTest, RandomProgramsArePlannedAlikeByBothPrinters) {
  Tally tally;
  for (uint64_t seed = 0; seed < kRandomPrograms; ++seed) {
    std::unique_ptr<Program> p = GenerateRandomProgram(seed);
    if (!RunDefaultPipeline(*p)) continue;
    Compare(absl::StrCat("random program ", seed), *p, &tally);
  }
  std::cout << "random programs: " << tally.compared << " plans compared, "
            << tally.disagreeing << " disagree\n";
  EXPECT_GT(tally.compared, 100);
}

}  // namespace
}  // namespace codegen
}  // namespace ptoc

// Property test of the 1 AIC : 2 AIV group: generated split_aiv kernels
// (UP_DOWN and LEFT_RIGHT shards of cube results with vector work per lane,
// per-lane stores and gathers back to the cube, and GM hand-offs through a
// shared scratch from both vector lanes to the cube, some inside loops)
// compiled with the default pipeline run clean in ptoc-sim on three lanes,
// on both backends; removing any fence of their AIV lanes is reported as a
// stale read naming the fence, and taking any V2C push (token or gather)
// away from one AIV lane as a deadlock naming that lane.
#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/builder.h"
#include "ir/registry.h"
#include "passes/pass.h"
#include "runtime/scheduler.h"
#include "runtime/sim_test_util.h"
#include "runtime/simulator.h"

namespace ptoc {
namespace sim {
namespace {

constexpr int kSeeds = 40;

// The kernel of `seed`: two or three stages, each a shard stage or a GM
// hand-off stage, optionally inside a two-iteration loop.
std::string GenerateSplitKernel(uint64_t seed) {
  Rng rng(seed * 0x9E3779B97F4A7C15ull + 7);
  const int stages = 2 + static_cast<int>(rng.Below(2));
  std::string params;
  std::string body;
  for (int i = 0; i < stages; ++i) {
    absl::StrAppend(&params, "        o", i, ": pl.Out[pl.Tensor[[32, 32], pl.FP32]],\n",
                    "        p", i, ": pl.Out[pl.Tensor[[32, 32], pl.FP32]],\n");
    const bool loop = rng.Below(3) == 0;
    const std::string in = loop ? "            " : "        ";
    std::string stage;
    if (loop) absl::StrAppend(&stage, "        for it", i, " in pl.range(2):\n");
    const std::string lane = absl::StrCat("lane", i);
    if (rng.Below(3) == 0) {  // a GM hand-off from both vector lanes to the cube
      absl::StrAppend(
          &stage, in, "for ", lane, " in pl.split_aiv(2, mode=pl.SplitMode.NONE):\n", in,
          "    xv", i, ": pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [",
          lane, " * 16, 0], [16, 32])\n", in, "    xs", i,
          ": pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Vec] = pl.tile.muls(xv", i, ", 2.0)\n",
          in, "    pl.tile.store(xs", i, ", [", lane, " * 16, 0], scratch)\n", in, "sm", i,
          ": pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(scratch, [0, 0], "
          "[32, 32], target_memory=pl.MemorySpace.Mat)\n",
          in, "sl", i, ": pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(sm", i,
          ", target_memory=pl.MemorySpace.Left)\n", in, "r", i,
          ": pl.Tile[[32, 32], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(sl", i, ", kr)\n",
          in, "pl.tile.store(r", i, ", [0, 0], o", i, ")\n");
      body += stage;
      continue;
    }
    const bool rows = rng.Below(2) == 0;  // UP_DOWN, else LEFT_RIGHT
    const std::string half = rows ? "pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec]"
                                  : "pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Vec]";
    absl::StrAppend(&stage, in, "s", i,
                    ": pl.Tile[[32, 32], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(ql, kr)\n",
                    in, "for ", lane, " in pl.split_aiv(2, mode=pl.SplitMode.",
                    rows ? "UP_DOWN" : "LEFT_RIGHT", "):\n", in, "    h", i, "_0: ", half,
                    " = pl.aiv_shard(s", i, ")\n");
    const int ops = 1 + static_cast<int>(rng.Below(3));
    for (int j = 1; j <= ops; ++j) {
      const std::string prev = absl::StrCat("h", i, "_", j - 1);
      std::string op;
      switch (rng.Below(3)) {
        case 0: op = absl::StrCat("pl.tile.exp(", prev, ")"); break;
        case 1: op = absl::StrCat("pl.tile.muls(", prev, ", 0.5)"); break;
        default: op = absl::StrCat("pl.tile.add(", prev, ", ", prev, ")"); break;
      }
      absl::StrAppend(&stage, in, "    h", i, "_", j, ": ", half, " = ", op, "\n");
    }
    const std::string last = absl::StrCat("h", i, "_", ops);
    const uint64_t ends = 1 + rng.Below(3);  // 1: store, 2: gather, 3: both
    if (ends & 1) {
      absl::StrAppend(&stage, in, "    pl.tile.store(", last, ", ",
                      rows ? absl::StrCat("[", lane, " * 16, 0]") : absl::StrCat("[0, ", lane, " * 16]"),
                      ", o", i, ")\n");
    }
    if (ends & 2) {
      absl::StrAppend(&stage, in, "    g", i,
                      ": pl.Tile[[32, 32], pl.FP32, pl.MemorySpace.Mat] = pl.aic_gather(", last,
                      ")\n", in, "pl.tile.store(g", i, ", [0, 0], p", i, ")\n");
    }
    body += stage;
  }
  return absl::StrCat(
      "import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n"
      "@pl.program\nclass Gen:\n    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def kernel(\n        self,\n"
      "        q: pl.Tensor[[32, 32], pl.FP16],\n        k: pl.Tensor[[32, 32], pl.FP16],\n"
      "        x: pl.Tensor[[32, 32], pl.FP16],\n"
      "        scratch: pl.InOut[pl.Tensor[[32, 32], pl.FP16]],\n",
      params, "    ):\n",
      "        qm: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(q, [0, 0], "
      "[32, 32], target_memory=pl.MemorySpace.Mat)\n"
      "        ql: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(qm, "
      "target_memory=pl.MemorySpace.Left)\n"
      "        km: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(k, [0, 0], "
      "[32, 32], target_memory=pl.MemorySpace.Mat)\n"
      "        kr: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(km, "
      "target_memory=pl.MemorySpace.Right)\n",
      body);
}

// The V2C pushes of a body, in program order.
void FindV2cPushes(StmtPtr& s, std::vector<StmtPtr*>& out) {
  if (const Expr* call = CallOf(*s)) {
    const OpInfo* info = LookupOp(*call);
    if (info != nullptr && info->role == OpRole::kPush && info->pipe == PipeDirection::kV2C) {
      out.push_back(&s);
    }
  }
  for (StmtPtr& child : s->stmts) FindV2cPushes(child, out);
  if (s->kind != StmtKind::kSeq) {
    if (s->body) FindV2cPushes(s->body, out);
    if (s->else_body) FindV2cPushes(s->else_body, out);
  }
}

// `program` with the `index`-th V2C push of kernel_aiv run only when the
// lane is not `lane` (under `if lane_var != lane`), or nullptr when
// kernel_aiv does not bind the lane or has no such push.
std::unique_ptr<Program> WithoutPushOnLane(const Program& program, int index, int lane) {
  std::unique_ptr<Program> copy = CloneProgram(program);
  Function* aiv = copy->FindFunction("kernel_aiv");
  if (aiv == nullptr || aiv->body->kind != StmtKind::kSeq || aiv->body->stmts.empty()) {
    return nullptr;
  }
  const Stmt& first = *aiv->body->stmts[0];
  const Expr* binding = CallOf(first);
  if (first.kind != StmtKind::kAssign || binding == nullptr ||
      RoleOf(*binding) != OpRole::kPureScalar || LaneOf(*binding) != Lane::kVector) {
    return nullptr;
  }
  std::vector<StmtPtr*> pushes;
  FindV2cPushes(aiv->body, pushes);
  if (index >= static_cast<int>(pushes.size())) return nullptr;
  StmtPtr& push = *pushes[index];
  const Location loc = push->loc;
  auto guard = std::make_unique<Stmt>();
  guard->kind = StmtKind::kIf;
  guard->loc = loc;
  guard->value = MakeBinary(BinaryOp::kNe, MakeVarRef(first.var, loc), MakeInt(lane, loc),
                            Type::Scalar(DType::kBOOL), loc);
  std::vector<StmtPtr> body;
  body.push_back(std::move(push));
  guard->body = MakeSeq(std::move(body), loc);
  push = std::move(guard);
  return copy;
}

TEST(DualAivPropertyTest, GeneratedSplitKernelsRunCleanOnThreeLanes) {
  int runs = 0, fences = 0, caught = 0, pushes = 0, pushes_caught = 0;
  for (uint64_t seed = 0; seed < kSeeds; ++seed) {
    const std::string text = GenerateSplitKernel(seed);
    const std::string path = absl::StrCat(testing::NewTempDir(absl::StrCat("gen", seed)), "/gen.py");
    {
      FILE* f = fopen(path.c_str(), "w");
      ASSERT_NE(f, nullptr);
      fputs(text.c_str(), f);
      fclose(f);
    }
    for (const char* backend : {"a2a3", "a5"}) {
      SCOPED_TRACE(absl::StrCat("seed ", seed, " --backend=", backend, "\n", text));
      PassOptions pass_options;
      pass_options.backend = backend;
      absl::StatusOr<std::unique_ptr<Program>> program =
          testing::CompileKernel(path, DefaultPipeline(), pass_options);
      ASSERT_TRUE(program.ok()) << program.status().message();
      SimOptions options;
      options.entry = "kernel";
      options.backend = backend;
      options.schedules = 8;
      absl::StatusOr<SimResult> r = Simulate(**program, options);
      ASSERT_TRUE(r.ok()) << r.status().message();
      EXPECT_TRUE(r->report.empty()) << r->report.ToText(r->totals);
      EXPECT_EQ(r->totals.lanes, 3);
      ++runs;
      const std::vector<Marker> markers = Markers(**program);
      for (size_t m = 0; m < markers.size(); ++m) {
        if (markers[m].kind != Marker::Kind::kFence ||
            markers[m].function != "kernel_aiv") {
          continue;
        }
        ++fences;
        options.schedules = 20;
        absl::StatusOr<SimResult> without =
            Simulate(*WithoutMarker(**program, static_cast<int>(m)), options);
        ASSERT_TRUE(without.ok()) << without.status().message();
        bool named = false;
        for (const Finding& f : without->report.findings()) {
          named = named || (f.kind == FindingKind::kStaleRead && f.missing_marker == kMissingFence);
        }
        caught += named;
        EXPECT_TRUE(named) << "the fence at line " << markers[m].loc.line << "\n"
                           << without->report.ToText(without->totals);
      }
      for (int index = 0;; ++index) {
        bool any = false;
        for (int lane = 0; lane < 2; ++lane) {
          std::unique_ptr<Program> guarded = WithoutPushOnLane(**program, index, lane);
          if (guarded == nullptr) break;
          any = true;
          ++pushes;
          options.schedules = 5;
          absl::StatusOr<SimResult> without = Simulate(*guarded, options);
          ASSERT_TRUE(without.ok()) << without.status().message();
          const std::string missing = absl::StrCat("push of AIV", lane);
          bool named = false;
          for (const Finding& f : without->report.findings()) {
            for (const SourceRef& at : f.locations) {
              named = named || (f.kind == FindingKind::kDeadlock &&
                                at.note.find(missing) != std::string::npos);
            }
          }
          pushes_caught += named;
          EXPECT_TRUE(named) << "V2C push " << index << " taken from AIV" << lane << "\n"
                             << without->report.ToText(without->totals);
        }
        if (!any) break;
      }
    }
  }
  printf("%d clean runs on three lanes; %d of %d AIV fences removed were caught; %d of %d V2C "
         "pushes taken from one lane were caught\n",
         runs, caught, fences, pushes_caught, pushes);
  EXPECT_GT(fences, 0);
  EXPECT_GT(pushes, 0);
}

}  // namespace
}  // namespace sim
}  // namespace ptoc

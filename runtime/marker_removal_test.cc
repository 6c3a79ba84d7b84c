// Removing any single marker the simulator's memory model needs from a
// fenced kernel is reported as a stale read naming that marker, on at least
// one of N schedules. Markers the model cannot need (see WhyNotNeeded) are
// checked the other way: removing them leaves the run clean, so the model
// reports no false positives.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "ir/registry.h"
#include "passes/pass.h"
#include "runtime/report.h"
#include "runtime/sim_test_util.h"
#include "runtime/simulator.h"

namespace ptoc {
namespace sim {
namespace {


constexpr int kSchedules = 40;

struct KernelCase {
  const char* path;
  const char* entry;
  int ranks;
  std::vector<std::pair<std::string, std::string>> scalars;
};

const std::vector<KernelCase>& Kernels() {
  static const auto* kernels = new std::vector<KernelCase>{
      {"examples/ring_allreduce.py", "ring", 4, {{"chunk_elems", "64"}}},
      {"examples/mesh_barrier.py", "exchange", 8, {}},
      {"examples/v2c_handoff.py", "rope_score", 1, {}},
      {"examples/matmul_relu.py", "mm_relu", 1, {}},
      {"examples/dual_v2c_handoff.py", "dual_v2c_handoff", 1, {}},
      {"runtime/testdata/mailbox.py", "mailbox", 4, {}},
      {"runtime/testdata/put_get.py", "exchange", 4, {}},
      {"runtime/testdata/poll.py", "poll", 2, {}},
      // Whole programs (PyPTO's system tests, testing/pypto_st): the host
      // function launches every rank's kernels.
      {"testing/pypto_st/programs/notify_wait.py", "host_orch", 2, {}},
      {"testing/pypto_st/programs/allreduce_mesh.py", "host_orch", 4, {{"NR", "4"}}},
      {"testing/pypto_st/programs/allreduce_ring_4.py", "host_orch", 4, {}},
      {"testing/pypto_st/programs/broadcast_mesh.py", "host_orch", 2, {{"NR", "2"}}},
      {"testing/pypto_st/programs/put_ring.py", "host_orch", 2, {}},
      {"testing/pypto_st/programs/get_ring.py", "host_orch", 2, {}},
      {"testing/pypto_st/programs/remote_store_tensor.py", "host_orch", 2, {}},
  };
  return *kernels;
}

const char* MissingMarkerName(Marker::Kind k) {
  switch (k) {
    case Marker::Kind::kFence: return kMissingFence;
    case Marker::Kind::kRegionInvalidate: return kMissingRegionInvalidate;
    case Marker::Kind::kPeerInvalidate: return "";
    case Marker::Kind::kWholeInvalidate: return kMissingWaitInvalidate;
  }
  return "";
}

std::optional<OpRole> RoleOfStmt(const Stmt* s) {
  const Expr* call = s == nullptr ? nullptr : CallOf(*s);
  return call == nullptr ? std::nullopt : RoleOf(*call);
}

// The statements of `f` in program order.
void Flatten(const Stmt& s, std::vector<const Stmt*>& out) {
  out.push_back(&s);
  for (const StmtPtr& c : s.stmts) Flatten(*c, out);
  if (s.body) Flatten(*s.body, out);
  if (s.else_body) Flatten(*s.else_body, out);
}

// The statements of marker `m`'s function after it, in program order.
std::vector<const Stmt*> StatementsAfter(const Program& program, const Marker& m) {
  std::vector<const Stmt*> order;
  Flatten(*program.FindFunction(m.function)->body, order);
  auto at = std::find(order.begin(), order.end(), m.stmt);
  return std::vector<const Stmt*>(at == order.end() ? at : at + 1, order.end());
}

// Why the memory model cannot need marker `i` ("" when it does). Under the
// model (runtime.md) DMA accesses bypass the data cache and put / get
// complete with the op, so: a fence is needed after anything but a put /
// get; a region invalidate only after a scalar write; a peer region
// invalidate never (a lane caches only its own rank's lines, and a kernel
// left with none gets codegen's own after each remote write); a whole-GM
// invalidate after a wait only when a scalar read follows before the next
// one.
// The statement marker `i` follows, skipping the markers right before it.
const Stmt* StatementBefore(const std::vector<Marker>& markers, int i) {
  const Stmt* s = markers[i].previous;
  for (int k = i - 1; k >= 0 && s == markers[k].stmt; --k) s = markers[k].previous;
  return s;
}

std::string WhyNotNeeded(const Program& program, const std::vector<Marker>& markers, int i) {
  const Marker& m = markers[i];
  const Stmt* write = StatementBefore(markers, i);
  std::optional<OpRole> role = RoleOfStmt(write);
  switch (m.kind) {
    case Marker::Kind::kFence: {
      bool copy = role == OpRole::kGet ||
                  (role == OpRole::kRemoteWrite && LookupOp(*CallOf(*write))->access.offsets_arg < 0);
      if (copy) return "put / get complete with the op";
      // Another fence before anything publishes lands the same writes (a
      // lane's own DMA reads see its writes in program order).
      for (const Stmt* after : StatementsAfter(program, m)) {
        std::optional<OpRole> next = RoleOfStmt(after);
        if (next == OpRole::kFence) return "a later fence lands the writes before a notify";
        if (next == OpRole::kNotify || after->kind == StmtKind::kReturn ||
            after->kind == StmtKind::kFor || after->kind == StmtKind::kWhile ||
            after->kind == StmtKind::kIf) {
          break;
        }
      }
      return "";
    }
    case Marker::Kind::kRegionInvalidate:
      return role == OpRole::kScalarWrite ? "" : "a DMA write does not go through the data cache";
    case Marker::Kind::kPeerInvalidate:
      return "a lane caches only its own rank's lines";
    case Marker::Kind::kWholeInvalidate: {
      for (const Stmt* after : StatementsAfter(program, m)) {
        const Expr* call = CallOf(*after);
        if (call != nullptr && IsWholeGmInvalidate(*call)) break;
        if (RoleOfStmt(after) == OpRole::kScalarRead) return "";
      }
      return "no scalar read follows it before the next whole-GM invalidate (DMA reads "
             "read GM)";
    }
  }
  return "";
}

TEST(MarkerRemovalTest, EveryNeededMarkerIsDetectedAndNamed) {
  int needed = 0, detected = 0;
  std::string table;
  for (const KernelCase& k : Kernels()) {
    absl::StatusOr<std::unique_ptr<Program>> program =
        testing::CompileKernel(k.path, DefaultPipeline());
    ASSERT_TRUE(program.ok()) << program.status().message();
    SimOptions options;
    options.entry = k.entry;
    options.ranks = k.ranks;
    options.scalars = k.scalars;
    options.schedules = kSchedules;
    absl::StatusOr<SimResult> clean = Simulate(**program, options);
    ASSERT_TRUE(clean.ok()) << clean.status().message();
    ASSERT_TRUE(clean->report.empty()) << k.path << "\n" << clean->report.ToText(clean->totals);

    std::vector<Marker> markers = Markers(**program);
    for (int i = 0; i < static_cast<int>(markers.size()); ++i) {
      const Marker& m = markers[i];
      std::string why_not = WhyNotNeeded(**program, markers, i);
      std::unique_ptr<Program> broken = WithoutMarker(**program, i);
      absl::StatusOr<SimResult> r = Simulate(*broken, options);
      ASSERT_TRUE(r.ok()) << r.status().message();
      std::string where = absl::StrCat(k.path, ":", m.loc.line, ":", m.loc.col, " ",
                                       MarkerKindName(m.kind), " in ", m.function);
      if (!why_not.empty()) {
        EXPECT_TRUE(r->report.empty())
            << where << " is not needed (" << why_not << ") but its removal reports:\n"
            << r->report.ToText(r->totals);
        absl::StrAppend(&table, absl::StrFormat("  %-62s not needed: %s\n", where, why_not));
        continue;
      }
      ++needed;
      int schedules_seen = 0;
      for (const Finding& f : r->report.findings()) {
        EXPECT_EQ(f.kind, FindingKind::kStaleRead) << where << "\n" << r->report.ToText(r->totals);
        EXPECT_EQ(f.missing_marker, MissingMarkerName(m.kind))
            << where << "\n" << r->report.ToText(r->totals);
        if (f.kind == FindingKind::kStaleRead && f.missing_marker == MissingMarkerName(m.kind)) {
          schedules_seen = std::max(schedules_seen, f.schedules_seen);
          // A fence or region invalidate is blamed on the write it follows.
          const Stmt* write = StatementBefore(markers, i);
          if (m.kind != Marker::Kind::kWholeInvalidate && write != nullptr) {
            EXPECT_EQ(f.locations[1].role, "write");
            EXPECT_EQ(f.locations[1].loc.line, write->loc.line) << where;
          }
        }
      }
      EXPECT_GT(schedules_seen, 0) << where << " was removed and nothing was reported";
      if (schedules_seen > 0) ++detected;
      absl::StrAppend(&table, absl::StrFormat("  %-62s detected in %d/%d schedules\n", where,
                                              schedules_seen, kSchedules));
    }
  }
  std::printf("marker removal, %d schedules each:\n%s", kSchedules, table.c_str());
  std::printf("detection rate: %d/%d needed markers (%.0f%%)\n", detected, needed,
              needed == 0 ? 0.0 : 100.0 * detected / needed);
  EXPECT_GT(needed, 0);
  EXPECT_EQ(detected, needed);
}

}  // namespace
}  // namespace sim
}  // namespace ptoc

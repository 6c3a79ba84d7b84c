// ptoc-sim: runs a compiled program on the simulated machine and reports
// stale reads, races, deadlocks and protocol errors (runtime.md).
#include <set>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "driver/tool.h"
#include "ir/file_util.h"
#include "ir/status_macros.h"
#include "runtime/launch_command.h"
#include "runtime/markers.h"
#include "runtime/simulator.h"

ABSL_FLAG(int64_t, max_steps, ptoc::sim::SimOptions::kDefaultMaxSteps,
          "Statements one schedule may execute; reaching it is reported as a possible "
          "livelock.");
ABSL_FLAG(std::string, pipe_check, "on",
          "on|off: check the pipes inside every lane against the program's "
          "--pipe-sync=flags plan (pipe races, flag reuse races, double sets, waits never "
          "set, pipes busy or flags left set at return, illegal sync).");
ABSL_FLAG(std::vector<std::string>, pipe_sync_drop_set, {},
          "Leave out only the set (and prime) of pair N of the plan; repeatable, "
          "comma-separated; for the removal tests.");
ABSL_FLAG(std::vector<std::string>, pipe_sync_drop_wait, {},
          "Leave out only the wait (and drain) of pair N of the plan; repeatable, "
          "comma-separated; for the removal tests.");
ABSL_FLAG(int, drop_marker, -1,
          "Run without marker N of the program's kernels (a system.fence or "
          "system.cacheinvalid, numbered from 0 in program order; an N past the last lists "
          "them): what the run reports is what that marker prevents.");
ABSL_FLAG(std::string, gm_ring_layout, "code",
          "code|shared: where the a2a3 FIFO's rings lie in gm_pipe_buffer: as the emitted "
          "code places them (a ring per direction), or shared (debugging: both directions "
          "of a pipe at its base, pto-isa's layout before d2b30a84), which a two-way pipe "
          "with tiles in flight both ways reports as a GM ring overlap.");
ABSL_FLAG(bool, cycles, false,
          "Replay schedule 0 on the timing model: cycles, busy % and stalls per lane and "
          "pipe, the critical path (text after the findings; `timing` in the JSON report).");
ABSL_FLAG(std::string, timeline, "",
          "FILE.json: write the timed schedule as a Chrome trace (Perfetto, "
          "chrome://tracing); implies the timed replay.");
ABSL_FLAG(std::string, timeline_unit, "cycle",
          "cycle|us: the timestamps of --timeline (us: microseconds at the table's clock_hz).");
ABSL_FLAG(int64_t, timeline_limit, 1000000,
          "The most events --timeline writes; past it the trace ends with a marker event.");
ABSL_FLAG(std::string, cost_table, "",
          "The cost table of the timing model (runtime/cost/<backend>.costs is built in).");
ABSL_FLAG(std::string, pipe_sync_model, "plan",
          "plan|deps: what --cycles and --timeline time: the program's sync plan, or only "
          "the true dependences between the machine ops of a lane (no sync instructions: "
          "the lower bound).");

namespace ptoc {
namespace {

constexpr char kUsage[] =
    "usage: ptoc-sim IN.pb|IN.py --entry=FUNC --ranks=R [--scalar NAME=VALUE ...]\n"
    "                [--inputs=DIR] [--dump-outputs=DIR] [--seed=S] [--schedules=N]\n"
    "                [--max-steps=K] [--report=text|json] [--launch=declared|1c1v|1c2v]\n"
    "                [--pipe-check=on|off] [--pipe-sync=flags|flags-unbounded|barrier-all]\n"
    "                [--pipe-sync-drop=N,...] [--pipe-sync-drop-set=N,...]\n"
    "                [--pipe-sync-drop-wait=N,...] [--cycles] [--timeline=FILE.json]\n"
    "                [--timeline-unit=cycle|us] [--timeline-limit=N] [--cost-table=FILE]\n"
    "                [--pipe-sync-model=plan|deps] [--drop-marker=N]\n"
    "                [--gm-ring-layout=code|shared]\n\n"
    "Runs a program on the simulated machine: R ranks, the entry launched on each (a\n"
    "Group as its AIC and AIV lanes; AIV0 and AIV1 under 1C:2V), N seeded schedules. Reports stale reads (naming\n"
    "the missing marker), races, deadlocks and protocol errors; exits 1 when it finds\n"
    "any, 0 when the run is clean, 2 on a usage error.";

// The unit numbers of a --pipe-sync-drop-set / -wait flag.
absl::StatusOr<std::set<int>> Units(const absl::Flag<std::vector<std::string>>& flag,
                                    absl::string_view name) {
  std::set<int> units;
  for (const std::string& v : absl::GetFlag(flag)) {
    int n = 0;
    if (!absl::SimpleAtoi(v, &n) || n < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("--", name, " takes unit numbers, not '", v, "'"));
    }
    units.insert(n);
  }
  return units;
}

absl::Status CheckSimFlags() {
  const std::string check = absl::GetFlag(FLAGS_pipe_check);
  if (check != "on" && check != "off") {
    return absl::InvalidArgumentError(
        absl::StrCat("--pipe-check must be on or off, not '", check, "'"));
  }
  const std::string unit = absl::GetFlag(FLAGS_timeline_unit);
  if (unit != "cycle" && unit != "us") {
    return absl::InvalidArgumentError(
        absl::StrCat("--timeline-unit must be cycle or us, not '", unit, "'"));
  }
  const std::string model = absl::GetFlag(FLAGS_pipe_sync_model);
  if (model != "plan" && model != "deps") {
    return absl::InvalidArgumentError(
        absl::StrCat("--pipe-sync-model must be plan or deps, not '", model, "'"));
  }
  const std::string layout = absl::GetFlag(FLAGS_gm_ring_layout);
  if (layout != "code" && layout != "shared") {
    return absl::InvalidArgumentError(
        absl::StrCat("--gm-ring-layout must be code or shared, not '", layout, "'"));
  }
  if (absl::GetFlag(FLAGS_timeline_limit) < 1) {
    return absl::InvalidArgumentError("--timeline-limit must be at least 1");
  }
  RETURN_IF_ERROR(PipeSyncDrops().status());
  for (const auto& [flag, name] :
       {std::make_pair(&FLAGS_pipe_sync_drop_set, "pipe-sync-drop-set"),
        std::make_pair(&FLAGS_pipe_sync_drop_wait, "pipe-sync-drop-wait")}) {
    if (absl::StatusOr<std::set<int>> units = Units(*flag, name); !units.ok()) {
      return units.status();
    }
  }
  return absl::OkStatus();
}

// The program without the marker --drop-marker names (nullptr: none named).
// A number past the last marker is an error that lists them all.
absl::StatusOr<std::unique_ptr<Program>> DropMarker(const Program& program) {
  const int drop = absl::GetFlag(FLAGS_drop_marker);
  if (drop < 0) return std::unique_ptr<Program>();
  const std::vector<sim::Marker> markers = sim::Markers(program);
  if (drop >= static_cast<int>(markers.size())) {
    std::string list;
    for (size_t i = 0; i < markers.size(); ++i) {
      const sim::Marker& m = markers[i];
      absl::StrAppend(&list, "\n  ", i, ": ", FileLineCol(m.loc), " ",
                      sim::MarkerKindName(m.kind), " in ", m.function);
    }
    return absl::InvalidArgumentError(absl::StrCat("error: --drop-marker=", drop, ": the program has ",
                                                   markers.size(), " markers", list));
  }
  return sim::WithoutMarker(program, drop);
}

int Main(int argc, char** argv) {
  sim::SimOptions options;
  sim::LaunchTool tool{"ptoc-sim", kUsage, &FLAGS_max_steps, sim::SimOptions::kMaxRanks,
                       &CheckSimFlags};
  return sim::RunLaunchTool(argc, argv, tool, options,
                            [&](const Program& program) -> absl::StatusOr<sim::SimResult> {
    options.pipe_check = absl::GetFlag(FLAGS_pipe_check) == "on";
    if (absl::StatusOr<std::vector<int>> drops = PipeSyncDrops(); drops.ok()) {
      options.pipe_sync_drop = std::set<int>(drops->begin(), drops->end());
    }
    options.pipe_sync_drop_set = *Units(FLAGS_pipe_sync_drop_set, "pipe-sync-drop-set");
    options.pipe_sync_drop_wait = *Units(FLAGS_pipe_sync_drop_wait, "pipe-sync-drop-wait");
    const std::string timeline = absl::GetFlag(FLAGS_timeline);
    options.timed = absl::GetFlag(FLAGS_cycles) || !timeline.empty();
    options.cost_table = absl::GetFlag(FLAGS_cost_table);
    options.deps = absl::GetFlag(FLAGS_pipe_sync_model) == "deps";
    options.timeline_us = absl::GetFlag(FLAGS_timeline_unit) == "us";
    options.timeline_limit = absl::GetFlag(FLAGS_timeline_limit);
    options.shared_gm_rings = absl::GetFlag(FLAGS_gm_ring_layout) == "shared";
    ASSIGN_OR_RETURN(std::unique_ptr<Program> dropped, DropMarker(program));
    ASSIGN_OR_RETURN(sim::SimResult result,
                     sim::Simulate(dropped != nullptr ? *dropped : program, options));
    if (!timeline.empty()) {
      RETURN_IF_ERROR(WriteFileAtomically(timeline, result.timeline));
    }
    if (absl::GetFlag(FLAGS_cycles)) {
      result.totals.timing_text = result.timing_text;
      result.totals.timing_json = result.timing_json;
    }
    return result;
  });
}

}  // namespace
}  // namespace ptoc

int main(int argc, char** argv) { return ptoc::Main(argc, argv); }

// What a simulation found, and how it is printed: clang-style text with the
// kernel lines quoted, or JSON (findings plus the run's totals).
//
// The same mistake usually shows up many times (every rank, every loop
// iteration, many schedules); findings are merged by kind, source locations
// and missing marker, keeping the first occurrence and counting the rest.
#ifndef PTOC_RUNTIME_REPORT_H_
#define PTOC_RUNTIME_REPORT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ir/ir.h"

namespace ptoc {
namespace sim {

enum class FindingKind {
  kStaleRead,
  kRace,
  kDeadlock,
  kLivelock,
  kProtocolError,
  kPipeRace,       // two ops of one lane on unordered pipes (pipe_check.h)
  kFlagReuseRace,  // a set_flag that may overtake the previous wait of its key
  kLaunch,         // the run forced a launch ratio other than the program declares
  kWarRace,        // a write released by a notify issued while a DMA read was in flight
  kFalseSharing,   // a whole-line write-back over another lane's newer bytes
};

// "stale_read", "race", "deadlock", "livelock", "protocol_error", "pipe_race",
// "flag_reuse_race", "launch", "war_race", "false_sharing".
const char* FindingKindName(FindingKind kind);

// The markers a stale read can blame.
constexpr char kMissingFence[] = "fence after the write";
constexpr char kMissingRegionInvalidate[] = "invalidate of the written region";
constexpr char kMissingWaitInvalidate[] = "invalidate after the wait";
constexpr char kMissingStartInvalidate[] = "invalidate at the kernel's start";
// ... and a war race.
constexpr char kMissingReadBeforeNotify[] = "the read complete before the notify";
// ... false sharing, and a stale read it caused.
constexpr char kMissingSeparateLines[] = "separate cache lines";

struct SourceRef {
  std::string role;  // "read", "write", "signal", "wait", "position", ...
  Location loc;
  std::string note;  // what the note line says about this place
};

struct Finding {
  FindingKind kind = FindingKind::kProtocolError;
  std::string message;
  int rank = -1;     // -1: not tied to one rank
  std::string lane;  // e.g. "aiv (ring_aiv)"; empty: not tied to one lane
  std::string missing_marker;  // stale reads only
  std::vector<SourceRef> locations;  // the first is where the finding is reported
  int schedule = 0;  // the first schedule it was seen in
  int64_t occurrences = 1;
  int schedules_seen = 1;
  // Extra members of the finding's JSON object, each `, "name": value`
  // (a pipe race's later, earlier, region and missing).
  std::string json_extra;
};

struct RunTotals {
  std::string tool = "ptoc-sim";  // names the run in the text report's last line
  int ranks = 0;
  int lanes = 0;
  int schedules = 0;
  uint64_t seed = 0;
  int64_t statements = 0;  // executed over all schedules (ptoc-run-cpp: device-API calls)
  // ptoc-sim --cycles: the timing text (after the findings) and the JSON
  // report's `timing` object; empty: none.
  std::string timing_text, timing_json;
};

class Report {
 public:
  void Add(Finding finding);
  const std::vector<Finding>& findings() const { return findings_; }
  bool empty() const { return findings_.empty(); }
  int64_t CountOf(FindingKind kind) const;

  std::string ToText(const RunTotals& totals) const;
  std::string ToJson(const RunTotals& totals) const;

 private:
  std::vector<Finding> findings_;
  std::vector<int> last_schedule_;  // per finding: the latest schedule it was seen in
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_REPORT_H_

#include "runtime/report.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "frontend/string_literal.h"
#include "ir/diagnostics.h"

namespace ptoc {
namespace sim {
namespace {

bool SameLocation(const Location& a, const Location& b) {
  return a.file == b.file && a.line == b.line && a.col == b.col;
}

bool SameFinding(const Finding& a, const Finding& b) {
  if (a.kind != b.kind || a.missing_marker != b.missing_marker ||
      a.locations.size() != b.locations.size()) {
    return false;
  }
  for (size_t i = 0; i < a.locations.size(); ++i) {
    if (a.locations[i].role != b.locations[i].role ||
        !SameLocation(a.locations[i].loc, b.locations[i].loc)) {
      return false;
    }
  }
  // Findings without any location (e.g. a deadlock of lanes that never
  // started) are told apart by their message.
  return !a.locations.empty() || a.message == b.message;
}

std::string JsonString(absl::string_view s) {
  return QuoteString(s, ControlEscape::kJsonUnicode);
}

std::string Plural(int64_t n, absl::string_view one, absl::string_view many) {
  return absl::StrCat(n, " ", n == 1 ? one : many);
}

}  // namespace

const char* FindingKindName(FindingKind kind) {
  switch (kind) {
    case FindingKind::kStaleRead: return "stale_read";
    case FindingKind::kRace: return "race";
    case FindingKind::kDeadlock: return "deadlock";
    case FindingKind::kLivelock: return "livelock";
    case FindingKind::kProtocolError: return "protocol_error";
    case FindingKind::kPipeRace: return "pipe_race";
    case FindingKind::kFlagReuseRace: return "flag_reuse_race";
    case FindingKind::kLaunch: return "launch";
    case FindingKind::kWarRace: return "war_race";
    case FindingKind::kFalseSharing: return "false_sharing";
  }
  return "protocol_error";
}

void Report::Add(Finding finding) {
  for (size_t i = 0; i < findings_.size(); ++i) {
    Finding& f = findings_[i];
    if (!SameFinding(f, finding)) continue;
    f.occurrences += finding.occurrences;
    // Schedules run in order: a later one is new for this finding.
    if (finding.schedule > last_schedule_[i]) {
      ++f.schedules_seen;
      last_schedule_[i] = finding.schedule;
    }
    return;
  }
  last_schedule_.push_back(finding.schedule);
  findings_.push_back(std::move(finding));
}

int64_t Report::CountOf(FindingKind kind) const {
  int64_t n = 0;
  for (const Finding& f : findings_) n += f.kind == kind;
  return n;
}

std::string Report::ToText(const RunTotals& totals) const {
  std::string out;
  for (const Finding& f : findings_) {
    std::string headline = absl::StrCat(absl::StrReplaceAll(FindingKindName(f.kind),
                                                            {{"_", " "}}),
                                        ": ", f.message);
    if (!f.missing_marker.empty()) {
      absl::StrAppend(&headline, "; missing marker: ", f.missing_marker);
    }
    Location first = f.locations.empty() ? Location{} : f.locations.front().loc;
    absl::StrAppend(&out, FormatDiagnostic(Severity::kError, first, headline), "\n");
    for (size_t i = 0; i < f.locations.size(); ++i) {
      if (i == 0 && f.locations[i].note.empty()) continue;
      absl::StrAppend(&out,
                      FormatDiagnostic(Severity::kNote, f.locations[i].loc,
                                       f.locations[i].note),
                      "\n");
    }
    absl::StrAppend(&out, "  (", Plural(f.occurrences, "occurrence", "occurrences"),
                    " in ", Plural(f.schedules_seen, "schedule", "schedules"),
                    "; first in schedule ", f.schedule, ")\n");
  }
  absl::StrAppend(
      &out, totals.tool, ": ", Plural(totals.schedules, "schedule", "schedules"), " (seed ",
      totals.seed, "), ", Plural(totals.ranks, "rank", "ranks"), ", ",
      Plural(totals.lanes, "lane", "lanes"), ", ",
      Plural(totals.statements, "statement", "statements"), " executed: ",
      Plural(CountOf(FindingKind::kStaleRead), "stale read", "stale reads"), ", ",
      Plural(CountOf(FindingKind::kRace), "race", "races"), ", ",
      Plural(CountOf(FindingKind::kDeadlock), "deadlock", "deadlocks"), ", ",
      Plural(CountOf(FindingKind::kLivelock), "livelock", "livelocks"), ", ",
      Plural(CountOf(FindingKind::kProtocolError), "protocol error", "protocol errors"), ", ",
      Plural(CountOf(FindingKind::kLaunch), "launch finding", "launch findings"));
  const int64_t pipe_races = CountOf(FindingKind::kPipeRace);
  const int64_t reuse_races = CountOf(FindingKind::kFlagReuseRace);
  if (pipe_races + reuse_races > 0) {
    absl::StrAppend(&out, ", ", Plural(pipe_races, "pipe race", "pipe races"), ", ",
                    Plural(reuse_races, "flag reuse race", "flag reuse races"));
  }
  if (const int64_t war_races = CountOf(FindingKind::kWarRace); war_races > 0) {
    absl::StrAppend(&out, ", ", Plural(war_races, "war race", "war races"));
  }
  if (const int64_t shared = CountOf(FindingKind::kFalseSharing); shared > 0) {
    absl::StrAppend(&out, ", ", Plural(shared, "false sharing", "false sharings"));
  }
  absl::StrAppend(&out, "\n", totals.timing_text);
  return out;
}

std::string Report::ToJson(const RunTotals& totals) const {
  std::string out = "{\n  \"findings\": [";
  for (size_t i = 0; i < findings_.size(); ++i) {
    const Finding& f = findings_[i];
    absl::StrAppend(&out, i == 0 ? "\n" : ",\n", "    {\"kind\": ",
                    JsonString(FindingKindName(f.kind)), ", \"message\": ",
                    JsonString(f.message), ", \"rank\": ", f.rank, ", \"lane\": ",
                    JsonString(f.lane));
    if (!f.missing_marker.empty()) {
      absl::StrAppend(&out, ", \"missing_marker\": ", JsonString(f.missing_marker));
    }
    absl::StrAppend(&out, ", \"schedule\": ", f.schedule, ", \"occurrences\": ",
                    f.occurrences, ", \"schedules_seen\": ", f.schedules_seen,
                    ", \"locations\": [");
    for (size_t j = 0; j < f.locations.size(); ++j) {
      const SourceRef& r = f.locations[j];
      absl::StrAppend(&out, j == 0 ? "" : ", ", "{\"role\": ", JsonString(r.role),
                      ", \"file\": ", JsonString(r.loc.file.str()), ", \"line\": ", r.loc.line,
                      ", \"col\": ", r.loc.col, "}");
    }
    absl::StrAppend(&out, "]", f.json_extra, "}");
  }
  absl::StrAppend(&out, findings_.empty() ? "],\n" : "\n  ],\n");
  absl::StrAppend(
      &out, "  \"totals\": {\"ranks\": ", totals.ranks, ", \"lanes\": ", totals.lanes,
      ", \"schedules\": ", totals.schedules, ", \"seed\": ", totals.seed,
      ", \"statements\": ", totals.statements, ", \"findings\": ", findings_.size(),
      ", \"stale_read\": ", CountOf(FindingKind::kStaleRead),
      ", \"race\": ", CountOf(FindingKind::kRace),
      ", \"deadlock\": ", CountOf(FindingKind::kDeadlock),
      ", \"livelock\": ", CountOf(FindingKind::kLivelock),
      ", \"protocol_error\": ", CountOf(FindingKind::kProtocolError),
      ", \"pipe_race\": ", CountOf(FindingKind::kPipeRace),
      ", \"flag_reuse_race\": ", CountOf(FindingKind::kFlagReuseRace),
      ", \"launch\": ", CountOf(FindingKind::kLaunch),
      ", \"war_race\": ", CountOf(FindingKind::kWarRace),
      ", \"false_sharing\": ", CountOf(FindingKind::kFalseSharing), "}",
      totals.timing_json.empty() ? "" : absl::StrCat(",\n  \"timing\": ", totals.timing_json),
      "\n}\n");
  return out;
}

}  // namespace sim
}  // namespace ptoc

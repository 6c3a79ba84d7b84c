// TimingModel::Timeline: the timed schedule in the Chrome trace event format
// (pipe-sync.md §5.4; opens in Perfetto and chrome://tracing). A process
// per rank, a thread per (lane, pipe) plus an "issue" thread per lane;
// complete events for the instructions and for the time a wait stalls at
// the head of its queue; flow arrows (from the source instruction's slice
// to the one it released) for flags, FIFO transfers and syncall releases.
// Cycles are the timestamps (or microseconds, --timeline-unit=us). Events
// are sorted by (pid, tid, ts, sequence), so the same input gives the same
// bytes; past --timeline-limit events the trace ends with a marker event.
#include <algorithm>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "frontend/string_literal.h"
#include "runtime/timing.h"

namespace ptoc {
namespace sim {
namespace {

std::string Quote(absl::string_view s) { return QuoteString(s, ControlEscape::kJsonUnicode); }

struct TraceEvent {
  int pid = 0;
  int tid = 0;
  int order = 1;  // metadata (0) before events (1)
  int64_t ts = 0;
  int64_t seq = 0;
  std::string text;
};

}  // namespace

std::string TimingModel::Timeline(const std::string& backend, bool us, int64_t limit) const {
  auto time = [&](int64_t cycles) {
    return us ? absl::StrFormat("%.6f", cycles * 1e6 / clock_hz_) : absl::StrCat(cycles);
  };
  // Lanes of a rank, AIC first: the local index of each lane.
  std::vector<int> local(lanes_.size(), 0);
  std::map<int, int> next;
  for (const std::string core : {"AIC", "AIV"}) {
    for (size_t k = 0; k < lanes_.size(); ++k) {
      if (lanes_[k].core == core) local[k] = next[lanes_[k].rank]++;
    }
  }
  auto tid_of = [&](int lane, int pipe) { return local[lane] * 8 + pipe + 1; };
  std::vector<TraceEvent> events;
  int64_t seq = 0;
  auto meta = [&](int pid, int tid, absl::string_view name, const std::string& args) {
    events.push_back(TraceEvent{pid, tid, 0, 0, seq++,
                                absl::StrCat("{\"ph\": \"M\", \"pid\": ", pid, ", \"tid\": ", tid,
                                             ", \"name\": ", Quote(name), ", \"args\": ", args,
                                             "}")});
  };
  std::map<int, bool> rank_named;
  for (size_t k = 0; k < lanes_.size(); ++k) {
    const TimedLane& l = lanes_[k];
    if (!l.timed) continue;
    if (!rank_named[l.rank]) {
      meta(l.rank, 0, "process_name", absl::StrCat("{\"name\": ", Quote(absl::StrCat("rank ",
                                                                              l.rank)), "}"));
      rank_named[l.rank] = true;
    }
    for (int p = -1; p < codegen::kNumPipes; ++p) {
      if (p >= 0 && !codegen::CoreHasPipe(
                        l.core == "AIC" ? FunctionKind::kAIC : FunctionKind::kAIV,
                        static_cast<Pipe>(p))) {
        continue;
      }
      const int tid = tid_of(static_cast<int>(k), p);
      const std::string thread =
          absl::StrCat(l.label, " ", l.function, " ",
                       p >= 0 ? codegen::PipeName(static_cast<Pipe>(p)) : "issue");
      meta(l.rank, tid, "thread_name", absl::StrCat("{\"name\": ", Quote(thread), "}"));
      meta(l.rank, tid, "thread_sort_index", absl::StrCat("{\"sort_index\": ", tid, "}"));
    }
  }
  for (size_t i = 0; i < ops_.size(); ++i) {
    const TimedOp& op = ops_[i];
    const int pid = lanes_[op.lane].rank;
    const int tid = tid_of(op.lane, op.pipe);
    const std::string loc = op.loc.known() ? FileLineCol(op.loc) : "";
    if (op.start > op.ready && op.pipe >= 0) {
      events.push_back(TraceEvent{
          pid, tid, 1, op.ready, seq++,
          absl::StrCat("{\"ph\": \"X\", \"pid\": ", pid, ", \"tid\": ", tid, ", \"ts\": ",
                       time(op.ready), ", \"dur\": ", time(op.start - op.ready),
                       ", \"cat\": \"stall\", \"name\": ", Quote(absl::StrCat("stall: ", op.why)),
                       ", \"args\": {\"loc\": ", Quote(loc), "}}")});
    }
    events.push_back(TraceEvent{
        pid, tid, 1, op.start, seq++,
        absl::StrCat("{\"ph\": \"X\", \"pid\": ", pid, ", \"tid\": ", tid, ", \"ts\": ",
                     time(op.start), ", \"dur\": ", time(op.end - op.start),
                     ", \"cat\": \"op\", \"name\": ",
                     Quote(op.name), ", \"args\": {\"loc\": ", Quote(loc), ", \"bytes\": ",
                     op.bytes, ", \"unit\": ", op.unit, "}}")});
  }
  for (size_t f = 0; f < flows_.size(); ++f) {
    const TimedFlow& flow = flows_[f];
    const TimedOp& from = ops_[flow.from];
    const TimedOp& to = ops_[flow.to];
    const int id = static_cast<int>(f) + 1;
    const int from_pid = lanes_[from.lane].rank, to_pid = lanes_[to.lane].rank;
    const int from_tid = tid_of(from.lane, from.pipe), to_tid = tid_of(to.lane, to.pipe);
    events.push_back(TraceEvent{
        from_pid, from_tid, 1, from.start, seq++,
        absl::StrCat("{\"ph\": \"s\", \"pid\": ", from_pid, ", \"tid\": ", from_tid,
                     ", \"ts\": ", time(from.start), ", \"id\": ", id, ", \"cat\": ", Quote(flow.cat),
                     ", \"name\": ", Quote(flow.cat), "}")});
    events.push_back(TraceEvent{
        to_pid, to_tid, 1, to.start, seq++,
        absl::StrCat("{\"ph\": \"f\", \"bp\": \"e\", \"pid\": ", to_pid, ", \"tid\": ", to_tid,
                     ", \"ts\": ", time(to.start), ", \"id\": ", id, ", \"cat\": ", Quote(flow.cat),
                     ", \"name\": ", Quote(flow.cat), "}")});
  }
  std::sort(events.begin(), events.end(), [](const TraceEvent& a, const TraceEvent& b) {
    return std::tie(a.pid, a.tid, a.order, a.ts, a.seq) <
           std::tie(b.pid, b.tid, b.order, b.ts, b.seq);
  });
  if (static_cast<int64_t>(events.size()) > limit) {
    const size_t dropped = events.size() - static_cast<size_t>(limit);
    events.resize(static_cast<size_t>(limit));
    events.push_back(TraceEvent{
        0, 0, 1, 0, seq++,
        absl::StrCat("{\"ph\": \"i\", \"s\": \"g\", \"pid\": 0, \"tid\": 0, \"ts\": 0, "
                     "\"name\": ",
                     Quote(absl::StrCat("timeline truncated at --timeline-limit=", limit, ": ",
                                        dropped, " events left out")),
                     "}")});
  }
  std::string out = "{\"traceEvents\": [\n";
  for (size_t i = 0; i < events.size(); ++i) {
    absl::StrAppend(&out, "  ", events[i].text, i + 1 < events.size() ? ",\n" : "\n");
  }
  absl::StrAppend(&out, "], \"displayTimeUnit\": \"ns\", \"otherData\": {\"unit\": ",
                  us ? "\"us\"" : "\"cycle\"", ", \"clock_hz\": ", clock_hz_, ", \"backend\": ", Quote(backend),
                  ", \"pipe_sync\": ", Quote(pipe_sync_), ", \"cost_model\": ",
                  Quote(costs_.name()), "}}\n");
  return out;
}

}  // namespace sim
}  // namespace ptoc

#include "runtime/checker.h"

#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "codegen/lowering.h"

namespace ptoc {
namespace sim {
namespace {

Location LocOf(const Location* loc) { return loc == nullptr ? Location{} : *loc; }

std::string Where(const Location* loc) {
  if (loc == nullptr || !loc->known()) return "an unknown place";
  return FileLineCol(*loc);
}

}  // namespace

void AccessChecker::BeginOp(int lane, const Location* loc) {
  lane_ = lane;
  loc_ = loc;
  loc_index_ = w_.shadow->Intern(loc);
  stale_reported_ = false;
  race_reported_ = false;
}

uint32_t AccessChecker::NewWrite(WriteKind kind, bool atomic, int alloc) {
  WriteRecord r;
  r.lane = lane_;
  r.clock = w_.clocks.Stamp(lane_);
  r.loc = loc_;
  r.kind = kind;
  r.atomic = atomic;
  r.alloc = alloc;
  r.commit_time = kNever;
  return w_.machine.NewWrite(r);
}

void AccessChecker::Read(ReadPath path, uint64_t addr, int n, uint8_t* out) {
  wids_.resize(n);
  if (path == ReadPath::kDma) {
    w_.machine.ReadDma(lane_, addr, n, out, wids_.data());
  } else {
    w_.machine.ReadScalar(lane_, addr, n, out, wids_.data());
  }
  uint32_t stamp = w_.clocks.Stamp(lane_);
  if (path == ReadPath::kDma && w_.machine.InWindow(addr, n)) {
    w_.dma_reads.Issue(lane_, addr, n, loc_, stamp);
  }
  for (int i = 0; i < n; ++i) {
    uint64_t b = addr + i;
    w_.shadow->MarkRead(b, lane_, stamp, loc_index_);
    uint32_t last = w_.shadow->last_write(b);
    if (last == 0) continue;
    const WriteRecord& rec = w_.machine.write(last);
    if (!w_.clocks.HappensBefore(rec.lane, rec.clock, lane_)) {
      // Unordered even when the read happened to see the write.
      if (!race_reported_) ReportRace(b, false, rec.loc, true, rec.lane);
      continue;
    }
    if (rec.atomic && rec.kind != WriteKind::kSignal) {
      // Atomic adds land in any order, so the byte's last write says little:
      // the value is stale when any add ordered before the read is missing.
      uint32_t missing = MissingAtomicAdd(path, b, last);
      if (missing != 0 && !stale_reported_) ReportStale(path, b, missing, wids_[i]);
      continue;
    }
    if (last == wids_[i]) continue;
    if (!stale_reported_) ReportStale(path, b, last, wids_[i]);
  }
}

uint32_t AccessChecker::MissingAtomicAdd(ReadPath path, uint64_t addr, uint32_t last) {
  // The lane's own pending adds are in what it reads (program order).
  const WriteRecord& rec = w_.machine.write(last);
  bool visible = rec.lane == lane_ ||
                 (rec.state == WriteState::kCommitted &&
                  (path == ReadPath::kDma ||
                   rec.commit_time <= w_.machine.SnapshotTime(lane_, addr)));
  if (!visible) return last;
  for (int l = 0; l < static_cast<int>(w_.lanes.size()); ++l) {
    if (l == lane_) continue;
    for (const PendingWrite& p : w_.machine.pending(l)) {
      if (!p.atomic_add) continue;
      for (const Segment& s : p.segments) {
        if (addr < s.addr || addr >= s.addr + s.data.size()) continue;
        const WriteRecord& r = w_.machine.write(s.wid);
        if (w_.clocks.HappensBefore(r.lane, r.clock, lane_)) return s.wid;
      }
    }
  }
  return 0;
}

void AccessChecker::NoteWrite(uint32_t wid, uint64_t addr, int n) {
  const WriteRecord& rec = w_.machine.write(wid);
  const int lanes = static_cast<int>(w_.lanes.size());
  for (int i = 0; i < n; ++i) {
    uint64_t b = addr + i;
    uint32_t prev = w_.shadow->last_write(b);
    if (prev != 0 && !race_reported_) {
      const WriteRecord& p = w_.machine.write(prev);
      if (!(p.atomic && rec.atomic) && !w_.clocks.HappensBefore(p.lane, p.clock, lane_)) {
        ReportRace(b, true, p.loc, true, p.lane);
      }
    }
    for (int l = 0; l < lanes && !race_reported_; ++l) {
      if (l == lane_) continue;
      const AccessShadow::ReadMark& mark = w_.shadow->read(b, l);
      if (mark.stamp != 0 && !w_.clocks.HappensBefore(l, mark.stamp, lane_)) {
        ReportRace(b, true, w_.shadow->location(mark.loc), false, l);
      }
    }
    w_.shadow->set_last_write(b, wid);
  }
  w_.dma_reads.ForEachReleased(addr, n, [&](InFlightRead& r) {
    if (r.reported || r.lane == lane_ || !w_.clocks.HappensBefore(r.lane, r.stamp, lane_)) return;
    r.reported = true;
    ReportWarRace(r, rec);
  });
}

void AccessChecker::ReportWarRace(const InFlightRead& read, const WriteRecord& write) {
  Finding f;
  f.kind = FindingKind::kWarRace;
  f.missing_marker = kMissingReadBeforeNotify;
  const std::string pipe(codegen::PipeName(read.pipe));
  f.message = absl::StrCat(
      w_.LaneName(read.lane), " of rank ", w_.lanes[read.lane].rank, " read ",
      w_.DescribeAddress(read.addr), " by DMA on ", pipe, ", and the notify at ",
      Where(&read.notify), " released the buffer before that read was known complete; "
      "the write at ", Where(write.loc), " (", w_.LaneName(write.lane), " of rank ",
      w_.lanes[write.lane].rank, "), ordered after the notify, may land in what the read "
      "returns (comm-hazards.md H1): nothing orders ", pipe, " before the notify");
  f.locations.push_back(SourceRef{"read", LocOf(read.loc), ""});
  f.locations.push_back(SourceRef{
      "signal", read.notify,
      absl::StrCat("the notify, issued while the read may still run: wait for ", pipe,
                   " before it (set_flag / wait_flag ", pipe, " -> PIPE_S)")});
  f.locations.push_back(SourceRef{"write", LocOf(write.loc), "the write the notify let in"});
  w_.AddFinding(std::move(f), read.lane);
}

void AccessChecker::ReportStale(ReadPath path, uint64_t addr, uint32_t expected,
                                uint32_t observed) {
  stale_reported_ = true;
  const WriteRecord& rec = w_.machine.write(expected);
  Finding f;
  f.kind = FindingKind::kStaleRead;
  // Where the write was when its lane published it (the notify, push or
  // barrier right after it) decides the missing marker: not cleaned from the
  // writer's cache yet, not landed in GM yet, or landed but the reader's
  // cached line is older.
  const AcquireEvent* event = w_.clocks.OrderedBy(rec.lane, rec.clock, lane_);
  const uint64_t signal_time =
      rec.lane == lane_ ? kNever : w_.clocks.ReleaseTime(rec.lane, rec.clock);
  const bool scalar = rec.kind == WriteKind::kScalar;
  std::string why;
  std::string write_note;
  bool clobbered = false;
  if (scalar && (rec.clean_time == kNever || rec.clean_time > signal_time)) {
    f.missing_marker = kMissingRegionInvalidate;
    why = "the write was still dirty in the writer's data cache when the signal was sent: "
          "no system.cacheinvalid covering the written region";
    write_note = "the write, not cleaned from the writer's data cache in time: add "
                 "system.cacheinvalid of the written region (then system.fence()) after it";
  } else if (rec.commit_time == kNever || rec.commit_time > signal_time) {
    f.missing_marker = kMissingFence;
    why = "the write had not reached GM when the signal was sent: no system.fence() after it";
    write_note = "the write, which had not reached GM in time: add system.fence() after it";
  } else if (path == ReadPath::kCache &&
             rec.commit_time > w_.machine.SnapshotTime(lane_, addr) && event != nullptr &&
             absl::string_view(event->what) == kLaunchOrder) {
    // The line is from an earlier kernel on this core (comm-hazards.md H5).
    f.missing_marker = kMissingStartInvalidate;
    why = "the reader's data cache holds the line from an earlier kernel on its core: no "
          "system.cacheinvalid() between the kernel's start and the read (comm-hazards.md H5)";
    write_note = "the write, which had landed in GM before the reader's kernel started";
  } else if (path == ReadPath::kCache &&
             rec.commit_time > w_.machine.SnapshotTime(lane_, addr)) {
    f.missing_marker = kMissingWaitInvalidate;
    why = "the reader's data cache holds the line from before the write landed: no "
          "system.cacheinvalid() between the wait and the read";
    write_note = "the write, which had landed in GM before the signal";
  } else if (w_.machine.Clobbered(addr)) {
    // A whole-line write-back of a neighbouring write put an older value
    // over it (comm-hazards.md H2; the false sharing finding names both).
    f.missing_marker = kMissingSeparateLines;
    why = "a whole-line write-back of another object in the same 64-byte line put an older "
          "value over it (false sharing)";
    write_note = "the newer write, overwritten";
  } else {
    // An older scalar write's late write-back overwrote the newer value.
    clobbered = true;
    f.missing_marker = kMissingRegionInvalidate;
    why = "the cache write-back of an older scalar write overwrote it in GM";
    write_note = "the newer write, overwritten";
  }
  f.message = absl::StrCat(w_.LaneName(lane_), " of rank ", w_.lanes[lane_].rank, " read ",
                           w_.DescribeAddress(addr), " and got an older value than the write at ",
                           Where(rec.loc), " (", w_.LaneName(rec.lane), " of rank ",
                           w_.lanes[rec.lane].rank, "), which happens before the read: ",
                           why);
  f.locations.push_back(SourceRef{"read", LocOf(loc_), ""});
  f.locations.push_back(SourceRef{"write", LocOf(rec.loc), write_note});
  if (clobbered) {
    const WriteRecord& old = w_.machine.write(observed);
    f.locations.push_back(SourceRef{
        "older write", LocOf(old.loc),
        "the older write whose write-back landed later: add system.cacheinvalid of its "
        "region and system.fence() after it"});
  }
  if (event != nullptr) {
    f.locations.push_back(SourceRef{"signal", LocOf(event->release),
                                    absl::StrCat("ordered by ", event->what, ": here")});
    std::string wait_note = f.missing_marker == kMissingWaitInvalidate
                                ? "received here: add system.cacheinvalid() after it"
                                : "received here";
    f.locations.push_back(SourceRef{"wait", LocOf(event->acquire), wait_note});
  }
  w_.AddFinding(std::move(f), lane_);
}

void AccessChecker::ReportRace(uint64_t addr, bool this_writes, const Location* other_loc,
                               bool other_writes, int other_lane) {
  race_reported_ = true;
  struct Access {
    bool writes;
    const Location* loc;
    int lane;
  };
  Access a{this_writes, loc_, lane_};
  Access b{other_writes, other_loc, other_lane};
  // The same two accesses make one finding whichever of them came second.
  Location la = LocOf(a.loc), lb = LocOf(b.loc);
  if (std::tie(lb.file, lb.line, lb.col) < std::tie(la.file, la.line, la.col)) std::swap(a, b);
  auto describe = [&](const Access& x) {
    return absl::StrCat(x.writes ? "write" : "read", " by ", w_.LaneName(x.lane), " of rank ",
                        w_.lanes[x.lane].rank, " at ", Where(x.loc));
  };
  Finding f;
  f.kind = FindingKind::kRace;
  f.message = absl::StrCat(w_.DescribeAddress(addr), ": the ", describe(a), " and the ",
                           describe(b),
                           " are not ordered by happens-before (no notify/wait, FIFO "
                           "handshake or barrier between them)");
  f.locations.push_back(SourceRef{a.writes ? "write" : "read", LocOf(a.loc), ""});
  f.locations.push_back(SourceRef{b.writes ? "write" : "read", LocOf(b.loc),
                                  absl::StrCat("the unordered ", describe(b))});
  w_.AddFinding(std::move(f), lane_);
}

}  // namespace sim
}  // namespace ptoc

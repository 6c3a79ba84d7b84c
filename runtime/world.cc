#include "runtime/world.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace ptoc {
namespace sim {

World::World(int num_ranks, int lanes_per_rank)
    : ranks(num_ranks),
      machine(num_ranks * lanes_per_rank),
      clocks(num_ranks * lanes_per_rank),
      rings(num_ranks * 2),
      pipe_uses(num_ranks) {
  dma_reads.Resize(num_ranks * lanes_per_rank);
}

std::string World::LaneName(int lane) const {
  const LaneState& l = lanes[lane];
  const char* core = l.core == LaneCore::kAic ? "aic" : l.core == LaneCore::kAiv ? "aiv" : "core";
  const std::string subblock =
      l.core == LaneCore::kAiv && aiv_lanes == 2 ? absl::StrCat(l.subblock) : "";
  return absl::StrCat(core, subblock, " lane (", l.code->function->name, ")");
}

void World::AddFinding(Finding f, int lane) {
  f.schedule = schedule;
  if (lane >= 0) {
    f.rank = lanes[lane].rank;
    f.lane = LaneName(lane);
  }
  report->Add(std::move(f));
}

void World::ReportUnpoppedTiles() {
  for (int rank = 0; rank < ranks; ++rank) ReportUnpoppedTilesOf(rank);
}

void World::ReportUnpoppedTilesOf(int rank) {
  for (int block = 0; block < blocks; ++block) {
  for (PipeDir dir : {PipeDir::kC2V, PipeDir::kV2C}) {
    for (const Location* push : ring(rank, block, dir).Unpopped()) {
      Finding f;
      f.kind = FindingKind::kProtocolError;
      f.rank = rank;
      f.message = absl::StrCat("a tile pushed into the ", dir == PipeDir::kC2V ? "C2V" : "V2C",
                               " FIFO was never popped");
      f.locations.push_back(SourceRef{"push", push != nullptr ? *push : Location{}, ""});
      AddFinding(std::move(f), -1);
    }
  }
  }
}

void World::ReportClobbers() {
  for (const LineClobber& c : machine.TakeClobbers()) {
    const WriteRecord& by = machine.write(c.by);
    const WriteRecord& lost = machine.write(c.clobbered);
    auto who = [&](const WriteRecord& r) {
      return absl::StrCat("the write at ", r.loc != nullptr && r.loc->known()
                                                ? FileLineCol(*r.loc) : "an unknown place",
                          " (", LaneName(r.lane), " of rank ", lanes[r.lane].rank, ")");
    };
    Finding f;
    f.kind = FindingKind::kFalseSharing;
    f.missing_marker = kMissingSeparateLines;
    f.message = absl::StrCat(
        DescribeAddress(c.addr), c.bytes > 1 ? absl::StrCat(" (", c.bytes, " bytes)") : "",
        ": the write-back of the 64-byte line that ", who(by),
        " made dirty put an older value over ", who(lost),
        ": a clean writes back the whole line, and the two objects share it "
        "(comm-hazards.md H2); keep them in different 64-byte lines");
    f.locations.push_back(SourceRef{"write", by.loc != nullptr ? *by.loc : Location{},
                                    "the write whose line was written back"});
    f.locations.push_back(SourceRef{"overwritten", lost.loc != nullptr ? *lost.loc : Location{},
                                    "the newer write, overwritten"});
    AddFinding(std::move(f), by.lane);
  }
}

std::string World::DescribeAddress(uint64_t addr) const {
  // Latest first: a view a whole-program run adds names its bytes more
  // precisely than the tensor or window buffer it is cut from.
  for (int i = machine.num_allocations(); i-- > 0;) {
    const Allocation& a = machine.allocation(i);
    if (addr < a.base || addr >= a.base + a.bytes) continue;
    int64_t element = static_cast<int64_t>(addr - a.base) / DTypeBytes(a.dtype);
    std::vector<int64_t> index(a.shape.size());
    for (size_t d = a.shape.size(); d-- > 0;) {
      index[d] = a.shape[d] == 0 ? 0 : element % a.shape[d];
      element = a.shape[d] == 0 ? 0 : element / a.shape[d];
    }
    return absl::StrCat(a.name, "[", absl::StrJoin(index, ", "), "] ",
                        a.rank < 0 ? "of the host" : absl::StrCat("on rank ", a.rank));
  }
  return absl::StrCat("GM address ", addr);
}

}  // namespace sim
}  // namespace ptoc

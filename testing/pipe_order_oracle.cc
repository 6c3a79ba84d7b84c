#include "testing/pipe_order_oracle.h"

#include <array>
#include <bitset>
#include <map>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "codegen/pipe_clocks.h"

namespace ptoc {
namespace pipe_order_oracle {

using codegen::kNumPipes;
using codegen::PipeIndex;
using codegen::PipeInOrder;
using codegen::PipeName;

namespace {
using Before = std::bitset<kMaxEvents + 1>;  // instructions by event number (+ the return)
}  // namespace

int KeyNumber(Pipe src, Pipe dst, int id) {
  return (id * kNumPipes + PipeIndex(src)) * kNumPipes + PipeIndex(dst);
}

Found BruteForce(Backend backend, const std::vector<Event>& events) {
  Found found;
  std::vector<Before> before(events.size() + 1);
  std::vector<int> pipe_of(events.size() + 1, -1);  // -1: no instruction
  // What every later instruction of a pipe, or of every pipe, starts after.
  std::array<Before, kNumPipes> pipe_fence{};
  Before all_fence;
  // Per key: its pending set (-1: not set) and its last wait (-1: none).
  std::map<int, int> set_by, last_wait;
  auto on_pipe = [&](int p, int until) {  // instructions on p before `until`, with theirs
    Before b;
    for (int n = 0; n < until; ++n) {
      if (pipe_of[n] == p) b |= before[n], b.set(n);
    }
    return b;
  };
  auto issue = [&](int n, Pipe p, bool waits_for_own_pipe) {
    const int x = PipeIndex(p);
    pipe_of[n] = x;
    before[n] |= pipe_fence[x] | all_fence;
    if (waits_for_own_pipe) before[n] |= on_pipe(x, n);
  };
  auto after = [&](int n) {  // later instructions of n's pipe start after n
    Before b = before[n];
    b.set(n);
    pipe_fence[pipe_of[n]] |= b;
  };
  for (int n = 0; n < static_cast<int>(events.size()); ++n) {
    const Event& e = events[n];
    switch (e.kind) {
      case Event::Kind::kOp: {
        issue(n, e.pipe, false);
        for (int a = 0; a < n; ++a) {
          const Event& earlier = events[a];
          if (earlier.kind != Event::Kind::kOp || earlier.buffer != e.buffer) continue;
          if (!earlier.write && !e.write) continue;
          if (!before[n].test(a)) found.races.emplace(n, a);
        }
        if (PipeInOrder(backend, e.pipe)) after(n);
        break;
      }
      case Event::Kind::kSet: {
        const int key = KeyNumber(e.pipe, e.dst, e.id);
        issue(n, e.pipe, true);
        if (set_by.count(key) && set_by[key] >= 0) {
          found.double_set.insert(n);
        } else {
          if (last_wait.count(key) && !before[n].test(last_wait[key])) found.reuse.insert(n);
          set_by[key] = n;
        }
        if (PipeInOrder(backend, e.pipe)) after(n);
        break;
      }
      case Event::Kind::kWait: {
        const int key = KeyNumber(e.pipe, e.dst, e.id);
        issue(n, e.dst, true);
        if (set_by.count(key) && set_by[key] >= 0) {
          // What completed before the set started; the set itself stays
          // unknown (§4.2: the token is VC[P] with token[P] = i - 1).
          before[n] |= before[set_by[key]];
        } else {
          found.deadlock.insert(n);
        }
        set_by[key] = -1;
        last_wait[key] = n;
        after(n);
        break;
      }
      case Event::Kind::kBarrier:
        pipe_fence[PipeIndex(e.pipe)] |= on_pipe(PipeIndex(e.pipe), n);
        break;
      case Event::Kind::kBarrierAll:
        for (int p = 0; p < kNumPipes; ++p) all_fence |= on_pipe(p, n);
        break;
    }
  }
  // The return: a scalar instruction after everything.
  const int ret = static_cast<int>(events.size());
  issue(ret, Pipe::kS, true);
  for (int n = 0; n < ret; ++n) {
    if (pipe_of[n] >= 0 && pipe_of[n] != PipeIndex(Pipe::kS) && !before[ret].test(n)) {
      found.busy.insert(pipe_of[n]);
    }
  }
  for (const auto& [key, s] : set_by) {
    if (s >= 0) found.left_set.insert(key);
  }
  return found;
}

Location LocationOf(int n) {
  Location l;
  l.file = "k.py";
  l.line = n + 1;
  l.col = 1;
  return l;
}

codegen::SyncInstr SyncInstrOf(const Event& e, int n) {
  using codegen::SyncInstr;
  SyncInstr s;
  s.src = e.pipe;
  s.dst = e.kind == Event::Kind::kBarrier ? e.pipe : e.dst;
  s.id = e.id;
  s.loc = LocationOf(n);
  s.kind = e.kind == Event::Kind::kSet       ? SyncInstr::Kind::kSet
           : e.kind == Event::Kind::kWait    ? SyncInstr::Kind::kWait
           : e.kind == Event::Kind::kBarrier ? SyncInstr::Kind::kBarrier
                                             : SyncInstr::Kind::kBarrierAll;
  return s;
}

absl::StatusOr<Found> FoundIn(const std::vector<codegen::OrderFinding>& findings) {
  using Kind = codegen::OrderFinding::Kind;
  Found found;
  for (const codegen::OrderFinding& f : findings) {
    const int n = f.loc().line - 1;
    switch (f.kind) {
      case Kind::kPipeRace:
        found.races.emplace(n, f.earlier.loc.line - 1);
        break;
      case Kind::kFlagReuseRace:
        found.reuse.insert(n);
        break;
      case Kind::kDoubleSet:
        found.double_set.insert(n);
        break;
      case Kind::kDeadlock:
        found.deadlock.insert(n);
        break;
      case Kind::kBusyAtReturn:
        for (int p = 0; p < kNumPipes; ++p) {
          const std::string busy = absl::StrCat(PipeName(static_cast<Pipe>(p)), " may still");
          if (absl::StrContains(f.message, busy)) found.busy.insert(p);
        }
        break;
      case Kind::kFlagLeftSet:
        for (int k = 0; k < 2 * kNumPipes * kNumPipes; ++k) {
          const codegen::PipeClocks::Key key{k / kNumPipes % kNumPipes, k % kNumPipes,
                                             k / (kNumPipes * kNumPipes)};
          const std::string left = absl::StrCat(codegen::PipeClocks::KeyText(key), " was set");
          if (absl::StrContains(f.message, left)) found.left_set.insert(k);
        }
        break;
      default:
        return absl::InternalError(absl::StrCat("unexpected: ", codegen::FindingText(f)));
    }
  }
  return found;
}

std::vector<Event> RandomEvents(Rng& rng, Backend backend) {
  static constexpr Pipe kPipes[] = {Pipe::kS, Pipe::kV, Pipe::kMte2, Pipe::kMte3};
  std::vector<Event> events(1 + rng.Below(kMaxEvents));
  for (Event& e : events) {
    e.pipe = kPipes[rng.Below(4)];
    const uint64_t kind = rng.Below(10);
    if (kind < 5) {
      e.kind = Event::Kind::kOp;
      e.buffer = static_cast<int>(rng.Below(3));
      e.write = rng.Below(2) == 0;
    } else if (kind < 9) {
      e.kind = kind < 7 ? Event::Kind::kSet : Event::Kind::kWait;
      do {
        e.dst = kPipes[rng.Below(4)];
      } while (e.dst == e.pipe);
      e.id = static_cast<int>(rng.Below(2));
    } else {
      e.kind = rng.Below(3) == 0 ? Event::Kind::kBarrierAll : Event::Kind::kBarrier;
      // No pipe_barrier(PIPE_V) on a5 (§3.7).
      if (backend == Backend::kA5 && e.pipe == Pipe::kV) e.pipe = Pipe::kMte2;
    }
  }
  return events;
}

std::string Describe(const std::vector<Event>& events) {
  std::string out;
  for (size_t n = 0; n < events.size(); ++n) {
    const Event& e = events[n];
    switch (e.kind) {
      case Event::Kind::kOp:
        absl::StrAppend(&out, n, ": op ", PipeName(e.pipe), e.write ? " writes " : " reads ",
                        e.buffer, "\n");
        break;
      case Event::Kind::kSet:
      case Event::Kind::kWait:
        absl::StrAppend(&out, n, e.kind == Event::Kind::kSet ? ": set " : ": wait ",
                        PipeName(e.pipe), " ", PipeName(e.dst), " ", e.id, "\n");
        break;
      case Event::Kind::kBarrier:
        absl::StrAppend(&out, n, ": barrier ", PipeName(e.pipe), "\n");
        break;
      case Event::Kind::kBarrierAll:
        absl::StrAppend(&out, n, ": barrier all\n");
        break;
    }
  }
  return out;
}

std::string Describe(const Found& f) {
  std::string out = "races:";
  for (const auto& [b, a] : f.races) absl::StrAppend(&out, " ", b, "<-", a);
  absl::StrAppend(&out, "; reuse:");
  for (int n : f.reuse) absl::StrAppend(&out, " ", n);
  absl::StrAppend(&out, "; double set:");
  for (int n : f.double_set) absl::StrAppend(&out, " ", n);
  absl::StrAppend(&out, "; deadlock:");
  for (int n : f.deadlock) absl::StrAppend(&out, " ", n);
  absl::StrAppend(&out, "; busy:");
  for (int p : f.busy) absl::StrAppend(&out, " ", PipeName(static_cast<Pipe>(p)));
  absl::StrAppend(&out, "; left set:");
  for (int k : f.left_set) absl::StrAppend(&out, " ", k);
  return out;
}

}  // namespace pipe_order_oracle
}  // namespace ptoc

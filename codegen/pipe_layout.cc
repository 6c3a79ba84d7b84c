#include "codegen/pipe_layout.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codegen/pipes.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"
#include "ir/walk.h"

namespace ptoc {
namespace codegen {
namespace {

// FFTS flag ids a core has for its pipes.
constexpr int kFlagIds = 16;

const Location& LocOr(const Expr& e, const Location& fallback) {
  return e.loc.known() ? e.loc : fallback;
}

// One *_initialize_pipe op: its lane, its id there (the setup order), and
// the consumer buffers of its directions, named by (owner, name): the lane
// that reserves the buffer and the buffer's name.
struct Setup {
  int fn = 0;
  int id = 0;
  const Expr* op = nullptr;
  int64_t dir_mask = 0;
  std::vector<std::pair<std::string, std::string>> buffers;
};

// The setups of `f` (function index `index`): each buffer argument of its
// directions must be bound, at the top level, to a reserve or an import.
absl::StatusOr<std::vector<Setup>> SetupsOf(const Function& f, int index) {
  std::map<const Var*, const Expr*> buffer_ops;
  for (const Stmt* s : StmtsOf(*f.body)) {
    if (s->kind != StmtKind::kAssign || s->value == nullptr ||
        s->value->kind != ExprKind::kCall) {
      continue;
    }
    const OpLowering* l = LoweringOf(*s->value);
    if (l != nullptr && (l->kind == OpKind::kReserveBuffer || l->kind == OpKind::kImportBuffer)) {
      buffer_ops[s->var] = s->value.get();
    }
  }
  std::vector<Setup> setups;
  absl::Status status;
  ForEachCall(*f.body, [&](const Expr& call) {
    const OpLowering* l = LoweringOf(call);
    if (l == nullptr || !status.ok()) return;
    if (l->kind != OpKind::kAicInitPipe && l->kind != OpKind::kAivInitPipe) return;
    Setup s;
    s.fn = index;
    s.id = static_cast<int>(setups.size());
    s.op = &call;
    s.dir_mask = IntAttr(call, "dir_mask", 0);
    // Argument 0 is the cube-to-vector consumer buffer, 1 the other one.
    for (int dir = 0; dir < 2; ++dir) {
      if ((s.dir_mask & (1 << dir)) == 0) continue;
      const Expr* arg = dir < static_cast<int>(call.args.size()) ? call.args[dir].get() : nullptr;
      auto it = arg != nullptr && arg->kind == ExprKind::kVar ? buffer_ops.find(arg->var)
                                                                : buffer_ops.end();
      if (it == buffer_ops.end()) {
        status = ErrorAt(
            LocOr(arg != nullptr ? *arg : call, LocOr(call, f.loc)),
            absl::StrCat("the ", dir == 0 ? "cube-to-vector" : "vector-to-cube",
                         " consumer buffer of this pipe must be a variable bound to "
                         "system.reserve_buffer or system.import_peer_buffer at the kernel's "
                         "top level: that buffer is how the two lanes' pipe setups are "
                         "paired (ptoas rejects a pipe it cannot pair)"));
        return;
      }
      const Expr& buffer = *it->second;
      const std::string name = StringAttr(buffer, "name");
      const bool reserved = LoweringOf(buffer)->kind == OpKind::kReserveBuffer;
      s.buffers.emplace_back(reserved ? f.name : StringAttr(buffer, "peer_func"), name);
    }
    setups.push_back(std::move(s));
  });
  if (!status.ok()) return status;
  return setups;
}

// Two setups, one in each lane, that share their consumer buffers: one pipe.
struct Pipe {
  std::vector<const Setup*> ends;
  int creation = 0;
  int flag_id = 0;
  GmRings gm;
  bool no_split = false;
};

// Pairs the setups of all lanes as ptoas does (through their buffers), and
// rejects a setup without exactly one peer of the same shape.
absl::StatusOr<std::vector<Pipe>> PairSetups(const Program& program,
                                             const std::vector<std::vector<Setup>>& lanes) {
  std::map<std::pair<std::string, std::string>, std::vector<const Setup*>> by_buffer;
  std::vector<const Setup*> all;
  for (const std::vector<Setup>& lane : lanes) {
    for (const Setup& s : lane) {
      all.push_back(&s);
      for (const auto& b : s.buffers) by_buffer[b].push_back(&s);
    }
  }
  std::map<const Setup*, int> pipe_of;
  std::vector<Pipe> pipes;
  for (const Setup* s : all) {
    if (pipe_of.count(s) > 0) continue;
    // The setups reachable through shared buffers.
    std::vector<const Setup*> group = {s};
    std::set<const Setup*> seen = {s};
    for (size_t i = 0; i < group.size(); ++i) {
      for (const auto& b : group[i]->buffers) {
        for (const Setup* other : by_buffer[b]) {
          if (seen.insert(other).second) group.push_back(other);
        }
      }
    }
    const Function& fn = *program.functions[s->fn];
    const Location& loc = LocOr(*s->op, fn.loc);
    const bool two_lanes = group.size() == 2 && group[0]->fn != group[1]->fn;
    if (s->buffers.empty()) {  // the verifier rejects a dir_mask without a direction
      return ErrorAt(loc, "this pipe sets up no direction (dir_mask must be 1, 2 or 3)");
    }
    if (!two_lanes) {
      const auto& b = s->buffers.front();
      return ErrorAt(loc, absl::StrCat(
                              "the pipe set up here has ",
                              group.size() < 2 ? "no peer" : "more than one peer",
                              ": exactly one other AIC or AIV function must set up a pipe on "
                              "the buffer '", b.second, "' of '", b.first,
                              "' (system.import_peer_buffer(name=\"", b.second,
                              "\", peer_func=\"", b.first, "\") and its *_initialize_pipe), "
                              "as expand-mixed-kernel does"));
    }
    const Setup& other = *(group[0] == s ? group[1] : group[0]);
    for (const char* attr : {"dir_mask", "slot_size", "slot_num"}) {
      const int64_t fallback = std::string(attr) == "slot_num" ? 2 : 0;
      if (IntAttr(*s->op, attr, fallback) != IntAttr(*other.op, attr, fallback)) {
        return ErrorAt(loc, absl::StrCat("this pipe's ", attr, " (",
                                         IntAttr(*s->op, attr, fallback), ") differs from ",
                                         IntAttr(*other.op, attr, fallback), " in its peer '",
                                         program.functions[other.fn]->name,
                                         "': both ends of a pipe must agree"));
      }
    }
    Pipe p;
    p.ends = group;
    p.creation = static_cast<int>(pipes.size());
    for (const Setup* e : group) pipe_of[e] = p.creation;
    pipes.push_back(std::move(p));
  }
  return pipes;
}

// IsNoSplit: the split codes of every transfer on the pipe, in both lanes.
// A pipe without transfers takes ptoas's default, false.
absl::Status InferSplit(const Program& program, Pipe* pipe) {
  std::map<int64_t, const Expr*> codes;
  for (const Setup* end : pipe->ends) {
    ForEachCall(*program.functions[end->fn]->body, [&](const Expr& call) {
      const OpLowering* l = LoweringOf(call);
      if (l == nullptr || !IsPipeTransfer(l->kind) || IntAttr(call, "id", 0) != end->id) return;
      codes.emplace(IntAttr(call, "split", 0), &call);
    });
  }
  const bool unsplit = codes.count(0) > 0;
  if (unsplit && codes.size() > 1) {
    const Expr& split = *codes.rbegin()->second;
    const Expr& first = *codes.begin()->second;
    DiagnosticSink d;
    d.Error(LocOr(split, program.loc),
            absl::StrCat("pipe ", pipe->ends[0]->id, " carries both split (split=",
                         codes.rbegin()->first, ") and unsplit (split=0) transfers; a pipe "
                         "is either split between the two vector lanes or not (TPipe's "
                         "IsNoSplit)"));
    d.Note(LocOr(first, program.loc), "the unsplit transfer");
    return d.ToStatus();
  }
  pipe->no_split = unsplit;
  return absl::OkStatus();
}

// The pipes in the order ptoas allocates their flags: (lowest setup id,
// direction, creation).
std::vector<Pipe*> FlagOrder(std::vector<Pipe>* pipes) {
  std::vector<Pipe*> order;
  for (Pipe& p : *pipes) order.push_back(&p);
  auto key = [](const Pipe* p) {
    int id = p->ends[0]->id;
    for (const Setup* e : p->ends) id = std::min(id, e->id);
    return std::make_tuple(id, p->ends[0]->dir_mask, p->creation);
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](const Pipe* a, const Pipe* b) { return key(a) < key(b); });
  return order;
}

// FlagIDs as ptoas allocates them: each pipe at the lowest even base free
// in both lanes.
absl::Status AllocateFlags(const Program& program, const std::vector<Pipe*>& order) {
  std::map<int, std::vector<std::pair<int, int>>> used;  // function -> [begin, end)
  for (Pipe* p : order) {
    const int width = p->ends[0]->dir_mask == 3 ? 4 : 2;
    int base = 0;
    for (;; base += 2) {
      bool free = true;
      for (const Setup* e : p->ends) {
        for (const auto& [b, end] : used[e->fn]) free &= base + width <= b || end <= base;
      }
      if (free) break;
    }
    if (base + width > kFlagIds) {
      const Setup& s = *p->ends[0];
      return ErrorAt(LocOr(*s.op, program.functions[s.fn]->loc),
                     absl::StrCat("the pipes of '", program.functions[s.fn]->name, "' need ",
                                  base + width, " FFTS flags, more than the ", kFlagIds,
                                  " a core has (2 per direction of each pipe)"));
    }
    p->flag_id = base;
    for (const Setup* e : p->ends) used[e->fn].emplace_back(base, base + width);
  }
  return absl::OkStatus();
}

// a2a3: the rings of each pipe in gm_pipe_buffer, in the same order, each
// pipe after everything either of its lanes placed before it.
void PlaceGmRings(const std::vector<Pipe*>& order) {
  std::map<int, int64_t> placed;  // function -> bytes of gm_pipe_buffer taken
  for (Pipe* p : order) {
    int64_t base = 0;
    for (const Setup* e : p->ends) base = std::max(base, placed[e->fn]);
    const Expr& op = *p->ends[0]->op;
    p->gm = PlaceRings(base, p->ends[0]->dir_mask, IntAttr(op, "slot_num", 2),
                       IntAttr(op, "slot_size", 0));
    for (const Setup* e : p->ends) placed[e->fn] = p->gm.end;
  }
}

}  // namespace

GmRings PlaceRings(int64_t base, int64_t dir_mask, int64_t slot_num, int64_t slot_size) {
  GmRings r;
  r.base = base;
  r.ring = slot_num * slot_size;
  r.end = base;
  if (dir_mask & 1) {
    r.c2v = r.end;
    r.end += r.ring;
  }
  if (dir_mask & 2) {
    r.v2c = r.end;
    r.end += r.ring;
  }
  return r;
}

bool IsPipeTransfer(OpKind kind) {
  switch (kind) {
    case OpKind::kPushToAiv: case OpKind::kPushToAic: case OpKind::kPopFromAic:
    case OpKind::kPopFromAiv: case OpKind::kFreeToAic: case OpKind::kFreeToAiv:
      return true;
    default:
      return false;
  }
}

absl::StatusOr<std::vector<std::vector<PipeParams>>> PlanPipes(
    const Program& program, const std::vector<KernelAbi>& abis, Backend backend) {
  const size_t n = program.functions.size();
  std::vector<std::vector<Setup>> lanes(n);
  for (size_t i = 0; i < n; ++i) {
    if (!abis[i].emitted) continue;
    ASSIGN_OR_RETURN(lanes[i], SetupsOf(*program.functions[i], static_cast<int>(i)));
  }
  ASSIGN_OR_RETURN(std::vector<Pipe> pipes, PairSetups(program, lanes));
  for (Pipe& p : pipes) {
    RETURN_IF_ERROR(InferSplit(program, &p));
  }
  const std::vector<Pipe*> order = FlagOrder(&pipes);
  RETURN_IF_ERROR(AllocateFlags(program, order));
  if (backend == Backend::kA2A3) PlaceGmRings(order);

  std::vector<std::vector<PipeParams>> params(n);
  for (size_t i = 0; i < n; ++i) params[i].resize(lanes[i].size());
  for (const Pipe& p : pipes) {
    for (const Setup* e : p.ends) {
      PipeParams& q = params[e->fn][e->id];
      q.flag_id = p.flag_id;
      q.local_slot_num = backend == Backend::kA2A3 ? IntAttr(*e->op, "slot_num", 2) : 2;
      q.no_split = p.no_split;
      q.gm = p.gm;
      q.setup = e->op;
    }
  }
  return params;
}

int64_t GmWorkspaceBytes(const std::vector<PipeParams>& pipes) {
  int64_t bytes = 0;
  for (const PipeParams& p : pipes) bytes = std::max(bytes, p.gm.end);
  return bytes;
}

std::string DescribeGmWorkspace(const std::vector<PipeParams>& pipes, int64_t bytes) {
  std::string text = absl::StrCat("gm_pipe_buffer: ", bytes, " bytes");
  for (size_t id = 0; id < pipes.size(); ++id) {
    const GmRings& gm = pipes[id].gm;
    absl::StrAppend(&text, "; pipe ", id, ":");
    const char* sep = " ";
    for (const auto& [name, first] :
         {std::make_pair("C2V", gm.c2v), std::make_pair("V2C", gm.v2c)}) {
      if (first < 0) continue;
      absl::StrAppend(&text, sep, name, " ring [", first, ", ", first + gm.ring, ")");
      sep = ", ";
    }
  }
  return text;
}

absl::StatusOr<std::map<const Expr*, PipeParams>> PipesBySetup(const Program& program) {
  ASSIGN_OR_RETURN(Backend backend, BackendOf(program));
  ASSIGN_OR_RETURN(std::vector<KernelAbi> abis, ComputeKernelAbis(program, backend));
  ASSIGN_OR_RETURN(std::vector<std::vector<PipeParams>> pipes, PlanPipes(program, abis, backend));
  std::map<const Expr*, PipeParams> by_setup;
  for (const std::vector<PipeParams>& lane : pipes) {
    for (const PipeParams& p : lane) by_setup[p.setup] = p;
  }
  return by_setup;
}

}  // namespace codegen
}  // namespace ptoc

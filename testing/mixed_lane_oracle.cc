#include "testing/mixed_lane_oracle.h"

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace {

enum class EventKind { kAccess, kPush, kPop, kFree, kFence, kInvalidate, kSyncAll };

struct Event {
  EventKind kind = EventKind::kAccess;
  std::string key;  // kAccess: "line:col#occurrence" of the call
  int tensor = -1;  // kAccess: the parameter accessed
  bool write = false;
  bool scalar_cache = false;
  int dir = 0;  // kPush/kPop/kFree: 0 = C2V, 1 = V2C
};

struct Value {
  int64_t i = 0;
  int tensor = -1;  // a GM tensor: the parameter it is
};

constexpr int kMaxEvents = 200000;

Event Marker(EventKind kind, int dir = 0) {
  Event e;
  e.kind = kind;
  e.dir = dir;
  return e;
}

// Executes a function's control flow for given scalar parameters, recording
// GM accesses and synchronisation.
class Interpreter {
 public:
  Interpreter(const Function& f, int64_t scalar) : f_(f) {
    for (size_t i = 0; i < f.params.size(); ++i) {
      const Var* v = f.params[i].var;
      env_[v] = v->type.is_tensor() ? Value{0, static_cast<int>(i)} : Value{scalar, -1};
    }
  }

  absl::Status Run() { return Exec(*f_.body); }
  const std::vector<Event>& events() const { return events_; }

 private:
  Value ValueOf(const Expr& e) {
    if (e.kind == ExprKind::kVar) return env_[e.var];
    return Value{Eval(e), -1};
  }

  static int64_t FloorDiv(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
  }

  int64_t Eval(const Expr& e) {
    switch (e.kind) {
      case ExprKind::kInt: return e.int_value;
      case ExprKind::kBool: return e.bool_value ? 1 : 0;
      case ExprKind::kVar: return env_[e.var].i;
      case ExprKind::kUnary: {
        int64_t v = Eval(*e.args[0]);
        if (e.unary_op == UnaryOp::kBitNot) return ~v;
        return e.unary_op == UnaryOp::kNeg ? -v : !v;
      }
      case ExprKind::kBinary: {
        int64_t a = Eval(*e.args[0]);
        int64_t b = Eval(*e.args[1]);
        switch (e.binary_op) {
          case BinaryOp::kAdd: return a + b;
          case BinaryOp::kSub: return a - b;
          case BinaryOp::kMul: return a * b;
          case BinaryOp::kFloorDiv: return b == 0 ? 0 : FloorDiv(a, b);
          case BinaryOp::kMod: return b == 0 ? 0 : a - FloorDiv(a, b) * b;
          case BinaryOp::kDiv: return b == 0 ? 0 : a / b;
          case BinaryOp::kEq: return a == b;
          case BinaryOp::kNe: return a != b;
          case BinaryOp::kLt: return a < b;
          case BinaryOp::kLe: return a <= b;
          case BinaryOp::kGt: return a > b;
          case BinaryOp::kGe: return a >= b;
          case BinaryOp::kAnd: return a && b;
          case BinaryOp::kOr: return a || b;
        }
        return 0;
      }
      default:
        return 0;  // calls in expressions (tensor.read, ...) carry no data here
    }
  }

  void Access(const Expr& call, int tensor_arg, bool write, bool scalar_cache) {
    std::string site = absl::StrCat(call.loc.line, ":", call.loc.col);
    Event e;
    e.key = absl::StrCat(site, "#", occurrences_[site]++);
    e.tensor = tensor_arg >= 0 && tensor_arg < static_cast<int>(call.args.size())
                   ? ValueOf(*call.args[tensor_arg]).tensor
                   : -1;
    e.write = write;
    e.scalar_cache = scalar_cache;
    events_.push_back(e);
  }

  absl::Status Leaf(const Stmt& s) {
    const Expr* call = CallOf(s);
    if (call == nullptr) {
      if (s.kind == StmtKind::kAssign) env_[s.var] = ValueOf(*s.value);
      return absl::OkStatus();
    }
    Value result = Call(*call);
    if (s.kind == StmtKind::kAssign) env_[s.var] = result;
    if (events_.size() > kMaxEvents) return absl::ResourceExhaustedError("too many events");
    return absl::OkStatus();
  }

  // The events of one op call; its value.
  Value Call(const Expr& c) {
    const Expr* call = &c;
    Value result;
    const OpInfo* info = LookupOp(*call);
    if (info != nullptr) {
      int dir = info->pipe == PipeDirection::kV2C ? 1 : 0;
      switch (info->role) {
        case OpRole::kGmLoad: Access(*call, info->access.tensor_arg, false, false); break;
        case OpRole::kScalarRead: Access(*call, info->access.tensor_arg, false, true); break;
        case OpRole::kGmStore:
          Access(*call, info->access.tensor_arg, true, false);
          result = ValueOf(*call->args[info->access.tensor_arg]);
          break;
        case OpRole::kScalarWrite: Access(*call, info->access.tensor_arg, true, true); break;
        case OpRole::kGet: Access(*call, info->access.tensor_arg, true, false); break;
        case OpRole::kRemoteWrite:
          if (info->ParamIndex("src") >= 0) Access(*call, info->ParamIndex("src"), false, false);
          break;
        case OpRole::kPush: events_.push_back(Marker(EventKind::kPush, dir)); break;
        case OpRole::kPop: events_.push_back(Marker(EventKind::kPop, dir)); break;
        case OpRole::kFree: events_.push_back(Marker(EventKind::kFree, dir)); break;
        case OpRole::kFence: events_.push_back(Marker(EventKind::kFence)); break;
        case OpRole::kCacheInvalidate:
          if (call->args.empty()) events_.push_back(Marker(EventKind::kInvalidate));
          break;
        case OpRole::kSyncAll: events_.push_back(Marker(EventKind::kSyncAll)); break;
        default: break;
      }
    }
    return result;
  }

  absl::Status Exec(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::kSeq:
        for (const StmtPtr& child : s.stmts) {
          RETURN_IF_ERROR(Exec(*child));
        }
        return absl::OkStatus();
      case StmtKind::kAssign:
      case StmtKind::kEval:
        return Leaf(s);
      case StmtKind::kYield:
        yielded_.clear();
        for (const ExprPtr& v : s.values) yielded_.push_back(ValueOf(*v));
        return absl::OkStatus();
      case StmtKind::kReturn:
        // `return pl.tile.store(t, offsets, out)`: the store happens.
        for (const ExprPtr& v : s.values) {
          if (v->kind == ExprKind::kCall) Call(*v);
        }
        return absl::OkStatus();
      case StmtKind::kFor: {
        int64_t start = Eval(*s.start), stop = Eval(*s.stop), step = Eval(*s.step);
        if (step == 0) return absl::InvalidArgumentError("loop with step 0");
        std::vector<Value> carried;
        for (const ExprPtr& init : s.init_values) carried.push_back(ValueOf(*init));
        for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) {
          if (s.var != nullptr) env_[s.var] = Value{i, -1};
          for (size_t k = 0; k < s.iter_args.size(); ++k) env_[s.iter_args[k]] = carried[k];
          RETURN_IF_ERROR(Exec(*s.body));
          if (!s.iter_args.empty()) carried = yielded_;
        }
        for (size_t k = 0; k < s.results.size() && k < carried.size(); ++k) {
          env_[s.results[k]] = carried[k];
        }
        return absl::OkStatus();
      }
      case StmtKind::kIf: {
        const Stmt* body = Eval(*s.value) ? s.body.get() : s.else_body.get();
        yielded_.clear();
        if (body != nullptr) {
          RETURN_IF_ERROR(Exec(*body));
        }
        for (size_t k = 0; k < s.results.size() && k < yielded_.size(); ++k) {
          env_[s.results[k]] = yielded_[k];
        }
        return absl::OkStatus();
      }
      case StmtKind::kWhile:
        for (int guard = 0; Eval(*s.value); ++guard) {
          if (guard > 1000) return absl::ResourceExhaustedError("while loop does not end");
          RETURN_IF_ERROR(Exec(*s.body));
        }
        return absl::OkStatus();
      case StmtKind::kScope:
      case StmtKind::kSplitAiv:
        return Exec(*s.body);
      case StmtKind::kBreak:
      case StmtKind::kContinue:
      case StmtKind::kUnpack:
      case StmtKind::kSetItem:
        return absl::UnimplementedError("the oracle does not model this statement");
    }
    return absl::OkStatus();
  }

  const Function& f_;
  absl::flat_hash_map<const Var*, Value> env_;
  absl::flat_hash_map<std::string, int> occurrences_;
  std::vector<Value> yielded_;
  std::vector<Event> events_;
};

int64_t SlotNum(const Stmt& s) {
  if (const Expr* call = CallOf(s); call != nullptr && RoleOf(*call) == OpRole::kInitPipe) {
    const Expr* n = AttrOrDefault(*call, "slot_num");
    return n != nullptr ? n->int_value : 2;
  }
  for (const StmtPtr& child : s.stmts) {
    if (int64_t n = SlotNum(*child)) return n;
  }
  return 0;
}

struct LaneRun {
  const char* name;
  std::vector<Event> events;
  std::vector<int> known;  // per event: the last event of the other lane known to precede it
  size_t pc = 0;
  int known_other = -1;
  int syncalls = 0;
};

// Runs both lanes against each other; fills LaneRun::known.
absl::Status Simulate(LaneRun lanes[2], int64_t slot_num) {
  std::deque<int> queue[2];  // push indices in flight, per direction
  int64_t occupied[2] = {0, 0};
  for (int i = 0; i < 2; ++i) lanes[i].known.assign(lanes[i].events.size(), -1);
  bool progress = true;
  while (progress) {
    progress = false;
    for (int me = 0; me < 2; ++me) {
      LaneRun& l = lanes[me];
      LaneRun& other = lanes[1 - me];
      while (l.pc < l.events.size()) {
        const Event& e = l.events[l.pc];
        if (e.kind == EventKind::kPush) {
          if ((e.dir == 0) != (me == 0)) return absl::InternalError("push on the wrong lane");
          if (occupied[e.dir] >= slot_num) break;
          ++occupied[e.dir];
          queue[e.dir].push_back(static_cast<int>(l.pc));
        } else if (e.kind == EventKind::kPop) {
          if (queue[e.dir].empty()) break;
          l.known_other = std::max(l.known_other, queue[e.dir].front());
          queue[e.dir].pop_front();
        } else if (e.kind == EventKind::kFree) {
          --occupied[e.dir];
        } else if (e.kind == EventKind::kSyncAll) {
          bool other_waits = other.pc < other.events.size() &&
                             other.events[other.pc].kind == EventKind::kSyncAll &&
                             other.syncalls == l.syncalls;
          if (!other_waits) break;
          l.known_other = std::max(l.known_other, static_cast<int>(other.pc));
          other.known_other = std::max(other.known_other, static_cast<int>(l.pc));
          other.known[other.pc] = other.known_other;
          ++other.pc;
          ++other.syncalls;
          ++l.syncalls;
        }
        l.known[l.pc] = l.known_other;
        ++l.pc;
        progress = true;
      }
    }
  }
  for (int i = 0; i < 2; ++i) {
    const LaneRun& l = lanes[i];
    if (l.pc < l.events.size()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "deadlock: the ", l.name, " lane is stuck at event ", l.pc, " of ", l.events.size()));
    }
  }
  return absl::OkStatus();
}

// The first event of `kind` after `from` on lane `l`, or -1.
int NextOf(const LaneRun& l, int from, EventKind kind) {
  for (size_t i = from + 1; i < l.events.size(); ++i) {
    if (l.events[i].kind == kind) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

absl::Status CheckLaneExecution(const Function& kernel, const Function& aic,
                                const Function& aiv, int64_t scalar) {
  Interpreter original(kernel, scalar);
  RETURN_IF_ERROR(original.Run());
  LaneRun lanes[2] = {{"AIC", {}, {}}, {"AIV", {}, {}}};
  const Function* fns[2] = {&aic, &aiv};
  for (int i = 0; i < 2; ++i) {
    Interpreter run(*fns[i], scalar);
    RETURN_IF_ERROR(run.Run());
    lanes[i].events = run.events();
  }
  // Every access of the kernel, once, on one lane.
  struct Placed {
    int lane;
    int index;
  };
  absl::flat_hash_map<std::string, Placed> where;
  for (int i = 0; i < 2; ++i) {
    for (size_t k = 0; k < lanes[i].events.size(); ++k) {
      const Event& e = lanes[i].events[k];
      if (e.kind != EventKind::kAccess) continue;
      if (!where.emplace(e.key, Placed{i, static_cast<int>(k)}).second) {
        return absl::FailedPreconditionError(absl::StrCat("access ", e.key, " runs on both lanes"));
      }
    }
  }
  std::vector<Placed> placed;
  for (const Event& e : original.events()) {
    if (e.kind != EventKind::kAccess) continue;
    auto it = where.find(e.key);
    if (it == where.end()) {
      return absl::FailedPreconditionError(absl::StrCat("access ", e.key, " is lost"));
    }
    const Event& lane_event = lanes[it->second.lane].events[it->second.index];
    if (lane_event.tensor != e.tensor || lane_event.write != e.write) {
      return absl::FailedPreconditionError(absl::StrCat("access ", e.key, " changed"));
    }
    placed.push_back(it->second);
    where.erase(it);
  }
  if (!where.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat("access ",
                     std::min_element(where.begin(), where.end(),
                                      [](const auto& a, const auto& b) { return a.first < b.first; })
                         ->first,
                     " is not in the kernel"));
  }
  RETURN_IF_ERROR(Simulate(lanes, SlotNum(*aic.body)));

  std::vector<const Event*> accesses;
  for (const Event& e : original.events()) {
    if (e.kind == EventKind::kAccess) accesses.push_back(&e);
  }
  for (size_t i = 0; i < accesses.size(); ++i) {
    for (size_t j = i + 1; j < accesses.size(); ++j) {
      const Event& first = *accesses[i];
      const Event& second = *accesses[j];
      if (placed[i].lane == placed[j].lane || first.tensor != second.tensor ||
          !(first.write || second.write)) {
        continue;
      }
      const LaneRun& x = lanes[placed[i].lane];
      const LaneRun& y = lanes[placed[j].lane];
      int after = placed[i].index;
      if (first.write && first.scalar_cache) after = NextOf(x, after, EventKind::kInvalidate);
      int fence = after < 0 ? -1 : NextOf(x, after, EventKind::kFence);
      bool ordered = fence >= 0 && y.known[placed[j].index] >= fence;
      if (ordered && second.scalar_cache && !second.write) {
        int invalidate = -1;
        for (int k = placed[j].index - 1; k >= 0 && invalidate < 0; --k) {
          if (y.events[k].kind == EventKind::kInvalidate) invalidate = k;
        }
        ordered = invalidate >= 0 && y.known[invalidate] >= fence;
      }
      if (!ordered) {
        return absl::FailedPreconditionError(absl::StrCat(
            "unordered: ", first.write ? "write " : "read ", first.key, " on ", x.name,
            " and ", second.write ? "write " : "read ", second.key, " on ", y.name,
            " of parameter ", first.tensor));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace ptoc

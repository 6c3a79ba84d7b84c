#include "runtime/simulator.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <system_error>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "runtime/interpreter.h"
#include "runtime/scheduler.h"
#include "runtime/tensor_files.h"
#include "runtime/world.h"

namespace ptoc {
namespace sim {
namespace {

// One lane of the launch on each rank: the function it runs and, for each
// of its parameters, the entry parameter passed to it.
// Every simulated GM byte carries its provenance and a read mark per lane
// (8 bytes each), so the simulated GM, and GM times lanes, are bounded to
// stay well below the host's memory.
constexpr uint64_t kMaxGmBytes = uint64_t{64} << 20;
constexpr uint64_t kMaxGmLaneBytes = uint64_t{256} << 20;
constexpr int kMaxRanks = 1024;

struct LanePlan {
  const Function* function = nullptr;
  LaneCore core = LaneCore::kMixed;
  std::vector<int> args;
  FunctionCode code;
};

struct Launch {
  const Function* entry = nullptr;
  std::vector<LanePlan> lanes;
  std::vector<Value> scalars;                  // per entry parameter (kNone: a tensor)
  std::vector<std::vector<int64_t>> shapes;    // per entry parameter (tensors)
  std::vector<std::vector<std::vector<uint8_t>>> contents;  // [rank][parameter]
};

absl::StatusOr<LaneCore> CoreOf(const Function& f, const Location& at) {
  switch (f.kind) {
    case FunctionKind::kAIC: return LaneCore::kAic;
    case FunctionKind::kAIV: return LaneCore::kAiv;
    case FunctionKind::kInCore: return LaneCore::kMixed;
    default:
      return ErrorAt(at, absl::StrCat("ptoc-sim launches AIC, AIV, InCore and Group "
                                      "functions; '", f.name, "' is ",
                                      FunctionKindName(f.kind)));
  }
}

absl::Status PlanLanes(const Program& program, Launch& launch) {
  const Function& entry = *launch.entry;
  if (entry.kind != FunctionKind::kGroup) {
    absl::StatusOr<LaneCore> core = CoreOf(entry, entry.loc);
    if (!core.ok()) return core.status();
    LanePlan plan{&entry, *core, {}, {}};
    for (size_t i = 0; i < entry.params.size(); ++i) plan.args.push_back(static_cast<int>(i));
    launch.lanes.push_back(std::move(plan));
    return absl::OkStatus();
  }
  std::vector<const Stmt*> calls;
  if (entry.body->kind == StmtKind::kSeq) {
    for (const StmtPtr& s : entry.body->stmts) calls.push_back(s.get());
  } else {
    calls.push_back(entry.body.get());
  }
  for (const Stmt* s : calls) {
    if (s->kind == StmtKind::kReturn && s->values.empty()) continue;
    const Expr* call = CallOf(*s);
    if (s->kind != StmtKind::kEval || call == nullptr || !call->is_function_call) {
      return ErrorAt(s->loc, "ptoc-sim expects a Group body to be calls of its lanes");
    }
    const Function* callee = program.FindFunction(call->str);
    if (callee == nullptr) {
      return ErrorAt(call->loc, absl::StrCat("no function '", call->str, "'"));
    }
    absl::StatusOr<LaneCore> core = CoreOf(*callee, call->loc);
    if (!core.ok()) return core.status();
    LanePlan plan{callee, *core, {}, {}};
    for (const ExprPtr& a : call->args) {
      int param = -1;
      for (size_t i = 0; i < entry.params.size(); ++i) {
        if (a->kind == ExprKind::kVar && a->var == entry.params[i].var) param = static_cast<int>(i);
      }
      if (param < 0) {
        return ErrorAt(a->loc, "ptoc-sim expects the lanes of a Group to get its parameters");
      }
      plan.args.push_back(param);
    }
    if (plan.args.size() != callee->params.size()) {
      return ErrorAt(call->loc, absl::StrCat("'", callee->name, "' takes ",
                                             callee->params.size(), " arguments"));
    }
    launch.lanes.push_back(std::move(plan));
  }
  if (launch.lanes.empty()) return ErrorAt(entry.loc, "the Group launches no lane");
  return absl::OkStatus();
}

absl::StatusOr<Value> ParseScalar(const std::string& name, const std::string& text,
                                  DType dtype) {
  int64_t i = 0;
  double f = 0;
  if (dtype == DType::kBOOL) {
    if (text == "true" || text == "1") return Value::Bool(true);
    if (text == "false" || text == "0") return Value::Bool(false);
  } else if (IsFloatDType(dtype)) {
    if (absl::SimpleAtod(text, &f)) return Value::Float(RoundToDType(f, dtype));
  } else if (absl::SimpleAtoi(text, &i)) {
    return Value::Int(i);
  }
  return absl::InvalidArgumentError(absl::StrCat("error: --scalar ", name, "=", text,
                                                 ": not a ", DTypeName(dtype), " value"));
}

absl::Status ResolveParams(const SimOptions& options, Launch& launch) {
  const Function& entry = *launch.entry;
  const size_t n = entry.params.size();
  launch.scalars.assign(n, Value());
  launch.shapes.assign(n, {});
  for (const auto& [name, text] : options.scalars) {
    bool found = false;
    for (size_t i = 0; i < n; ++i) {
      const Var& v = *entry.params[i].var;
      if (v.name != name || !v.type.is_scalar()) continue;
      absl::StatusOr<Value> value = ParseScalar(name, text, v.type.dtype());
      if (!value.ok()) return value.status();
      launch.scalars[i] = *value;
      found = true;
    }
    if (!found) {
      return absl::InvalidArgumentError(absl::StrCat(
          "error: --scalar ", name, ": '", entry.name, "' has no scalar parameter '", name, "'"));
    }
  }
  for (size_t i = 0; i < n; ++i) {
    const Var& v = *entry.params[i].var;
    if (v.type.is_scalar()) {
      if (launch.scalars[i].kind == Value::Kind::kNone) {
        return absl::InvalidArgumentError(absl::StrCat(
            "error: the scalar parameter '", v.name, "' needs --scalar ", v.name, "=VALUE"));
      }
      continue;
    }
    if (!v.type.is_tensor()) {
      return ErrorAt(v.loc, absl::StrCat("ptoc-sim cannot pass the parameter '", v.name,
                                         "' of type ", TypeToString(v.type)));
    }
    for (const Dim& d : v.type.shape()) {
      if (d.is_static()) {
        launch.shapes[i].push_back(d.value);
        continue;
      }
      int64_t value = -1;
      for (size_t j = 0; j < n; ++j) {
        if (entry.params[j].var->name == d.symbol &&
            launch.scalars[j].kind == Value::Kind::kInt) {
          value = launch.scalars[j].i;
        }
      }
      if (value < 0) {
        return ErrorAt(v.loc, absl::StrCat("the dim '", d.symbol, "' of '", v.name,
                                           "' needs a non-negative integer --scalar"));
      }
      launch.shapes[i].push_back(value);
    }
  }
  return absl::OkStatus();
}

absl::Status LoadContents(const SimOptions& options, Launch& launch) {
  const Function& entry = *launch.entry;
  launch.contents.assign(options.ranks, std::vector<std::vector<uint8_t>>(entry.params.size()));
  for (int rank = 0; rank < options.ranks; ++rank) {
    for (size_t i = 0; i < entry.params.size(); ++i) {
      const Var& v = *entry.params[i].var;
      if (!v.type.is_tensor()) continue;
      int64_t elements = 1;
      for (int64_t d : launch.shapes[i]) elements *= d;
      std::optional<std::vector<uint8_t>> bytes;
      if (!options.inputs_dir.empty()) {
        auto read = ReadTensorFile(TensorFilePath(options.inputs_dir, v.name, rank),
                                   elements, v.type.dtype());
        if (!read.ok()) return read.status();
        bytes = std::move(*read);
      }
      if (!bytes.has_value()) {
        bytes = v.type.is_distributed()
                    ? std::vector<uint8_t>(elements * DTypeBytes(v.type.dtype()), 0)
                    : SeededPattern(options.seed, rank, static_cast<int>(i), elements,
                                    v.type.dtype());
      }
      launch.contents[rank][i] = std::move(*bytes);
    }
  }
  return absl::OkStatus();
}

void SetUpWorld(World& w, const Launch& launch, const SimOptions& options) {
  const Function& entry = *launch.entry;
  for (int rank = 0; rank < options.ranks; ++rank) {
    for (size_t i = 0; i < entry.params.size(); ++i) {
      const Var& v = *entry.params[i].var;
      if (!v.type.is_tensor()) continue;
      w.machine.Allocate(v.name, rank, static_cast<int>(i), launch.shapes[i], v.type.dtype(),
                         v.type.is_distributed());
    }
  }
  for (int a = 0; a < w.machine.num_allocations(); ++a) {
    const Allocation& alloc = w.machine.allocation(a);
    w.machine.Initialize(alloc.base, launch.contents[alloc.rank][alloc.param]);
  }
  const int lanes = options.ranks * static_cast<int>(launch.lanes.size());
  w.shadow->Reset(w.machine.size(), lanes);
  w.barriers.resize(options.ranks * 3);
  w.a5 = options.backend == "a5";
  for (int rank = 0; rank < options.ranks; ++rank) {
    for (const LanePlan& plan : launch.lanes) {
      LaneState l;
      l.id = static_cast<int>(w.lanes.size());
      l.rank = rank;
      l.core = plan.core;
      l.code = &plan.code;
      l.env.resize(plan.code.num_vars);
      l.loop_stop.resize(plan.code.num_loops);
      l.loop_step.resize(plan.code.num_loops);
      for (size_t k = 0; k < plan.args.size(); ++k) {
        int param = plan.args[k];
        Value value = launch.scalars[param].kind != Value::Kind::kNone
                          ? launch.scalars[param]
                          : Value::Tensor(w.machine.FindAllocation(param, rank));
        l.env[plan.function->params[k].var->id] = value;
      }
      w.lanes.push_back(std::move(l));
    }
  }
}

std::vector<SourceRef> Positions(World& w, Interpreter& interpreter) {
  std::vector<SourceRef> refs;
  for (const LaneState& l : w.lanes) {
    if (!l.finished) refs.push_back(interpreter.Position(l.id));
  }
  return refs;
}

void ReportOutcome(World& w, Interpreter& interpreter, ScheduleOutcome outcome,
                   const SimOptions& options) {
  if (outcome == ScheduleOutcome::kDeadlock) {
    Finding f;
    f.kind = FindingKind::kDeadlock;
    f.locations = Positions(w, interpreter);
    f.message = absl::StrCat("every lane still running is blocked (",
                             f.locations.size(), " of ", w.lanes.size(), " lanes)");
    w.AddFinding(std::move(f), -1);
    return;
  }
  if (outcome == ScheduleOutcome::kStepLimit) {
    Finding f;
    f.kind = FindingKind::kLivelock;
    f.locations = Positions(w, interpreter);
    f.message = absl::StrCat("the schedule reached --max-steps=", options.max_steps,
                             " before every lane finished (a possible livelock)");
    w.AddFinding(std::move(f), -1);
    for (const LaneState& l : w.lanes) {
      if (l.finished || !interpreter.BlockedInWait(l.id)) continue;
      Finding p;
      p.kind = FindingKind::kProtocolError;
      p.message = absl::StrCat("a wait that never completed within --max-steps=",
                               options.max_steps);
      p.locations.push_back(interpreter.Position(l.id));
      w.AddFinding(std::move(p), l.id);
    }
    return;
  }
  for (int rank = 0; rank < w.ranks; ++rank) {
    for (PipeDir dir : {PipeDir::kC2V, PipeDir::kV2C}) {
      for (const FifoRing::Entry& e : w.ring(rank, dir).queued()) {
        Finding f;
        f.kind = FindingKind::kProtocolError;
        f.rank = rank;
        f.message = absl::StrCat("a tile pushed into the ",
                                 dir == PipeDir::kC2V ? "C2V" : "V2C",
                                 " FIFO was never popped");
        f.locations.push_back(SourceRef{"push", e.push != nullptr ? *e.push : Location{}, ""});
        w.AddFinding(std::move(f), -1);
      }
    }
  }
}

std::vector<TensorDump> CollectOutputs(const World& w, const Launch& launch) {
  std::vector<TensorDump> out;
  for (int a = 0; a < w.machine.num_allocations(); ++a) {
    const Allocation& alloc = w.machine.allocation(a);
    if (launch.entry->params[alloc.param].direction == Direction::kIn) continue;
    TensorDump d{alloc.name, alloc.rank, alloc.shape, alloc.dtype, {}};
    const int esize = DTypeBytes(alloc.dtype);
    std::vector<uint8_t> bytes(alloc.bytes);
    std::vector<uint32_t> wids(alloc.bytes);
    w.machine.ReadGm(alloc.base, static_cast<int>(alloc.bytes), bytes.data(), wids.data());
    for (int64_t i = 0; i < alloc.elements; ++i) {
      d.values.push_back(DecodeElement(&bytes[i * esize], alloc.dtype));
    }
    out.push_back(std::move(d));
  }
  return out;
}

absl::Status DumpOutputs(const World& w, const Launch& launch, const std::string& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) {
    return absl::InvalidArgumentError(
        absl::StrCat("error: cannot create ", dir, ": ", error.message()));
  }
  for (int a = 0; a < w.machine.num_allocations(); ++a) {
    const Allocation& alloc = w.machine.allocation(a);
    if (launch.entry->params[alloc.param].direction == Direction::kIn) continue;
    std::vector<uint8_t> bytes(alloc.bytes);
    std::vector<uint32_t> wids(alloc.bytes);
    w.machine.ReadGm(alloc.base, static_cast<int>(alloc.bytes), bytes.data(), wids.data());
    absl::Status s = WriteTensorFile(TensorFilePath(dir, alloc.name, alloc.rank), alloc.shape,
                                     alloc.dtype, bytes);
    if (!s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<SimResult> Simulate(const Program& program, const SimOptions& options) {
  if (options.ranks < 1 || options.ranks > kMaxRanks) {
    return absl::InvalidArgumentError(
        absl::StrCat("error: --ranks must be between 1 and ", kMaxRanks));
  }
  if (options.schedules < 1) {
    return absl::InvalidArgumentError("error: --schedules must be at least 1");
  }
  Launch launch;
  launch.entry = program.FindFunction(options.entry);
  if (launch.entry == nullptr) {
    std::vector<std::string> names;
    for (const auto& f : program.functions) names.push_back(f->name);
    return absl::InvalidArgumentError(absl::StrCat("error: no function '", options.entry,
                                                   "' to run; the program has: ",
                                                   absl::StrJoin(names, ", ")));
  }
  if (absl::Status s = PlanLanes(program, launch); !s.ok()) return s;
  for (LanePlan& plan : launch.lanes) {
    absl::StatusOr<FunctionCode> code = CompileFunction(*plan.function);
    if (!code.ok()) return code.status();
    plan.code = std::move(*code);
  }
  if (absl::Status s = ResolveParams(options, launch); !s.ok()) return s;
  uint64_t gm_bytes = 0;
  for (size_t i = 0; i < launch.shapes.size(); ++i) {
    uint64_t elements = 1;
    for (int64_t d : launch.shapes[i]) {
      elements = d == 0 ? 0 : std::min<uint64_t>(elements * static_cast<uint64_t>(d), kMaxGmBytes);
    }
    gm_bytes += elements * DTypeBytes(launch.entry->params[i].var->type.dtype());
  }
  const uint64_t total = gm_bytes * options.ranks;
  const uint64_t lanes = static_cast<uint64_t>(options.ranks) * launch.lanes.size();
  if (total > kMaxGmBytes || total * lanes > kMaxGmLaneBytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "error: the tensors of ", options.ranks, " ranks need ", total, " bytes of GM for ",
        lanes, " lanes; ptoc-sim simulates at most ", kMaxGmBytes, " bytes and ",
        kMaxGmLaneBytes, " bytes x lanes"));
  }
  if (absl::Status s = LoadContents(options, launch); !s.ok()) return s;

  SimResult result;
  result.totals.ranks = options.ranks;
  result.totals.lanes = options.ranks * static_cast<int>(launch.lanes.size());
  result.totals.schedules = options.schedules;
  result.totals.seed = options.seed;
  int64_t expected_steps = 1000;
  AccessShadow shadow;
  for (int schedule = 0; schedule < options.schedules; ++schedule) {
    World w(options.ranks, static_cast<int>(launch.lanes.size()));
    w.schedule = schedule;
    w.report = &result.report;
    w.shadow = &shadow;
    SetUpWorld(w, launch, options);
    Interpreter interpreter(w);
    ScheduleConfig config{options.seed, schedule, options.max_steps, expected_steps};
    ScheduleOutcome outcome = RunSchedule(w, interpreter, config);
    ReportOutcome(w, interpreter, outcome, options);
    for (const LaneState& l : w.lanes) w.machine.Drain(l.id);
    result.totals.statements += w.steps;
    if (schedule == 0 || options.keep_every_output) {
      result.outputs.push_back(CollectOutputs(w, launch));
    }
    if (schedule == 0) {
      expected_steps = std::max<int64_t>(w.steps, 1);
      if (!options.dump_dir.empty()) {
        if (absl::Status s = DumpOutputs(w, launch, options.dump_dir); !s.ok()) return s;
      }
    }
  }
  return result;
}

}  // namespace sim
}  // namespace ptoc

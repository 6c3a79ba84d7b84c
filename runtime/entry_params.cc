#include "runtime/entry_params.h"

#include <algorithm>
#include <optional>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/checked_math.h"
#include "ir/diagnostics.h"
#include "ir/file_util.h"
#include "ir/status_macros.h"
#include "runtime/tensor_files.h"

namespace ptoc {
namespace sim {
namespace {

// The function attribute that declares a 1C:2V launch (dual-aiv.md).
constexpr char kDualAivDispatch[] = "dual_aiv_dispatch";

bool DualAivDispatch(const Function& f) {
  const Expr* a = f.FindAttr(kDualAivDispatch);
  return a != nullptr && a->kind == ExprKind::kBool && a->bool_value;
}

absl::StatusOr<LaneCore> CoreOf(const Function& f, const Location& at) {
  switch (f.kind) {
    case FunctionKind::kAIC: return LaneCore::kAic;
    case FunctionKind::kAIV: return LaneCore::kAiv;
    case FunctionKind::kInCore: return LaneCore::kMixed;
    default:
      return ErrorAt(at, absl::StrCat("ptoc-sim launches AIC, AIV, InCore and Group "
                                      "functions; '",
                                      f.name, "' is ", FunctionKindName(f.kind)));
  }
}

absl::StatusOr<Value> ParseScalar(const std::string& name, const std::string& text, DType dtype) {
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
  return absl::InvalidArgumentError(
      absl::StrCat("error: --scalar ", name, "=", text, ": not a ", DTypeName(dtype), " value"));
}

absl::Status ResolveScalarsAndShapes(
    const Function& entry, const std::vector<std::pair<std::string, std::string>>& scalars,
    EntryParams& params) {
  const size_t n = entry.params.size();
  params.scalars.assign(n, Value());
  params.shapes.assign(n, {});
  for (const auto& [name, text] : scalars) {
    bool found = false;
    for (size_t i = 0; i < n; ++i) {
      const Var& v = *entry.params[i].var;
      if (v.name != name || !v.type.is_scalar()) continue;
      ASSIGN_OR_RETURN(Value value, ParseScalar(name, text, v.type.dtype()));
      params.scalars[i] = value;
      found = true;
    }
    // Else a pl.dynamic dim of a tensor parameter (a kernel takes it after
    // its own parameters: codegen/kernel_abi.h).
    for (size_t i = 0; i < n && !found; ++i) {
      const Type& t = entry.params[i].var->type;
      if (!t.is_tensor()) continue;
      for (const Dim& d : t.shape()) {
        if (d.is_static() || d.symbol != name) continue;
        ASSIGN_OR_RETURN(Value value, ParseScalar(name, text, DType::kINDEX));
        params.dynamic_dims[name] = value.i;
        found = true;
        break;
      }
    }
    if (!found) {
      return absl::InvalidArgumentError(absl::StrCat("error: --scalar ", name, ": '", entry.name,
                                                     "' has no scalar parameter '", name,
                                                     "' and no tensor dim named so"));
    }
  }
  for (size_t i = 0; i < n; ++i) {
    const Var& v = *entry.params[i].var;
    if (v.type.is_scalar()) {
      if (params.scalars[i].kind == Value::Kind::kNone) {
        return absl::InvalidArgumentError(absl::StrCat("error: the scalar parameter '", v.name,
                                                       "' needs --scalar ", v.name, "=VALUE"));
      }
      continue;
    }
    if (!v.type.is_tensor()) {
      return ErrorAt(v.loc, absl::StrCat("ptoc-sim cannot pass the parameter '", v.name,
                                         "' of type ", TypeToString(v.type)));
    }
    for (const Dim& d : v.type.shape()) {
      if (d.is_static()) {
        params.shapes[i].push_back(d.value);
        continue;
      }
      int64_t value = -1;
      for (size_t j = 0; j < n; ++j) {
        if (entry.params[j].var->name == d.symbol && params.scalars[j].kind == Value::Kind::kInt) {
          value = params.scalars[j].i;
        }
      }
      if (auto it = params.dynamic_dims.find(d.symbol); it != params.dynamic_dims.end()) {
        value = it->second;
      }
      if (value < 0) {
        return ErrorAt(v.loc, absl::StrCat("the dim '", d.symbol, "' of '", v.name,
                                           "' needs a non-negative integer --scalar"));
      }
      params.shapes[i].push_back(value);
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status LoadEntryContents(const Function& entry, int ranks, const std::string& inputs_dir,
                               uint64_t seed, EntryParams& params) {
  params.contents.assign(ranks, std::vector<std::vector<uint8_t>>(entry.params.size()));
  for (int rank = 0; rank < ranks; ++rank) {
    for (size_t i = 0; i < entry.params.size(); ++i) {
      const Var& v = *entry.params[i].var;
      if (!v.type.is_tensor()) continue;
      int64_t elements = 1;
      for (int64_t d : params.shapes[i]) elements *= d;
      std::optional<std::vector<uint8_t>> bytes;
      if (!inputs_dir.empty()) {
        ASSIGN_OR_RETURN(auto read, ReadTensorFile(TensorFilePath(inputs_dir, v.name, rank),
                                                   elements, v.type.dtype()));
        bytes = std::move(read);
      }
      if (!bytes.has_value()) {
        bytes = v.type.is_distributed()
                    ? std::vector<uint8_t>(elements * DTypeBytes(v.type.dtype()), 0)
                    : SeededPattern(seed, rank, static_cast<int>(i), elements, v.type.dtype());
      }
      params.contents[rank][i] = std::move(*bytes);
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<const Function*> FindEntry(const Program& program, const LaunchOptions& options,
                                          int max_ranks) {
  if (options.ranks < 1 || options.ranks > max_ranks) {
    return absl::InvalidArgumentError(
        absl::StrCat("error: --ranks must be between 1 and ", max_ranks));
  }
  if (options.schedules < 1) {
    return absl::InvalidArgumentError("error: --schedules must be at least 1");
  }
  const Function* entry = program.FindFunction(options.entry);
  if (entry == nullptr) {
    std::vector<std::string> names;
    for (const auto& f : program.functions) names.push_back(f->name);
    return absl::InvalidArgumentError(
        absl::StrCat("error: no function '", options.entry,
                     "' to run; the program has: ", absl::StrJoin(names, ", ")));
  }
  return entry;
}

int DeclaredAivLanes(const std::vector<LaneCall>& lanes) {
  for (const LaneCall& l : lanes) {
    if (l.core == LaneCore::kAiv) return DualAivDispatch(*l.function) ? 2 : 1;
  }
  return 0;
}

int LaunchedAivLanes(int declared, LaunchRatio launch) {
  if (declared == 0) return 0;
  switch (launch) {
    case LaunchRatio::kDeclared: return declared;
    case LaunchRatio::k1C1V: return 1;
    case LaunchRatio::k1C2V: return 2;
  }
  return declared;
}

std::vector<LaneCall> WithAivLanes(std::vector<LaneCall> lanes, int aiv_lanes) {
  std::vector<LaneCall> out;
  for (LaneCall& call : lanes) {
    out.push_back(call);
    if (call.core != LaneCore::kAiv || aiv_lanes != 2) continue;
    call.subblock = 1;
    out.push_back(std::move(call));
  }
  return out;
}

std::optional<Finding> LaunchFinding(const Function& aiv, int declared, int launched) {
  if (declared == launched) return std::nullopt;
  auto ratio = [](int aiv_lanes) { return aiv_lanes == 2 ? "1C:2V" : "1C:1V"; };
  Finding f;
  f.kind = FindingKind::kLaunch;
  f.message = absl::StrCat("'", aiv.name, "' declares a ", ratio(declared), " launch (",
                           declared == 2 ? "dual_aiv_dispatch" : "no dual_aiv_dispatch",
                           ") but --launch=", launched == 2 ? "1c2v" : "1c1v",
                           " starts its core group ", ratio(launched));
  f.locations.push_back(SourceRef{"position", aiv.loc, ""});
  return f;
}

absl::StatusOr<std::vector<LaneCall>> PlanLaneCalls(const Program& program, const Function& entry) {
  std::vector<LaneCall> lanes;
  if (entry.kind != FunctionKind::kGroup) {
    ASSIGN_OR_RETURN(LaneCore core, CoreOf(entry, entry.loc));
    LaneCall call{&entry, core, {}};
    for (size_t i = 0; i < entry.params.size(); ++i) call.args.push_back(static_cast<int>(i));
    lanes.push_back(std::move(call));
    return lanes;
  }
  std::vector<const Stmt*> calls;
  if (entry.body->kind == StmtKind::kSeq) {
    for (const StmtPtr& s : entry.body->stmts) calls.push_back(s.get());
  } else {
    calls.push_back(entry.body.get());
  }
  for (const Stmt* s : calls) {
    // `x = self.F_aiv(...)`, `a, b = ...`, `return self.F_aiv(...)`: the
    // lane runs, its value is the Group's. Any other return gives back what
    // the lanes wrote (PyPTO's return convention,
    // passes/README_expand_mixed_kernel.md): nothing to run.
    const Expr* call = nullptr;
    if (s->kind == StmtKind::kEval || s->kind == StmtKind::kAssign ||
        s->kind == StmtKind::kUnpack) {
      call = s->value.get();
    } else if (s->kind == StmtKind::kReturn) {
      if (s->values.size() != 1 || s->values[0]->kind != ExprKind::kCall) continue;
      call = s->values[0].get();
    }
    if (call == nullptr || call->kind != ExprKind::kCall || !call->is_function_call) {
      return ErrorAt(s->loc, "ptoc-sim expects a Group body to be calls of its lanes");
    }
    const Function* callee = program.FindFunction(call->str);
    if (callee == nullptr) {
      return ErrorAt(call->loc, absl::StrCat("no function '", call->str, "'"));
    }
    ASSIGN_OR_RETURN(LaneCore core, CoreOf(*callee, call->loc));
    LaneCall lane{callee, core, {}};
    for (const ExprPtr& a : call->args) {
      int param = -1;
      for (size_t i = 0; i < entry.params.size(); ++i) {
        if (a->kind == ExprKind::kVar && a->var == entry.params[i].var) param = static_cast<int>(i);
      }
      if (param < 0) {
        return ErrorAt(a->loc, "ptoc-sim expects the lanes of a Group to get its parameters");
      }
      lane.args.push_back(param);
    }
    if (lane.args.size() != callee->params.size()) {
      return ErrorAt(call->loc, absl::StrCat("'", callee->name, "' takes ", callee->params.size(),
                                             " arguments"));
    }
    lanes.push_back(std::move(lane));
  }
  if (lanes.empty()) return ErrorAt(entry.loc, "the Group launches no lane");
  return lanes;
}

absl::StatusOr<EntryParams> ResolveEntryParams(
    const Function& entry, const std::vector<std::pair<std::string, std::string>>& scalars) {
  EntryParams params;
  RETURN_IF_ERROR(ResolveScalarsAndShapes(entry, scalars, params));
  return params;
}

uint64_t GmBytesPerRank(const Function& entry, const EntryParams& params, uint64_t cap) {
  CheckedInt bytes = 0;
  for (size_t i = 0; i < params.shapes.size(); ++i) {
    CheckedInt tensor = DTypeBytes(entry.params[i].var->type.dtype());
    for (int64_t d : params.shapes[i]) tensor *= d;
    bytes += tensor;
    if (!bytes.ok() || static_cast<uint64_t>(bytes.value()) > cap) return cap + 1;
  }
  return static_cast<uint64_t>(bytes.value());
}

absl::StatusOr<TensorDump> DumpTensor(const Machine& machine, std::string name, int rank,
                                      uint64_t base, const std::vector<int64_t>& shape,
                                      DType dtype, const std::string& path) {
  int64_t elements = 1;
  for (int64_t d : shape) elements *= d;
  const int esize = DTypeBytes(dtype);
  const uint64_t n = static_cast<uint64_t>(elements) * esize;
  std::vector<uint8_t> bytes(n);
  std::vector<uint32_t> wids(n);
  machine.ReadGm(base, static_cast<int>(n), bytes.data(), wids.data());
  TensorDump d{std::move(name), rank, shape, dtype, {}};
  for (int64_t i = 0; i < elements; ++i) d.values.push_back(DecodeElement(&bytes[i * esize], dtype));
  if (!path.empty()) RETURN_IF_ERROR(WriteTensorFile(path, shape, dtype, bytes));
  return d;
}

absl::StatusOr<std::vector<TensorDump>> EntryOutputs(const Machine& machine, const Function& entry,
                                                     const std::string& dump_dir) {
  if (!dump_dir.empty()) {
    RETURN_IF_ERROR(CreateDirectories(dump_dir, dump_dir));
  }
  std::vector<TensorDump> out;
  for (int a = 0; a < machine.num_allocations(); ++a) {
    const Allocation& alloc = machine.allocation(a);
    if (entry.params[alloc.param].direction == Direction::kIn) continue;
    ASSIGN_OR_RETURN(
        TensorDump d,
        DumpTensor(machine, alloc.name, alloc.rank, alloc.base, alloc.shape, alloc.dtype,
                   dump_dir.empty() ? "" : TensorFilePath(dump_dir, alloc.name, alloc.rank)));
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace sim
}  // namespace ptoc

#include "passes/expand_mixed_kernel.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/annotation.h"
#include "ir/builder.h"
#include "ir/status_macros.h"
#include "passes/mixed_kernel/boundary_moves.h"
#include "passes/mixed_kernel/classify.h"
#include "passes/mixed_kernel/common.h"
#include "passes/mixed_kernel/deferred_wait.h"
#include "passes/mixed_kernel/gm_handoff.h"
#include "passes/mixed_kernel/group_abi.h"
#include "passes/mixed_kernel/lane_fifo.h"
#include "passes/mixed_kernel/lane_split.h"
#include "passes/mixed_kernel/pipe_setup.h"
#include "passes/mixed_kernel/returns.h"
#include "passes/mixed_kernel/rewrite_context.h"
#include "passes/mixed_kernel/split_aiv.h"
#include "passes/mixed_kernel_invariants.h"

// The pass's option (PassOptionSpec): its flag is defined here, so only
// the tools that run the pass take it.
ABSL_FLAG(std::string, v2c_sync, "fence",
          "expand-mixed-kernel: ordering of vector->cube GM hand-offs: "
          "fence|barrier|error|off.");

namespace ptoc {
namespace {

using mixed_kernel::KernelRewrite;
using mixed_kernel::KernelWork;
using mixed_kernel::LaneClassifier;
using mixed_kernel::LeafLanes;

absl::Status CheckOptions(const PassOptions& options) {
  if (options.backend != "a2a3" && options.backend != "a5") {
    return absl::InvalidArgumentError(absl::StrCat(
        "error: --backend must be a2a3 or a5, not '", options.backend, "'"));
  }
  const std::string sync = options.Get("v2c_sync");
  if (sync != "fence" && sync != "barrier" && sync != "error" && sync != "off") {
    return absl::InvalidArgumentError(absl::StrCat(
        "error: --v2c-sync must be fence, barrier, error or off, not '", sync, "'"));
  }
  return absl::OkStatus();
}

// What cannot be split at all: calls the pass cannot place on a lane.
void CheckSplittable(const Function& f, const Stmt& s, const LaneClassifier& classifier,
                     DiagnosticSink* d) {
  auto opaque = [&](const Expr& call) {
    d->Error(call.loc, call.is_function_call
        ? absl::StrCat("in kernel '", f.name, "': the call of function '", call.str,
                       "' cannot be split between the AIC and AIV lanes of a mixed kernel; "
                       "inline it first")
        : absl::StrCat("in kernel '", f.name, "': the unregistered op '", call.str,
                       "' cannot be placed on a lane of a mixed kernel"));
  };
  if (s.kind == StmtKind::kAssign || s.kind == StmtKind::kEval) {
    LeafLanes lanes = classifier.Classify(s);
    if (lanes.kind == LeafLanes::Kind::kOpaque) {
      if (IsOpaqueCall(*lanes.culprit)) {
        opaque(*lanes.culprit);
      } else {
        d->Error(s.loc, absl::StrCat("in kernel '", f.name, "': no *_initialize_pipe uses "
                                     "this buffer, so its lane is unknown"));
      }
    }
  } else if (s.kind != StmtKind::kSeq) {
    ForEachOwnCall(s, [&](const Expr& call) {
      if (IsOpaqueCall(call)) opaque(call);
    });
  }
  if (s.kind == StmtKind::kWhile && !s.iter_args.empty()) {
    // Lane placement carries values through for loops and ifs only.
    d->Error(s.loc, absl::StrCat("in kernel '", f.name, "': a while loop with loop-carried "
                                 "values cannot be split between the AIC and AIV lanes of a "
                                 "mixed kernel yet; carry them through a for loop over "
                                 "pl.range, or write the loop in an AIC or AIV kernel"));
  }
  for (const StmtPtr& child : s.stmts) CheckSplittable(f, *child, classifier, d);
  for (const Stmt* body : BodiesOf(s)) CheckSplittable(f, *body, classifier, d);
}

struct Lanes {
  std::unique_ptr<Function> aic;
  std::unique_ptr<Function> aiv;
};

// A hand-written transfer in a kernel whose pipe the pass sets up names
// that pipe: no id, or id 0.
void CheckHandWrittenPipeIds(const Function& f, const Stmt& s, DiagnosticSink* d) {
  if (const Expr* call = CallOf(s);
      call != nullptr && mixed_kernel::FifoDirection(*call) != PipeDirection::kNone) {
    const Expr* id = call->FindAttr("id");
    if (id != nullptr && !(id->kind == ExprKind::kInt && id->int_value == 0)) {
      d->Error(id->loc.known() ? id->loc : call->loc, absl::StrCat(
          "in kernel '", f.name, "': this hand-written '", call->str, "' names pipe id ",
          id->kind == ExprKind::kInt ? absl::StrCat(id->int_value) : std::string("(dynamic)"),
          ", but the kernel has no hand-written pipe setup and the pass sets up pipe 0 only; "
          "drop id=, or set the pipes up by hand (system.reserve_buffer / "
          "import_peer_buffer / *_initialize_pipe)"));
    }
  }
  for (const Stmt* c : ChildrenOf(s)) CheckHandWrittenPipeIds(f, *c, d);
}

// Hand-written transfers share the pass's pipe: with the pass's own, every
// push must meet a pop at the same point of the other lane.
void CheckTransfersPairUp(const Function& f, const Expr& first_hand_written, const Lanes& lanes,
                          DiagnosticSink* d) {
  for (PipeDirection dir : UnpairedDirections(*lanes.aic, *lanes.aiv)) {
    d->Error(first_hand_written.loc.known() ? first_hand_written.loc : f.loc, absl::StrCat(
        "in kernel '", f.name, "': with the hand-written transfers, the ",
        dir == PipeDirection::kC2V ? "cube-to-vector pushes of the AIC lane and the pops "
                                     "of the AIV lane"
                                   : "vector-to-cube pushes of the AIV lane and the pops "
                                     "of the AIC lane",
        " differ in number, order or control flow, so the lanes would wait on each other "
        "forever; write each push with its pop, or the crossing as a tile.move"));
  }
}

// Splits mixed kernel `f` (which it rewrites on the way). Returns nullopt
// after reporting errors.
// `token_split` >= 0 for a split_aiv kernel (its regions lowered):
// the code of its handshake tokens; `lane_binding` its lane binding or null.
std::optional<Lanes> SplitKernel(Function& f, const KernelWork& work,
                                 const PassOptions& options, int token_split,
                                 const Var* lane_binding, DiagnosticSink* d) {
  int errors = d->error_count();
  mixed_kernel::NormalizeBodies(f.body);
  LaneClassifier classifier(f);
  CheckSplittable(f, *f.body, classifier, d);
  // Without hand-written setup the pass sets up the kernel's one pipe, and
  // hand-written transfers share it with the pass's own (as PyPTO sizes its
  // pipe from every transfer of the kernel): they must use its id.
  const bool shared_pipe = work.hand_written_transfer != nullptr && !work.hand_written_setup;
  if (shared_pipe) CheckHandWrittenPipeIds(f, *f.body, d);
  if (d->error_count() > errors) return std::nullopt;

  KernelRewrite rewrite;
  rewrite.kernel = &f;
  rewrite.options = &options;
  rewrite.classifier = &classifier;
  rewrite.hand_written_setup = work.hand_written_setup;
  rewrite.diagnostics = d;
  rewrite.token_split = token_split;
  if (token_split >= 0) mixed_kernel::RewriteSplitBoundaries(rewrite);
  mixed_kernel::RewriteBoundaryMoves(rewrite);
  mixed_kernel::OrderGmHandoffs(rewrite);
  if (d->error_count() > errors) return std::nullopt;

  mixed_kernel::LanePlacement placement(f, classifier, rewrite.pinned);
  if (!placement.Run(d)) return std::nullopt;
  Lanes lanes{placement.BuildLane(mixed_kernel::kAic, absl::StrCat(f.name, "_aic")),
              placement.BuildLane(mixed_kernel::kAiv, absl::StrCat(f.name, "_aiv"))};
  mixed_kernel::InsertTfrees(*lanes.aic);
  mixed_kernel::InsertTfrees(*lanes.aiv);
  if (options.backend == "a5") mixed_kernel::AdaptPushesToNz(*lanes.aiv);
  if (work.hand_written_setup) {
    mixed_kernel::CheckHandWrittenRingDepth(f, *lanes.aic, *lanes.aiv, d);
  } else {
    mixed_kernel::InsertPipeSetup(f, *lanes.aic, *lanes.aiv, d);
  }
  if (shared_pipe) CheckTransfersPairUp(f, *work.hand_written_transfer, lanes, d);
  // The lane binding comes before the pipe setup (dual-aiv.md, "Lane binding").
  if (lane_binding != nullptr) mixed_kernel::HoistLaneBinding(*lanes.aiv, *lane_binding);
  if (d->error_count() > errors) return std::nullopt;
  return lanes;
}

// The call of program function `name` that Group statement `s` makes as a
// whole: `self.F(...)`, `x = self.F(...)`, `a, b = self.F(...)` or
// `return self.F(...)`; else nullptr.
Expr* WholeStatementCall(Stmt& s, const std::string& name) {
  Expr* e = nullptr;
  if (s.kind == StmtKind::kEval || s.kind == StmtKind::kAssign || s.kind == StmtKind::kUnpack) {
    e = s.value.get();
  } else if (s.kind == StmtKind::kReturn && s.values.size() == 1) {
    e = s.values[0].get();
  }
  if (e != nullptr && e->kind == ExprKind::kCall && e->is_function_call && e->str == name) {
    return e;
  }
  return nullptr;
}

// Rewrites every Group statement that calls F as a whole into a call of the
// AIC lane for its effect followed by the statement itself calling the AIV
// lane, which gives back F's values (PyPTO's RewriteGroupCaller):
// `x = self.F(a)` -> `self.F_aic(a)` + `x = self.F_aiv(a)`. Returns whether F
// still needs a Group of its own: something other than a Group calls it, or
// nothing does.
bool RewriteCallers(Program& program, const Function& kernel, const Lanes& lanes,
                    const std::vector<std::optional<Lanes>>& splits, DiagnosticSink* d) {
  bool group_caller = false;
  bool other_caller = false;
  std::function<void(Stmt&, bool)> visit = [&](Stmt& s, bool in_group) {
    for (size_t i = 0; i < s.stmts.size(); ++i) {
      Stmt& child = *s.stmts[i];
      Expr* call = in_group ? WholeStatementCall(child, kernel.name) : nullptr;
      if (call != nullptr) {
        group_caller = true;
        ExprPtr aic_call = Clone(*call);
        aic_call->str = lanes.aic->name;
        aic_call->type = Type::None();
        StmtPtr aic = MakeEval(std::move(aic_call), child.loc);
        aic->leading_comments = std::move(child.leading_comments);
        child.leading_comments.clear();
        call->str = lanes.aiv->name;
        s.stmts.insert(s.stmts.begin() + i, std::move(aic));
        ++i;
        continue;
      }
      visit(child, in_group);
    }
    ForEachOwnCall(s, [&](const Expr& call) {
      if (call.is_function_call && call.str == kernel.name) {
        if (in_group) {
          d->Error(call.loc, absl::StrCat(
              "the Group uses the value of the mixed kernel '", kernel.name,
              "' inside an expression; after the split a Group may call it only as a "
              "statement: `self.F(...)`, `x = self.F(...)`, `a, b = self.F(...)` or "
              "`return self.F(...)`"));
        }
        other_caller = true;
      }
    });
    for (Stmt* body : BodiesOf(s)) visit(*body, in_group);
  };
  for (size_t i = 0; i < program.functions.size(); ++i) {
    Function* fn = program.functions[i].get();
    // The kernels being split call nothing (that is an error).
    if (splits[i].has_value() || !fn->body) continue;
    mixed_kernel::NormalizeBodies(fn->body);
    visit(*fn->body, fn->kind == FunctionKind::kGroup);
  }
  return other_caller || !group_caller;
}

// `@Group F(params)` with F's attributes and return type, as PyPTO's
// ExpandMixedKernel makes it: `self.F_aic(params)`, then
// - F returns nothing: `self.F_aiv(params)`;
// - every return of F gives back parameters: `self.F_aiv(params)` and
//   `return <those parameters>` (nothing to copy: the lanes wrote them);
// - otherwise: `result = self.F_aiv(params)`, `return result`.
std::unique_ptr<Function> MakeGroup(const Function& kernel, const Lanes& lanes) {
  auto group = std::make_unique<Function>();
  group->name = kernel.name;
  group->kind = FunctionKind::kGroup;
  group->loc = kernel.loc;
  const bool returns = kernel.return_type.has_value() && !kernel.return_type->is_none();
  if (returns) group->return_type = kernel.return_type;
  for (const NamedExpr& a : kernel.attrs) group->attrs.push_back(MakeAttr(a.name, Clone(*a.value)));
  for (const Param& p : kernel.params) {
    group->params.push_back(
        Param{group->NewVar(p.var->name, p.var->type, p.var->loc), p.direction});
  }
  auto lane_call = [&](const Function& lane) {
    std::vector<ExprPtr> args;
    for (const Param& p : group->params) args.push_back(MakeVarRef(p.var, kernel.loc));
    return mixed_kernel::MakeFunctionCall(lane.name, std::move(args), kernel.loc);
  };
  std::vector<StmtPtr> stmts;
  stmts.push_back(MakeEval(lane_call(*lanes.aic), kernel.loc));
  ExprPtr aiv = lane_call(*lanes.aiv);
  auto ret = std::make_unique<Stmt>();
  ret->kind = StmtKind::kReturn;
  ret->loc = kernel.loc;
  std::optional<std::vector<int>> params =
      returns ? mixed_kernel::ReturnedParams(kernel) : std::nullopt;
  if (returns) aiv->type = *kernel.return_type;
  if (!returns || params.has_value()) {
    stmts.push_back(MakeEval(std::move(aiv), kernel.loc));
    if (returns) {
      for (int p : *params) ret->values.push_back(MakeVarRef(group->params[p].var, kernel.loc));
      stmts.push_back(std::move(ret));
    }
  } else {
    Var* result = group->NewVar("result", *kernel.return_type, kernel.loc);
    stmts.push_back(MakeAssign(result, std::move(aiv), kernel.loc));
    ret->values.push_back(MakeVarRef(result, kernel.loc));
    stmts.push_back(std::move(ret));
  }
  group->body = MakeSeq(std::move(stmts), kernel.loc);
  return group;
}

}  // namespace

absl::StatusOr<bool> ExpandMixedKernel::Run(Program& program, PassContext& context) {
  RETURN_IF_ERROR(CheckOptions(context.options));
  // Lanes written by hand (AIC/AIV functions of the input) must already keep
  // the post-conditions checked after this pass; a violation there (say, a
  // push nobody pops) is the kernel's error, not the pass's.
  RETURN_IF_ERROR(VerifyMixedKernelInvariants(program, /*allow_in_core=*/true));
  DiagnosticSink local;
  DiagnosticSink* d = context.diagnostics != nullptr ? context.diagnostics : &local;
  size_t first_diagnostic = d->formatted().size();
  int errors = d->error_count();
  auto reported = [&]() {
    std::vector<std::string> text(d->formatted().begin() + first_diagnostic,
                                  d->formatted().end());
    return absl::InvalidArgumentError(absl::StrJoin(text, "\n"));
  };
  // PyPTO audits every function for the deferred-waiter contract first.
  mixed_kernel::CheckDeferredWaiters(program, d);
  if (d->error_count() > errors) return reported();
  bool changed = false;

  // Split every mixed kernel (kept in place until all are done).
  std::vector<std::optional<Lanes>> splits(program.functions.size());
  for (size_t i = 0; i < program.functions.size(); ++i) {
    Function& f = *program.functions[i];
    if (f.kind != FunctionKind::kInCore) continue;
    changed = true;
    // A value its annotation retypes (PyPTO's rule) is not split: the lanes
    // would be built from one type and read as the other.
    if (const Stmt* retyped = FirstRetypedAssign(*f.body)) {
      d->Error(retyped->loc, RetypedAssignMessage(*retyped));
      continue;
    }
    // split_aiv kernels (dual-aiv.md): checks, then their regions lowered.
    int token_split = -1;
    const Var* lane_binding = nullptr;
    if (!mixed_kernel::IsSplitAiv(f)) {
      mixed_kernel::CheckNonSplitKernel(f, d);
    } else {
      const int before = d->error_count();
      mixed_kernel::CheckSplitAivKernel(f, context.options.backend, d);
      if (d->error_count() > before) continue;
      token_split = mixed_kernel::TokenSplitCode(f);
      lane_binding = mixed_kernel::LowerSplitRegions(f);
      mixed_kernel::CheckCrossLaneAccesses(f, d);
      if (d->error_count() > before) continue;
    }
    KernelWork work = mixed_kernel::SurveyKernel(f);
    if (!work.mixed()) {
      f.kind = work.cube ? FunctionKind::kAIC : FunctionKind::kAIV;
      // The InCore's level= / role= give way to the new type's stamp.
      f.decorator_args.erase(std::remove_if(f.decorator_args.begin(), f.decorator_args.end(),
                                            [](const NamedExpr& a) {
                                              return a.name == "level" || a.name == "role";
                                            }),
                             f.decorator_args.end());
      continue;
    }
    // PyPTO's return convention (mixed_kernel/returns.h): every returned
    // value becomes a name, an output parameter the parameter itself, so
    // that `return pl.store(tile, offsets, out)` is a store statement and
    // a returned parameter keeps nothing alive on the AIV lane.
    if (mixed_kernel::ReturnsValues(f)) {
      mixed_kernel::NormalizeBodies(f.body);
      if (mixed_kernel::PrepareReturns(f)) work = mixed_kernel::SurveyKernel(f);
    }
    for (const char* suffix : {"_aic", "_aiv"}) {
      std::string name = absl::StrCat(f.name, suffix);
      if (program.FindFunction(name) != nullptr) {
        d->Error(f.loc, absl::StrCat("cannot split kernel '", f.name, "': the program "
                                     "already has a function '", name, "'"));
      }
    }
    splits[i] = SplitKernel(f, work, context.options, token_split, lane_binding, d);
  }
  if (d->error_count() > errors) return reported();

  // Point the callers at the lanes, then put the lanes (and a Group where
  // one is needed) where each kernel was.
  std::vector<bool> needs_group(splits.size(), false);
  for (size_t i = 0; i < splits.size(); ++i) {
    if (splits[i].has_value()) {
      needs_group[i] = RewriteCallers(program, *program.functions[i], *splits[i], splits, d);
    }
  }
  std::vector<std::unique_ptr<Function>> functions = std::move(program.functions);
  program.functions.clear();
  for (size_t i = 0; i < functions.size(); ++i) {
    if (!splits[i].has_value()) {
      program.functions.push_back(std::move(functions[i]));
      continue;
    }
    std::unique_ptr<Function> group;
    if (needs_group[i]) group = MakeGroup(*functions[i], *splits[i]);
    program.functions.push_back(std::move(splits[i]->aic));
    program.functions.push_back(std::move(splits[i]->aiv));
    if (group) program.functions.push_back(std::move(group));
  }
  if (d->error_count() > errors) return reported();
  // Hand-written Groups: both lanes take the Group's parameters.
  changed |= mixed_kernel::NormalizeGroupAbis(program, d);
  if (context.options.backend == "a5") {
    for (auto& f : program.functions) {
      if (f->kind == FunctionKind::kAIV) changed |= mixed_kernel::AdaptPushesToNz(*f);
    }
  }
  if (d->error_count() > errors) return reported();
  return changed;
}

absl::Status ExpandMixedKernel::VerifyAfter(const Program& program) const {
  return VerifyMixedKernelInvariants(program);
}

static PassRegistration<ExpandMixedKernel> registration(
    std::string(ExpandMixedKernel::kName),
    "splits mixed cube/vector kernels into AIC and AIV lanes with FIFO transfers, "
    "GM hand-off handshakes and pipe setup",
    {{"v2c_sync", {"fence", "barrier", "error", "off"}}});

}  // namespace ptoc

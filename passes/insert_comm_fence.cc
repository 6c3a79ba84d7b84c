#include "passes/insert_comm_fence.h"

#include <optional>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "glog/logging.h"
#include "ir/builder.h"
#include "ir/registry.h"
#include "passes/check_comm_contract.h"
#include "passes/comm_effects.h"

// The pass's option (PassOptionSpec): its flag is defined here, so only
// the tools that run the pass take it.
ABSL_FLAG(bool, narrow_regions, false,
          "insert-comm-fence: invalidate exactly the written sub-region.");

namespace ptoc {
namespace {

// What a statement needs right after it (or at the start of a body).
enum class MarkerKind {
  kLocalWrite,   // cacheinvalid(window, ...); fence
  kRemoteWrite,  // cacheinvalid(window, ..., peer=p); fence
  kOpaqueWrite,  // cacheinvalid(); fence
  kConsume,      // cacheinvalid()
};

// The rule behind the markers of `kind` and what they are, for the trace.
absl::string_view MarkerRule(MarkerKind kind) {
  switch (kind) {
    case MarkerKind::kLocalWrite:
      return "after a write into a local window: cacheinvalid(window) and fence";
    case MarkerKind::kRemoteWrite:
      return "after a remote write: cacheinvalid(window, peer=p) and fence";
    case MarkerKind::kOpaqueWrite: return "after an opaque call: cacheinvalid() and fence";
    case MarkerKind::kConsume:
      return "where a wait or test result is consumed: cacheinvalid()";
  }
  return "";
}

struct Request {
  MarkerKind kind;
  const Expr* write = nullptr;  // kLocalWrite, kRemoteWrite: the write call
  Location loc;                 // the statement that caused the markers
};
using Requests = std::vector<Request>;

// How a statement takes part in wait batching (rule 4).
enum class WaitShape {
  kPure,      // scalar arithmetic, markers, or compounds of them
  kWaitOnly,  // a wait, or a compound of waits and pure statements
  kOther,
};

WaitShape Combine(WaitShape a, WaitShape b) {
  if (a == WaitShape::kOther || b == WaitShape::kOther) return WaitShape::kOther;
  if (a == WaitShape::kWaitOnly || b == WaitShape::kWaitOnly) return WaitShape::kWaitOnly;
  return WaitShape::kPure;
}

bool AllPure(const std::vector<const ExprPtr*>& exprs) {
  for (const ExprPtr* e : exprs) {
    if (*e && !IsPureExpr(**e)) return false;
  }
  return true;
}

WaitShape Classify(const Stmt* s);

WaitShape ClassifyCompound(const std::vector<const ExprPtr*>& header,
                           const std::vector<const Stmt*>& bodies) {
  // Conditions and bounds that read GM make a loop or branch a consumer.
  if (!AllPure(header)) return WaitShape::kOther;
  WaitShape shape = WaitShape::kPure;
  for (const Stmt* body : bodies) shape = Combine(shape, Classify(body));
  return shape;
}

WaitShape Classify(const Stmt* s) {
  if (s == nullptr) return WaitShape::kPure;
  switch (s->kind) {
    case StmtKind::kSeq: {
      WaitShape shape = WaitShape::kPure;
      for (const StmtPtr& child : s->stmts) shape = Combine(shape, Classify(child.get()));
      return shape;
    }
    case StmtKind::kAssign:
    case StmtKind::kEval: {
      // A marker reads nothing: it neither breaks nor joins a wait-only
      // compound, so the markers this pass adds never change a shape.
      if (!s->value || IsMarkerStmt(*s)) return WaitShape::kPure;
      if (s->value->is_call() && CommRoleOf(*s->value) == CommRole::kWait) {
        for (const ExprPtr& a : s->value->args) {
          if (!IsPureExpr(*a)) return WaitShape::kOther;
        }
        return WaitShape::kWaitOnly;
      }
      return IsPureExpr(*s->value) ? WaitShape::kPure : WaitShape::kOther;
    }
    case StmtKind::kYield:
      for (const ExprPtr& v : s->values) {
        if (!IsPureExpr(*v)) return WaitShape::kOther;
      }
      return WaitShape::kPure;
    case StmtKind::kReturn:
    case StmtKind::kBreak:  // leaving the body ends a run of waits before it
    case StmtKind::kContinue:
      return WaitShape::kOther;
    case StmtKind::kUnpack:
      return IsPureExpr(*s->value) ? WaitShape::kPure : WaitShape::kOther;
    case StmtKind::kSetItem: {
      if (!IsPureExpr(*s->value)) return WaitShape::kOther;
      for (const ExprPtr& e : s->values) {
        if (!IsPureExpr(*e)) return WaitShape::kOther;
      }
      return WaitShape::kPure;
    }
    case StmtKind::kSplitAiv:  // a pl.split_aiv region: no header of its own
      return ClassifyCompound({}, {s->body.get()});
    case StmtKind::kScope: {
      std::vector<const ExprPtr*> header;
      for (const ExprPtr& e : s->value->args) header.push_back(&e);
      for (const NamedExpr& a : s->value->attrs) header.push_back(&a.value);
      return ClassifyCompound(header, {s->body.get()});
    }
    case StmtKind::kIf:
      return ClassifyCompound({&s->value}, {s->body.get(), s->else_body.get()});
    case StmtKind::kWhile:
      return ClassifyCompound({&s->value}, {s->body.get()});
    case StmtKind::kFor: {
      std::vector<const ExprPtr*> header = {&s->start, &s->stop, &s->step};
      for (const ExprPtr& e : s->init_values) header.push_back(&e);
      return ClassifyCompound(header, {s->body.get()});
    }
  }
  return WaitShape::kOther;
}

// The statements of a body slot: the Seq's children, or the bare statement.
std::vector<Stmt*> View(const StmtPtr& slot) {
  std::vector<Stmt*> stmts;
  if (!slot) return stmts;
  if (slot->kind != StmtKind::kSeq) {
    stmts.push_back(slot.get());
    return stmts;
  }
  for (const StmtPtr& child : slot->stmts) stmts.push_back(child.get());
  return stmts;
}

// The markers of a request for a write, a remote write or an opaque call.
std::optional<Request> WriteRequest(const Expr& call, const Location& loc) {
  switch (CommRoleOf(call)) {
    case CommRole::kLocalWrite: return Request{MarkerKind::kLocalWrite, &call, loc};
    case CommRole::kRemoteWrite: return Request{MarkerKind::kRemoteWrite, &call, loc};
    case CommRole::kOpaqueWrite: return Request{MarkerKind::kOpaqueWrite, nullptr, loc};
    default: return std::nullopt;
  }
}

Request Consume(const Location& loc) { return Request{MarkerKind::kConsume, nullptr, loc}; }

// The variable a local or remote write names as its destination, or nullptr.
const Var* WrittenVar(const Request& r) {
  const Expr& dst = WrittenWindow(*r.write);
  return dst.kind == ExprKind::kVar ? dst.var : nullptr;
}

// One statement of the marker sequence rule 7 recognizes.
struct Expected {
  enum What { kWholeInvalidate, kInvalidateOf, kPeerInvalidateOf, kFence } what;
  // kInvalidateOf, kPeerInvalidateOf: a region of it (in a peer's copy), or
  // whole GM.
  const Var* var = nullptr;
  const Request* request = nullptr;  // kPeerInvalidateOf: the remote write's
};

std::vector<Expected> Pattern(const Requests& requests) {
  std::vector<Expected> pattern;
  for (const Request& r : requests) {
    switch (r.kind) {
      case MarkerKind::kLocalWrite:
        if (const Var* v = WrittenVar(r)) {
          pattern.push_back({Expected::kInvalidateOf, v});
        } else {
          pattern.push_back({Expected::kWholeInvalidate});
        }
        pattern.push_back({Expected::kFence});
        break;
      case MarkerKind::kRemoteWrite:
        if (const Var* v = WrittenVar(r)) {
          pattern.push_back({Expected::kPeerInvalidateOf, v, &r});
        } else {
          pattern.push_back({Expected::kWholeInvalidate});
        }
        pattern.push_back({Expected::kFence});
        break;
      case MarkerKind::kOpaqueWrite:
        pattern.push_back({Expected::kWholeInvalidate});
        pattern.push_back({Expected::kFence});
        break;
      case MarkerKind::kConsume:
        pattern.push_back({Expected::kWholeInvalidate});
        break;
    }
  }
  return pattern;
}

bool Matches(const Expected& expected, const Stmt& s) {
  const Expr* call = CallOf(s);
  if (call == nullptr || s.kind != StmtKind::kEval) return false;
  switch (CommRoleOf(*call)) {
    case CommRole::kFence:
      return expected.what == Expected::kFence;
    case CommRole::kWholeInvalidate:
      return expected.what != Expected::kFence;
    case CommRole::kRegionInvalidate:
      return expected.what == Expected::kInvalidateOf &&
             call->args[0]->kind == ExprKind::kVar && call->args[0]->var == expected.var;
    case CommRole::kPeerInvalidate:
      return expected.what == Expected::kPeerInvalidateOf &&
             call->args[0]->kind == ExprKind::kVar && call->args[0]->var == expected.var;
    default:
      return false;
  }
}

// A peer invalidate an input from before comm-hazards.md H6 lacks (a
// remote write and its fence): the request, and the index of the statement
// it goes before.
struct Missing {
  const Request* request;
  size_t before;
};

// Rule 7: the markers `requests` need are already the statements from
// `start` on, but for the peer invalidates of remote writes listed in the
// result (to be added where they belong, not a second fence). nullopt: the
// markers are not there.
std::optional<std::vector<Missing>> Present(const Requests& requests,
                                            const std::vector<Stmt*>& stmts, size_t start) {
  std::vector<Missing> missing;
  size_t k = start;
  for (const Expected& e : Pattern(requests)) {
    if (k < stmts.size() && Matches(e, *stmts[k])) {
      ++k;
    } else if (e.what == Expected::kPeerInvalidateOf) {
      missing.push_back({e.request, k});
    } else {
      return std::nullopt;
    }
  }
  return missing;
}

// Every offset and extent of `r` is a value SameValueExpr compares (no call).
bool Comparable(const Region& r) {
  for (const std::vector<ExprPtr>* list : {&r.offsets, &r.shapes}) {
    for (const ExprPtr& e : *list) {
      if (!SameValueExpr(*e, *e)) return false;
    }
  }
  return true;
}

class Rewriter {
 public:
  Rewriter(Function& f, const PassOptions& options) : f_(f), options_(options) {}

  bool Run() {
    ProcessBody(f_.body, {}, nullptr, /*loop_body=*/false);
    return changed_;
  }

 private:
  // Adds the markers inside `slot` (a whole body), `prefix` at its start.
  // Requests of a Yield (its values are consumed where the enclosing
  // compound continues) go to `escaping`; a loop body also takes them at
  // its start, for the next iteration.
  void ProcessBody(StmtPtr& slot, Requests prefix, Requests* escaping, bool loop_body) {
    const std::vector<Stmt*> stmts = View(slot);
    const size_t n = stmts.size();
    std::vector<Requests> after(n);
    std::vector<Requests> then_prefix(n);  // rule 4: the test's if
    Requests escapes;
    int run_last = -1;  // last statement of the current run of wait-only ones
    for (size_t i = 0; i < n; ++i) {
      Stmt& s = *stmts[i];
      if (Classify(&s) == WaitShape::kWaitOnly) {
        run_last = static_cast<int>(i);
        // A wait-only if still takes the invalidate of its test (rule 4);
        // nothing else goes inside a run.
        if (!then_prefix[i].empty()) Splice(s.body, then_prefix[i], {});
        continue;
      }
      if (run_last >= 0) {
        after[run_last].push_back(Consume(stmts[run_last]->loc));
        run_last = -1;
      }
      StmtPtr& own_slot = slot->kind == StmtKind::kSeq ? slot->stmts[i] : slot;
      ProcessStatement(own_slot, stmts, i, after, then_prefix, escapes);
    }
    if (run_last >= 0) after[run_last].push_back(Consume(stmts[run_last]->loc));
    if (loop_body) prefix.insert(prefix.end(), escapes.begin(), escapes.end());
    if (escaping != nullptr) escaping->insert(escaping->end(), escapes.begin(), escapes.end());
    Splice(slot, prefix, after);
  }

  void ProcessStatement(StmtPtr& own_slot, const std::vector<Stmt*>& stmts, size_t i,
                        std::vector<Requests>& after, std::vector<Requests>& then_prefix,
                        Requests& escapes) {
    Stmt& s = *stmts[i];
    switch (s.kind) {
      case StmtKind::kSeq:
        ProcessBody(own_slot, {}, &escapes, /*loop_body=*/false);
        return;
      case StmtKind::kBreak:
      case StmtKind::kContinue:
        return;  // markers go right after their statement: none is pending here
      case StmtKind::kSplitAiv:  // runs its body once per lane, in place
        ProcessBody(s.body, Requests{}, &escapes, /*loop_body=*/false);
        return;
      case StmtKind::kScope: {
        // A scope runs its body once, in place: its markers stay inside it.
        Requests body_prefix;
        for (const Expr* call : OwnCalls(s)) {
          AddHeaderRequest(s, *call, after[i], body_prefix, nullptr);
        }
        ProcessBody(s.body, body_prefix, &escapes, /*loop_body=*/false);
        return;
      }
      case StmtKind::kAssign:
      case StmtKind::kEval:
      case StmtKind::kUnpack:
      case StmtKind::kSetItem:
      case StmtKind::kYield:
      case StmtKind::kReturn: {
        Requests own;
        for (const Expr* call : OwnCalls(s)) {
          CommRole role = CommRoleOf(*call);
          if (role == CommRole::kTest && TestGuardsNextIf(s, *call, stmts, i)) {
            then_prefix[i + 1].push_back(Consume(s.loc));
          } else if (role == CommRole::kTest || role == CommRole::kWait) {
            own.push_back(Consume(s.loc));
          } else if (std::optional<Request> r = WriteRequest(*call, s.loc)) {
            own.push_back(*r);
          }
        }
        // Nothing can follow a return: the kernel ends there.
        if (s.kind == StmtKind::kYield) {
          escapes.insert(escapes.end(), own.begin(), own.end());
        } else if (s.kind != StmtKind::kReturn) {
          after[i].insert(after[i].end(), own.begin(), own.end());
        }
        return;
      }
      case StmtKind::kIf: {
        Requests else_prefix;
        for (const Expr* call : OwnCalls(s)) {
          AddHeaderRequest(s, *call, after[i], then_prefix[i], &else_prefix);
        }
        Requests branch_escapes;
        ProcessBody(s.body, then_prefix[i], &branch_escapes, /*loop_body=*/false);
        if (s.else_body) {
          ProcessBody(s.else_body, else_prefix, &branch_escapes, /*loop_body=*/false);
        }
        after[i].insert(after[i].end(), branch_escapes.begin(), branch_escapes.end());
        return;
      }
      case StmtKind::kWhile:
      case StmtKind::kFor: {
        // A header is evaluated before the body and before the exit.
        Requests body_prefix;
        for (const Expr* call : OwnCalls(s)) {
          AddHeaderRequest(s, *call, after[i], body_prefix, nullptr);
        }
        Requests loop_escapes;
        ProcessBody(s.body, body_prefix, &loop_escapes, /*loop_body=*/true);
        after[i].insert(after[i].end(), loop_escapes.begin(), loop_escapes.end());
        return;
      }
    }
  }

  // Rule 4: `x = pld.system.test(...)` right before `if x:`.
  static bool TestGuardsNextIf(const Stmt& s, const Expr& call,
                               const std::vector<Stmt*>& stmts, size_t i) {
    if (s.kind != StmtKind::kAssign || s.value.get() != &call || i + 1 >= stmts.size()) {
      return false;
    }
    const Stmt& next = *stmts[i + 1];
    return next.kind == StmtKind::kIf && next.value->kind == ExprKind::kVar &&
           next.value->var == s.var;
  }

  // The markers of a call in the header of an if or a loop: at the start of
  // each body it may enter with the call's effect pending, and (as for any
  // other statement) right after the statement. A test that is exactly an
  // if's condition needs its invalidate only at the start of the then-body.
  void AddHeaderRequest(const Stmt& s, const Expr& call, Requests& after,
                        Requests& body_prefix, Requests* else_prefix) {
    CommRole role = CommRoleOf(call);
    std::optional<Request> request;
    if (role == CommRole::kTest) {
      request = Consume(s.loc);
    } else {
      request = WriteRequest(call, s.loc);
    }
    if (!request) return;
    if (s.kind == StmtKind::kIf && role == CommRole::kTest && s.value.get() == &call) {
      body_prefix.push_back(*request);
      return;
    }
    after.push_back(*request);
    if (s.kind != StmtKind::kIf || role != CommRole::kTest) {
      body_prefix.push_back(*request);
      if (else_prefix != nullptr && s.else_body) else_prefix->push_back(*request);
      return;
    }
    // A test inside a larger condition: the branches on which it may have
    // returned true.
    if (MayBeTrue(s, call, true)) body_prefix.push_back(*request);
    if (s.else_body && MayBeTrue(s, call, false)) else_prefix->push_back(*request);
  }

  static bool MayBeTrue(const Stmt& if_stmt, const Expr& test, bool branch) {
    std::vector<TestAtom> known_false;
    FalseAtoms(*if_stmt.value, branch, &known_false);
    for (const TestAtom& atom : known_false) {
      if (atom.call == &test) return false;
    }
    return true;
  }

  // Puts the markers of `prefix` at the start of `slot` and those of
  // `after[i]` after its i-th statement, each unless already there (rule 7).
  // A bare body is wrapped in a Seq first (rule 6).
  void Splice(StmtPtr& slot, const Requests& prefix, const std::vector<Requests>& after) {
    const std::vector<Stmt*> stmts = View(slot);
    std::vector<StmtPtr> head;
    std::vector<std::vector<StmtPtr>> tails(stmts.size());
    // The missing peer invalidates of markers otherwise in place.
    auto add_missing = [&](const std::vector<Missing>& missing) {
      for (const Missing& m : missing) {
        (m.before == 0 ? head : tails[m.before - 1]).push_back(PeerInvalidate(*m.request));
      }
    };
    if (!prefix.empty()) {
      std::optional<std::vector<Missing>> present = Present(prefix, stmts, 0);
      if (present) {
        add_missing(*present);
      } else {
        head = Materialize(prefix);
      }
    }
    for (size_t i = 0; i < after.size(); ++i) {
      if (after[i].empty()) continue;
      std::optional<std::vector<Missing>> present = Present(after[i], stmts, i + 1);
      if (present) {
        add_missing(*present);
      } else {
        for (StmtPtr& marker : Materialize(after[i])) tails[i].push_back(std::move(marker));
      }
    }
    bool any = !head.empty();
    for (const std::vector<StmtPtr>& t : tails) any |= !t.empty();
    if (!any) return;
    changed_ = true;
    Stmt& seq = EnsureSeq(slot);
    std::vector<StmtPtr> old = std::move(seq.stmts);
    seq.stmts = std::move(head);
    for (size_t i = 0; i < old.size(); ++i) {
      seq.stmts.push_back(std::move(old[i]));
      for (StmtPtr& marker : tails[i]) seq.stmts.push_back(std::move(marker));
    }
  }

  std::vector<StmtPtr> Materialize(const Requests& requests) {
    std::vector<StmtPtr> out;
    for (const Request& r : requests) {
      VLOG(2) << "insert-comm-fence: " << f_.name << ": " << MarkerRule(r.kind) << " at "
              << (r.loc.known() ? FileLineCol(r.loc) : std::string("an unknown location"));
      switch (r.kind) {
        case MarkerKind::kLocalWrite:
          out.push_back(RegionInvalidate(r));
          out.push_back(Fence(r.loc));
          break;
        case MarkerKind::kRemoteWrite:
          out.push_back(PeerInvalidate(r));
          out.push_back(Fence(r.loc));
          break;
        case MarkerKind::kOpaqueWrite:
          out.push_back(WholeInvalidate(r.loc));
          out.push_back(Fence(r.loc));
          break;
        case MarkerKind::kConsume:
          out.push_back(WholeInvalidate(r.loc));
          break;
      }
    }
    return out;
  }

  // Rule 1: the written window, all of it or (--narrow-regions) the written
  // sub-region; whole GM when the window is not a variable or its region
  // cannot be stated.
  StmtPtr RegionInvalidate(const Request& r) {
    const Var* window = WrittenVar(r);
    if (window == nullptr) return WholeInvalidate(r.loc);
    std::optional<Region> region;
    if (options_.Enabled("narrow_regions")) region = WrittenRegion(*r.write, f_, r.loc);
    if (!region) region = WholeRegion(window->type, f_, r.loc);
    if (!region) return WholeInvalidate(r.loc);
    std::vector<ExprPtr> args;
    args.push_back(MakeVarRef(const_cast<Var*>(window), r.loc));
    args.push_back(MakeList(std::move(region->shapes), r.loc));
    args.push_back(MakeList(std::move(region->offsets), r.loc));
    return MakeEval(MakeOpCall(kCacheInvalidateOp, std::move(args), {}, Type::None(), r.loc),
                    r.loc);
  }

  // Rule 2: the written region of the window in the peer's copy (what the
  // write wrote: a put's whole destination), or all of the window when an
  // offset is not a value the checker can compare (it holds a call); whole
  // GM when the window is not a variable, the peer holds a call, or no
  // region can be stated.
  StmtPtr PeerInvalidate(const Request& r) {
    const Var* window = WrittenVar(r);
    const Expr& peer = *PeerOf(*r.write);
    if (window == nullptr || !SameValueExpr(peer, peer)) return WholeInvalidate(r.loc);
    std::optional<Region> region = WrittenRegion(*r.write, f_, r.loc);
    if (region && !Comparable(*region)) region = std::nullopt;
    if (!region) region = WholeRegion(window->type, f_, r.loc);
    if (!region) return WholeInvalidate(r.loc);
    std::vector<ExprPtr> args;
    args.push_back(MakeVarRef(const_cast<Var*>(window), r.loc));
    args.push_back(MakeList(std::move(region->shapes), r.loc));
    args.push_back(MakeList(std::move(region->offsets), r.loc));
    args.push_back(Clone(peer));
    return MakeEval(MakeOpCall(kCacheInvalidateOp, std::move(args), {}, Type::None(), r.loc),
                    r.loc);
  }

  static StmtPtr WholeInvalidate(const Location& loc) {
    return MakeEval(MakeOpCall(kCacheInvalidateOp, {}, {}, Type::None(), loc), loc);
  }

  static StmtPtr Fence(const Location& loc) {
    return MakeEval(MakeOpCall(kFenceOp, {}, {}, Type::None(), loc), loc);
  }

  Function& f_;
  const PassOptions& options_;
  bool changed_ = false;
};

}  // namespace

bool InsertCommFences(Function& function, const PassOptions& options) {
  bool changed = Rewriter(function, options).Run();
  // comm-hazards.md H5: a read of window data through the cache that no
  // wait or whole-GM invalidate precedes on some path gets one whole-GM
  // invalidate at the kernel's start (the checker's own analysis decides,
  // so the two agree exactly).
  for (const CommViolation& v : FindCommViolations(function)) {
    if (v.kind != CommViolation::Kind::kKernelStart) continue;
    Stmt& body = EnsureSeq(function.body);
    const Location at = body.stmts.empty() ? function.loc : body.stmts.front()->loc;
    body.stmts.insert(body.stmts.begin(),
                      MakeEval(MakeOpCall(kCacheInvalidateOp, {}, {}, Type::None(), at), at));
    changed = true;
    break;
  }
  return changed;
}

absl::StatusOr<bool> InsertCommFence::Run(Program& program, PassContext& context) {
  bool changed = false;
  for (const auto& f : program.functions) {
    if (f->is_kernel()) changed |= InsertCommFences(*f, context.options);
  }
  return changed;
}

static PassRegistration<InsertCommFence> registration(
    "insert-comm-fence",
    "Adds the cacheinvalid / fence markers that make cross-rank window "
    "communication memory-safe.",
    {{"narrow_regions", {}}});

}  // namespace ptoc

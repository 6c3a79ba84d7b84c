// PipeProgram::Build: the plan's recorded items (codegen's walk of the
// function, in emission order) attached to the flattened instructions.
// The items of a statement are the machine ops recorded at its location
// (with the gaps before them and the emitter's own full barriers), as many
// as its lowering has (lowering.h), then any dcci lines the emitter adds;
// a statement without machine ops takes none, though passes give many
// statements one location. A compound statement adds the gap before it and
// its blocks; a block ends with its end gap.
#include <utility>

#include "absl/strings/str_cat.h"
#include "ir/walk.h"
#include "codegen/lowering.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"
#include "runtime/pipe_check.h"

namespace ptoc {
namespace sim {

using Kind = RecordedItem::Kind;

class PipeProgramBuilder {
 public:
  PipeProgramBuilder(const FunctionCode& code, Backend backend, PipeProgram* out)
      : code_(code), backend_(backend), out_(out) {
    const size_t n = code.instrs.size();
    out_->at_.resize(n);
    out_->entry_.resize(n);
    out_->back_jump_.assign(n, -1);
    for (size_t pc = 0; pc < n; ++pc) {
      const Instr& in = code.instrs[pc];
      const int at = static_cast<int>(pc);
      switch (in.kind) {
        case InstrKind::kExec: exec_[in.stmt] = at; break;
        case InstrKind::kForInit: first_[in.stmt] = at; break;
        case InstrKind::kForNext: last_[in.stmt] = at; break;
        case InstrKind::kBranch: first_[in.stmt] = at; break;
        case InstrKind::kJump: last_[in.stmt] = at; break;
        default: break;
      }
    }
    for (const auto& [stmt, pc] : last_) {
      if (stmt->kind == StmtKind::kWhile && first_.count(stmt) > 0) {
        out_->back_jump_[first_[stmt]] = pc;
      }
    }
  }

  // Matches `items` to the statements of `body` (located at `loc` when a
  // statement has no location of its own); returns the events at the end
  // of the block: its end gap and what the emitter recorded after the last
  // statement (a yield's copies; the function's closing barriers).
  absl::StatusOr<std::vector<PipeEvent>> Block(const std::vector<RecordedItem>& items,
                                               const Stmt* body, const Location& loc) {
    size_t k = 0;
    std::vector<const Stmt*> stmts;
    if (body != nullptr) Flatten(*body, &stmts);
    for (const Stmt* s : stmts) {
      const Location& at = s->loc.known() ? s->loc : loc;
      std::vector<PipeEvent> pre;
      const bool compound = s->kind == StmtKind::kFor || s->kind == StmtKind::kWhile ||
                            s->kind == StmtKind::kIf;
      Ops(items, &k, &at, s, compound ? kAny : Steps(*s), &pre);
      if (!compound) {
        if (pre.empty()) continue;
        auto exec = exec_.find(s);
        if (exec == exec_.end()) return Mismatch(at);
        Append(out_->at_[exec->second], pre);
        continue;
      }
      if (k + 1 >= items.size() || items[k].kind != Kind::kGap ||
          (items[k + 1].kind != Kind::kLoop && items[k + 1].kind != Kind::kIf) ||
          first_.count(s) == 0) {
        return Mismatch(at);
      }
      Gap(items[k], &pre);
      const RecordedItem& node = items[k + 1];
      k += 2;
      const int first = first_[s];
      const int last = last_.count(s) > 0 ? last_[s] : -1;
      if (s->kind == StmtKind::kFor) {
        if (node.blocks.size() != 1 || last < 0) return Mismatch(at);
        Append(out_->at_[first], pre);
        ASSIGN_OR_RETURN(std::vector<PipeEvent> end, Block(node.blocks[0], s->body.get(), at));
        Append(out_->at_[last], end);
      } else if (s->kind == StmtKind::kWhile) {
        if (node.blocks.size() != 2 || last < 0) return Mismatch(at);
        Append(out_->entry_[first], pre);
        ASSIGN_OR_RETURN(std::vector<PipeEvent> cond, Block(node.blocks[0], nullptr, at));
        Append(out_->at_[first], cond);
        ASSIGN_OR_RETURN(std::vector<PipeEvent> end, Block(node.blocks[1], s->body.get(), at));
        Append(out_->at_[last], end);
      } else {
        Append(out_->at_[first], pre);
        const int after_then = code_.instrs[first].target;
        ASSIGN_OR_RETURN(std::vector<PipeEvent> then, Block(node.blocks[0], s->body.get(), at));
        if (s->else_body == nullptr) {
          out_->deferred_[{first, true}] = {std::move(then), after_then};
          if (node.blocks.size() == 2) {  // the plan's else (waits only)
            ASSIGN_OR_RETURN(std::vector<PipeEvent> other, Block(node.blocks[1], nullptr, at));
            out_->deferred_[{first, false}] = {std::move(other), after_then};
          }
        } else {
          if (node.blocks.size() != 2 || last < 0) return Mismatch(at);
          Append(out_->at_[last], then);
          ASSIGN_OR_RETURN(std::vector<PipeEvent> other,
                           Block(node.blocks[1], s->else_body.get(), at));
          out_->deferred_[{first, false}] = {std::move(other), code_.instrs[last].target};
        }
      }
    }
    std::vector<PipeEvent> end;
    Ops(items, &k, nullptr, nullptr, kAny, &end);
    if (k >= items.size() || items[k].kind != Kind::kGap) return Mismatch(loc);
    Gap(items[k++], &end);
    Ops(items, &k, nullptr, nullptr, kAny, &end);
    if (k != items.size()) return Mismatch(loc);
    return end;
  }

  static void Append(std::vector<PipeEvent>& into, const std::vector<PipeEvent>& more) {
    into.insert(into.end(), more.begin(), more.end());
  }

 private:
  static constexpr int kAny = 1 << 30;

  // How many machine ops the lowering of statement `s` has (kAny when it
  // cannot tell).
  int Steps(const Stmt& s) const {
    if (!s.value || s.value->kind != ExprKind::kCall) return 0;
    absl::StatusOr<codegen::CallLowering> plan =
        codegen::PlanCall(*code_.function, *s.value, backend_, 0, s.loc);
    return plan.ok() ? static_cast<int>(plan->steps.size()) : kAny;
  }
  static void Flatten(const Stmt& body, std::vector<const Stmt*>* out) {
    for (const Stmt* s : StmtsOf(body)) {
      if (s->kind == StmtKind::kSeq) {
        Flatten(*s, out);
      } else {
        out->push_back(s);
      }
    }
  }
  static void Gap(const RecordedItem& gap, std::vector<PipeEvent>* out) {
    for (const codegen::SyncInstr& i : gap.sync) {
      PipeEvent e;
      e.kind = PipeEvent::Kind::kSync;
      e.sync = i;
      out->push_back(e);
    }
  }
  // Takes the full barriers and up to `steps` (gap, op) items at `loc` (any
  // location when null) from items[*k], then any further dcci ops there, as
  // events of statement `stmt`.
  static void Ops(const std::vector<RecordedItem>& items, size_t* k, const Location* loc,
                  const Stmt* stmt, int steps, std::vector<PipeEvent>* out) {
    int taken = 0;
    while (*k < items.size()) {
      const RecordedItem& item = items[*k];
      if (item.kind == Kind::kFullBarrier) {
        PipeEvent e;
        e.kind = PipeEvent::Kind::kFullBarrier;
        e.stmt = stmt;
        out->push_back(e);
        ++*k;
        continue;
      }
      if (item.kind != Kind::kGap || *k + 1 >= items.size()) return;
      const RecordedItem& op = items[*k + 1];
      if (op.kind != Kind::kOp) return;
      if (loc != nullptr && !(op.loc.file == loc->file && op.loc.line == loc->line &&
                              op.loc.col == loc->col)) {
        return;
      }
      if (taken >= steps && op.step.op != codegen::MachineOp::kDcci) return;
      ++taken;
      Gap(item, out);
      PipeEvent e;
      e.kind = PipeEvent::Kind::kOp;
      e.op = &op;
      e.stmt = stmt;
      out->push_back(e);
      *k += 2;
    }
  }
  absl::Status Mismatch(const Location& loc) const {
    return ErrorAt(loc, absl::StrCat("internal error: the pipe-sync plan of '",
                                     code_.function->name,
                                     "' does not follow its statements here; run with "
                                     "--pipe-check=off"));
  }

  const FunctionCode& code_;
  Backend backend_;
  PipeProgram* out_;
  std::map<const Stmt*, int> exec_, first_, last_;
};

absl::StatusOr<PipeProgram> PipeProgram::Build(const FunctionCode& code, Backend backend,
                                               std::vector<RecordedItem> recorded) {
  PipeProgram p;
  p.items_ = std::move(recorded);
  PipeProgramBuilder builder(code, backend, &p);
  ASSIGN_OR_RETURN(std::vector<PipeEvent> end,
                   builder.Block(p.items_, code.function->body.get(), code.function->loc));
  // The function's end: the last instruction (kEnd).
  PipeProgramBuilder::Append(p.at_.back(), end);
  return p;
}

void DropHalves(std::vector<RecordedItem>& items, const std::set<int>& sets,
                const std::set<int>& waits) {
  for (RecordedItem& item : items) {
    std::vector<codegen::SyncInstr> keep;
    for (const codegen::SyncInstr& i : item.sync) {
      const bool set = i.kind == codegen::SyncInstr::Kind::kSet;
      const bool wait = i.kind == codegen::SyncInstr::Kind::kWait;
      if ((set && sets.count(i.unit) > 0) || (wait && waits.count(i.unit) > 0)) continue;
      keep.push_back(i);
    }
    item.sync = std::move(keep);
    for (std::vector<RecordedItem>& block : item.blocks) DropHalves(block, sets, waits);
  }
}

const std::vector<PipeEvent>* PipeProgram::Deferred(int pc, bool then_taken, int* at) const {
  auto it = deferred_.find({pc, then_taken});
  if (it == deferred_.end()) return nullptr;
  *at = it->second.second;
  return &it->second.first;
}

}  // namespace sim
}  // namespace ptoc

#include "passes/lower_batch_matmul.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "ir/walk.h"
#include "passes/composite_emitter.h"

namespace ptoc {
namespace {

const OpInfo* InfoOf(const Expr& e) {
  return e.is_call() && !e.is_function_call ? LookupOp(e) : nullptr;
}

std::optional<std::vector<int64_t>> StaticDims(const Shape& shape) {
  std::vector<int64_t> dims;
  for (const Dim& d : shape) {
    if (!d.is_static()) return std::nullopt;
    dims.push_back(d.value);
  }
  return dims;
}

// The integer constants of a list argument, or nullopt.
std::optional<std::vector<int64_t>> IntList(const Expr& list) {
  if (list.kind != ExprKind::kList && list.kind != ExprKind::kTuple) return std::nullopt;
  std::vector<int64_t> values;
  for (const ExprPtr& e : list.args) {
    if (e->kind != ExprKind::kInt) return std::nullopt;
    values.push_back(e->int_value);
  }
  return values;
}

// An operand of the batched matmul: the load that reads it from GM.
struct OperandLoad {
  const Expr* call = nullptr;
  const OpInfo* info = nullptr;
  std::vector<int64_t> dims;  // the loaded tile's (= the window's) shape
  // The load's variable and the reshapes of it that lead to the operand.
  std::vector<const Var*> chain;
};

class Lowering {
 public:
  explicit Lowering(Function& f) : f_(f) {
    for (const auto& v : f.vars) used_names_.insert(v->name);
    ForEachStmt(*f.body, [&](const Stmt& s) {
      if (s.kind == StmtKind::kAssign && s.var != nullptr) def_[s.var] = &s;
    });
    uses_ = CountVarUses(*f.body);
  }

  absl::StatusOr<bool> Run() {
    RETURN_IF_ERROR(LowerIn(*f_.body));
    if (!changed_) return false;
    DropUnusedLoads();
    return true;
  }

 private:
  int UsesOf(const Var* v) const {
    auto it = uses_.find(v);
    return it == uses_.end() ? 0 : it->second;
  }

  absl::Status LowerIn(Stmt& s) {
    for (Stmt* body : BodiesOf(s)) RETURN_IF_ERROR(LowerIn(*body));
    if (s.kind != StmtKind::kSeq) return absl::OkStatus();
    std::vector<StmtPtr> out;
    for (size_t i = 0; i < s.stmts.size(); ++i) {
      if (i + 1 < s.stmts.size()) {
        ASSIGN_OR_RETURN(std::optional<std::vector<StmtPtr>> pages,
                         Unroll(*s.stmts[i], *s.stmts[i + 1], out));
        if (pages.has_value()) {
          for (StmtPtr& p : *pages) out.push_back(std::move(p));
          ++i;  // the store, replaced by the pages' stores
          changed_ = true;
          continue;
        }
      }
      out.push_back(std::move(s.stmts[i]));
    }
    s.stmts = std::move(out);
    return absl::OkStatus();
  }

  // The load that defines `operand`, when the pass can re-read it per page:
  // the operand itself, or a reshape of it that only adds or drops leading
  // dims of 1 (the batch dims still line up from the matrix).
  std::optional<OperandLoad> LoadOf(const Expr& operand) const {
    if (operand.kind != ExprKind::kVar) return std::nullopt;
    auto it = def_.find(operand.var);
    if (it == def_.end()) return std::nullopt;
    const Expr& call = *it->second->value;
    const OpInfo* info = InfoOf(call);
    if (info != nullptr && info->tile_window == TileWindow::kReshape && !call.args.empty()) {
      std::optional<OperandLoad> inner = LoadOf(*call.args[0]);
      std::optional<std::vector<int64_t>> dims = StaticDims(operand.type.shape());
      if (!inner.has_value() || !dims.has_value() || WithoutLeadingOnes(*dims) !=
                                                          WithoutLeadingOnes(inner->dims)) {
        return std::nullopt;
      }
      inner->chain.push_back(operand.var);
      return inner;
    }
    if (info == nullptr || info->role != OpRole::kGmLoad || info->access.shape_arg < 0 ||
        info->access.offsets_arg < 0 || info->access.tensor_arg < 0) {
      return std::nullopt;
    }
    // A partial valid_shape, or attributes beyond the memory, make a page
    // more than a window of the load (PyPTO writes the whole one out).
    std::optional<std::vector<int64_t>> window = IntList(*call.args[info->access.shape_arg]);
    const bool whole_valid = call.args.size() == 3 ||
                             (call.args.size() == 4 && (call.args[3]->args.empty() ||
                                                        IntList(*call.args[3]) == window));
    if (!whole_valid) return std::nullopt;
    for (const NamedExpr& a : call.attrs) {
      if (a.name != "target_memory") return std::nullopt;
    }
    std::optional<std::vector<int64_t>> dims = StaticDims(operand.type.shape());
    if (!window.has_value() || !dims.has_value() || *window != *dims || dims->size() < 2 ||
        call.args[info->access.offsets_arg]->args.size() != dims->size()) {
      return std::nullopt;
    }
    return OperandLoad{&call, info, *std::move(dims), {operand.var}};
  }

  static std::vector<int64_t> WithoutLeadingOnes(const std::vector<int64_t>& dims) {
    size_t i = 0;
    while (i + 2 < dims.size() && dims[i] == 1) ++i;
    return std::vector<int64_t>(dims.begin() + static_cast<std::ptrdiff_t>(i), dims.end());
  }

  // Whether the GM an operand's load read is still what a page load reads
  // after the statements `before` (of the matmul's sequence, in order): the
  // load is one of them, and none after it can write GM.
  static bool ReadsStillValid(const std::vector<StmtPtr>& before, const Var* loaded) {
    for (size_t j = before.size(); j-- > 0;) {
      const Stmt& s = *before[j];
      if (s.kind == StmtKind::kAssign && s.var == loaded) return true;
      if (s.kind != StmtKind::kAssign && s.kind != StmtKind::kEval) return false;
      if (s.value == nullptr || !s.value->is_call()) continue;
      if (s.value->is_function_call) return false;
      const std::optional<OpRole> role = RoleOf(*s.value);
      if (role == OpRole::kGmStore || role == OpRole::kScalarWrite ||
          role == OpRole::kRemoteWrite || role == OpRole::kGet) {
        return false;
      }
    }
    return false;
  }

  // The statements of one batched matmul `mm` and the store `store` of its
  // product, unrolled per page; nullopt when they are not in that form.
  absl::StatusOr<std::optional<std::vector<StmtPtr>>> Unroll(
      const Stmt& mm, const Stmt& store, const std::vector<StmtPtr>& before) {
    if (mm.kind != StmtKind::kAssign || mm.var == nullptr || mm.value == nullptr) {
      return std::nullopt;
    }
    const OpInfo* info = InfoOf(*mm.value);
    if (info == nullptr || info->per_batch_op.empty() || mm.value->args.size() != 2 ||
        UsesOf(mm.var) != 1 || store.value == nullptr) {
      return std::nullopt;
    }
    const Expr& st = *store.value;
    const OpInfo* st_info = InfoOf(st);
    if (st_info == nullptr || st_info->role != OpRole::kGmStore || st_info->access.tile_arg < 0 ||
        st_info->access.region_arg < 0 ||
        static_cast<int>(st.args.size()) != st_info->access.region_arg ||
        st.args[st_info->access.tile_arg]->kind != ExprKind::kVar ||
        st.args[st_info->access.tile_arg]->var != mm.var) {
      return std::nullopt;
    }
    std::optional<OperandLoad> a = LoadOf(*mm.value->args[0]);
    std::optional<OperandLoad> b = LoadOf(*mm.value->args[1]);
    std::optional<std::vector<int64_t>> c = StaticDims(mm.var->type.shape());
    const Expr& st_offsets = *st.args[st_info->access.offsets_arg];
    if (!a.has_value() || !b.has_value() || !c.has_value() ||
        st_offsets.args.size() != c->size() || a->dims.size() > c->size() ||
        b->dims.size() > c->size() || !ReadsStillValid(before, a->chain.front()) ||
        !ReadsStillValid(before, b->chain.front())) {
      return std::nullopt;
    }
    // A page's store must not write what a later page reads.
    const Expr& stored = *st.args[st_info->access.tensor_arg];
    for (const OperandLoad* o : {&*a, &*b}) {
      const Expr& read = *o->call->args[o->info->access.tensor_arg];
      if (stored.kind != ExprKind::kVar || read.kind != ExprKind::kVar ||
          stored.var == read.var) {
        return std::nullopt;
      }
    }
    const size_t nb = c->size() - 2;
    int64_t pages = 1;
    for (size_t d = 0; d < nb; ++d) pages *= (*c)[d];

    composite::Emitter e(f_, used_names_, mm.value->loc);
    Var* tensor = nullptr;  // the stored tensor's value, chained
    if (st.args[st_info->access.tensor_arg]->kind == ExprKind::kVar) {
      tensor = st.args[st_info->access.tensor_arg]->var;
    }
    std::vector<int64_t> index(nb, 0);  // the page's batch index
    for (int64_t p = 0; p < pages; ++p) {
      ASSIGN_OR_RETURN(Var * a_page, LoadPage(e, *mm.value->args[0], *a, index, p));
      ASSIGN_OR_RETURN(Var * b_page, LoadPage(e, *mm.value->args[1], *b, index, p));
      std::vector<NamedExpr> attrs;
      for (const NamedExpr& attr : mm.value->attrs) attrs.push_back(MakeAttr(attr.name, Clone(*attr.value)));
      ASSIGN_OR_RETURN(Var * product,
                       e.BindOp(absl::StrCat(mm.var->name, "_", p), info->per_batch_op,
                                composite::Args(e.Ref(a_page), e.Ref(b_page)), std::move(attrs)));
      // The store of the page: the original store's call at the page's
      // offsets, with the region of one page.
      ExprPtr call = Clone(st);
      call->args[st_info->access.tile_arg] = e.Ref(product);
      ExprPtr& offsets = call->args[st_info->access.offsets_arg];
      for (size_t d = 0; d < nb; ++d) {
        offsets->args[d] = MakeSum(*offsets->args[d], *MakeInt(index[d], offsets->loc), offsets->loc);
      }
      if (tensor != nullptr) call->args[st_info->access.tensor_arg] = e.Ref(tensor);
      std::vector<int64_t> region(nb, 1);
      region.push_back((*c)[nb]);
      region.push_back((*c)[nb + 1]);
      call->args.push_back(e.Ints(region));
      if (store.kind == StmtKind::kAssign && store.var != nullptr) {
        if (p + 1 == pages) {
          e.Append(MakeAssign(store.var, std::move(call), store.loc));
        } else {
          tensor = e.Bind(absl::StrCat(store.var->name, "_", p), std::move(call));
        }
      } else {
        e.Append(MakeEval(std::move(call), store.loc));
      }
      // The next page: the last batch dim fastest.
      for (size_t d = nb; d-- > 0;) {
        if (++index[d] < (*c)[d]) break;
        index[d] = 0;
      }
    }
    // The matmul and the store are replaced: no definition points at them.
    def_.erase(mm.var);
    if (store.kind == StmtKind::kAssign) def_.erase(store.var);
    operands_.insert(a->chain.begin(), a->chain.end());
    operands_.insert(b->chain.begin(), b->chain.end());
    return std::optional<std::vector<StmtPtr>>(e.Take());
  }

  // The page of an operand for the result page `index`: its load at the
  // page's offsets (page 0 of a broadcast dim), as a 2-D tile.
  absl::StatusOr<Var*> LoadPage(composite::Emitter& e, const Expr& operand,
                                const OperandLoad& load, const std::vector<int64_t>& index,
                                int64_t p) {
    const size_t rank = load.dims.size();
    const size_t own = rank - 2;            // the operand's batch dims
    const size_t skip = index.size() - own;  // the result's batch dims it lacks
    ExprPtr call = Clone(*load.call);
    call->args.resize(3);  // a whole valid_shape says nothing more
    ExprPtr& offsets = call->args[load.info->access.offsets_arg];
    std::vector<int64_t> window(own, 1);
    for (size_t d = 0; d < own; ++d) {
      const int64_t i = load.dims[d] == 1 ? 0 : index[skip + d];
      offsets->args[d] = MakeSum(*offsets->args[d], *MakeInt(i, offsets->loc), offsets->loc);
    }
    window.push_back(load.dims[rank - 2]);
    window.push_back(load.dims[rank - 1]);
    call->args[load.info->access.shape_arg] = e.Ints(window);
    // A page read by the cube: in Mat, where PyPTO's memory inference puts
    // a load a matmul reads, unless the load says otherwise.
    if (call->FindAttr("target_memory") == nullptr) {
      call->attrs.push_back(MakeAttr("target_memory", e.Enum("MemorySpace", "Mat")));
    }
    // The call has the window's rank; its variable is the [M, K] page.
    absl::StatusOr<std::optional<Type>> window_type = load.info->result(*call);
    if (!window_type.ok()) return window_type.status();
    if (window_type->has_value()) call->type = **window_type;
    const Shape page{Dim::Static(load.dims[rank - 2]), Dim::Static(load.dims[rank - 1])};
    const Type& t = call->type;
    Type page_type = t.has_memory() ? Type::Tile(page, t.dtype(), t.memory())
                                    : Type::TileWithoutMemory(page, t.dtype(), TileView());
    return e.BindAs(absl::StrCat(operand.var->name, "_", p), std::move(page_type),
                    std::move(call));
  }

  // Removes the operands' whole loads (and reshapes of them) that nothing
  // reads any more; a load read only by a dropped reshape goes next round.
  void DropUnusedLoads() {
    for (bool dropped = true; dropped;) {
      uses_ = CountVarUses(*f_.body);
      dropped = false;
      DropFrom(*f_.body, &dropped);
    }
  }

  void DropFrom(Stmt& s, bool* dropped) {
    for (Stmt* body : BodiesOf(s)) DropFrom(*body, dropped);
    if (s.kind != StmtKind::kSeq) return;
    std::vector<StmtPtr> kept;
    for (StmtPtr& c : s.stmts) {
      if (c->kind == StmtKind::kAssign && operands_.count(c->var) != 0 && UsesOf(c->var) == 0) {
        *dropped = true;
        continue;
      }
      kept.push_back(std::move(c));
    }
    s.stmts = std::move(kept);
  }

  Function& f_;
  std::set<std::string> used_names_;
  std::map<const Var*, const Stmt*> def_;
  std::map<const Var*, int> uses_;
  std::set<const Var*> operands_;
  bool changed_ = false;
};

}  // namespace

absl::StatusOr<bool> LowerBatchMatmulPass::Run(Program& program, PassContext&) {
  bool changed = false;
  for (const auto& f : program.functions) {
    if (!f->is_kernel() || f->body == nullptr) continue;
    ASSIGN_OR_RETURN(bool c, Lowering(*f).Run());
    changed |= c;
  }
  return changed;
}

static PassRegistration<LowerBatchMatmulPass> registration(
    "lower-batch-matmul",
    "Unrolls tile.batch_matmul into one 2-D tile.matmul per batch page (PyPTO's "
    "FlattenTileNdTo2D): each page of the operands loaded from GM, multiplied and stored "
    "where its page of the result goes.");

}  // namespace ptoc

#include "passes/convert_tensor_to_tile_ops.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"
#include "ir/enums.h"
#include "ir/memory_capacity.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "ir/walk.h"
#include "passes/convert_tensor_to_tile_ops_rewrites.h"

namespace ptoc {
namespace {

using Kind = TileForm::Kind;

bool IsTensorVar(const Expr& e) { return e.kind == ExprKind::kVar && e.type.is_tensor(); }

// The type of a value now: a variable's may have changed since the
// reference was made (loops and ifs carry tiles); RefreshVarTypes updates
// the references at the end.
const Type& TypeOf(const Expr& e) { return e.kind == ExprKind::kVar ? e.var->type : e.type; }

// The arguments of a call of `form` that are computed with as tiles (the
// others are GM targets, offsets, shapes or scalars).
std::vector<size_t> TileOperands(const Expr& call, const TileForm& form) {
  std::vector<size_t> out;
  switch (form.kind) {
    case Kind::kCompute:
      if (!form.tile_args.empty()) {
        out.assign(form.tile_args.begin(), form.tile_args.end());
        break;
      }
      [[fallthrough]];
    case Kind::kMatmul:
      for (size_t i = 0; i < call.args.size(); ++i) out.push_back(i);
      break;
    case Kind::kAssemble:
      out.push_back(1);
      break;
    default:
      break;
  }
  return out;
}

// A call of `op`, typed by its result rule.
absl::StatusOr<ExprPtr> TypedCall(std::string op, std::vector<ExprPtr> args,
                                  std::vector<NamedExpr> attrs, const Location& loc) {
  for (ExprPtr& a : args) a->type = TypeOf(*a);
  ExprPtr call = MakeOpCall(std::move(op), std::move(args), std::move(attrs), Type::None(), loc);
  const OpInfo* info = LookupOp(*call);
  if (info != nullptr && info->result) {
    absl::StatusOr<std::optional<Type>> t = info->result(*call);
    if (!t.ok()) return ErrorAt(loc, t.status().message());
    if (t->has_value()) call->type = **t;
  }
  return call;
}

ExprPtr ZeroOffsets(size_t rank, const Location& loc) {
  return MakeIntList(std::vector<int64_t>(rank, 0), loc);
}

class KernelConversion {
 public:
  KernelConversion(Function& f, Backend backend) : f_(f), backend_(backend) {}

  // The Out parameters added for returned tiles, by return position.
  const std::map<size_t, Var*>& added_outputs() const { return added_; }

  absl::StatusOr<bool> Run() {
    if (!HasConversion(*f_.body)) return false;
    HoistTensorCalls(f_, f_.body, &temps_);
    CollectWanted();
    std::vector<StmtPtr> entry;
    for (const Param& p : f_.params) {
      if (wanted_.count(p.var) == 0) continue;
      ASSIGN_OR_RETURN(Var * tile, LoadWhole(p.var, MemorySpace::kVec, "_tile", p.var->loc, entry));
      tile_of_[p.var] = tile;
    }
    RETURN_IF_ERROR(Block(f_.body));
    if (!entry.empty()) {
      Stmt& seq = EnsureSeq(f_.body);
      for (size_t i = 0; i < entry.size(); ++i) {
        seq.stmts.insert(seq.stmts.begin() + i, std::move(entry[i]));
      }
    }
    UpgradeStoreTargets(f_, store_targets_);
    RefreshVarTypes(*f_.body);
    RETURN_IF_ERROR(CheckStoreCoherence(f_, store_targets_));
    // A kernel whose tensor ops all stay in GM (slices only GM ops read) is
    // unchanged.
    return converted_ || temps_ > 0;
  }

 private:
  static bool HasConversion(const Stmt& body) {
    bool found = false;
    ForEachCall(body, [&](const Expr& e) {
      const TileForm* form = FormOf(e);
      found = found || (form != nullptr && form->kind != Kind::kAccess);
    });
    return found;
  }

  // ---- Which tensors are computed with as tiles ----

  void CollectWanted() {
    // A loop-carried tensor -> its initial value; a copy -> what it copies.
    absl::flat_hash_map<Var*, Var*> source_of;
    ForEachStmt(*f_.body, [&](const Stmt& s) {
      for (size_t i = 0; i < s.iter_args.size() && i < s.init_values.size(); ++i) {
        if (s.init_values[i]->kind == ExprKind::kVar)
          source_of[s.iter_args[i]] = s.init_values[i]->var;
      }
      if (s.kind == StmtKind::kAssign && IsTensorVar(*s.value)) source_of[s.var] = s.value->var;
      const Expr* call = CallOf(s);
      const TileForm* form = call != nullptr ? FormOf(*call) : nullptr;
      if (form == nullptr) return;
      for (size_t i : TileOperands(*call, *form)) {
        if (i < call->args.size() && IsTensorVar(*call->args[i])) {
          (form->kind == Kind::kMatmul ? mat_wanted_ : wanted_).insert(call->args[i]->var);
        }
      }
    });
    // A carried tensor (or a copy) computed with is a tile from its initial
    // value (the value it copies) on.
    for (bool grew = true; grew;) {
      grew = false;
      for (const auto& [carried, init] : source_of) {
        if (wanted_.count(carried) != 0 && wanted_.insert(init).second) grew = true;
      }
    }
  }

  // ---- Conversion ----

  absl::Status Block(StmtPtr& body) {
    std::vector<StmtPtr> out;
    for (StmtPtr& s : TakeStmts(body)) RETURN_IF_ERROR(Convert(std::move(s), out));
    PutStmts(body, std::move(out));
    return absl::OkStatus();
  }

  absl::Status Convert(StmtPtr s, std::vector<StmtPtr>& out) {
    switch (s->kind) {
      case StmtKind::kFor:
      case StmtKind::kWhile:
        return Loop(std::move(s), out);
      case StmtKind::kIf:
        return If(std::move(s), out);
      case StmtKind::kReturn:
        return Return(std::move(s), out);
      case StmtKind::kYield:
        Substitute(s->values);
        out.push_back(std::move(s));
        return absl::OkStatus();
      default:
        break;
    }
    for (StmtPtr* b : {&s->body, &s->else_body}) {
      if (*b != nullptr) RETURN_IF_ERROR(Block(*b));
    }
    if (s->kind == StmtKind::kAssign && s->value->kind == ExprKind::kVar &&
        tile_of_.count(s->value->var) != 0) {
      // A copy of a tensor that became a tile copies the tile.
      s->value = MakeVarRef(tile_of_.at(s->value->var), s->value->loc);
      s->var->type = s->value->type;
      out.push_back(std::move(s));
      return absl::OkStatus();
    }
    Expr* call = CallOf(*s);
    const TileForm* form = call != nullptr ? FormOf(*call) : nullptr;
    if (form == nullptr) {
      RETURN_IF_ERROR(CheckNoTileUse(*s));
      out.push_back(std::move(s));
      return absl::OkStatus();
    }
    return Call(std::move(s), *form, out);
  }

  // A statement ptoc does not convert must not read a tensor that became a
  // tile: its op takes the GM tensor.
  absl::Status CheckNoTileUse(const Stmt& s) {
    absl::Status status;
    ForEachOwnExpr(s, [&](const Expr& root) {
      WalkExprTree(root, [&](const Expr& e) {
        if (!status.ok() || e.kind != ExprKind::kVar || tile_of_.count(e.var) == 0) return;
        status = ErrorAt(e.loc, absl::StrCat("tensor '", e.var->name,
                                             "' became a tile (convert-tensor-to-tile-ops), "
                                             "but this statement takes it as a GM tensor; "
                                             "compute with it at tile level or keep it in GM"));
      });
    });
    return status;
  }

  // Yielded, returned and carried values name the tiles their tensors became.
  void Substitute(std::vector<ExprPtr>& values) const {
    for (ExprPtr& v : values) {
      if (v->kind != ExprKind::kVar) continue;
      auto it = tile_of_.find(v->var);
      if (it != tile_of_.end()) v = MakeVarRef(it->second, v->loc);
    }
  }

  // The tile standing for operand `e`, or nullptr when it has none.
  Var* TileFor(const Expr& e) const {
    if (e.kind != ExprKind::kVar) return nullptr;
    if (e.var->type.is_tile()) return e.var;
    auto it = tile_of_.find(e.var);
    return it != tile_of_.end() ? it->second : nullptr;
  }

  // `<name><suffix> = tile.load(v, zeros, shape, shape, target_memory=space)`.
  absl::StatusOr<Var*> LoadWhole(Var* v, MemorySpace space, absl::string_view suffix,
                                 const Location& loc, std::vector<StmtPtr>& out) {
    ASSIGN_OR_RETURN(ExprPtr shape, ShapeList(v->type.shape(), loc));
    ExprPtr valid = Clone(*shape);
    std::vector<ExprPtr> args;
    args.push_back(MakeVarRef(v, loc));
    args.push_back(ZeroOffsets(v->type.shape().size(), loc));
    args.push_back(std::move(shape));
    args.push_back(std::move(valid));
    ASSIGN_OR_RETURN(ExprPtr load,
                     TypedCall("tile.load", std::move(args), MemoryAttrs(space, loc), loc));
    ASSIGN_OR_RETURN(Var * tile, NewTile(absl::StrCat(v->name, suffix), load->type, loc));
    out.push_back(MakeAssign(tile, std::move(load), loc));
    return tile;
  }

  static std::vector<NamedExpr> MemoryAttrs(MemorySpace space, const Location& loc) {
    std::vector<NamedExpr> attrs;
    attrs.push_back(MakeAttr("target_memory",
                             MakeEnum("MemorySpace", std::string(MemorySpaceName(space)), loc)));
    return attrs;
  }

  // A shape as a list: constants, and the scalar parameters naming
  // dynamic dims.
  absl::StatusOr<ExprPtr> ShapeList(const Shape& shape, const Location& loc) const {
    std::vector<ExprPtr> dims;
    for (const Dim& d : shape) {
      if (d.is_static()) {
        dims.push_back(MakeInt(d.value, loc));
        continue;
      }
      Var* p = ParamNamed(d.symbol);
      if (p == nullptr) {
        return ErrorAt(loc, absl::StrCat("cannot load a tensor whose dim '", d.symbol,
                                         "' is not a scalar parameter of kernel '", f_.name, "'"));
      }
      dims.push_back(MakeVarRef(p, loc));
    }
    return MakeList(std::move(dims), loc);
  }

  Var* ParamNamed(absl::string_view name) const {
    for (const Param& p : f_.params) {
      if (p.var->name == name && p.var->type.is_scalar()) return p.var;
    }
    return nullptr;
  }

  // Binds the converted value of assignment `s` (or evaluates it).
  absl::Status Bind(StmtPtr s, ExprPtr value, std::vector<StmtPtr>& out) {
    converted_ = true;
    if (s->kind == StmtKind::kAssign && value->type.is_tile()) {
      ASSIGN_OR_RETURN(Var * tile,
                       NewTile(absl::StrCat(s->var->name, "_tile"), value->type, s->var->loc));
      tile_of_[s->var] = tile;
      s->var = tile;
    } else if (s->kind == StmtKind::kAssign) {
      s->var->type = value->type;
    }
    s->value = std::move(value);
    out.push_back(std::move(s));
    return absl::OkStatus();
  }

  absl::Status Call(StmtPtr s, const TileForm& form, std::vector<StmtPtr>& out) {
    Expr& call = *s->value;
    switch (form.kind) {
      case Kind::kCompute:
        return Compute(std::move(s), form, out);
      case Kind::kMatmul:
        return Matmul(std::move(s), form, out);
      case Kind::kCreate: {
        std::vector<NamedExpr> attrs;
        for (const char* name : {"shape", "dtype"}) {
          if (const Expr* a = call.FindAttr(name)) attrs.push_back(MakeAttr(name, Clone(*a)));
        }
        RETURN_IF_ERROR(RefuseAttrs(call, {"shape", "dtype", "layout", "manual_dep"}));
        for (NamedExpr& m : MemoryAttrs(MemorySpace::kVec, call.loc)) attrs.push_back(std::move(m));
        ASSIGN_OR_RETURN(ExprPtr v, TypedCall(form.op, {}, std::move(attrs), call.loc));
        return Bind(std::move(s), std::move(v), out);
      }
      case Kind::kSlice:
        return Slice(std::move(s), form, out);
      case Kind::kAssemble:
        return Assemble(std::move(s), form, out);
      case Kind::kAccess: {
        Var* tile = TileFor(*call.args[0]);
        if (tile == nullptr || !tile_of_.count(call.args[0]->var)) {
          out.push_back(std::move(s));  // a GM access stays one
          return absl::OkStatus();
        }
        std::vector<ExprPtr> args = std::move(call.args);
        args[0] = MakeVarRef(tile, args[0]->loc);
        ASSIGN_OR_RETURN(ExprPtr v,
                         TypedCall(form.op, std::move(args), std::move(call.attrs), call.loc));
        return Bind(std::move(s), std::move(v), out);
      }
      case Kind::kNone:
        break;
    }
    out.push_back(std::move(s));
    return absl::OkStatus();
  }

  // An attribute set to something other than its default that the tile
  // form has no place for.
  static absl::Status RefuseAttrs(const Expr& call, std::vector<absl::string_view> kept) {
    const OpInfo* info = LookupOp(call);
    for (const NamedExpr& a : call.attrs) {
      bool ok = false;
      for (absl::string_view k : kept) ok = ok || a.name == k;
      const AttrSpec* spec = info->FindAttr(a.name);
      if (ok || (spec != nullptr && spec->default_value != nullptr &&
                 SameConstant(*a.value, *spec->default_value))) {
        continue;
      }
      return ErrorAt(a.value->loc,
                     absl::StrCat("convert-tensor-to-tile-ops: '", call.str, "' with ", a.name,
                                  "= has no tile form in ptoc yet"));
    }
    return absl::OkStatus();
  }

  // Operand `i` of a call of `op` as a tile: its tile, else an error.
  absl::StatusOr<ExprPtr> TileOperand(absl::string_view op, const Expr& a, size_t i) const {
    if (!a.type.is_tensor()) return Clone(a);
    Var* tile = TileFor(a);
    if (tile == nullptr) {
      return ErrorAt(a.loc, absl::StrCat("convert-tensor-to-tile-ops: operand ", i + 1, " of '", op,
                                         "' is a tensor that is not a kernel parameter "
                                         "(a GM view); ptoc cannot load it into a tile here"));
    }
    return MakeVarRef(tile, a.loc);
  }

  // The attributes of a tensor call its tile op takes, in the tile op's
  // spelling: an enum the tile op takes as a string (atomic=
  // pl.AtomicType.Add -> "add") is converted as the parser does.
  static std::vector<NamedExpr> CarriedAttrs(const OpInfo& tile_info,
                                             std::vector<NamedExpr> attrs) {
    std::vector<NamedExpr> out;
    for (NamedExpr& a : attrs) {
      const AttrSpec* spec = tile_info.FindAttr(a.name);
      if (spec == nullptr) continue;
      const PyptoEnum* alias = spec->enum_alias.empty() ? nullptr : FindPyptoEnum(spec->enum_alias);
      if (alias != nullptr && a.value->kind == ExprKind::kEnum &&
          a.value->enum_type == spec->enum_alias) {
        for (size_t i = 0; i < alias->values.size() && i < spec->choices.size(); ++i) {
          if (alias->values[i] == a.value->str)
            a.value = MakeString(spec->choices[i], a.value->loc);
        }
      }
      out.push_back(std::move(a));
    }
    return out;
  }

  absl::Status Compute(StmtPtr s, const TileForm& form, std::vector<StmtPtr>& out) {
    Expr& call = *s->value;
    const OpInfo* tile_info = OpRegistry::Get().Find(form.op);
    std::vector<absl::string_view> kept;
    for (const AttrSpec& a : tile_info->attrs) kept.push_back(a.name);
    RETURN_IF_ERROR(RefuseAttrs(call, kept));
    std::vector<ExprPtr> args;
    for (ExprPtr& a : call.args) args.push_back(std::move(a));
    for (size_t i : TileOperands(call, form)) {
      if (i >= args.size()) continue;
      ASSIGN_OR_RETURN(args[i], TileOperand(call.str, *args[i], i));
    }
    ASSIGN_OR_RETURN(ExprPtr v,
                     TypedCall(form.op, std::move(args),
                               CarriedAttrs(*tile_info, std::move(call.attrs)), call.loc));
    return Bind(std::move(s), std::move(v), out);
  }

  absl::Status Matmul(StmtPtr s, const TileForm& form, std::vector<StmtPtr>& out) {
    Expr& call = *s->value;
    for (const char* trans : {"a_trans", "b_trans", "c_matrix_nz"}) {
      const Expr* a = call.FindAttr(trans);
      if (a != nullptr && a->kind == ExprKind::kBool && a->bool_value) {
        return ErrorAt(a->loc,
                       absl::StrCat("convert-tensor-to-tile-ops: '", call.str, "' with ", trans,
                                    "=True is not converted yet (PyPTO views the "
                                    "Mat operand with tile.transpose_view, which ptoc lacks)"));
      }
    }
    const OpInfo* tile_info = OpRegistry::Get().Find(form.op);
    // Operands of rank > 2 multiply page by page: the batched op whose page
    // op this is (tile.batch_matmul), as PyPTO keeps the intent for
    // lower-batch-matmul.
    bool batched = false;
    for (const ExprPtr& a : call.args) batched |= a->type.shape().size() > 2;
    if (batched) {
      for (const OpInfo* op : OpRegistry::Get().All()) {
        if (op->per_batch_op == form.op) tile_info = op;
      }
    }
    std::vector<ExprPtr> args;
    for (size_t i = 0; i < call.args.size(); ++i) {
      const Expr& a = *call.args[i];
      // The accumulator of matmul_acc is a tile already (or computed as one);
      // GM operands are loaded into Mat, as PyPTO's InputSpaceReq bridges them.
      if (IsTensorVar(a) && TileFor(a) == nullptr) {
        ASSIGN_OR_RETURN(Var * mat, LoadWhole(a.var, MemorySpace::kMat, "_mat", a.loc, out));
        args.push_back(MakeVarRef(mat, a.loc));
        continue;
      }
      ASSIGN_OR_RETURN(ExprPtr t, TileOperand(call.str, a, i));
      args.push_back(std::move(t));
    }
    // The operands move on into Left and Right (infer-tile-memory-space),
    // which are smaller than Mat.
    const size_t lhs = args.size() - 2;
    for (size_t i = lhs; i < args.size(); ++i) {
      const Type& t = args[i]->type;
      if (!t.is_tile() || t.shape().size() < 2) continue;
      const MemorySpace to = i == lhs ? MemorySpace::kLeft : MemorySpace::kRight;
      // A batched operand reaches Left or Right a page at a time.
      const Shape page(t.shape().end() - 2, t.shape().end());
      RETURN_IF_ERROR(CheckFits(absl::StrCat(PrintedName(*args[i]), "_", MemorySpaceName(to)),
                                Type::Tile(page, t.dtype(), to), args[i]->loc));
    }
    ASSIGN_OR_RETURN(ExprPtr v,
                     TypedCall(tile_info->name, std::move(args),
                               CarriedAttrs(*tile_info, std::move(call.attrs)), call.loc));
    return Bind(std::move(s), std::move(v), out);
  }

  static std::string PrintedName(const Expr& e) {
    return e.kind == ExprKind::kVar ? e.var->name : "operand";
  }

  absl::Status Slice(StmtPtr s, const TileForm& form, std::vector<StmtPtr>& out) {
    Expr& call = *s->value;
    if (Var* tile = TileFor(*call.args[0])) {
      call.args[0] = MakeVarRef(tile, call.args[0]->loc);
      ASSIGN_OR_RETURN(ExprPtr v,
                       TypedCall(form.op, std::move(call.args), std::move(call.attrs), call.loc));
      return Bind(std::move(s), std::move(v), out);
    }
    const bool to_mat = s->kind == StmtKind::kAssign && mat_wanted_.count(s->var) != 0;
    if (s->kind != StmtKind::kAssign || (!to_mat && wanted_.count(s->var) == 0)) {
      out.push_back(std::move(s));  // a GM view that only GM ops use
      return absl::OkStatus();
    }
    RETURN_IF_ERROR(RefuseAttrs(call, {}));
    if (call.args.size() > 4 && !call.args[4]->args.empty()) {
      return ErrorAt(call.args[4]->loc,
                     "convert-tensor-to-tile-ops: a tensor.slice with drop_dims= that is computed "
                     "with is not converted yet (PyPTO reshapes the loaded tile)");
    }
    // tile.load(tensor, offsets, shapes, valid_shape): the slice's valid
    // shape, else its whole window.
    std::vector<ExprPtr> args;
    args.push_back(std::move(call.args[0]));
    args.push_back(std::move(call.args[2]));
    ExprPtr valid = call.args.size() > 3 && !call.args[3]->args.empty() ? std::move(call.args[3])
                                                                        : Clone(*call.args[1]);
    args.push_back(std::move(call.args[1]));
    args.push_back(std::move(valid));
    ASSIGN_OR_RETURN(
        ExprPtr v,
        TypedCall("tile.load", std::move(args),
                  MemoryAttrs(to_mat ? MemorySpace::kMat : MemorySpace::kVec, call.loc), call.loc));
    return Bind(std::move(s), std::move(v), out);
  }

  absl::Status Assemble(StmtPtr s, const TileForm& form, std::vector<StmtPtr>& out) {
    Expr& call = *s->value;
    Var* target_tile = TileFor(*call.args[0]);
    Var* source_tile = TileFor(*call.args[1]);
    if (target_tile == nullptr && source_tile == nullptr) {
      out.push_back(std::move(s));  // GM to GM stays a tensor copy
      return absl::OkStatus();
    }
    if (target_tile == nullptr) {
      // tile.store(source, offsets, target[, atomic]): the result is the
      // target tensor, so the assignment keeps its name.
      if (call.args[0]->kind == ExprKind::kVar) store_targets_.insert(call.args[0]->var);
      std::vector<ExprPtr> args;
      args.push_back(MakeVarRef(source_tile, call.args[1]->loc));
      args.push_back(std::move(call.args[2]));
      args.push_back(std::move(call.args[0]));
      ASSIGN_OR_RETURN(ExprPtr v, TypedCall("tile.store", std::move(args),
                                            CarriedAttrs(*OpRegistry::Get().Find("tile.store"),
                                                         std::move(call.attrs)),
                                            call.loc));
      return Bind(std::move(s), std::move(v), out);
    }
    RETURN_IF_ERROR(RefuseAttrs(call, {}));
    if (source_tile == nullptr) {
      if (!IsTensorVar(*call.args[1])) return TileOperand(call.str, *call.args[1], 1).status();
      ASSIGN_OR_RETURN(source_tile,
                       LoadWhole(call.args[1]->var, MemorySpace::kVec, "_tile", call.loc, out));
    }
    std::vector<ExprPtr> args;
    args.push_back(MakeVarRef(target_tile, call.args[0]->loc));
    args.push_back(MakeVarRef(source_tile, call.args[1]->loc));
    args.push_back(std::move(call.args[2]));
    ASSIGN_OR_RETURN(ExprPtr v, TypedCall(form.op, std::move(args), {}, call.loc));
    return Bind(std::move(s), std::move(v), out);
  }

  // Loops carry the tiles their initial values became; the body must
  // yield tiles for them, and the results are tiles too.
  absl::Status Loop(StmtPtr s, std::vector<StmtPtr>& out) {
    Substitute(s->init_values);
    for (size_t i = 0; i < s->iter_args.size() && i < s->init_values.size(); ++i) {
      const Type& init = TypeOf(*s->init_values[i]);
      if (init.is_tile() && s->iter_args[i]->type.is_tensor()) s->iter_args[i]->type = init;
    }
    if (s->kind == StmtKind::kWhile) RETURN_IF_ERROR(CheckNoTileUse(*s));
    RETURN_IF_ERROR(Block(s->body));
    RETURN_IF_ERROR(Carry(s->iter_args, TrailingYield(*s->body), s->results, s->loc));
    out.push_back(std::move(s));
    return absl::OkStatus();
  }

  absl::Status If(StmtPtr s, std::vector<StmtPtr>& out) {
    RETURN_IF_ERROR(CheckNoTileUse(*s));
    RETURN_IF_ERROR(Block(s->body));
    if (s->else_body != nullptr) RETURN_IF_ERROR(Block(s->else_body));
    const Stmt* then_yield = TrailingYield(*s->body);
    const Stmt* else_yield = s->else_body != nullptr ? TrailingYield(*s->else_body) : nullptr;
    for (size_t i = 0; i < s->results.size(); ++i) {
      const bool a = then_yield != nullptr && i < then_yield->values.size() &&
                     TypeOf(*then_yield->values[i]).is_tile();
      const bool b = else_yield != nullptr && i < else_yield->values.size() &&
                     TypeOf(*else_yield->values[i]).is_tile();
      if (a != b && else_yield != nullptr) {
        return ErrorAt(s->loc, absl::StrCat("convert-tensor-to-tile-ops: one branch gives '",
                                            s->results[i]->name,
                                            "' as a tile and the other as a "
                                            "GM tensor; compute both at the same level"));
      }
      if (a) s->results[i]->type = TypeOf(*then_yield->values[i]);
    }
    out.push_back(std::move(s));
    return absl::OkStatus();
  }

  absl::Status Carry(const std::vector<Var*>& carried, const Stmt* yield,
                     const std::vector<Var*>& results, const Location& loc) {
    for (size_t i = 0; i < carried.size(); ++i) {
      const bool yields_tile =
          yield != nullptr && i < yield->values.size() && TypeOf(*yield->values[i]).is_tile();
      if (yields_tile != carried[i]->type.is_tile()) {
        return ErrorAt(
            loc, absl::StrCat("convert-tensor-to-tile-ops: the loop carries '", carried[i]->name,
                              "' as a ", carried[i]->type.is_tile() ? "tile" : "GM tensor",
                              " but its body yields a ", yields_tile ? "tile" : "GM tensor",
                              "; start it from a value of the same level"));
      }
      if (i < results.size()) results[i]->type = carried[i]->type;
    }
    return absl::OkStatus();
  }

  // A returned tile is stored into a new Out parameter `ret<i>_out`.
  absl::Status Return(StmtPtr s, std::vector<StmtPtr>& out) {
    Substitute(s->values);
    for (size_t i = 0; i < s->values.size(); ++i) {
      ExprPtr& v = s->values[i];
      if (!TypeOf(*v).is_tile()) continue;
      const Location loc = s->loc;
      ASSIGN_OR_RETURN(Var * param, OutParam(i, loc));
      std::vector<ExprPtr> args;
      args.push_back(std::move(v));
      args.push_back(ZeroOffsets(param->type.shape().size(), loc));
      args.push_back(MakeVarRef(param, loc));
      ASSIGN_OR_RETURN(ExprPtr store, TypedCall("tile.store", std::move(args), {}, loc));
      Var* stored = f_.NewVar(absl::StrCat("ret", i, "_store"), store->type, loc);
      out.push_back(MakeAssign(stored, std::move(store), loc));
      v = MakeVarRef(stored, loc);
    }
    out.push_back(std::move(s));
    return absl::OkStatus();
  }

  absl::StatusOr<Var*> OutParam(size_t i, const Location& loc) {
    auto it = added_.find(i);
    if (it != added_.end()) return it->second;
    std::optional<Type> t = f_.return_type;
    if (t.has_value() && t->is_tuple()) t = i < t->elements().size() ? t->elements()[i] : Type();
    if (!t.has_value() || !t->is_tensor()) {
      return ErrorAt(loc, absl::StrCat("convert-tensor-to-tile-ops: kernel '", f_.name,
                                       "' returns a tile as value ", i + 1,
                                       " but does not declare a tensor return type for it"));
    }
    Var* param = f_.NewVar(absl::StrCat("ret", added_.size(), "_out"), *t, loc);
    f_.params.push_back(Param{param, Direction::kOut});
    added_[i] = param;
    return param;
  }

  // Variable references carry their variable's type, which loops and ifs
  // may have changed.
  static void RefreshVarTypes(Stmt& body) {
    WalkStmts(body, [](Stmt& s) {
      ForEachOwnExprSlot(s, [](ExprPtr& root) {
        if (root != nullptr) Refresh(*root);
      });
      return WalkAction::kAdvance;
    });
  }
  static void Refresh(Expr& e) {
    for (ExprPtr& a : e.args) Refresh(*a);
    for (NamedExpr& a : e.attrs) Refresh(*a.value);
    if (e.kind == ExprKind::kVar) e.type = e.var->type;
  }

  // A new tile variable, which must fit its memory.
  absl::StatusOr<Var*> NewTile(std::string name, const Type& type, const Location& loc) {
    RETURN_IF_ERROR(CheckFits(name, type, loc));
    return f_.NewVar(std::move(name), type, loc);
  }

  // PyPTO splits tiles larger than their memory in passes ptoc does not
  // have (AutoTileMatmulL0, ...); ptoc asks for it to be done by hand.
  absl::Status CheckFits(absl::string_view name, const Type& type, const Location& loc) const {
    if (std::optional<std::string> overflow = TileOverflow(name, type, backend_)) {
      return ErrorAt(loc, absl::StrCat("convert-tensor-to-tile-ops: ", *overflow,
                                       "; PyPTO tiles such an op in passes ptoc does not have "
                                       "yet (AutoTileMatmulL0, ...): split it by hand"));
    }
    return absl::OkStatus();
  }

  Function& f_;
  const Backend backend_;
  int temps_ = 0;  // the t__tmp_v<n> made
  bool converted_ = false;
  absl::flat_hash_set<Var*> wanted_;      // computed with in Vec
  absl::flat_hash_set<Var*> mat_wanted_;  // matmul operands
  absl::flat_hash_map<Var*, Var*> tile_of_;
  absl::flat_hash_set<Var*> store_targets_;
  std::map<size_t, Var*> added_;
};

}  // namespace

absl::StatusOr<bool> ConvertTensorsToTiles(Program& program) {
  const Backend backend = ParseBackend(program.options.backend).value_or(Backend::kA2A3);
  bool changed = false;
  for (const auto& f : program.functions) {
    if (!f->is_kernel()) continue;
    const size_t old_params = f->params.size();
    KernelConversion conversion(*f, backend);
    ASSIGN_OR_RETURN(bool c, conversion.Run());
    changed = changed || c;
    std::vector<Var*> outs;
    for (const auto& entry : conversion.added_outputs()) outs.push_back(entry.second);
    if (!outs.empty()) RETURN_IF_ERROR(AddCallerOutputs(program, *f, old_params, outs));
  }
  return changed;
}

absl::StatusOr<bool> ConvertTensorToTileOps::Run(Program& program, PassContext&) {
  return ConvertTensorsToTiles(program);
}

absl::Status ConvertTensorToTileOps::VerifyAfter(const Program& program) const {
  for (const auto& f : program.functions) {
    if (!f->is_kernel()) continue;
    absl::Status status;
    ForEachCall(*f->body, [&](const Expr& e) {
      const TileForm* form = FormOf(e);
      if (!status.ok() || form == nullptr ||
          (form->kind != Kind::kCompute && form->kind != Kind::kCreate &&
           form->kind != Kind::kMatmul)) {
        return;
      }
      status = ErrorAt(e.loc, absl::StrCat("after convert-tensor-to-tile-ops: kernel '", f->name,
                                           "' still computes with '", e.str, "'"));
    });
    RETURN_IF_ERROR(status);
  }
  return absl::OkStatus();
}

static PassRegistration<ConvertTensorToTileOps> registration(
    "convert-tensor-to-tile-ops",
    "Lowers tensor-level ops inside kernels to tile loads, tile ops and stores, as PyPTO's "
    "ConvertTensorToTileOps does, and gives returned tiles Out parameters.");

}  // namespace ptoc

#include "ir/verify_shapes.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "frontend/printer.h"
#include "ir/checked_math.h"
#include "ir/memory_capacity.h"
#include "ir/registry.h"

namespace ptoc {
namespace {

bool IsList(const Expr& e) {
  return e.kind == ExprKind::kList || e.kind == ExprKind::kTuple;
}

bool IsIntegerScalar(const Expr& e) {
  return e.type.is_scalar() && IsIntegerDType(e.type.dtype());
}

std::string NameOf(const Expr& e) {
  return e.kind == ExprKind::kVar && e.var != nullptr ? e.var->name : PrintExpr(e);
}

// The backend with the most of every on-chip memory.
Backend LargestBackend() { return Backend::kA5; }

class ShapeVerifier {
 public:
  ShapeVerifier(const Program& program, DiagnosticSink& sink)
      : backend_(program.options.backend.empty()
                     ? std::optional<Backend>(LargestBackend())
                     : ParseBackend(program.options.backend)),
        backend_recorded_(!program.options.backend.empty()),
        sink_(sink) {}

  void Run(const Function& fn) {
    for (const Param& p : fn.params) {
      if (p.var == nullptr) continue;
      const Location& loc = p.var->loc.known() ? p.var->loc : fn.loc;
      if (p.direction == Direction::kInOut && p.var->type.is_scalar()) {
        sink_.Error(loc, absl::StrCat("parameter '", p.var->name,
                                      "': Scalar parameters cannot have InOut direction "
                                      "(only Tensor and Tile parameters can be InOut)"));
      }
      CheckType(p.var->type, p.var->name, loc);
    }
    if (fn.body) Walk(*fn.body);
  }

 private:
  void Walk(const Stmt& s) {
    for (const StmtPtr& c : s.stmts) Walk(*c);
    if (s.kind == StmtKind::kAssign && s.var != nullptr) CheckType(s.var->type, s.var->name, s.loc);
    for (const ExprPtr* e : {&s.value, &s.start, &s.stop, &s.step}) {
      if (*e) WalkExpr(**e);
    }
    for (const ExprPtr& e : s.init_values) WalkExpr(*e);
    for (const ExprPtr& e : s.values) WalkExpr(*e);
    if (s.body) Walk(*s.body);
    if (s.else_body) Walk(*s.else_body);
  }

  void WalkExpr(const Expr& e) {
    for (const ExprPtr& a : e.args) {
      if (a) WalkExpr(*a);
    }
    for (const NamedExpr& a : e.attrs) {
      if (a.value) WalkExpr(*a.value);
    }
    if (const OpInfo* info = LookupOp(e)) {
      CheckAccess(e, *info);
      if (info->role == OpRole::kInitPipe) CheckPipeSetup(e);
    }
  }

  // A pipe goes cube-to-vector (dir_mask 1), vector-to-cube (2) or both (3),
  // with positive slots whose total (two FIFOs of slot_num slots at most)
  // has a size.
  void CheckPipeSetup(const Expr& call) {
    const Expr* dir = AttrOrDefault(call, "dir_mask");
    if (dir != nullptr && dir->kind == ExprKind::kInt &&
        (dir->int_value < 1 || dir->int_value > 3)) {
      sink_.Error(dir->loc.known() ? dir->loc : call.loc,
                  absl::StrCat("'", call.str, "': dir_mask must be 1 (cube to vector), 2 "
                               "(vector to cube) or 3 (both), not ", dir->int_value));
    }
    CheckedInt total = CheckedInt(2);
    for (const char* attr : {"slot_size", "slot_num"}) {
      const Expr* v = AttrOrDefault(call, attr);
      if (v == nullptr || v->kind != ExprKind::kInt) continue;
      if (v->int_value <= 0) {
        sink_.Error(v->loc.known() ? v->loc : call.loc, absl::StrCat("'", call.str, "': ", attr,
                                                      " must be positive, not ", v->int_value));
        return;
      }
      total *= CheckedInt(v->int_value);
    }
    if (!total.ok()) {
      sink_.Error(call.loc, absl::StrCat("'", call.str, "': slot_num * slot_size "
                                         "overflows 64 bits"));
    }
  }

  // Dimensions, size in bytes and, for a tile, its buffer against its memory.
  void CheckType(const Type& t, const std::string& name, const Location& loc) {
    if (!t.is_tensor() && !t.is_tile()) return;
    const char* what = t.is_tile() ? "tile" : "tensor";
    CheckedInt bytes = DTypeBytes(t.dtype());
    for (size_t i = 0; i < t.shape().size(); ++i) {
      const Dim& d = t.shape()[i];
      if (!d.is_static()) continue;
      if (d.value <= 0) {
        sink_.Error(loc, absl::StrCat("dimension ", i, " of '", name, "' is ", d.value,
                                      "; a ", what, " needs positive dimensions (",
                                      TypeToString(t), ")"));
        return;
      }
      bytes *= d.value;
    }
    if (t.is_tile()) {
      for (size_t i = 0; i < t.view().valid_shape.size(); ++i) {
        const Dim& d = t.view().valid_shape[i];
        if (d.is_static() && d.value < 0) {
          sink_.Error(loc, absl::StrCat("valid_shape dimension ", i, " of '", name, "' is ",
                                        d.value, "; a valid extent cannot be negative (",
                                        TypeToString(t), ")"));
          return;
        }
      }
    }
    if (!bytes.ok()) {
      sink_.Error(loc, DoesNotFitMessage(absl::StrCat("the size in bytes of '", name, "' (",
                                                      TypeToString(t), ")")));
      return;
    }
    if (!t.is_tile() || !t.has_static_shape() || t.shape().empty() ||
        t.memory() == MemorySpace::kDDR || !backend_) {
      return;
    }
    const TileBuffer buffer = TileBufferOf(t.shape(), t.dtype(), t.memory(), t.view().slayout);
    // With no backend recorded yet (a program as PyPTO writes it), a tile
    // must fit the largest target; the tools record one (a2a3 by default)
    // and verify again before code generation.
    const int64_t capacity = MemoryCapacity(t.memory(), *backend_);
    if (!buffer.bytes.ok()) {
      sink_.Error(loc, DoesNotFitMessage(absl::StrCat("the padded buffer of '", name, "' (",
                                                      TypeToString(t), ")")));
    } else if (buffer.bytes.value() > capacity) {
      sink_.Error(loc, absl::StrCat("tile '", name, "' needs ", buffer.bytes.value(),
                                    " bytes, more than the ", capacity, " bytes of ",
                                    MemorySpaceName(t.memory()), " on ",
                                    backend_recorded_ ? BackendName(*backend_)
                                                      : absl::string_view("any backend"),
                                    " (", TypeToString(t), ")"));
    }
  }

  // The argument `i` of `call` must be a list of integer scalars.
  bool CheckIntList(const Expr& call, const OpInfo& info, int i) {
    if (i < 0 || i >= static_cast<int>(call.args.size())) return true;
    const Expr& list = *call.args[i];
    if (!IsList(list)) {
      sink_.Error(list.loc, absl::StrCat("'", call.str, "' expects a list for '",
                                         info.params[i], "' (argument ", i + 1, "), not '",
                                         PrintExpr(list), "'"));
      return false;
    }
    for (const ExprPtr& e : list.args) {
      if (e->kind != ExprKind::kInt && !IsIntegerScalar(*e)) {
        sink_.Error(e->loc, absl::StrCat("'", call.str, "' expects integers in '",
                                         info.params[i], "', not '", PrintExpr(*e), "'"));
        return false;
      }
    }
    return true;
  }

  void CheckAccess(const Expr& call, const OpInfo& info) {
    if (!info.AcceptsArity(static_cast<int>(call.args.size()))) return;
    const GmAccess& a = info.access;
    bool kinds_ok = CheckIntList(call, info, a.offsets_arg);
    kinds_ok &= CheckIntList(call, info, a.shape_arg);
    const int peer = info.ParamIndex("peer");
    if (peer >= 0 && peer < static_cast<int>(call.args.size()) &&
        !IsIntegerScalar(*call.args[peer]) && call.args[peer]->kind != ExprKind::kInt) {
      sink_.Error(call.args[peer]->loc,
                  absl::StrCat("'", call.str, "' expects an integer scalar for 'peer', not '",
                               PrintExpr(*call.args[peer]), "'"));
      kinds_ok = false;
    }
    const int args = static_cast<int>(call.args.size());
    if (!kinds_ok || a.tensor_arg < 0 || a.tensor_arg >= args || a.offsets_arg < 0 ||
        a.offsets_arg >= args ||
        !call.args[a.tensor_arg]->type.is_tensor()) {
      return;
    }
    const Expr& tensor = *call.args[a.tensor_arg];
    const Expr& offsets = *call.args[a.offsets_arg];
    const Shape& shape = tensor.type.shape();
    if (offsets.args.size() != shape.size()) {
      sink_.Error(offsets.loc, absl::StrCat("'", call.str, "' gives ", offsets.args.size(),
                                            " offsets for '", NameOf(tensor), "' of rank ",
                                            shape.size()));
      return;
    }
    std::optional<std::vector<std::optional<int64_t>>> extents = Extents(call, a, shape.size());
    if (!extents) return;
    CheckBounds(call, tensor, offsets, *extents);
  }

  // The extent of the access in each dimension of its tensor (nullopt:
  // dynamic); nullopt when not known or already reported.
  std::optional<std::vector<std::optional<int64_t>>> Extents(const Expr& call,
                                                             const GmAccess& a, size_t rank) {
    std::vector<std::optional<int64_t>> extents;
    const bool region = a.region_arg >= 0 && a.region_arg < static_cast<int>(call.args.size()) &&
                        call.args[a.region_arg]->kind == ExprKind::kList;
    if (region) {
      const Expr& list = *call.args[a.region_arg];
      if (list.args.size() != rank) return std::nullopt;
      for (const ExprPtr& e : list.args) {
        extents.push_back(e->kind == ExprKind::kInt ? std::optional<int64_t>(e->int_value)
                                                    : std::nullopt);
      }
    } else if (a.tile_arg >= 0) {
      // What the store moves: the tile's valid part (PyPTO's valid-region
      // transfer), not its whole box.
      const Type& tile = call.args[a.tile_arg]->type;
      if (!tile.is_tile() || tile.shape().size() > rank) return std::nullopt;
      extents.assign(rank - tile.shape().size(), 1);  // leading dims of 1, as codegen
      for (const Dim& d : MovedExtent(tile)) {
        extents.push_back(d.is_static() ? std::optional<int64_t>(d.value) : std::nullopt);
      }
    } else if (a.shape_arg >= 0) {
      if (a.shape_arg >= static_cast<int>(call.args.size())) return std::nullopt;
      const Expr& list = *call.args[a.shape_arg];
      if (list.args.size() != rank) return std::nullopt;  // the result type says what is wrong
      for (const ExprPtr& e : list.args) {
        if (e->kind != ExprKind::kInt) {
          extents.push_back(std::nullopt);
          continue;
        }
        // A tile's shape is checked with the tile's type; a region's here.
        if (e->int_value <= 0 && !call.type.is_tile()) {
          sink_.Error(e->loc, absl::StrCat("'", call.str, "' has extent ", e->int_value,
                                           "; a region needs positive extents"));
          return std::nullopt;
        }
        extents.push_back(e->int_value);
      }
      // A load reads only its tile's valid part: the box may overhang the
      // tensor (PyPTO's clamped window read checks the valid shape).
      if (call.type.is_tile() && call.type.shape().size() == rank) {
        const Shape moved = MovedExtent(call.type);
        for (size_t i = 0; i < rank; ++i) {
          if (moved[i].is_static()) extents[i] = moved[i].value;
        }
      }
    } else {
      extents.assign(rank, 1);  // one element
    }
    return extents;
  }

  void CheckBounds(const Expr& call, const Expr& tensor, const Expr& offsets,
                   const std::vector<std::optional<int64_t>>& extents) {
    const Shape& shape = tensor.type.shape();
    const std::string name = NameOf(tensor);
    CheckedInt byte_offset = 0;
    CheckedInt stride = DTypeBytes(tensor.type.dtype());
    bool stride_known = true;
    for (size_t k = shape.size(); k-- > 0;) {
      const Expr& o = *offsets.args[k];
      const Dim& size = shape[k];
      if (o.kind == ExprKind::kInt) {
        if (o.int_value < 0) {
          sink_.Error(o.loc, absl::StrCat("'", call.str, "': offset ", o.int_value,
                                          " in dimension ", k, " of '", name,
                                          "' is negative"));
          return;
        }
        if (stride_known) byte_offset += CheckedInt(o.int_value) * stride;
        const CheckedInt end = CheckedInt(o.int_value) + extents[k].value_or(1);
        if (!end.ok()) {
          sink_.Error(o.loc, DoesNotFitMessage(absl::StrCat(
                                 "the end of the access to '", name, "' in dimension ", k)));
          return;
        }
        if (size.is_static() && end.value() > size.value) {
          sink_.Error(o.loc, OutOfBounds(call, name, k, o.int_value, extents[k], size.value,
                                         end.value()));
          return;
        }
      } else if (extents[k] && size.is_static() && *extents[k] > size.value) {
        sink_.Error(o.loc, absl::StrCat("'", call.str, "' is out of bounds of '", name,
                                        "' in dimension ", k, ": extent ", *extents[k],
                                        " exceeds its size ", size.value, " by ",
                                        *extents[k] - size.value, " at any offset"));
        return;
      }
      stride_known = stride_known && size.is_static();
      if (stride_known) stride *= size.value;
    }
    if (!byte_offset.ok()) {
      sink_.Error(offsets.loc, DoesNotFitMessage(absl::StrCat(
                                   "the byte offset of this access to '", name, "'")));
    }
  }

  static std::string OutOfBounds(const Expr& call, const std::string& name, size_t dim,
                                 int64_t offset, std::optional<int64_t> extent, int64_t size,
                                 int64_t end) {
    if (!extent) {
      return absl::StrCat("'", call.str, "' is out of bounds of '", name, "' in dimension ",
                          dim, ": offset ", offset, " is past its size ", size);
    }
    return absl::StrCat("'", call.str, "' is out of bounds of '", name, "' in dimension ",
                        dim, ": offset ", offset, " + extent ", *extent, " = ", end,
                        " exceeds its size ", size, " by ", end - size);
  }

  const std::optional<Backend> backend_;  // nullopt: unknown (reported elsewhere)
  const bool backend_recorded_;
  DiagnosticSink& sink_;
};

}  // namespace

void VerifyShapes(const Program& program, DiagnosticSink& sink) {
  ShapeVerifier verifier(program, sink);
  for (const auto& f : program.functions) verifier.Run(*f);
}

}  // namespace ptoc

// PTO-AS emission: GM tensor views, peer windows and cache-line invalidates.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codegen/pto_emitter.h"
#include "ir/checked_math.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

std::string TensorViewType(size_t rank, DType d) {
  std::string s = "!pto.tensor_view<";
  for (size_t i = 0; i < rank; ++i) s += "?x";
  return absl::StrCat(s, PtoElementType(d), ">");
}

std::string PartitionType(const std::vector<MaybeInt>& sizes, DType d) {
  std::vector<std::string> dims;
  for (const MaybeInt& s : sizes) dims.push_back(s ? absl::StrCat(*s) : "?");
  return absl::StrCat("!pto.partition_tensor_view<", absl::StrJoin(dims, "x"), "x",
                      PtoElementType(d), ">");
}

}  // namespace

// ---- GM ----

absl::StatusOr<PtoFunctionEmitter::GmTensor*> PtoFunctionEmitter::Gm(const Expr& tensor) {
  const Var* param = origins_.OriginOf(tensor);
  if (param == nullptr) {
    return ErrorAt(LocOf(tensor), absl::StrCat("expected a GM tensor, got ",
                                               TypeToString(tensor.type)));
  }
  const Var* key = origins_.KeyOf(tensor);
  auto it = gm_.find(key);
  if (it != gm_.end()) return &it->second;
  if (key != param) {
    return ErrorAt(LocOf(tensor), absl::StrCat("the GM view '", key->name,
                                               "' is used before it is made"));
  }
  const Type& type = param->type;
  if (type.shape().empty()) {
    return ErrorAt(LocOf(tensor), "a rank-0 tensor cannot be viewed; give it shape [1]");
  }
  if (type.dtype() == DType::kBOOL) {
    return ErrorAt(LocOf(tensor), "BOOL tensors have no device representation");
  }
  const Location& loc = param->loc.known() ? param->loc : fn_.loc;
  SetupScope setup(this);
  GmTensor t;
  t.param = param;
  t.ptr = values_[param].name;
  t.dtype = type.dtype();
  RETURN_IF_ERROR(SetDims(t, type.shape(), loc));
  RETURN_IF_ERROR(SetRowMajorStrides(t, loc));
  t.view = NewName(absl::StrCat(param->name, "_view"));
  Line(absl::StrCat(t.view, " = pto.make_tensor_view ", t.ptr, ", shape = [",
                    absl::StrJoin(t.dims, ", "), "], strides = [",
                    absl::StrJoin(t.strides, ", "), "] : ",
                    TensorViewType(t.dims.size(), t.dtype)),
       loc);
  return &(gm_[param] = std::move(t));
}

absl::Status PtoFunctionEmitter::SetDims(GmTensor& t, const Shape& shape, const Location& loc) {
  for (const Dim& d : shape) {
    if (d.is_static()) {
      t.static_dims.push_back(d.value);
      t.dims.push_back(Index(d.value));
      continue;
    }
    if (d.is_expr()) {
      return ErrorAt(loc, absl::StrCat("dim '", d.symbol,
                                       "' is an expression; code generation takes a constant "
                                       "or a scalar parameter of the kernel here"));
    }
    ASSIGN_OR_RETURN(std::string dim, SymbolValue(d.symbol, "dim", loc));
    t.static_dims.push_back(std::nullopt);
    t.dims.push_back(std::move(dim));
  }
  return absl::OkStatus();
}

absl::Status PtoFunctionEmitter::SetRowMajorStrides(GmTensor& t, const Location& loc) {
  const size_t rank = t.dims.size();
  t.strides.assign(rank, Index(1));
  t.static_strides.assign(rank, 1);
  for (int i = static_cast<int>(rank) - 2; i >= 0; --i) {
    if (t.static_strides[i + 1] && t.static_dims[i + 1]) {
      ASSIGN_OR_RETURN(
          int64_t stride,
          FitOrError(CheckedInt(*t.static_strides[i + 1]) * *t.static_dims[i + 1], loc,
                     absl::StrCat("the stride of dim ", i, " of '", t.param->name, "'")));
      t.static_strides[i] = stride;
      t.strides[i] = Index(*t.static_strides[i]);
    } else if (t.static_strides[i + 1] && *t.static_strides[i + 1] == 1) {
      t.static_strides[i] = std::nullopt;
      t.strides[i] = t.dims[i + 1];
    } else {
      t.static_strides[i] = std::nullopt;
      t.strides[i] = Temp();
      Line(absl::StrCat(t.strides[i], " = arith.muli ", t.strides[i + 1], ", ",
                        t.dims[i + 1], " : index"),
           loc);
    }
  }
  return absl::OkStatus();
}

absl::Status PtoFunctionEmitter::EmitGmView(const Stmt& s) {
  const Expr& call = *s.value;
  const Location& loc = s.loc;
  ASSIGN_OR_RETURN(GmTensor* src, Gm(*call.args[0]));
  RETURN_IF_ERROR(CheckGmViewForm(call, s.var->type, src->dims.size(), *src->param,
                                  src->is_window, loc));
  const bool window = LookupOp(call)->gm_view == GmView::kWindow;
  GmTensor t;
  t.param = src->param;
  t.dtype = src->dtype;
  t.is_view = true;
  t.is_window = src->is_window || window;
  t.ptr = src->ptr;
  RETURN_IF_ERROR(SetDims(t, s.var->type.shape(), loc));
  if (window) {
    t.strides = src->strides;
    t.static_strides = src->static_strides;
    ASSIGN_OR_RETURN(std::string offset, LinearIndex(*src, *call.args[2], loc));
    if (offset != Index(0)) {
      const std::string ptr_type = absl::StrCat("!pto.ptr<", PtoElementType(t.dtype), ">");
      t.ptr = NewName(absl::StrCat(s.var->name, "_ptr"));
      Line(absl::StrCat(t.ptr, " = pto.addptr ", src->ptr, ", ", offset, " : ", ptr_type,
                        " -> ", ptr_type),
           loc);
    }
  } else {
    RETURN_IF_ERROR(SetRowMajorStrides(t, loc));
  }
  t.view = NewName(absl::StrCat(s.var->name, "_view"));
  Line(absl::StrCat(t.view, " = pto.make_tensor_view ", t.ptr, ", shape = [",
                    absl::StrJoin(t.dims, ", "), "], strides = [",
                    absl::StrJoin(t.strides, ", "), "] : ",
                    TensorViewType(t.dims.size(), t.dtype)),
       loc);
  gm_[s.var] = std::move(t);
  return absl::OkStatus();
}

absl::StatusOr<PtoFunctionEmitter::Access> PtoFunctionEmitter::AccessOf(
    const Expr& call, const CallLowering& plan) {
  const Location& loc = LocOf(call);
  GmAccessLowering<GmTensor> lower;
  lower.tensor = [&](const Expr& tensor) { return Gm(tensor); };
  lower.own_base = [](const GmTensor& t) { return t.view; };
  lower.peer_base = [&](const GmTensor& t, const Expr& peer) { return PeerView(t, peer, loc); };
  lower.region = [&](const GmTensor& t, const Expr& offsets, const std::vector<Dim>& sizes) {
    return RegionAt(t, offsets, sizes, loc);
  };
  return ResolveGmAccess(plan, call, loc, lower);
}

absl::StatusOr<std::string> PtoFunctionEmitter::SymbolValue(const std::string& symbol,
                                                             absl::string_view what,
                                                             const Location& loc) {
  for (const Param& q : fn_.params) {
    if (q.var->name == symbol && q.var->type.is_scalar()) {
      return Cast(values_[q.var].name, q.var->type.dtype(), DType::kINDEX, loc);
    }
  }
  if (auto it = dynamic_dims_.find(symbol); it != dynamic_dims_.end()) return it->second;
  // An integer scalar the body computed (the latest of that name).
  const Var* local = nullptr;
  for (const auto& v : fn_.vars) {
    if (v->name == symbol && v->type.is_scalar() && values_.contains(v.get())) local = v.get();
  }
  if (local != nullptr) return Cast(values_[local].name, local->type.dtype(), DType::kINDEX, loc);
  return ErrorAt(loc, absl::StrCat(what, " '", symbol, "' is not a scalar parameter, a "
                                   "pl.dynamic dim of a tensor parameter or a scalar computed "
                                   "before it"));
}

absl::StatusOr<PtoFunctionEmitter::Region> PtoFunctionEmitter::RegionAt(
    const GmTensor& t, const Expr& offsets, const std::vector<Dim>& sizes,
    const Location& loc) {
  RegionLowering lower;
  lower.offset = [&](const Expr& o) { return LowerIndex(o); };
  lower.static_size = [&](int64_t size) { return Index(size); };
  lower.symbolic_size = [&](const std::string& symbol) {
    return SymbolValue(symbol, "size", loc);
  };
  return codegen::RegionAt(t.param->name, t.dims.size(), offsets, sizes, loc, lower);
}

PtoFunctionEmitter::Region PtoFunctionEmitter::WholeRegion(const GmTensor& t) {
  Region r;
  for (size_t i = 0; i < t.dims.size(); ++i) {
    r.offsets.push_back(Index(0));
    r.static_offsets.push_back(0);
  }
  r.sizes = t.dims;
  r.static_sizes = t.static_dims;
  return r;
}

PtoFunctionEmitter::Value PtoFunctionEmitter::Partition(const std::string& view,
                                                        const GmTensor& t, const Region& r,
                                                        const Location& loc) {
  const std::string name = NewName("pv");
  const std::string type = PartitionType(r.static_sizes, t.dtype);
  Line(absl::StrCat(name, " = pto.partition_view ", view, ", offsets = [",
                    absl::StrJoin(r.offsets, ", "), "], sizes = [",
                    absl::StrJoin(r.sizes, ", "),
                    "] : ", TensorViewType(t.dims.size(), t.dtype), " -> ", type),
       loc);
  return Value{name, type};
}

absl::StatusOr<std::string> PtoFunctionEmitter::LinearIndex(const GmTensor& t,
                                                            const Expr& indices,
                                                            const Location& loc) {
  const size_t rank = t.dims.size();
  if ((indices.kind != ExprKind::kList && indices.kind != ExprKind::kTuple) ||
      indices.args.size() != rank) {
    return ErrorAt(loc, absl::StrCat("expected ", rank, " indices for '", t.param->name, "'"));
  }
  std::vector<MaybeInt> static_indices;
  for (const ExprPtr& i : indices.args) {
    static_indices.push_back(i->kind == ExprKind::kInt ? MaybeInt(i->int_value) : std::nullopt);
  }
  return ElementOffset(
      t, static_indices, [&](size_t i) { return LowerIndex(*indices.args[i]); }, loc);
}

absl::StatusOr<std::string> PtoFunctionEmitter::ElementOffset(
    const GmTensor& t, const std::vector<MaybeInt>& static_indices,
    const std::function<absl::StatusOr<std::string>(size_t)>& index, const Location& loc) {
  CheckedInt constant_sum = 0;
  std::vector<std::string> terms;
  for (size_t i = 0; i < static_indices.size(); ++i) {
    if (static_indices[i] && t.static_strides[i]) {
      constant_sum += CheckedInt(*static_indices[i]) * *t.static_strides[i];
      continue;
    }
    ASSIGN_OR_RETURN(std::string v, index(i));
    if (t.static_strides[i] && *t.static_strides[i] == 1) {
      terms.push_back(v);
      continue;
    }
    std::string m = Temp();
    Line(absl::StrCat(m, " = arith.muli ", v, ", ", t.strides[i], " : index"), loc);
    terms.push_back(m);
  }
  ASSIGN_OR_RETURN(
      int64_t constant,
      FitOrError(constant_sum, loc, absl::StrCat("the element offset into '", t.param->name, "'")));
  if (constant != 0 || terms.empty()) terms.push_back(Index(constant));
  std::string sum = terms[0];
  for (size_t i = 1; i < terms.size(); ++i) {
    std::string s = Temp();
    Line(absl::StrCat(s, " = arith.addi ", sum, ", ", terms[i], " : index"), loc);
    sum = s;
  }
  return sum;
}

std::string PtoFunctionEmitter::OwnWindowBase(const Location& loc) {
  if (!own_window_base_.empty()) return own_window_base_;
  SetupScope setup(this);
  const std::string rank = Temp(), rank_index = Temp(), slot = Temp();
  Line(absl::StrCat(rank, " = pto.load_scalar ", comm_ctx_, "[", Index(0),
                    "] : !pto.ptr<i64> -> i64"),
       loc);
  Line(absl::StrCat(rank_index, " = arith.index_cast ", rank, " : i64 to index"), loc);
  Line(absl::StrCat(slot, " = arith.addi ", rank_index, ", ", Index(2), " : index"), loc);
  own_window_base_ = NewName("own_window_base");
  Line(absl::StrCat(own_window_base_, " = pto.load_scalar ", comm_ctx_, "[", slot,
                    "] : !pto.ptr<i64> -> i64"),
       loc);
  return own_window_base_;
}

absl::StatusOr<std::string> PtoFunctionEmitter::PeerView(const GmTensor& t, const Expr& peer,
                                                         const Location& loc) {
  if (!t.param->type.is_distributed()) {
    return ErrorAt(loc, absl::StrCat("'", t.param->name,
                                     "' is not a window (pld.DistributedTensor); peers "
                                     "cannot address it"));
  }
  if (const std::string* known = peer_bases_.Find(t.param, peer)) return *known;
  const std::string own = OwnWindowBase(loc);
  ASSIGN_OR_RETURN(std::string p, LowerIndex(peer));
  // peer address = local + (window_base[peer] - window_base[rank]) / element_bytes
  const std::string slot = Temp(), base = Temp(), delta = Temp(), elems = Temp(),
                    offset = Temp();
  Line(absl::StrCat(slot, " = arith.addi ", p, ", ", Index(2), " : index"), loc);
  Line(absl::StrCat(base, " = pto.load_scalar ", comm_ctx_, "[", slot,
                    "] : !pto.ptr<i64> -> i64"),
       loc);
  Line(absl::StrCat(delta, " = arith.subi ", base, ", ", own, " : i64"), loc);
  Line(absl::StrCat(elems, " = arith.divsi ", delta, ", ",
                    Const(DTypeBytes(t.dtype), DType::kINT64), " : i64"),
       loc);
  Line(absl::StrCat(offset, " = arith.index_cast ", elems, " : i64 to index"), loc);
  const std::string ptr_type = absl::StrCat("!pto.ptr<", PtoElementType(t.dtype), ">");
  const std::string ptr = NewName(absl::StrCat(t.param->name, "_peer"));
  Line(absl::StrCat(ptr, " = pto.addptr ", t.ptr, ", ", offset, " : ",
                    ptr_type, " -> ", ptr_type),
       loc);
  const std::string view = NewName(absl::StrCat(t.param->name, "_peer_view"));
  view_ptrs_[view] = ptr;
  Line(absl::StrCat(view, " = pto.make_tensor_view ", ptr, ", shape = [",
                    absl::StrJoin(t.dims, ", "), "], strides = [",
                    absl::StrJoin(t.strides, ", "), "] : ",
                    TensorViewType(t.dims.size(), t.dtype)),
       loc);
  peer_bases_.Remember(t.param, peer, view);
  return view;
}

void PtoFunctionEmitter::InvalidateAll(const Location& loc) {
  Sync(DcciStep(), {}, {}, {});
  Line("pto.cmo.cacheinvalid all #pto.address_space<gm>", loc);
}

absl::Status PtoFunctionEmitter::InvalidateRegion(const std::string& view, const GmTensor& t,
                                                  const Region& r, const Location& loc) {
  if (t.is_view) {
    // Its lines are not rows of the view's dims.
    absl::StrAppend(out_, std::string(2 * indent_, ' '),
                    "// a region of a GM view: invalidate all of GM\n");
    InvalidateAll(loc);
    return absl::OkStatus();
  }
  absl::StatusOr<RegionLines> lines =
      LinesOfRegion(t.static_dims, DTypeBytes(t.dtype), r.static_offsets, r.static_sizes);
  if (!lines.ok()) {
    return ErrorAt(loc, absl::StrCat("invalidate of '", t.param->name,
                                     "': ", lines.status().message()));
  }
  if (lines->whole_gm) {
    absl::StrAppend(out_, std::string(2 * indent_, ' '), "// ", lines->fallback_reason,
                    ": invalidate all of GM\n");
    InvalidateAll(loc);
    return absl::OkStatus();
  }
  const size_t rank = t.dims.size();
  Sync(DcciStep(), {}, {}, {t.param});
  if (lines->line_loop) return InvalidateLineLoop(view, t, r, *lines, loc);
  for (const LineAccess& line : lines->lines) {
    Region one;
    for (size_t i = 0; i < rank; ++i) {
      one.offsets.push_back(Index(line.offsets[i]));
      one.static_offsets.push_back(line.offsets[i]);
      const int64_t size = i + 1 == rank ? line.elements : 1;
      one.sizes.push_back(Index(size));
      one.static_sizes.push_back(size);
    }
    Value pv = Partition(view, t, one, loc);
    Line(absl::StrCat("pto.cmo.cacheinvalid ", pv.name, " single_cache_line : ", pv.type),
         loc);
  }
  return absl::OkStatus();
}

absl::Status PtoFunctionEmitter::InvalidateLineLoop(const std::string& view,
                                                    const GmTensor& t, const Region& r,
                                                    const RegionLines& lines,
                                                    const Location& loc) {
  // The first element's line, then each later line that starts in the run.
  absl::StrAppend(out_, std::string(2 * indent_, ' '), "// a run of ", lines.run_elements,
                  " elements at a run-time position: its cache lines in a loop\n");
  const size_t rank = t.dims.size();
  Region one = r;
  one.sizes.assign(rank, Index(1));
  one.static_sizes.assign(rank, 1);
  Value pv = Partition(view, t, one, loc);
  Line(absl::StrCat("pto.cmo.cacheinvalid ", pv.name, " single_cache_line : ", pv.type), loc);
  ASSIGN_OR_RETURN(std::string first,
                   ElementOffset(
                       t, r.static_offsets, [&](size_t i) { return r.offsets[i]; }, loc));
  // Lines are 64-byte aligned addresses, and the tensor's base need not be
  // one: `skew` is how many elements it lies past a line start.
  auto ptr = view_ptrs_.find(view);
  const std::string base_ptr = ptr != view_ptrs_.end() ? ptr->second : t.ptr;
  const std::string ptr_type = absl::StrCat("!pto.ptr<", PtoElementType(t.dtype), ">");
  const std::string address = Temp(), into = Temp(), skew_i64 = Temp(), skew = Temp();
  Line(absl::StrCat(address, " = pto.ptrtoint ", base_ptr, " : ", ptr_type, " -> i64"), loc);
  Line(absl::StrCat(into, " = arith.remui ", address, ", ",
                    Const(kCacheLineBytes, DType::kINT64), " : i64"),
       loc);
  Line(absl::StrCat(skew_i64, " = arith.divui ", into, ", ",
                    Const(DTypeBytes(t.dtype), DType::kINT64), " : i64"),
       loc);
  Line(absl::StrCat(skew, " = arith.index_cast ", skew_i64, " : i64 to index"), loc);
  const std::string step = Index(lines.elements_per_line);
  const std::string skewed = Temp(), quotient = Temp(), next = Temp(), line_start = Temp(),
                    start = Temp(), end = Temp();
  Line(absl::StrCat(skewed, " = arith.addi ", first, ", ", skew, " : index"), loc);
  Line(absl::StrCat(quotient, " = arith.divsi ", skewed, ", ", step, " : index"), loc);
  Line(absl::StrCat(next, " = arith.addi ", quotient, ", ", Index(1), " : index"), loc);
  Line(absl::StrCat(line_start, " = arith.muli ", next, ", ", step, " : index"), loc);
  Line(absl::StrCat(start, " = arith.subi ", line_start, ", ", skew, " : index"), loc);
  Line(absl::StrCat(end, " = arith.addi ", first, ", ", Index(lines.run_elements),
                    " : index"),
       loc);
  const std::string e = NewName("line");
  Open(absl::StrCat("scf.for ", e, " = ", start, " to ", end, " step ", step));
  const std::string delta = Temp(), column = Temp();
  Line(absl::StrCat(delta, " = arith.subi ", e, ", ", first, " : index"), loc);
  Line(absl::StrCat(column, " = arith.addi ", r.offsets[rank - 1], ", ", delta, " : index"),
       loc);
  one.offsets[rank - 1] = column;
  one.static_offsets[rank - 1] = std::nullopt;
  Value line_pv = Partition(view, t, one, loc);
  Line(absl::StrCat("pto.cmo.cacheinvalid ", line_pv.name, " single_cache_line : ",
                    line_pv.type),
       loc);
  Close("}", loc);
  return absl::OkStatus();
}

}  // namespace codegen
}  // namespace ptoc

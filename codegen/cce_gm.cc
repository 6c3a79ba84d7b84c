// C++ emission: GlobalTensors, peer windows and cache-line invalidates.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codegen/cce_emitter.h"
#include "ir/checked_math.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

constexpr int kGlobalRank = 5;  // pto::Shape / pto::Stride are 5-D

}  // namespace

// ---- GM ----

absl::StatusOr<CceFunctionEmitter::GmTensor*> CceFunctionEmitter::Gm(const Expr& tensor) {
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
  const Location& loc = param->loc.known() ? param->loc : fn_.loc;
  if (type.shape().empty()) {
    return ErrorAt(LocOf(tensor), "a rank-0 tensor cannot be viewed; give it shape [1]");
  }
  GmTensor t;
  t.param = param;
  t.ptr = scalars_.at(param);
  t.dtype = type.dtype();
  RETURN_IF_ERROR(SetDims(t, type.shape(), loc));
  RETURN_IF_ERROR(SetRowMajorStrides(t, loc));
  return &(gm_[param] = std::move(t));
}

absl::Status CceFunctionEmitter::SetDims(GmTensor& t, const Shape& shape, const Location& loc) {
  if (shape.size() > kGlobalRank) {
    return ErrorAt(loc, absl::StrCat("tensors of rank above ", kGlobalRank,
                                     " do not fit a 5-D GlobalTensor"));
  }
  for (const Dim& d : shape) {
    if (d.is_static()) {
      t.static_dims.push_back(d.value);
      t.dims.push_back(absl::StrCat(d.value));
      continue;
    }
    ASSIGN_OR_RETURN(std::string v, ParamValue(d.symbol, loc));
    t.static_dims.push_back(std::nullopt);
    t.dims.push_back(v);
  }
  return absl::OkStatus();
}

absl::Status CceFunctionEmitter::SetRowMajorStrides(GmTensor& t, const Location& loc) {
  const size_t rank = t.dims.size();
  t.strides.assign(rank, "1");
  t.static_strides.assign(rank, 1);
  for (int i = static_cast<int>(rank) - 2; i >= 0; --i) {
    if (t.static_strides[i + 1] && t.static_dims[i + 1]) {
      ASSIGN_OR_RETURN(
          int64_t stride,
          FitOrError(CheckedInt(*t.static_strides[i + 1]) * *t.static_dims[i + 1], loc,
                     absl::StrCat("the stride of dim ", i, " of '", t.param->name, "'")));
      t.static_strides[i] = stride;
      t.strides[i] = absl::StrCat(*t.static_strides[i]);
    } else if (t.static_strides[i + 1] && *t.static_strides[i + 1] == 1) {
      t.static_strides[i] = std::nullopt;
      t.strides[i] = t.dims[i + 1];
    } else {
      t.static_strides[i] = std::nullopt;
      t.strides[i] = absl::StrCat("(", t.strides[i + 1], " * ", t.dims[i + 1], ")");
    }
  }
  return absl::OkStatus();
}

absl::Status CceFunctionEmitter::EmitGmView(const Stmt& s) {
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
    const Expr& offsets = *call.args[2];
    if ((offsets.kind != ExprKind::kList && offsets.kind != ExprKind::kTuple) ||
        offsets.args.size() != src->dims.size()) {
      return ErrorAt(loc, absl::StrCat("expected ", src->dims.size(), " offsets for '",
                                       src->param->name, "'"));
    }
    std::vector<std::string> idx;
    std::vector<MaybeInt> static_idx;
    for (const ExprPtr& i : offsets.args) {
      ASSIGN_OR_RETURN(std::string v, ScalarAs(*i, DType::kINDEX));
      idx.push_back(v);
      static_idx.push_back(i->kind == ExprKind::kInt ? MaybeInt(i->int_value) : std::nullopt);
    }
    const std::string offset = Offset(*src, idx, static_idx);
    if (!offset.empty()) {
      t.ptr = Fresh(absl::StrCat(s.var->name, "_ptr"));
      Line(absl::StrCat("__gm__ ", CceType(t.dtype), "* ", t.ptr, " = ", src->ptr, " + ", offset,
                        ";"));
    }
  } else {
    RETURN_IF_ERROR(SetRowMajorStrides(t, loc));
  }
  gm_[s.var] = std::move(t);
  return absl::OkStatus();
}

absl::StatusOr<CceFunctionEmitter::Access> CceFunctionEmitter::AccessOf(
    const Expr& call, const CallLowering& plan) {
  const Location& loc = LocOf(call);
  GmAccessLowering<GmTensor> lower;
  lower.tensor = [&](const Expr& tensor) { return Gm(tensor); };
  lower.own_base = [](const GmTensor& t) { return t.ptr; };
  lower.peer_base = [&](const GmTensor& t, const Expr& peer) { return PeerPointer(t, peer, loc); };
  lower.region = [&](const GmTensor& t, const Expr& offsets, const std::vector<Dim>& sizes) {
    return RegionAt(t, offsets, sizes, loc);
  };
  return ResolveGmAccess(plan, call, loc, lower);
}

absl::StatusOr<CceFunctionEmitter::Region> CceFunctionEmitter::RegionAt(
    const GmTensor& t, const Expr& offsets, const std::vector<Dim>& sizes,
    const Location& loc) {
  RegionLowering lower;
  lower.offset = [&](const Expr& o) { return ScalarAs(o, DType::kINDEX); };
  lower.static_size = [](int64_t size) { return absl::StrCat(size); };
  lower.symbolic_size = [&](const std::string& symbol) { return ParamValue(symbol, loc); };
  return codegen::RegionAt(t.param->name, t.dims.size(), offsets, sizes, loc, lower);
}

CceFunctionEmitter::Region CceFunctionEmitter::WholeRegion(const GmTensor& t) {
  Region r;
  r.offsets.assign(t.dims.size(), "0");
  r.static_offsets.assign(t.dims.size(), 0);
  r.sizes = t.dims;
  r.static_sizes = t.static_dims;
  return r;
}

std::string CceFunctionEmitter::Offset(const GmTensor& t,
                                       const std::vector<std::string>& offsets,
                                       const std::vector<MaybeInt>& static_offsets) {
  CheckedInt constant_sum = 0;
  std::vector<std::string> terms;
  for (size_t i = 0; i < offsets.size(); ++i) {
    if (static_offsets[i] && t.static_strides[i]) {
      constant_sum += CheckedInt(*static_offsets[i]) * *t.static_strides[i];
    } else if (t.static_strides[i] && *t.static_strides[i] == 1) {
      terms.push_back(offsets[i]);
    } else {
      terms.push_back(absl::StrCat(offsets[i], " * ", t.strides[i]));
    }
  }
  // The verifier holds the byte offset of every static index within 64 bits
  // (ir/verify_shapes.cc), and so this sum.
  const int64_t constant = constant_sum.value();
  if (constant != 0) terms.push_back(absl::StrCat(constant));
  return absl::StrJoin(terms, " + ");
}

std::string CceFunctionEmitter::GlobalView(const GmTensor& t, const std::string& base,
                                           const Region& r) {
  const size_t pad = kGlobalRank - t.dims.size();
  std::vector<std::string> shape_t(pad, "1"), stride_t(pad, "1");
  std::vector<std::string> shape_v(pad, "1"), stride_v(pad, "1");
  bool dynamic = false;
  for (size_t i = 0; i < t.dims.size(); ++i) {
    shape_t.push_back(r.static_sizes[i] ? absl::StrCat(*r.static_sizes[i]) : "-1");
    stride_t.push_back(t.static_strides[i] ? absl::StrCat(*t.static_strides[i]) : "-1");
    shape_v.push_back(r.sizes[i]);
    stride_v.push_back(t.strides[i]);
    dynamic |= !r.static_sizes[i] || !t.static_strides[i];
  }
  const std::string shape = absl::StrCat("pto::Shape<", absl::StrJoin(shape_t, ", "), ">");
  const std::string stride = absl::StrCat("pto::Stride<", absl::StrJoin(stride_t, ", "), ">");
  const std::string name = Fresh(absl::StrCat(t.param->name, "_gm"));
  const std::string offset = Offset(t, r.offsets, r.static_offsets);
  std::string args = offset.empty() ? base : absl::StrCat(base, " + ", offset);
  if (dynamic) {
    absl::StrAppend(&args, ", ", shape, "(", absl::StrJoin(shape_v, ", "), "), ", stride, "(",
                    absl::StrJoin(stride_v, ", "), ")");
  }
  Line(absl::StrCat("GlobalTensor<", CceType(t.dtype), ", ", shape, ", ", stride, "> ", name,
                    "(", args, ");"));
  return name;
}

absl::StatusOr<std::string> CceFunctionEmitter::PeerPointer(const GmTensor& t,
                                                            const Expr& peer,
                                                            const Location& loc) {
  if (!t.param->type.is_distributed()) {
    return ErrorAt(loc, absl::StrCat("'", t.param->name,
                                     "' is not a window (pld.DistributedTensor); peers "
                                     "cannot address it"));
  }
  if (const std::string* known = peer_bases_.Find(t.param, peer)) return *known;
  if (own_window_base_.empty()) {
    own_window_base_ = Fresh("own_window_base");
    absl::StrAppend(&prologue_, "  int64_t ", own_window_base_, " = ", comm_ctx_, "[2 + ",
                    comm_ctx_, "[0]];\n");
  }
  ASSIGN_OR_RETURN(std::string p, ScalarAs(peer, DType::kINDEX));
  // peer address = local + (window_base[peer] - window_base[rank]) / element_bytes
  const std::string name = Fresh(absl::StrCat(t.param->name, "_peer"));
  Line(absl::StrCat("__gm__ ", CceType(t.dtype), "* ", name, " = ", t.ptr, " + (", comm_ctx_,
                    "[2 + ", p, "] - ", own_window_base_, ") / ", DTypeBytes(t.dtype), ";"));
  peer_bases_.Remember(t.param, peer, name);
  return name;
}

void CceFunctionEmitter::InvalidateAll() {
  OrderStep(DcciStep(), {}, {});
  Line("dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);");
}

absl::Status CceFunctionEmitter::InvalidateRegion(const GmTensor& t, const std::string& base,
                                                  const Region& r, const Location& loc) {
  if (t.is_view) {
    // Its lines are not rows of the view's dims.
    Line("// a region of a GM view: invalidate all of GM");
    InvalidateAll();
    return absl::OkStatus();
  }
  absl::StatusOr<RegionLines> lines =
      LinesOfRegion(t.static_dims, DTypeBytes(t.dtype), r.static_offsets, r.static_sizes);
  if (!lines.ok()) {
    return ErrorAt(loc, absl::StrCat("invalidate of '", t.param->name,
                                     "': ", lines.status().message()));
  }
  if (lines->whole_gm) {
    Line(absl::StrCat("// ", lines->fallback_reason, ": invalidate all of GM"));
    InvalidateAll();
    return absl::OkStatus();
  }
  OrderStep(DcciStep(), {}, {}, {t.param});
  if (lines->line_loop) {
    // The first element's line, then each later line that starts in the
    // run. Lines are 64-byte aligned addresses, and the tensor's base need
    // not be one: `skew` is how many elements it lies past a line start.
    const std::string offset = Offset(t, r.offsets, r.static_offsets);
    const std::string first = Fresh("line_first");
    const std::string skew = Fresh("line_skew");
    const std::string e = Fresh("line");
    const int64_t step = lines->elements_per_line;
    Line(absl::StrCat("// a run of ", lines->run_elements,
                      " elements at a run-time position: its cache lines in a loop"));
    Line(absl::StrCat("int64_t ", first, " = ", offset.empty() ? "0" : offset, ";"));
    Line(absl::StrCat("int64_t ", skew, " = static_cast<int64_t>(reinterpret_cast<uintptr_t>(",
                      base, ") % ", kCacheLineBytes, " / ", DTypeBytes(t.dtype), ");"));
    Line(absl::StrCat("dcci(", base, " + ", first, ", cache_line_t::SINGLE_CACHE_LINE);"));
    Open(absl::StrCat("for (int64_t ", e, " = ((", first, " + ", skew, ") / ", step, " + 1) * ",
                      step, " - ", skew, "; ", e, " < ", first, " + ", lines->run_elements, "; ",
                      e, " += ", step, ")"));
    Line(absl::StrCat("dcci(", base, " + ", e, ", cache_line_t::SINGLE_CACHE_LINE);"));
    Close();
    return absl::OkStatus();
  }
  for (const LineAccess& line : lines->lines) {
    CheckedInt offset_sum = 0;
    for (size_t i = 0; i < line.offsets.size(); ++i) {
      offset_sum += CheckedInt(line.offsets[i]) * *t.static_strides[i];
    }
    ASSIGN_OR_RETURN(
        int64_t offset,
        FitOrError(offset_sum, loc, absl::StrCat("the element offset into '", t.param->name, "'")));
    Line(absl::StrCat("dcci(", offset == 0 ? base : absl::StrCat(base, " + ", offset),
                      ", cache_line_t::SINGLE_CACHE_LINE);"));
  }
  return absl::OkStatus();
}

}  // namespace codegen
}  // namespace ptoc

#include "passes/cache_line_check.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/builder.h"
#include "ir/registry.h"
#include "ir/walk.h"
#include "passes/comm_effects.h"

namespace ptoc {
namespace {

constexpr int64_t kLineBytes = 64;
// Regions of more rows than this are not enumerated (nothing is claimed).
constexpr int64_t kMaxRuns = 4096;

// A box of a window with constant bounds: per dim [begin, end).
using Box = std::vector<std::pair<int64_t, int64_t>>;

std::optional<int64_t> Constant(const Expr& e) {
  if (e.kind == ExprKind::kInt) return e.int_value;
  return std::nullopt;
}

// The box `region` covers in a tensor of static `shape`, or nullopt.
std::optional<Box> ConstantBox(const Region& region, const Shape& shape) {
  if (region.offsets.size() != shape.size() || region.shapes.size() != shape.size()) {
    return std::nullopt;
  }
  Box box;
  for (size_t d = 0; d < shape.size(); ++d) {
    std::optional<int64_t> off = Constant(*region.offsets[d]);
    std::optional<int64_t> len = Constant(*region.shapes[d]);
    if (!off || !len || *off < 0 || *len <= 0 || *len > shape[d].value - *off) {
      return std::nullopt;
    }
    box.emplace_back(*off, *off + *len);
  }
  return box;
}

// The byte runs [begin, end) of `box` in the row-major tensor, from its
// base; empty when there would be too many.
std::vector<std::pair<int64_t, int64_t>> ByteRuns(const Box& box, const Shape& shape,
                                                  int64_t elem) {
  const size_t rank = box.size();
  if (rank == 0) return {};
  int64_t runs = 1;
  for (size_t d = 0; d + 1 < rank; ++d) {
    runs *= box[d].second - box[d].first;  // each factor >= 1: stops before overflow
    if (runs > kMaxRuns) return {};
  }
  std::vector<int64_t> stride(rank, 1);
  for (size_t d = rank - 1; d-- > 0;) stride[d] = stride[d + 1] * shape[d + 1].value;
  std::vector<std::pair<int64_t, int64_t>> out;
  std::vector<int64_t> at(rank);
  for (size_t d = 0; d < rank; ++d) at[d] = box[d].first;
  for (int64_t r = 0; r < runs; ++r) {
    int64_t first = 0;
    for (size_t d = 0; d < rank; ++d) first += at[d] * stride[d];
    const int64_t count = box[rank - 1].second - box[rank - 1].first;
    out.emplace_back(first * elem, (first + count) * elem);
    for (size_t d = rank - 1; d-- > 0;) {  // the next row
      if (++at[d] < box[d].second) break;
      at[d] = box[d].first;
    }
  }
  return out;
}

std::string BoxText(const std::string& name, const Box& box) {
  std::vector<std::string> dims;
  for (const auto& [b, e] : box) {
    dims.push_back(e - b == 1 ? absl::StrCat(b) : absl::StrCat(b, ":", e));
  }
  return absl::StrCat(name, "[", absl::StrJoin(dims, ", "), "]");
}

// One write of a window parameter with its constant box.
struct WindowWrite {
  const Expr* call = nullptr;
  const Var* window = nullptr;
  Box box;
  std::vector<std::pair<int64_t, int64_t>> runs;
};

// The window parameter of `f` that `arg` names, or nullptr.
const Var* WindowParam(const Function& f, const Expr& arg) {
  if (arg.kind != ExprKind::kVar || !arg.type.is_distributed()) return nullptr;
  for (const Param& p : f.params) {
    if (p.var == arg.var) return p.var;
  }
  return nullptr;
}

// The region a notify writes: one element at its offsets.
std::optional<Region> NotifiedElement(const Expr& call, const Location& loc) {
  const GmAccess& access = LookupOp(call)->access;
  if (access.offsets_arg < 0 || access.offsets_arg >= static_cast<int>(call.args.size())) {
    return std::nullopt;
  }
  const Expr& offsets = *call.args[access.offsets_arg];
  if (offsets.kind != ExprKind::kList) return std::nullopt;
  Region r;
  for (const ExprPtr& o : offsets.args) {
    r.offsets.push_back(Clone(*o));
    r.shapes.push_back(MakeInt(1, loc));
  }
  return r;
}

bool ShareALine(const WindowWrite& a, const WindowWrite& b, int64_t* line) {
  bool shared = false;
  for (const auto& [ab, ae] : a.runs) {
    for (const auto& [bb, be] : b.runs) {
      if (ab < be && bb < ae) return false;  // the same bytes: not this rule's
      const int64_t lo = std::max(ab / kLineBytes, bb / kLineBytes);
      const int64_t hi = std::min((ae - 1) / kLineBytes, (be - 1) / kLineBytes);
      if (lo <= hi && (!shared || lo < *line)) {
        shared = true;
        *line = lo;
      }
    }
  }
  return shared;
}

}  // namespace

std::vector<SharedLine> FindSharedLines(const Function& f) {
  std::vector<WindowWrite> cells, others;
  ForEachCall(*f.body, [&](const Expr& call) {
    const CommRole role = CommRoleOf(call);
    const bool cell = role == CommRole::kLocalWrite && LookupOp(call)->role == OpRole::kScalarWrite;
    if (!cell && role != CommRole::kRemoteWrite && role != CommRole::kNotify) return;
    const Expr& target = role == CommRole::kNotify
                             ? *call.args[LookupOp(call)->access.tensor_arg]
                             : WrittenWindow(call);
    const Var* window = WindowParam(f, target);
    if (window == nullptr) return;
    const Shape& shape = target.type.shape();
    for (const Dim& d : shape) {
      if (!d.is_static()) return;
    }
    std::optional<Region> region = role == CommRole::kNotify
                                       ? NotifiedElement(call, call.loc)
                                       : WrittenRegion(call, f, call.loc);
    if (!region) return;
    std::optional<Box> box = ConstantBox(*region, shape);
    if (!box) return;
    WindowWrite w{&call, window, *box, ByteRuns(*box, shape, DTypeBytes(target.type.dtype()))};
    if (w.runs.empty()) return;
    (cell ? cells : others).push_back(std::move(w));
  });
  std::vector<SharedLine> found;
  for (const WindowWrite& c : cells) {
    for (const WindowWrite& o : others) {
      int64_t line = 0;
      if (c.window == o.window && ShareALine(c, o, &line)) {
        found.push_back(SharedLine{c.call, o.call, line, c.window->name,
                                   BoxText(c.window->name, c.box),
                                   BoxText(o.window->name, o.box)});
      }
    }
  }
  return found;
}

void ReportSharedLine(const Function& f, const SharedLine& s, DiagnosticSink& sink) {
  sink.Error(s.cell->loc,
             absl::StrCat("in kernel '", f.name, "': ", s.cell_box,
                          ", written through the data cache here, shares 64-byte line ",
                          s.line, " of window '", s.window, "' with ", s.other_box,
                          ", which other ranks write (", s.other->str,
                          "): cleaning the cell's line writes the whole line back, over their "
                          "bytes (comm-hazards.md H2); keep the two in different lines"));
  sink.Note(s.other->loc, absl::StrCat("the other ranks' write into line ", s.line));
}

}  // namespace ptoc

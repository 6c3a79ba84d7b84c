#include "ir/call_types.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"

namespace ptoc {
namespace {

using Bindings = absl::flat_hash_map<std::string, Dim>;

// A second binding of a dim, checked once every argument has bound.
struct Constraint {
  std::string symbol;
  Dim existing;
  Dim candidate;
  std::string context;
};

struct Binder {
  const std::vector<std::string>& dynamic;  // the program's pl.dynamic names
  Bindings bindings;
  std::vector<Constraint> constraints;
};

std::string DimText(const Dim& d) {
  return d.is_static() ? absl::StrCat(d.value) : d.symbol;
}

void BindShape(const Shape& pattern, const Shape& value, const std::string& context,
               Binder& b) {
  for (size_t i = 0; i < pattern.size() && i < value.size(); ++i) {
    if (pattern[i].is_static()) continue;
    // A pl.dynamic name the caller writes too is the same variable: no
    // information (PyPTO's BindCallTypeVar).
    if (value[i] == pattern[i] &&
        std::find(b.dynamic.begin(), b.dynamic.end(), pattern[i].symbol) != b.dynamic.end()) {
      continue;
    }
    auto [it, inserted] = b.bindings.emplace(pattern[i].symbol, value[i]);
    if (!inserted) {
      b.constraints.push_back(
          Constraint{pattern[i].symbol, it->second, value[i], absl::StrCat(context, "[", i, "]")});
    }
  }
}

// The valid shape a tile's view gives, its shape when it has none.
const Shape& ValidShape(const Type& t) {
  return t.view().valid_shape.empty() ? t.shape() : t.view().valid_shape;
}

void Bind(const Type& pattern, const Type& value, const std::string& context, Binder& b) {
  if (pattern.is_tuple() && value.is_tuple()) {
    for (size_t i = 0; i < pattern.elements().size() && i < value.elements().size(); ++i) {
      Bind(pattern.elements()[i], value.elements()[i],
           absl::StrCat(context, " tuple element[", i, "]"), b);
    }
    return;
  }
  const bool shaped = (pattern.is_tensor() && value.is_tensor()) ||
                      (pattern.is_tile() && value.is_tile());
  if (!shaped) return;
  BindShape(pattern.shape(), value.shape(), absl::StrCat(context, " physical shape"), b);
  if (pattern.is_tile()) {
    BindShape(ValidShape(pattern), ValidShape(value), absl::StrCat(context, " valid shape"), b);
  }
}

Dim SubstituteDim(const Dim& d, const Bindings& bindings) {
  if (d.is_static()) return d;
  auto it = bindings.find(d.symbol);
  return it == bindings.end() ? d : it->second;
}

Shape Substitute(const Shape& shape, const Bindings& bindings) {
  Shape out = shape;
  for (Dim& d : out) {
    if (d.is_static()) continue;
    auto it = bindings.find(d.symbol);
    if (it != bindings.end()) d = it->second;
  }
  return out;
}

Type Substitute(const Type& t, const Bindings& bindings) {
  switch (t.kind()) {
    case Type::Kind::kTuple: {
      std::vector<Type> elements;
      for (const Type& e : t.elements()) elements.push_back(Substitute(e, bindings));
      return Type::Tuple(std::move(elements));
    }
    case Type::Kind::kTensor:
      return Type::Tensor(Substitute(t.shape(), bindings), t.dtype()).WithExtra(t.extra());
    case Type::Kind::kDistributedTensor:
      return Type::DistributedTensor(Substitute(t.shape(), bindings), t.dtype())
          .WithExtra(t.extra());
    case Type::Kind::kTile: {
      TileView view = t.view();
      view.valid_shape = Substitute(view.valid_shape, bindings);
      Shape shape = Substitute(t.shape(), bindings);
      Type r = t.has_memory() ? Type::Tile(std::move(shape), t.dtype(), t.memory(), view)
                              : Type::TileWithoutMemory(std::move(shape), t.dtype(), view);
      return r.WithExtra(t.extra());
    }
    default:
      return t;
  }
}

}  // namespace

absl::StatusOr<Type> DeduceCallReturnType(const Program& program, const Function& callee,
                                          const std::vector<ExprPtr>& args) {
  const Type result = callee.return_type.value_or(Type::None());
  Binder b{program.dynamic_dims, {}, {}};
  for (size_t i = 0; i < callee.params.size() && i < args.size(); ++i) {
    if (callee.params[i].var == nullptr || args[i] == nullptr) continue;
    Bind(callee.params[i].var->type, args[i]->type, absl::StrCat("argument ", i), b);
  }
  if (b.bindings.empty()) return result;
  for (const Constraint& c : b.constraints) {
    const Dim existing = SubstituteDim(c.existing, b.bindings);
    const Dim candidate = SubstituteDim(c.candidate, b.bindings);
    if (c.existing == c.candidate || existing == candidate) continue;
    return absl::InvalidArgumentError(absl::StrCat(
        "Dynamic type variable '", c.symbol, "' has conflicting bindings ", DimText(existing),
        " and ", DimText(candidate), " that are not provably equal at ", c.context,
        "; cross-function calls do not emit a runtime shape guard"));
  }
  return Substitute(result, b.bindings);
}

}  // namespace ptoc

#include "runtime/markers.h"

#include <optional>

#include "ir/registry.h"

namespace ptoc {
namespace sim {
namespace {

std::optional<Marker::Kind> MarkerKind(const Stmt& s) {
  const Expr* call = CallOf(s);
  if (call == nullptr) return std::nullopt;
  std::optional<OpRole> role = RoleOf(*call);
  if (role == OpRole::kFence) return Marker::Kind::kFence;
  if (role == OpRole::kCacheInvalidate) {
    if (IsWholeGmInvalidate(*call)) return Marker::Kind::kWholeInvalidate;
    return IsPeerInvalidate(*call) ? Marker::Kind::kPeerInvalidate
                                   : Marker::Kind::kRegionInvalidate;
  }
  return std::nullopt;
}

// Visits the statements of `s` in program order; `visit(stmt, previous)`.
template <typename Fn>
void Walk(const Stmt& s, const Stmt* previous, Fn& visit) {
  visit(s, previous);
  const Stmt* prev = nullptr;
  for (const StmtPtr& child : s.stmts) {
    Walk(*child, prev, visit);
    prev = child.get();
  }
  if (s.body) Walk(*s.body, nullptr, visit);
  if (s.else_body) Walk(*s.else_body, nullptr, visit);
}

// Removes the `index`-th marker below `body` (counting with `seen`).
bool Remove(StmtPtr& body, int index, int& seen) {
  if (MarkerKind(*body).has_value()) {
    if (seen++ == index) {
      body = std::make_unique<Stmt>();  // an empty Seq
      return true;
    }
    return false;
  }
  for (size_t i = 0; i < body->stmts.size(); ++i) {
    StmtPtr& child = body->stmts[i];
    if (MarkerKind(*child).has_value() && seen++ == index) {
      body->stmts.erase(body->stmts.begin() + i);
      return true;
    }
    if (!MarkerKind(*child).has_value() && Remove(child, index, seen)) return true;
  }
  if (body->body && Remove(body->body, index, seen)) return true;
  return body->else_body && Remove(body->else_body, index, seen);
}

}  // namespace

const char* MarkerKindName(Marker::Kind kind) {
  switch (kind) {
    case Marker::Kind::kFence: return "fence";
    case Marker::Kind::kRegionInvalidate: return "region invalidate";
    case Marker::Kind::kPeerInvalidate: return "peer invalidate";
    case Marker::Kind::kWholeInvalidate: return "whole invalidate";
  }
  return "";
}

std::vector<Marker> Markers(const Program& program) {
  std::vector<Marker> markers;
  for (const auto& f : program.functions) {
    if (!f->is_kernel()) continue;
    auto visit = [&](const Stmt& s, const Stmt* previous) {
      if (std::optional<Marker::Kind> kind = MarkerKind(s)) {
        markers.push_back(Marker{*kind, s.loc, &s, previous, f->name});
      }
    };
    Walk(*f->body, nullptr, visit);
  }
  return markers;
}

std::unique_ptr<Program> WithoutMarker(const Program& program, int index) {
  std::unique_ptr<Program> copy = CloneProgram(program);
  int seen = 0;
  for (auto& f : copy->functions) {
    if (f->is_kernel() && Remove(f->body, index, seen)) break;
  }
  return copy;
}

}  // namespace sim
}  // namespace ptoc

#include "runtime/sim_test_util.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "driver/pipeline.h"
#include "frontend/parser.h"
#include "ir/file_util.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "ir/verifier.h"
#include "runtime/scheduler.h"
#include "runtime/tensor_files.h"

namespace ptoc {
namespace sim {
namespace testing {
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

absl::StatusOr<std::unique_ptr<Program>> CompileKernel(const std::string& path,
                                                       const std::vector<std::string>& passes,
                                                       const PassOptions& options) {
  ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  ASSIGN_OR_RETURN(std::unique_ptr<Program> program, ParseProgram(text, path));
  RETURN_IF_ERROR(VerifyProgram(*program));
  program->options.backend = options.backend;
  DiagnosticSink diagnostics;
  if (absl::Status s = RunPipeline(*program, passes, options, {}, &diagnostics); !s.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(s.message(), "\n", diagnostics.ToString()));
  }
  return program;
}

std::string NewTempDir(const std::string& name) {
  const char* root = std::getenv("TEST_TMPDIR");
  std::string dir = absl::StrCat(root != nullptr ? root : "/tmp", "/", name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

void WriteInput(const std::string& dir, const std::string& param, int rank,
                const std::vector<double>& values) {
  std::ofstream out(TensorFilePath(dir, param, rank));
  for (double v : values) out << v << "\n";
}

std::vector<double> SmallValues(int n, int salt) {
  Rng rng(static_cast<uint64_t>(salt) * 7919 + 17);
  std::vector<double> values;
  for (int i = 0; i < n; ++i) values.push_back((static_cast<int>(rng.Below(32)) - 16) / 8.0);
  return values;
}

std::vector<double> OutputOf(const std::vector<TensorDump>& outputs, const std::string& param,
                             int rank) {
  for (const TensorDump& d : outputs) {
    if (d.param == param && d.rank == rank) return d.values;
  }
  return {};
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

}  // namespace testing
}  // namespace sim
}  // namespace ptoc

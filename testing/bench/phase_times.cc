// In-process timing of every step of the compiler on one kernel, for
// BENCHMARKS.md (run_benchmarks.sh runs it):
//
//   phase_times KERNEL.py [--repeat=R] [--backend=a2a3|a5]
//
// Prints one tab-separated line per phase: its name, the number of IR
// statements it worked on, the best of R wall-clock times in seconds, and
// statements per second. The phases: parsing the text, verifying, printing,
// serializing and deserializing the binary IR, each pass of the default
// pipeline alone (Pass::Run on its usual input), the checks RunPipeline
// adds around a pass (printing before and after, verifying, VerifyAfter),
// and code generation for both targets.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/strip.h"
#include "codegen/codegen.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "ir/diagnostics.h"
#include "ir/file_util.h"
#include "ir/fingerprint.h"
#include "ir/ir.h"
#include "ir/serialize.h"
#include "ir/verifier.h"
#include "passes/pass.h"

namespace ptoc {
namespace {

int CountStatements(const Stmt& s) {
  int n = s.kind == StmtKind::kSeq ? 0 : 1;
  for (const StmtPtr& c : s.stmts) n += CountStatements(*c);
  if (s.body) n += CountStatements(*s.body);
  if (s.else_body) n += CountStatements(*s.else_body);
  return n;
}

int CountStatements(const Program& p) {
  int n = 0;
  for (const auto& f : p.functions) n += CountStatements(*f->body);
  return n;
}

[[noreturn]] void Die(absl::string_view what, const absl::Status& status) {
  std::cerr << "phase_times: " << what << ": " << status.message() << "\n";
  std::exit(1);
}

std::unique_ptr<Program> Load(const std::string& bytes) {
  absl::StatusOr<std::unique_ptr<Program>> p = DeserializeProgram(bytes, "bench.pb");
  if (!p.ok()) Die("deserialize", p.status());
  return *std::move(p);
}

class Timer {
 public:
  explicit Timer(int repeat) : repeat_(repeat) {}

  // Runs `setup` (untimed) then `phase` (timed) `repeat` times and prints the
  // best time.
  void Time(const std::string& name, int statements, const std::function<void()>& setup,
            const std::function<void()>& phase) {
    double best = 1e300;
    for (int i = 0; i < repeat_; ++i) {
      setup();
      auto start = std::chrono::steady_clock::now();
      phase();
      std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
      best = std::min(best, elapsed.count());
    }
    std::printf("%s\t%d\t%.4f\t%.0f\n", name.c_str(), statements, best,
                best > 0 ? statements / best : 0.0);
    std::fflush(stdout);
  }

 private:
  int repeat_;
};

int Main(int argc, char** argv) {
  std::string path;
  int repeat = 3;
  PassOptions options;
  for (int i = 1; i < argc; ++i) {
    absl::string_view arg = argv[i];
    if (absl::ConsumePrefix(&arg, "--repeat=")) {
      if (!absl::SimpleAtoi(arg, &repeat) || repeat < 1) {
        std::cerr << "phase_times: bad --repeat\n";
        return 2;
      }
    } else if (absl::ConsumePrefix(&arg, "--backend=")) {
      options.backend = std::string(arg);
    } else {
      path = std::string(arg);
    }
  }
  if (path.empty()) {
    std::cerr << "usage: phase_times KERNEL.py [--repeat=R] [--backend=a2a3|a5]\n";
    return 2;
  }
  absl::StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) Die("read", text.status());
  Timer timer(repeat);
  std::unique_ptr<Program> program;
  std::function<void()> nothing = [] {};

  timer.Time("parse", 0, nothing, [&] {
    absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(*text, path);
    if (!p.ok()) Die("parse", p.status());
    program = *std::move(p);
  });
  program->options.backend = options.backend;
  const int parsed_statements = CountStatements(*program);
  std::printf("# %s: %d statements\n", path.c_str(), parsed_statements);
  timer.Time("verify", parsed_statements, nothing, [&] {
    if (absl::Status s = VerifyProgram(*program); !s.ok()) Die("verify", s);
  });
  std::string printed;
  timer.Time("print", parsed_statements, nothing, [&] { printed = PrintProgram(*program); });
  std::string bytes;
  timer.Time("serialize", parsed_statements, nothing,
             [&] { bytes = SerializeProgram(*program); });
  timer.Time("deserialize", parsed_statements, nothing, [&] { program = Load(bytes); });

  // Each pass on its usual input: the output of the passes before it.
  for (const std::string& name : DefaultPipeline()) {
    const PassInfo* info = FindPass(name);
    if (info == nullptr) Die(name, absl::NotFoundError("pass not linked"));
    const int statements = CountStatements(*program);
    std::unique_ptr<Program> copy;
    auto run = [&] {
      DiagnosticSink diagnostics;
      PassContext context{options, &diagnostics};
      absl::StatusOr<bool> changed = info->create()->Run(*copy, context);
      if (!changed.ok()) Die(name, changed.status());
    };
    timer.Time("pass:" + name, statements, [&] { copy = Load(bytes); }, run);
    // What RunPipeline does around the pass: the IR's fingerprint before
    // and after (the "changed" check), the verifier and the pass's
    // VerifyAfter.
    timer.Time("pipeline-checks:" + name, CountStatements(*copy), nothing, [&] {
      const uint64_t before = ProgramFingerprint(*copy);
      const uint64_t after = ProgramFingerprint(*copy);
      if (before != after) Die("fingerprint", absl::InternalError("not deterministic"));
      if (absl::Status s = VerifyProgram(*copy); !s.ok()) Die("verify", s);
      if (absl::Status s = info->create()->VerifyAfter(*copy); !s.ok()) Die("VerifyAfter", s);
    });
    program = std::move(copy);
    bytes = SerializeProgram(*program);
  }
  const int final_statements = CountStatements(*program);
  for (CodegenTarget target : {CodegenTarget::kPto, CodegenTarget::kCce}) {
    const char* name = target == CodegenTarget::kPto ? "codegen:pto" : "codegen:cce";
    timer.Time(name, final_statements, nothing, [&] {
      absl::StatusOr<std::string> code = GenerateCode(*program, target);
      if (!code.ok()) Die("codegen", code.status());
    });
  }
  return 0;
}

}  // namespace
}  // namespace ptoc

int main(int argc, char** argv) { return ptoc::Main(argc, argv); }

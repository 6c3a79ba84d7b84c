// Code generation on random well-typed programs after the default pipeline:
// it never crashes, it either succeeds or returns a located diagnostic, the
// same IR gives the same bytes, every PTO-AS op line carries a loc, and the
// C++ of every program compiles with the host g++ against the device
// API header, for both core types.
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "codegen/codegen.h"
#include "gtest/gtest.h"
#include "ir/verifier.h"
#include "passes/pass.h"
#include "testing/random_program.h"

namespace ptoc {
namespace {

constexpr int kSeeds = 300;

// g++ -fsyntax-only on `files` (run from the runfiles root, where the
// header is at runtime/include). One g++ for many files: its start-up is
// most of the time a small file takes.
bool Compile(const std::vector<std::string>& files, const char* core) {
  std::string cmd = std::string("g++ -std=c++17 -fsyntax-only -Iruntime/include -D") + core;
  for (const std::string& f : files) cmd += " " + f;
  return std::system(cmd.c_str()) == 0;
}

// The program after the default pipeline, or nullptr when a pass rejects it
// (the passes have their own tests for that).
std::unique_ptr<Program> Compiled(uint64_t seed) {
  std::unique_ptr<Program> p = GenerateRandomProgram(seed);
  PassContext context;
  DiagnosticSink sink;
  context.diagnostics = &sink;
  for (const std::string& name : DefaultPipeline()) {
    const PassInfo* info = FindPass(name);
    if (info == nullptr) return nullptr;
    absl::StatusOr<bool> changed = info->create()->Run(*p, context);
    if (!changed.ok() || !VerifyProgram(*p).ok()) return nullptr;
  }
  return p;
}

bool EveryOpLineHasALoc(const std::string& pto) {
  for (absl::string_view line : absl::StrSplit(pto, '\n')) {
    absl::string_view l = absl::StripLeadingAsciiWhitespace(line);
    if (l.empty() || absl::StartsWith(l, "//") || absl::EndsWith(l, "{")) continue;
    if (!absl::StrContains(l, " loc(")) return false;
  }
  return true;
}

TEST(CodegenPropertyTest, RandomProgramsLowerOrFailWithADiagnostic) {
  int lowered = 0;
  struct EmittedCpp {
    uint64_t seed;
    std::string file;
    std::string code;
  };
  std::vector<EmittedCpp> emitted_cpp;
  for (uint64_t seed = 0; seed < kSeeds; ++seed) {
    std::unique_ptr<Program> p = Compiled(seed);
    if (p == nullptr) continue;
    std::unique_ptr<Program> again = Compiled(seed);
    ASSERT_NE(again, nullptr) << "seed " << seed;
    bool all_ok = true;
    for (CodegenTarget target : {CodegenTarget::kPto, CodegenTarget::kCce}) {
      absl::StatusOr<std::string> code = GenerateCode(*p, target);
      absl::StatusOr<std::string> code_again = GenerateCode(*again, target);
      ASSERT_EQ(code.ok(), code_again.ok()) << "seed " << seed;
      if (!code.ok()) {
        all_ok = false;
        EXPECT_TRUE(absl::StrContains(code.status().message(), ": error: "))
            << "seed " << seed << ": " << code.status();
        continue;
      }
      EXPECT_EQ(*code, *code_again) << "seed " << seed;
      if (target == CodegenTarget::kPto) {
        EXPECT_TRUE(EveryOpLineHasALoc(*code)) << "seed " << seed << "\n" << *code;
      } else {
        const char* tmp = std::getenv("TEST_TMPDIR");
        const std::string cpp = std::string(tmp ? tmp : "/tmp") + "/random_" +
                                std::to_string(seed) + ".cpp";
        std::ofstream(cpp) << *code;
        emitted_cpp.push_back({seed, cpp, *code});
      }
    }
    lowered += all_ok;
  }
  // The C++ of every seed, for both core types; when a batch fails, each
  // file again to name the seeds that do not compile.
  std::vector<std::string> files;
  for (const EmittedCpp& e : emitted_cpp) files.push_back(e.file);
  for (const char* core : {"__DAV_VEC__", "__DAV_CUBE__"}) {
    if (Compile(files, core)) continue;
    for (const EmittedCpp& e : emitted_cpp) {
      EXPECT_TRUE(Compile({e.file}, core)) << "seed " << e.seed << " " << core << "\n" << e.code;
    }
  }
  // Most generated kernels are lowerable; a generator or codegen change that
  // makes them all fail must not pass silently.
  EXPECT_GT(lowered, kSeeds / 2);
}

}  // namespace
}  // namespace ptoc

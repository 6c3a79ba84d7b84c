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

}  // namespace testing
}  // namespace sim
}  // namespace ptoc

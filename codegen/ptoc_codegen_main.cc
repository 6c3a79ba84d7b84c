// ptoc-codegen: verified binary IR -> PTO-AS text (.pto) or device C++ (.cpp).
#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "codegen/codegen.h"
#include "driver/tool.h"
#include "frontend/load_program.h"
#include "ir/file_util.h"
#include "ir/serialize.h"
#include "ir/verifier.h"

ABSL_FLAG(std::string, target, "pto",
          "What to emit: pto (PTO-AS text for ptoas), cce (Ascend device C++) or syncplan "
          "(the units of each kernel's pipe-sync plan).");

int main(int argc, char** argv) {
  std::vector<std::string> inputs = ptoc::ParseCommandLine(
      argc, argv,
      "usage: ptoc-codegen [flags] IN.pb -o OUT --target=pto|cce|syncplan\n"
      "                    [--pipe-sync=flags|flags-unbounded|barrier-all]\n"
      "                    [--pipe-sync-drop=N,...]\n\n"
      "Generates device code for every AIC and AIV kernel of a program (run\n"
      "expand-mixed-kernel first). The backend is the one recorded in the program.");
  if (inputs.size() != 1) {
    std::cerr << "ptoc-codegen: expected exactly one input file (see --help)\n";
    return ptoc::kExitUsage;
  }
  const std::string target = absl::GetFlag(FLAGS_target);
  if (target != "pto" && target != "cce" && target != "syncplan") {
    std::cerr << "ptoc-codegen: --target must be pto, cce or syncplan (see --help)\n";
    return ptoc::kExitUsage;
  }
  ptoc::PassOptions options;
  if (absl::Status s = ptoc::PassOptionsFromFlags({}, &options); !s.ok()) {
    std::cerr << "ptoc-codegen: " << s.message() << "\n";
    return ptoc::kExitUsage;
  }
  ptoc::ParseOptions parse_options;
  parse_options.allow_unregistered_ops = absl::GetFlag(FLAGS_allow_unregistered_ops);
  auto program = ptoc::LoadProgram(inputs[0], parse_options);
  if (!program.ok()) return ptoc::ReportFailure(program.status());
  if (absl::Status s = ptoc::ApplyRecordedOptions(**program, options,
                                                  ptoc::FlagGiven(argc, argv, "backend"));
      !s.ok()) {
    return ptoc::ReportFailure(s);
  }
  if (absl::Status s = ptoc::VerifyProgram(**program); !s.ok()) return ptoc::ReportFailure(s);
  absl::StatusOr<std::vector<int>> drops = ptoc::PipeSyncDrops();
  if (!drops.ok()) {
    std::cerr << "ptoc-codegen: " << drops.status().message() << "\n";
    return ptoc::kExitUsage;
  }
  ptoc::CodegenOptions codegen;
  codegen.drop_units = *drops;
  absl::StatusOr<std::string> code = ptoc::GenerateCode(
      **program,
      target == "cce"        ? ptoc::CodegenTarget::kCce
      : target == "syncplan" ? ptoc::CodegenTarget::kSyncPlan
                             : ptoc::CodegenTarget::kPto,
      codegen);
  if (!code.ok()) return ptoc::ReportFailure(code.status());
  absl::Status s = ptoc::WriteFileAtomically(absl::GetFlag(FLAGS_output), *code);
  return s.ok() ? ptoc::kExitOk : ptoc::ReportFailure(s);
}

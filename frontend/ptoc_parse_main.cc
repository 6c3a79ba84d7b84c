// ptoc-parse: text kernel -> verified binary IR.
#include <iostream>

#include "absl/flags/flag.h"
#include "driver/tool.h"
#include "frontend/load_program.h"
#include "ir/file_util.h"
#include "ir/serialize.h"
#include "ir/verifier.h"

int main(int argc, char** argv) {
  std::vector<std::string> inputs = ptoc::ParseCommandLine(
      argc, argv,
      "usage: ptoc-parse [flags] KERNEL.py -o OUT.pb\n\n"
      "Parses and verifies a kernel in the text format and writes its binary IR.");
  if (inputs.size() != 1) {
    std::cerr << "ptoc-parse: expected exactly one input file (see --help)\n";
    return ptoc::kExitUsage;
  }
  ptoc::ParseOptions options;
  options.allow_unregistered_ops = absl::GetFlag(FLAGS_allow_unregistered_ops);
  auto program = ptoc::LoadProgram(inputs[0], options);
  if (!program.ok()) return ptoc::ReportFailure(program.status());
  (*program)->options.allow_unregistered_ops = options.allow_unregistered_ops;
  if (absl::Status s = ptoc::VerifyProgram(**program); !s.ok()) {
    return ptoc::ReportFailure(s);
  }
  absl::Status s = ptoc::WriteFileAtomically(absl::GetFlag(FLAGS_output),
                                             ptoc::SerializeProgram(**program));
  return s.ok() ? ptoc::kExitOk : ptoc::ReportFailure(s);
}

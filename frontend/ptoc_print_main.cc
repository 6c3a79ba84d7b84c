// ptoc-print: binary IR -> text, textproto or JSON, for debugging.
#include <iostream>

#include "absl/flags/flag.h"
#include "driver/tool.h"
#include "frontend/load_program.h"
#include "frontend/printer.h"
#include "ir/file_util.h"
#include "ir/serialize.h"

ABSL_FLAG(std::string, format, "text", "Output format: text|textproto|json.");

int main(int argc, char** argv) {
  std::vector<std::string> inputs = ptoc::ParseCommandLine(
      argc, argv,
      "usage: ptoc-print [--format=text|textproto|json] IN.pb [-o OUT]\n\n"
      "Prints a binary IR file (or a text kernel) in a human-readable form.");
  const std::string format = absl::GetFlag(FLAGS_format);
  if (inputs.size() != 1 || (format != "text" && format != "textproto" && format != "json")) {
    std::cerr << "ptoc-print: expected one input and --format=text|textproto|json\n";
    return ptoc::kExitUsage;
  }
  auto program = ptoc::LoadProgram(inputs[0]);
  if (!program.ok()) return ptoc::ReportFailure(program.status());
  std::string text =
      format == "text" ? ptoc::PrintProgram(**program)
      : ptoc::ProgramToTextProto(**program, format == "json"
                                                ? ptoc::TextProtoFormat::kJson
                                                : ptoc::TextProtoFormat::kTextProto);
  absl::Status s = ptoc::WriteFileAtomically(absl::GetFlag(FLAGS_output), text);
  return s.ok() ? ptoc::kExitOk : ptoc::ReportFailure(s);
}

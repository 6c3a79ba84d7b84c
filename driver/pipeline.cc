#include "driver/pipeline.h"

#include <chrono>
#include <iostream>
#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "frontend/printer.h"
#include "glog/logging.h"
#include "ir/file_util.h"
#include "ir/fingerprint.h"
#include "ir/serialize.h"
#include "ir/status_macros.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

absl::Status Dump(const Program& program, const std::string& dir, int index,
                  absl::string_view name) {
  std::string stem = absl::StrFormat("%s/%02d-%s", dir, index, name);
  RETURN_IF_ERROR(WriteFileAtomically(stem + ".pb", SerializeProgram(program)));
  return WriteFileAtomically(stem + ".py", PrintProgram(program));
}

std::string UnknownPassMessage(absl::string_view name) {
  std::vector<std::string> names;
  for (const PassInfo* p : RegisteredPasses()) names.push_back(p->name);
  return absl::StrCat("error: unknown pass '", name, "' (registered: ",
                      absl::StrJoin(names, ", "), ")");
}

}  // namespace

absl::Status RunPipeline(Program& program, const std::vector<std::string>& passes,
                         const PassOptions& options,
                         const PipelineOptions& pipeline_options,
                         DiagnosticSink* diagnostics) {
  std::vector<std::unique_ptr<Pass>> instances;
  for (const std::string& name : passes) {
    const PassInfo* info = FindPass(name);
    if (info == nullptr) return absl::InvalidArgumentError(UnknownPassMessage(name));
    instances.push_back(info->create());
  }
  const std::string& dump_dir = pipeline_options.dump_dir;
  if (!dump_dir.empty()) {
    RETURN_IF_ERROR(CreateDirectories(dump_dir, absl::StrCat("--dump-dir ", dump_dir)));
    RETURN_IF_ERROR(
        WriteFileAtomically(dump_dir + "/options.txt", pipeline_options.reproduce_command + "\n"));
    RETURN_IF_ERROR(Dump(program, dump_dir, 0, "input"));
  }
  PassContext context{options, diagnostics};
  for (size_t i = 0; i < instances.size(); ++i) {
    Pass& pass = *instances[i];
    auto now = [] { return std::chrono::steady_clock::now(); };
    auto seconds = [](auto from, auto to) {
      return std::chrono::duration<double>(to - from).count();
    };
    const auto checks_start = now();
    // The "unchanged" claim is checked on a fingerprint of the IR: printing
    // the program before and after cost more than most passes.
    const uint64_t before = ProgramFingerprint(program);
    const auto run_start = now();
    absl::StatusOr<bool> changed = pass.Run(program, context);
    const auto run_end = now();
    if (!changed.ok()) return changed.status();
    if (!*changed && ProgramFingerprint(program) != before) {
      return absl::InternalError(absl::StrCat(
          "internal error: pass '", pass.name(), "' reported no change but changed the IR"));
    }
    if (absl::Status s = VerifyProgram(program); !s.ok()) {
      return absl::InternalError(absl::StrCat("internal error: the IR after pass '",
                                              pass.name(), "' does not verify:\n",
                                              s.message()));
    }
    if (absl::Status s = pass.VerifyAfter(program); !s.ok()) {
      return absl::InternalError(absl::StrCat("internal error: after pass '", pass.name(),
                                              "': ", s.message()));
    }
    VLOG(1) << "pass " << pass.name() << ": "
            << (*changed ? "changed the program" : "no change") << ", "
            << absl::StrFormat("%.3f", seconds(run_start, run_end) * 1e3) << " ms";
    if (pipeline_options.times != nullptr) {
      pipeline_options.times->emplace_back(pass.name(), seconds(run_start, run_end));
      pipeline_options.times->emplace_back(
          absl::StrCat(pass.name(), " checks"),
          seconds(checks_start, run_start) + seconds(run_end, now()));
    }
    if (pipeline_options.print_ir_after_all) {
      std::cerr << "# ----- IR after " << pass.name() << " -----\n"
                << PrintProgram(program);
    }
    if (!dump_dir.empty()) {
      RETURN_IF_ERROR(Dump(program, dump_dir, static_cast<int>(i) + 1, pass.name()));
    }
  }
  return absl::OkStatus();
}

}  // namespace ptoc

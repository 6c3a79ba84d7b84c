// launch_plan: what testing/conformance/pto_isa_launcher.cpp needs to run
// the kernels of an emitted .cpp on pto-isa's CPU simulation as ptoc-sim
// launches the entry, and the check of that run's outputs.
//
//   launch_plan IN.pb --entry=F [--ranks=R] [--scalar N=V ...] [--seed=S] --plan=DIR
//     writes DIR/plan.txt and DIR/in/<param>.<rank>.bin: the GM layout of
//     one rank (every tensor parameter at a 64-byte aligned offset of the
//     rank's block, the blocks of the ranks one after another), the lanes
//     with the kernel arguments (tensors, scalars, then the kernel ABI's
//     trailing sdma_workspace, comm_ctx, gm_pipe_buffer, sync_workspace:
//     codegen/kernel_abi.h), the bytes of gm_pipe_buffer each rank needs
//     (the ABI's gm_pipe_buffer_bytes: the end of the last GM ring of its
//     pipes) and the initial contents, which are ptoc-sim's for the same
//     --seed and --inputs.
//   launch_plan IN.pb --entry=F ... --got=DIR --want=DIR [--got-text=DIR]
//     compares every Out / InOut tensor of every rank, DIR/<param>.<rank>.bin
//     (the launcher's dump, raw bytes) with ptoc-sim's dump
//     (--dump-outputs, text), byte for byte in the tensor's dtype; writes the
//     launcher's outputs as text to --got-text. With --tolerance=R, float
//     elements within R relative of each other count as equal (for kernels
//     whose arithmetic is not exact, e.g. exp). Exit 0 when all are equal,
//     1 otherwise (the mismatching elements printed).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codegen/cxx_names.h"
#include "codegen/kernel_abi.h"
#include "codegen/target_info.h"
#include "driver/tool.h"
#include "ir/file_util.h"
#include "runtime/entry_params.h"
#include "runtime/launch_command.h"
#include "runtime/tensor_files.h"
#include "runtime/values.h"

ABSL_FLAG(int64_t, max_steps, 1, "Unused (a flag every launch tool has).");
ABSL_FLAG(std::string, plan, "", "Directory to write the launch plan and the inputs to.");
ABSL_FLAG(std::string, got, "", "Directory of the launcher's outputs, <param>.<rank>.bin.");
ABSL_FLAG(std::string, want, "", "Directory of ptoc-sim's --dump-outputs.");
ABSL_FLAG(std::string, got_text, "", "Directory to write the launcher's outputs to as text.");
ABSL_FLAG(double, tolerance, 0,
          "Relative tolerance of floating-point elements: equal when |got - want| <= "
          "tolerance * max(|got|, |want|). 0 (default): byte for byte.");

namespace ptoc {
namespace {

constexpr char kUsage[] =
    "usage: launch_plan IN.pb --entry=FUNC [--ranks=R] [--scalar NAME=VALUE ...] [--seed=S]\n"
    "                   [--inputs=DIR] (--plan=DIR | --got=DIR --want=DIR [--got-text=DIR])\n\n"
    "Writes the launch plan of the entry for pto_isa_launcher.cpp (--plan), or compares\n"
    "the launcher's outputs with ptoc-sim's --dump-outputs byte for byte (--got, --want).";

constexpr uint64_t kAlign = 64;

struct TensorSlot {
  int param;
  std::string name;
  uint64_t offset;
  uint64_t bytes;
  bool out;
  DType dtype;
  std::vector<int64_t> shape;
};

std::vector<TensorSlot> Layout(const Function& entry, const sim::EntryParams& params,
                               uint64_t* block_bytes) {
  std::vector<TensorSlot> slots;
  uint64_t at = 0;
  for (size_t i = 0; i < entry.params.size(); ++i) {
    const Var& v = *entry.params[i].var;
    if (!v.type.is_tensor()) continue;
    uint64_t elements = 1;
    for (int64_t d : params.shapes[i]) elements *= static_cast<uint64_t>(d);
    TensorSlot s{static_cast<int>(i), v.name, at,
                 elements * DTypeBytes(v.type.dtype()),
                 entry.params[i].direction != Direction::kIn, v.type.dtype(), params.shapes[i]};
    at += (s.bytes + kAlign - 1) / kAlign * kAlign;
    if (s.bytes == 0) at += kAlign;
    slots.push_back(s);
  }
  *block_bytes = at == 0 ? kAlign : at;
  return slots;
}

int Fail(const std::string& message) {
  std::cerr << "launch_plan: " << message << "\n";
  return kExitInputError;
}

int WritePlan(const Program& program, const Function& entry, const sim::LaunchOptions& options,
              sim::EntryParams& params, const std::string& dir) {
  absl::StatusOr<std::vector<sim::LaneCall>> calls = sim::PlanLaneCalls(program, entry);
  if (!calls.ok()) return ReportFailure(calls.status());
  absl::StatusOr<codegen::Backend> backend = codegen::BackendOf(program);
  if (!backend.ok()) return ReportFailure(backend.status());
  absl::StatusOr<std::vector<codegen::KernelAbi>> abis =
      codegen::ComputeKernelAbis(program, *backend);
  if (!abis.ok()) return ReportFailure(abis.status());
  if (absl::Status s = sim::LoadEntryContents(entry, options.ranks, options.inputs_dir,
                                              options.seed, params);
      !s.ok()) {
    return ReportFailure(s);
  }
  uint64_t block_bytes = 0;
  std::vector<TensorSlot> slots = Layout(entry, params, &block_bytes);
  if (absl::Status s = CreateDirectories(dir + "/in", dir + "/in"); !s.ok()) {
    return ReportFailure(s);
  }
  std::ostringstream plan;
  plan << "backend " << codegen::BackendName(*backend) << "\n";
  plan << "ranks " << options.ranks << "\n";
  plan << "block_bytes " << block_bytes << "\n";
  int syncall_slots = 0;
  int64_t pipe_buffer_bytes = 0;
  std::ostringstream lanes;
  for (const sim::LaneCall& call : *calls) {
    if (call.core == sim::LaneCore::kMixed) {
      return Fail(absl::StrCat("'", call.function->name,
                               "' is an InCore function; the C++ target does not emit it"));
    }
    codegen::KernelAbi abi;
    for (size_t i = 0; i < program.functions.size(); ++i) {
      if (program.functions[i].get() == call.function) abi = (*abis)[i];
    }
    syncall_slots = std::max(syncall_slots, abi.syncall_slots);
    pipe_buffer_bytes = std::max(pipe_buffer_bytes, abi.gm_pipe_buffer_bytes);
    std::vector<std::string> args;
    for (int param : call.args) {
      const sim::Value& v = params.scalars[param];
      if (v.kind == sim::Value::Kind::kNone) {
        for (const TensorSlot& s : slots) {
          if (s.param == param) args.push_back(absl::StrCat("t", s.offset));
        }
      } else if (v.kind == sim::Value::Kind::kFloat) {
        return Fail(absl::StrCat("'", call.function->name,
                                 "' takes a floating-point scalar; the launcher passes integers"));
      } else {
        args.push_back(absl::StrCat("s", v.AsInt()));
      }
    }
    if (abi.sdma_workspace) args.push_back("sdma_workspace");
    if (abi.comm_ctx) args.push_back("comm_ctx");
    if (abi.gm_pipe_buffer) args.push_back("gm_pipe_buffer");
    if (abi.sync_workspace) args.push_back("sync_workspace");
    lanes << "lane " << (call.core == sim::LaneCore::kAic ? "aic" : "aiv") << " "
          << codegen::KernelSymbol(call.function->name) << " " << args.size() << " "
          << absl::StrJoin(args, " ")
          << "\n";
  }
  plan << "sync_workspace_ints " << codegen::kSyncWorkspaceInts * std::max(syncall_slots, 1)
       << "\n";
  plan << "pipe_buffer_bytes " << pipe_buffer_bytes << "\n";
  for (const TensorSlot& s : slots) {
    plan << "tensor " << s.name << " " << s.offset << " " << s.bytes << " " << (s.out ? 1 : 0)
         << "\n";
    for (int rank = 0; rank < options.ranks; ++rank) {
      const std::vector<uint8_t>& bytes = params.contents[rank][s.param];
      std::ofstream f(absl::StrCat(dir, "/in/", s.name, ".", rank, ".bin"), std::ios::binary);
      f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
      if (!f) return Fail(absl::StrCat("cannot write the inputs in ", dir));
    }
  }
  plan << lanes.str();
  std::ofstream f(dir + "/plan.txt");
  f << plan.str();
  if (!f) return Fail(absl::StrCat("cannot write ", dir, "/plan.txt"));
  return kExitOk;
}

int Compare(const Function& entry, const sim::LaunchOptions& options,
            const sim::EntryParams& params, const std::string& got, const std::string& want,
            const std::string& got_text) {
  uint64_t block_bytes = 0;
  std::vector<TensorSlot> slots = Layout(entry, params, &block_bytes);
  if (!got_text.empty()) {
    if (absl::Status s = CreateDirectories(got_text, got_text); !s.ok()) return ReportFailure(s);
  }
  int compared = 0;
  int differing = 0;
  const double tolerance = absl::GetFlag(FLAGS_tolerance);
  double max_error = 0;
  for (const TensorSlot& s : slots) {
    if (!s.out) continue;
    const int esize = DTypeBytes(s.dtype);
    for (int rank = 0; rank < options.ranks; ++rank) {
      const std::string tensor = absl::StrCat(s.name, ".", rank);
      std::ifstream f(absl::StrCat(got, "/", tensor, ".bin"), std::ios::binary);
      std::vector<uint8_t> mine((std::istreambuf_iterator<char>(f)),
                                std::istreambuf_iterator<char>());
      if (!f.good() && !f.eof()) return Fail(absl::StrCat("cannot read ", got, "/", tensor, ".bin"));
      if (mine.size() != s.bytes) {
        return Fail(absl::StrCat(got, "/", tensor, ".bin has ", mine.size(), " bytes, not ",
                                 s.bytes));
      }
      auto theirs = sim::ReadTensorFile(sim::TensorFilePath(want, s.name, rank),
                                        static_cast<int64_t>(s.bytes / esize), s.dtype);
      if (!theirs.ok()) return ReportFailure(theirs.status());
      if (!theirs->has_value()) {
        return Fail(absl::StrCat("ptoc-sim dumped no ", sim::TensorFilePath(want, s.name, rank)));
      }
      if (!got_text.empty()) {
        absl::Status w =
            sim::WriteTensorFile(sim::TensorFilePath(got_text, s.name, rank), s.shape, s.dtype, mine);
        if (!w.ok()) return ReportFailure(w);
      }
      ++compared;
      int64_t wrong = 0;
      for (uint64_t i = 0; i < s.bytes / esize; ++i) {
        if (std::equal(&mine[i * esize], &mine[i * esize] + esize, &(**theirs)[i * esize])) {
          continue;
        }
        const double a = sim::DecodeElement(&mine[i * esize], s.dtype);
        const double b = sim::DecodeElement(&(**theirs)[i * esize], s.dtype);
        const double scale = std::max(std::fabs(a), std::fabs(b));
        const double err = scale == 0 ? 0 : std::fabs(a - b) / scale;  // NaN: never equal
        max_error = std::max(max_error, err);
        if (IsFloatDType(s.dtype) && err <= tolerance) continue;
        if (++wrong <= 3) {
          std::cout << "  " << tensor << "[" << i << "]: pto-isa "
                    << sim::FormatElement(sim::DecodeElement(&mine[i * esize], s.dtype), s.dtype)
                    << ", ptoc-sim "
                    << sim::FormatElement(sim::DecodeElement(&(**theirs)[i * esize], s.dtype),
                                          s.dtype)
                    << "\n";
        }
      }
      if (wrong > 0) {
        std::cout << "  " << tensor << ": " << wrong << " of " << s.bytes / esize
                  << " elements differ\n";
        ++differing;
      }
    }
  }
  if (compared == 0) return Fail("the entry has no Out / InOut tensor to compare");
  std::cout << (compared - differing) << " of " << compared << " output tensors equal";
  if (tolerance > 0) std::cout << " within " << tolerance << " relative (largest " << max_error << ")";
  std::cout << "\n";
  return differing == 0 ? kExitOk : kExitInputError;
}

int Main(int argc, char** argv) {
  sim::LaunchOptions options(0);
  sim::LaunchCommand command;
  const sim::LaunchTool tool{"launch_plan", kUsage, &FLAGS_max_steps, 64};
  if (int status = sim::ParseLaunchCommand(argc, argv, tool, options, command);
      status != kExitOk) {
    return status;
  }
  absl::StatusOr<const Function*> entry = sim::FindEntry(*command.program, options, 64);
  if (!entry.ok()) return ReportFailure(entry.status());
  absl::StatusOr<sim::EntryParams> params = sim::ResolveEntryParams(**entry, options.scalars);
  if (!params.ok()) return ReportFailure(params.status());
  if (!absl::GetFlag(FLAGS_plan).empty()) {
    return WritePlan(*command.program, **entry, options, *params, absl::GetFlag(FLAGS_plan));
  }
  if (absl::GetFlag(FLAGS_got).empty() || absl::GetFlag(FLAGS_want).empty()) {
    std::cerr << "launch_plan: give --plan=DIR, or --got=DIR and --want=DIR (see --help)\n";
    return kExitUsage;
  }
  return Compare(**entry, options, *params, absl::GetFlag(FLAGS_got), absl::GetFlag(FLAGS_want),
                 absl::GetFlag(FLAGS_got_text));
}

}  // namespace
}  // namespace ptoc

int main(int argc, char** argv) { return ptoc::Main(argc, argv); }

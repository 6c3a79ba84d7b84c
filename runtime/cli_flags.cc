#include "runtime/cli_flags.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace ptoc {
namespace sim {
namespace {

bool IsScalarFlag(absl::string_view arg) {
  return arg == "--scalar" || arg == "-scalar" || absl::StartsWith(arg, "--scalar=") ||
         absl::StartsWith(arg, "-scalar=");
}

}  // namespace

std::vector<std::string> MergeScalarFlags(int argc, char** argv) {
  std::vector<std::string> args;
  std::vector<std::string> scalars;
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    if (i == 0 || !IsScalarFlag(arg)) {
      args.push_back(arg);
      continue;
    }
    size_t eq = arg.find('=');
    if (eq != std::string::npos) {
      scalars.push_back(arg.substr(eq + 1));
    } else if (i + 1 < argc) {
      scalars.push_back(argv[++i]);
    } else {
      args.push_back(arg);  // the parser reports the missing value
    }
  }
  if (!scalars.empty()) args.push_back(absl::StrCat("--scalar=", absl::StrJoin(scalars, ",")));
  return args;
}

bool BackendFlagGiven(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (absl::StartsWith(a, "--backend") || absl::StartsWith(a, "-backend")) return true;
  }
  return false;
}

absl::StatusOr<std::vector<std::pair<std::string, std::string>>> ParseScalarFlags(
    const std::vector<std::string>& values) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& s : values) {
    size_t eq = s.find('=');
    if (eq == std::string::npos || eq == 0) {
      return absl::InvalidArgumentError(absl::StrCat("--scalar expects NAME=VALUE, not '", s, "'"));
    }
    out.emplace_back(s.substr(0, eq), s.substr(eq + 1));
  }
  return out;
}

}  // namespace sim
}  // namespace ptoc

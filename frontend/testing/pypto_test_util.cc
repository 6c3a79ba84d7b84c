#include "frontend/testing/pypto_test_util.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "gtest/gtest.h"
#include "ir/serialize.h"
#include "ir/types.h"
#include "ir/verifier.h"

namespace ptoc {
namespace pypto_test {

const char kImports[] =
    "import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n";
const char kProgramHead[] =
    "import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n"
    "@pl.program\nclass P:\n";

std::unique_ptr<Program> ParseVerified(const std::string& text) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "t.py");
  EXPECT_TRUE(p.ok()) << p.status() << "\n" << text;
  if (!p.ok()) return nullptr;
  absl::Status verified = VerifyProgram(**p);
  EXPECT_TRUE(verified.ok()) << verified << "\n" << text;
  return *std::move(p);
}

std::unique_ptr<Program> RoundTripProgram(const std::string& text, std::string* printed) {
  printed->clear();
  std::unique_ptr<Program> first = ParseVerified(text);
  if (first == nullptr) return nullptr;
  *printed = PrintProgram(*first);
  absl::StatusOr<std::unique_ptr<Program>> second = ParseProgram(*printed, "t.printed.py");
  EXPECT_TRUE(second.ok()) << second.status() << "\n" << *printed;
  if (second.ok()) {
    absl::Status verified = VerifyProgram(**second);
    EXPECT_TRUE(verified.ok()) << verified << "\n" << *printed;
    EXPECT_EQ(PrintProgram(**second), *printed);
  }
  absl::StatusOr<std::unique_ptr<Program>> from_proto =
      DeserializeProgram(SerializeProgram(*first), "t.pb");
  EXPECT_TRUE(from_proto.ok()) << from_proto.status();
  if (from_proto.ok()) {
    EXPECT_TRUE(VerifyProgram(**from_proto).ok()) << *printed;
    EXPECT_EQ(PrintProgram(**from_proto), *printed);
  }
  return first;
}

std::string RoundTrip(const std::string& text) {
  std::string printed;
  RoundTripProgram(text, &printed);
  return printed;
}

std::string ParseError(const std::string& text) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "t.py");
  EXPECT_FALSE(p.ok()) << text;
  return p.ok() ? "" : std::string(p.status().message());
}

std::string FirstError(const std::string& text) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "t.py");
  if (!p.ok()) return std::string(p.status().message());
  absl::Status v = VerifyProgram(**p);
  EXPECT_FALSE(v.ok()) << text;
  return std::string(v.message());
}

std::string Check(const std::string& text) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "t.py");
  if (!p.ok()) return std::string(p.status().message());
  absl::Status verified = VerifyProgram(**p);
  if (!verified.ok()) return std::string(verified.message());
  const std::string printed = PrintProgram(**p);
  absl::StatusOr<std::unique_ptr<Program>> again = ParseProgram(printed, "t.printed.py");
  EXPECT_TRUE(again.ok()) << again.status() << "\n" << printed;
  if (again.ok()) {
    EXPECT_TRUE(VerifyProgram(**again).ok()) << printed;
    EXPECT_EQ(PrintProgram(**again), printed);
  }
  return "";
}

std::string TypeOf(const Program& p, const std::string& name) {
  for (const auto& f : p.functions) {
    for (const auto& v : f->vars) {
      if (v->name == name) return TypeToString(v->type);
    }
  }
  return "<no variable " + name + ">";
}

}  // namespace pypto_test
}  // namespace ptoc

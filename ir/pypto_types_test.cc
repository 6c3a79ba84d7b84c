// PyPTO's type forms (../shared/spec/pypto-language.md): tuple subscripts,
// annotations over an op's result type, dimension expressions. Each parses,
// verifies, prints back to a fixed point and survives the proto; what PyPTO
// rejects is an error.
#include <memory>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/serialize.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

using ::testing::HasSubstr;

constexpr char kImports[] =
    "import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n";

// Parses, verifies, prints, re-parses and re-prints; returns the print.
std::string RoundTrip(const std::string& body) {
  const std::string text = kImports + body;
  absl::StatusOr<std::unique_ptr<Program>> first = ParseProgram(text, "t.py");
  EXPECT_TRUE(first.ok()) << first.status() << "\n" << text;
  if (!first.ok()) return "";
  absl::Status verified = VerifyProgram(**first);
  EXPECT_TRUE(verified.ok()) << verified << "\n" << text;
  std::string printed = PrintProgram(**first);
  absl::StatusOr<std::unique_ptr<Program>> second = ParseProgram(printed, "t.printed.py");
  EXPECT_TRUE(second.ok()) << second.status() << "\n" << printed;
  if (!second.ok()) return printed;
  EXPECT_EQ(PrintProgram(**second), printed);
  absl::StatusOr<std::unique_ptr<Program>> from_proto =
      DeserializeProgram(SerializeProgram(**first), "t.pb");
  EXPECT_TRUE(from_proto.ok()) << from_proto.status();
  if (from_proto.ok()) {
    EXPECT_TRUE(VerifyProgram(**from_proto).ok());
    EXPECT_EQ(PrintProgram(**from_proto), printed);
  }
  return printed;
}

std::string Error(const std::string& body) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(kImports + body, "t.py");
  EXPECT_FALSE(p.ok()) << body;
  return p.ok() ? "" : std::string(p.status().message());
}

constexpr char kTupleProgram[] = R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16], pl.FP32],
        out_a: pl.Out[pl.Tensor[[16], pl.FP32]],
    ) -> tuple[pl.Tensor[[16], pl.FP32], pl.Scalar[pl.INT32]]:
        return (out_a, 1)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32], out_a: pl.Out[pl.Tensor[[16], pl.FP32]]) -> pl.Tensor[[16], pl.FP32]:
        ret: tuple[pl.Tensor[[16], pl.FP32], pl.Scalar[pl.INT32]] = self.k(x, out_a)
        a: pl.Tensor[[16], pl.FP32] = ret[0]
        n = ret[1]
        b = ret[0][0:8]
        return b
)";

TEST(PyptoTypesTest, TupleSubscriptsPrintAsWritten) {
  std::string out = RoundTrip(kTupleProgram);
  EXPECT_THAT(out, HasSubstr("a = ret[0]\n"));
  EXPECT_THAT(out, HasSubstr("n: pl.Scalar[pl.INT32] = ret[1]\n"));
  EXPECT_THAT(out, HasSubstr("b = pl.tensor.slice(ret[0], [8], [0])"));
}

TEST(PyptoTypesTest, TupleSubscriptNeedsAConstantIndexInRange) {
  std::string program = kTupleProgram;
  std::string bad = program;
  bad.replace(bad.find("ret[1]"), 6, "ret[2]");
  EXPECT_THAT(Error(bad), HasSubstr("tuple index 2 is out of range for tuple["));
  bad = program;
  bad.replace(bad.find("ret[1]"), 6, "ret[n]");
  EXPECT_THAT(Error(bad), HasSubstr("Only constant integer indices supported for tuple access"));
}

TEST(PyptoTypesTest, TupleSubscriptAnnotationMustMatchTheElement) {
  std::string bad = kTupleProgram;
  bad.replace(bad.find("a: pl.Tensor[[16], pl.FP32] = ret[0]"), 36,
              "a: pl.Tensor[[16], pl.FP32] = ret[1]");
  EXPECT_THAT(Error(bad), HasSubstr("annotation pl.Tensor[[16], pl.FP32] does not match"));
}

}  // namespace
}  // namespace ptoc

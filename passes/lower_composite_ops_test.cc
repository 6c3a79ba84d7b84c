#include "passes/lower_composite_ops.h"

#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "ir/ir.h"
#include "ir/registry.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

// Every collective once, in a kernel.
constexpr char kAll[] = R"(import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class All:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        row: pl.Tensor[[1, 16], pl.FP32],
        counts: pl.Tensor[[4], pl.INT32],
        data: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
        recv_counts: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[4, 16], pl.FP32]:
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)
        data = pld.tensor.reduce_scatter(data, signal, op=pld.ReduceOp.Sum)
        data = pld.tensor.broadcast(data, signal, root=1)
        data = pld.tensor.all_to_all(inp, data, signal)
        data = pld.tensor.allgather(row, data, signal)
        data = pld.tensor.all_to_all_v(inp, data, signal, counts, recv_counts)
        signal = pld.tensor.barrier(signal)
        return data
)";

std::unique_ptr<Program> Parse(const std::string& text) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "test.py");
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() ? *std::move(p) : nullptr;
}

absl::StatusOr<bool> RunPass(Program& p) {
  DiagnosticSink sink;
  PassContext context;
  context.diagnostics = &sink;
  LowerCompositeOpsPass pass;
  return pass.Run(p, context);
}

TEST(LowerCompositeOps, TheRegistryMarksEachCollective) {
  int composites = 0;
  for (const OpInfo* op : OpRegistry::Get().All()) {
    if (op->composite == Composite::kNone) continue;
    ++composites;
    // The collectives, and the two tile ops no target has an instruction for.
    const bool trig = op->composite == Composite::kSin || op->composite == Composite::kCos;
    EXPECT_TRUE(absl::StartsWith(op->name, trig ? "tile." : "pld.tensor.")) << op->name;
    // Codegen never lowers one: the pass must.
    EXPECT_FALSE(op->compiled) << op->name;
  }
  EXPECT_EQ(composites, 9);
}

TEST(LowerCompositeOps, ExpandsEveryCollectiveIntoVerifiedPrimitives) {
  std::unique_ptr<Program> p = Parse(kAll);
  ASSERT_NE(p, nullptr);
  EXPECT_FALSE(CheckNoCompositeOps(*p).ok());
  absl::StatusOr<bool> changed = RunPass(*p);
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_TRUE(*changed);
  EXPECT_TRUE(VerifyProgram(*p).ok()) << VerifyProgram(*p);
  EXPECT_TRUE(CheckNoCompositeOps(*p).ok());
  const std::string text = PrintProgram(*p);
  for (const char* op :
       {"pld.tile.remote_load", "pld.tile.remote_store", "pld.tile.get", "pl.tensor.read",
        "pl.tile.add", "op=pld.NotifyOp.Set", "cmp=pld.WaitCmp.Ge"}) {
    EXPECT_TRUE(absl::StrContains(text, op)) << op << "\n" << text;
  }
  // The printed expansion reads back as the same program.
  std::unique_ptr<Program> again = Parse(text);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(PrintProgram(*again), text);
}

TEST(LowerCompositeOps, IsIdempotentAndDeterministic) {
  std::unique_ptr<Program> a = Parse(kAll);
  std::unique_ptr<Program> b = Parse(kAll);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  ASSERT_TRUE(RunPass(*a).ok());
  ASSERT_TRUE(RunPass(*b).ok());
  const std::string once = PrintProgram(*a);
  EXPECT_EQ(PrintProgram(*b), once);
  absl::StatusOr<bool> changed = RunPass(*a);
  ASSERT_TRUE(changed.ok());
  EXPECT_FALSE(*changed);
  EXPECT_EQ(PrintProgram(*a), once);
}

TEST(LowerCompositeOps, RefusesWhatItCannotLowerAtTheCall) {
  std::string text = kAll;
  const std::string call = "pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)";
  text.replace(text.find(call), call.size(),
               "pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, mode=\"tree\")");
  std::unique_ptr<Program> p = Parse(text);
  ASSERT_NE(p, nullptr);
  absl::StatusOr<bool> changed = RunPass(*p);
  ASSERT_FALSE(changed.ok());
  EXPECT_TRUE(absl::StrContains(changed.status().message(), "test.py:17:16: error:"))
      << changed.status();
  EXPECT_TRUE(absl::StrContains(changed.status().message(), "mode must be"));
}

}  // namespace
}  // namespace ptoc

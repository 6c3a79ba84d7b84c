// The lowering plan: §1's pipe of every machine op on both backends, the
// pipes each core has, which pipes run in order, and the operand roles.
#include "codegen/lowering.h"

#include <memory>
#include <string>

#include "frontend/parser.h"
#include "gtest/gtest.h"

namespace ptoc {
namespace codegen {
namespace {

constexpr char kKernel[] = R"(import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class K:
    @pl.function(type=pl.FunctionType.AIV)
    def v(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32]):
        a: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [16, 64])
        b: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(a)
        pl.tile.store(b, [0, 0], y)
        s: pl.Scalar[pl.FP32] = pl.tensor.read(x, [0, 0])
        pl.system.fence()
)";

struct Calls {
  std::unique_ptr<Program> program;
  std::vector<const Expr*> calls;  // the calls of the kernel body, in order
};

Calls ParseCalls() {
  Calls c;
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(kKernel, "k.py");
  EXPECT_TRUE(p.ok()) << p.status();
  c.program = *std::move(p);
  const Stmt& body = *c.program->functions[0]->body;
  for (const StmtPtr& s : body.stmts) {
    if (s->value && s->value->kind == ExprKind::kCall) c.calls.push_back(s->value.get());
  }
  return c;
}

TEST(LoweringTest, PipesOfTheVectorChain) {
  Calls c = ParseCalls();
  ASSERT_EQ(c.calls.size(), 5u);
  const Function& fn = *c.program->functions[0];
  const Pipe expected[] = {Pipe::kMte2, Pipe::kV, Pipe::kMte3, Pipe::kS, Pipe::kS};
  for (Backend b : {Backend::kA2A3, Backend::kA5}) {
    for (size_t i = 0; i < c.calls.size(); ++i) {
      absl::StatusOr<CallLowering> plan = PlanCall(fn, *c.calls[i], b, 0, c.calls[i]->loc);
      ASSERT_TRUE(plan.ok()) << plan.status();
      ASSERT_EQ(plan->steps.size(), 1u);
      EXPECT_EQ(plan->steps[0].pipe, expected[i]) << i;
    }
  }
  absl::StatusOr<CallLowering> relu = PlanCall(fn, *c.calls[1], Backend::kA2A3, 0, {});
  ASSERT_TRUE(relu.ok());
  EXPECT_EQ(relu->tile_args, std::vector<int>{0});
  ASSERT_EQ(relu->steps[0].reads.size(), 1u);
  EXPECT_EQ(relu->steps[0].reads[0].kind, Operand::Kind::kTileArg);
  EXPECT_EQ(relu->steps[0].writes[0].kind, Operand::Kind::kResult);
  absl::StatusOr<CallLowering> fence = PlanCall(fn, *c.calls[4], Backend::kA2A3, 0, {});
  ASSERT_TRUE(fence.ok());
  EXPECT_TRUE(fence->steps[0].drains_all);
}

TEST(LoweringTest, CorePipesAndInOrderPipes) {
  for (Pipe p : {Pipe::kS, Pipe::kV, Pipe::kMte2, Pipe::kMte3}) {
    EXPECT_TRUE(CoreHasPipe(FunctionKind::kAIV, p)) << PipeName(p);
  }
  for (Pipe p : {Pipe::kM, Pipe::kMte1, Pipe::kFix}) {
    EXPECT_FALSE(CoreHasPipe(FunctionKind::kAIV, p)) << PipeName(p);
    EXPECT_TRUE(CoreHasPipe(FunctionKind::kAIC, p)) << PipeName(p);
  }
  EXPECT_FALSE(CoreHasPipe(FunctionKind::kAIC, Pipe::kV));
  EXPECT_TRUE(PipeInOrder(Backend::kA2A3, Pipe::kS));
  EXPECT_FALSE(PipeInOrder(Backend::kA2A3, Pipe::kV));
  EXPECT_TRUE(PipeInOrder(Backend::kA5, Pipe::kV));
  EXPECT_FALSE(PipeInOrder(Backend::kA5, Pipe::kMte2));
  EXPECT_EQ(PipeName(Pipe::kFix), "PIPE_FIX");
}

}  // namespace
}  // namespace codegen
}  // namespace ptoc

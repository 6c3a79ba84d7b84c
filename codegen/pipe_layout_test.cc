// The GM rings of the a2a3 pipes (comm-hazards.md H3): where pto-isa's
// TPipe puts each direction's ring, how the pipes of a core group follow
// one another, and the bytes the kernel ABI asks the launcher for. The
// emitted forms are the lit tests testdata/pipe_two_way_gm_rings.py and
// pipe_two_pipes_gm_slots.py; that the pinned pto-isa agrees is
// testing/integration/pto_isa_ring_layout_test.sh.
#include "codegen/pipe_layout.h"

#include <memory>
#include <string>
#include <vector>

#include "codegen/kernel_abi.h"
#include "frontend/parser.h"
#include "gtest/gtest.h"

namespace ptoc {
namespace codegen {
namespace {

TEST(PlaceRingsTest, TwoWayPipeHasTheV2CRingAfterTheC2VRing) {
  const GmRings r = PlaceRings(/*base=*/512, /*dir_mask=*/3, /*slot_num=*/2, /*slot_size=*/1024);
  EXPECT_EQ(r.base, 512);
  EXPECT_EQ(r.ring, 2048);
  EXPECT_EQ(r.c2v, 512);
  EXPECT_EQ(r.v2c, 512 + 2048);
  EXPECT_EQ(r.end, 512 + 2 * 2048);
}

TEST(PlaceRingsTest, OneWayPipeHasOneRingAtItsBase) {
  const GmRings c2v = PlaceRings(0, 1, 4, 256);
  EXPECT_EQ(c2v.c2v, 0);
  EXPECT_EQ(c2v.v2c, -1);
  EXPECT_EQ(c2v.end, 1024);
  const GmRings v2c = PlaceRings(64, 2, 4, 256);
  EXPECT_EQ(v2c.c2v, -1);
  EXPECT_EQ(v2c.v2c, 64);
  EXPECT_EQ(v2c.end, 64 + 1024);
}

// A Group whose lanes set up a two-way pipe (2 x 2 x 1024 bytes) and then a
// one-way V2C pipe (2 x 256 bytes).
constexpr char kTwoPipes[] = R"(import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class TwoPipes:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v", peer_func="k_aiv")
        v2c: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="v2c", size=2048)
        pl.system.aic_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=1024)
        tok: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="tok", size=512)
        pl.system.aic_initialize_pipe(0, tok, dir_mask=2, slot_size=256)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v", size=2048)
        v2c: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=1024)
        tok: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="tok", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(0, tok, dir_mask=2, slot_size=256)

    @pl.function(type=pl.FunctionType.Group)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32]):
        self.k_aic(a)
        self.k_aiv(a)
)";

std::unique_ptr<Program> Parse(const std::string& text) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "kernel.py");
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() ? *std::move(p) : nullptr;
}

TEST(PlanPipesTest, BothEndsOfAPipeGetTheSameRingsOneAfterAnother) {
  std::unique_ptr<Program> p = Parse(kTwoPipes);
  ASSERT_NE(p, nullptr);
  absl::StatusOr<std::vector<KernelAbi>> abis = ComputeKernelAbis(*p, Backend::kA2A3);
  ASSERT_TRUE(abis.ok()) << abis.status();
  absl::StatusOr<std::vector<std::vector<PipeParams>>> pipes =
      PlanPipes(*p, *abis, Backend::kA2A3);
  ASSERT_TRUE(pipes.ok()) << pipes.status();
  for (int lane : {0, 1}) {
    const std::vector<PipeParams>& lp = (*pipes)[lane];
    ASSERT_EQ(lp.size(), 2u) << lane;
    EXPECT_EQ(lp[0].gm.c2v, 0) << lane;
    EXPECT_EQ(lp[0].gm.v2c, 2048) << lane;
    EXPECT_EQ(lp[1].gm.base, 4096) << lane;
    EXPECT_EQ(lp[1].gm.v2c, 4096) << lane;
    EXPECT_EQ(GmWorkspaceBytes(lp), 4096 + 512) << lane;
    EXPECT_NE(lp[0].setup, nullptr);
  }
  EXPECT_EQ(DescribeGmWorkspace((*pipes)[0], 4608),
            "gm_pipe_buffer: 4608 bytes; pipe 0: C2V ring [0, 2048), V2C ring [2048, 4096); "
            "pipe 1: V2C ring [4096, 4608)");
}

TEST(PlanPipesTest, TheKernelAbiAsksForTheWholeWorkspaceOnA2A3Only) {
  std::unique_ptr<Program> p = Parse(kTwoPipes);
  ASSERT_NE(p, nullptr);
  absl::StatusOr<std::vector<KernelAbi>> a2a3 = ComputeKernelAbis(*p, Backend::kA2A3);
  ASSERT_TRUE(a2a3.ok()) << a2a3.status();
  for (int lane : {0, 1}) {
    EXPECT_TRUE((*a2a3)[lane].gm_pipe_buffer) << lane;
    EXPECT_EQ((*a2a3)[lane].gm_pipe_buffer_bytes, 4608) << lane;
  }
  absl::StatusOr<std::vector<KernelAbi>> a5 = ComputeKernelAbis(*p, Backend::kA5);
  ASSERT_TRUE(a5.ok()) << a5.status();
  for (int lane : {0, 1}) {
    EXPECT_FALSE((*a5)[lane].gm_pipe_buffer) << lane;
    EXPECT_EQ((*a5)[lane].gm_pipe_buffer_bytes, 0) << lane;
  }
}

TEST(PlanPipesTest, PipesBySetupNamesEachInitializeOp) {
  std::unique_ptr<Program> p = Parse(kTwoPipes);
  ASSERT_NE(p, nullptr);
  absl::StatusOr<std::map<const Expr*, PipeParams>> by_setup = PipesBySetup(*p);
  ASSERT_TRUE(by_setup.ok()) << by_setup.status();
  EXPECT_EQ(by_setup->size(), 4u);
  for (const auto& [setup, params] : *by_setup) EXPECT_EQ(params.setup, setup);
}

}  // namespace
}  // namespace codegen
}  // namespace ptoc

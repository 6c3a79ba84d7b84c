// Result-type rules of PyPTO ops whose result ptoc used to take from an
// annotation (ir/op_catalog_pypto_table.cc), as PyPTO's Deduce*Type gives
// them: the async-prefetch handles, tile.transpose_view / transpose,
// tile.matmul_mx, tile.mgather, tile.gatherb, tile.tri, tile.mscatter,
// tensor.create_l1 / gather_row / transpose; and the MX scale memories
// LeftScale / RightScale.
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "frontend/testing/pypto_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/serialize.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

using ::testing::HasSubstr;

constexpr const char* kHead = pypto_test::kProgramHead;
using pypto_test::TypeOf;

// Parses, verifies, round-trips through the text and the .pb; the program.
std::unique_ptr<Program> RoundTrip(const std::string& body) {
  std::string printed;
  return pypto_test::RoundTripProgram(kHead + body, &printed);
}

// The parse error, else the verifier error.
std::string Error(const std::string& body) { return pypto_test::FirstError(kHead + body); }

TEST(PyptoResultRulesTest, PrefetchHandles) {
  std::unique_ptr<Program> p = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[1, 4096], pl.FP32], c: pl.PrefetchAsyncContext):
        ctx = pl.prefetch.make_context()
        evt = pl.prefetch.async_prefetch(x, ctx)
        session = pl.prefetch.session(ctx)
        done = pl.prefetch.wait(evt, session)
        s2: pl.AsyncSession = pl.prefetch.session(c)
)");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(TypeOf(*p, "ctx"), "pl.PrefetchAsyncContext");
  EXPECT_EQ(TypeOf(*p, "evt"), "pl.AsyncEvent");
  EXPECT_EQ(TypeOf(*p, "session"), "pl.AsyncSession");
  EXPECT_EQ(TypeOf(*p, "done"), "pl.Scalar[pl.BOOL]");
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[1, 4096], pl.FP32]):
        ctx = pl.prefetch.make_context()
        session = pl.prefetch.session(x)
)"),
              HasSubstr("'prefetch.session' expects a pl.PrefetchAsyncContext as argument 1"));
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[4, 32], pl.FP32]):
        ctx = pl.prefetch.make_context()
        pl.prefetch.async_prefetch(x, ctx)
)"),
              HasSubstr("flat contiguous logical 1D GM region"));
}

TEST(PyptoResultRulesTest, TransposeViewAndTranspose) {
  std::unique_ptr<Program> p = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, w: pl.Tensor[[1, 64, 128], pl.BF16], d: pl.Tensor[[2, 4, 16], pl.FP32]):
        a = pl.tile.load(w, [0, 0, 0], [1, 64, 128], target_memory=pl.Mem.Mat)
        v = pl.tile.transpose_view(a)
        b = pl.tile.load(d, [0, 0, 0], [2, 4, 16])
        t = pl.tile.transpose(b, 0, 1)
        u = pl.tensor.transpose(d, axis1=0, axis2=-1)
)");
  ASSERT_NE(p, nullptr);
  // NZ (col_major / row_major) turns into ZN.
  EXPECT_EQ(TypeOf(*p, "v"),
            "pl.Tile[[1, 128, 64], pl.BF16, pl.Mem.Mat, pl.TileView(blayout="
            "pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)]");
  EXPECT_EQ(TypeOf(*p, "t"), "pl.Tile[[4, 2, 16], pl.FP32]");
  EXPECT_EQ(TypeOf(*p, "u"), "pl.Tensor[[16, 4, 2], pl.FP32]");
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, d: pl.Tensor[[2, 4, 16], pl.FP32]):
        u = pl.tensor.transpose(d, 1, 1)
)"),
              HasSubstr("axis1 and axis2 must be different"));
}

TEST(PyptoResultRulesTest, MatmulMxWithScaleMemories) {
  std::unique_ptr<Program> p = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def main(self, a: pl.Tensor[[16, 64], pl.FP8E4M3FN], a_s: pl.Tensor[[16, 2], pl.FP8E8M0],
             b: pl.Tensor[[64, 32], pl.FP8E4M3FN], b_s: pl.Tensor[[2, 32], pl.FP8E8M0]):
        lhs = pl.move(pl.load(a, [0, 0], [16, 64]), target_memory=pl.Mem.Left)
        ls = pl.move(pl.load(a_s, [0, 0], [16, 2], target_memory=pl.Mem.Mat),
                     target_memory=pl.Mem.LeftScale)
        rhs = pl.move(pl.load(b, [0, 0], [64, 32]), target_memory=pl.Mem.Right)
        rs = pl.move(pl.load(b_s, [0, 0], [2, 32], target_memory=pl.Mem.Mat),
                     target_memory=pl.MemorySpace.RightScale)
        c = pl.matmul_mx(lhs, ls, rhs, rs)
)");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(TypeOf(*p, "ls"), "pl.Tile[[16, 2], pl.FP8E8M0, pl.Mem.LeftScale]");
  EXPECT_EQ(TypeOf(*p, "rs"), "pl.Tile[[2, 32], pl.FP8E8M0, pl.Mem.RightScale]");
  EXPECT_EQ(TypeOf(*p, "c"), "pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc]");
}

TEST(PyptoResultRulesTest, GathersScattersAndTri) {
  std::unique_ptr<Program> p = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, mem: pl.Tensor[[64, 32], pl.FP16], gidx: pl.Tensor[[1, 16], pl.INT32],
          scratch: pl.Tensor[[512], pl.FP16], eidx: pl.Tensor[[16, 32], pl.INT32],
          x: pl.Tensor[[16, 16], pl.INT32], o: pl.Tensor[[64, 32], pl.FP16]):
        rows = pl.tile.mgather(mem, gidx, target_memory=pl.MemorySpace.Mat, valid_shape=[9, 21])
        elems = pl.tile.mgather(mem, eidx, coalesce="elem", target_memory=pl.MemorySpace.Mat,
                                scratch=scratch)
        it = pl.load(x, [0, 0], [1, 16])
        vrows = pl.tile.mgather(mem, it)
        off = pl.tile.load(pl.tensor.create([4, 8], dtype=pl.UINT32), [0, 0], [4, 8])
        g = pl.tile.gatherb(vrows, off, output_dtype=pl.FP32)
        tri = pl.tile.tri(0, [16, 16], [16, 8], dtype=pl.FP32, upper=True)
        s = pl.tile.mscatter(vrows, it, o)
        l1 = pl.create_l1([128, 128], pl.BF16)
)");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(TypeOf(*p, "rows"),
            "pl.Tile[[16, 32], pl.FP16, pl.Mem.Mat, pl.TileView(blayout="
            "pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, valid_shape=[9, 21])]");
  EXPECT_EQ(TypeOf(*p, "elems"), "pl.Tile[[16, 32], pl.FP16, pl.Mem.Mat]");
  EXPECT_EQ(TypeOf(*p, "vrows"), "pl.Tile[[16, 32], pl.FP16, pl.Mem.Vec]");
  // 8 offsets a row, 32 / 4 FP32 elements a block.
  EXPECT_THAT(TypeOf(*p, "g"), HasSubstr("pl.Tile[[4, 64], pl.FP32"));
  EXPECT_THAT(TypeOf(*p, "tri"), HasSubstr("valid_shape=[16, 8]"));
  EXPECT_EQ(TypeOf(*p, "s"), "pl.Tensor[[64, 32], pl.FP16]");
  EXPECT_EQ(TypeOf(*p, "l1"), "pl.Tensor[[128, 128], pl.BF16]");
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, mem: pl.Tensor[[64, 32], pl.FP16], eidx: pl.Tensor[[16, 32], pl.INT32]):
        e = pl.tile.mgather(mem, eidx, coalesce="elem", target_memory=pl.MemorySpace.Mat)
)"),
              HasSubstr("takes scratch= exactly in Mat element mode"));
}

TEST(PyptoResultRulesTest, CommCtxTypeSpelling) {
  std::unique_ptr<Program> p = RoundTrip(R"(    @pl.function
    def worker(self, data: pld.DistributedTensor[[64], pl.FP32], ctx: pld.CommCtxType):
        pld.system.wait(data, offsets=[0], expected=1, cmp=pld.WaitCmp.Eq)
)");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(TypeOf(*p, "ctx"), "pld.CommCtx");
}

TEST(PyptoResultRulesTest, TransposeOfAWindowIsAWindow) {
  std::unique_ptr<Program> p = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def worker(self, data: pld.DistributedTensor[[4, 16], pl.FP32]):
        u = pl.tensor.transpose(data, 0, 1)
)");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(TypeOf(*p, "u"), "pld.DistributedTensor[[16, 4], pl.FP32]");
}

}  // namespace
}  // namespace ptoc

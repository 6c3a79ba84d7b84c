// PyPTO's op catalog beyond the compiled ops (ir/op_catalog_pypto_table.cc):
// one case per family of result rule, PyPTO's positional orders, keyword
// calls of program functions, tile.load's valid_shape, and the calls
// PyPTO rejects.
#include <memory>
#include <string>

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

std::string RoundTrip(const std::string& body) { return pypto_test::RoundTrip(kHead + body); }

// The parse error, else the verifier error.
std::string Error(const std::string& body) { return pypto_test::FirstError(kHead + body); }

TEST(PyptoOpsTest, ResultRulesByFamily) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32]):
        a: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.load(x, [0, 0], [16, 32])
        t: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.load(y, [0, 0], [16, 32])
        s = pl.tile.sqrt(a)
        r = pl.row_sum(a, t)
        c = pl.tile.col_max(a)
        h = pl.cast(a, pl.FP16)
        m = pl.tile.maximum(a, s)
        e = pl.tile.row_expand_mul(a, r)
        f = pl.tile.full([16, 32], pl.FP32, 0.0)
        g = pl.tile.extract(a, 0, 0, [8, 32])
        pl.store(m, [0, 0], y)
)");
  EXPECT_THAT(out, HasSubstr("s: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.sqrt(a)"));
  EXPECT_THAT(out, HasSubstr("r: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(a, t)"));
  EXPECT_THAT(out, HasSubstr("c: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_max(a)"));
  EXPECT_THAT(out, HasSubstr("h: pl.Tile[[16, 32], pl.FP16, pl.Mem.Vec] = "
                             "pl.tile.cast(a, target_type=pl.FP16)"));
  EXPECT_THAT(out, HasSubstr("e: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec]"));
  // PyPTO's positional order puts dtype second: value goes by name, after
  // dtype= as PyPTO's printer writes it.
  EXPECT_THAT(out, HasSubstr("f: pl.Tile[[16, 32], pl.FP32] = "
                             "pl.tile.full([16, 32], dtype=pl.FP32, value=0.0)"));
  EXPECT_THAT(out, HasSubstr("g: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec]"));
}

TEST(PyptoOpsTest, TensorOpsAndCollectives) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 32], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[2, 16], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
    ) -> pl.Tensor[[2, 16], pl.FP32]:
        v = pl.tensor.view(x, [32, 16])
        d = pl.tensor.cast(x, target_type=pl.BF16, mode="rint")
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)
        return data
)");
  // Tensor results print without their annotation (PyPTO's form).
  EXPECT_THAT(out, HasSubstr("v = pl.tensor.view(x, [32, 16])"));
  EXPECT_THAT(out, HasSubstr("d = pl.tensor.cast(x, target_type=pl.BF16, mode=\"rint\")"));
  EXPECT_THAT(out, HasSubstr("pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)"));
}

// PyPTO's printer writes reinterpret_view's dtype= before its shape=
// (shape is keyword-only in PyPTO's API), its attrs={...} last.
TEST(PyptoOpsTest, ReinterpretViewKeywordsInPyptosOrder) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[8, 16], pl.FP32]) -> pl.Tensor[[4, 64], pl.INT16]:
        t: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [8, 16])
        u = pl.reinterpret_view(t, pl.INT16, shape=[4, 64], attrs={"m": "0:1"})
        return pl.reinterpret_view(x, shape=[4, 64], dtype=pl.INT16)
)");
  EXPECT_THAT(out, HasSubstr("pl.tile.reinterpret_view(t, dtype=pl.INT16, shape=[4, 64], "
                             "attrs={\"m\": \"0:1\"})"));
  EXPECT_THAT(out, HasSubstr("return pl.tensor.reinterpret_view(x, dtype=pl.INT16, "
                             "shape=[4, 64])"));
}

TEST(PyptoOpsTest, TileLoadValidShape) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX]):
        a: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.load(x, [0, 0], [16, 32], [16, 32])
        b = pl.tile.load(x, [0, 0], [16, 32], valid_shape=[8, 32])
        c = pl.tile.load(x, [0, 0], [16, 32], [16, 32], pl.MemorySpace.Mat)
)");
  EXPECT_THAT(out, HasSubstr("pl.tile.load(x, [0, 0], [16, 32], [16, 32])"));
  EXPECT_THAT(out, HasSubstr("valid_shape=[8, 32]"));
  EXPECT_THAT(out, HasSubstr("target_memory=pl.Mem.Mat"));
}

TEST(PyptoOpsTest, KeywordCallsOfProgramFunctions) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.Orchestration)
    def chip(self, data: pld.DistributedTensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return data

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host(self) -> pl.Tensor[[64], pl.FP32]:
        buf = pld.alloc_window_buffer(256)
        data = pld.window(buf, [64], dtype=pl.FP32)
        for r in pl.range(pld.world_size()):
            self.chip(data, device=r)
        return data
)");
  EXPECT_THAT(out, HasSubstr("self.chip(data, device=r)"));
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def o(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y = self.k(x, device=0)
        return y
)"),
              HasSubstr("takes no keyword 'device'"));
}

TEST(PyptoOpsTest, RejectionsPyptoMakes) {
  const std::string cast = R"(    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.BF16]:
        r: pl.Tensor[[64], pl.BF16] = pl.tensor.cast(x, target_type=pl.BF16, mode=MODE)
        return r
)";
  for (const char* mode : {"99", "\"bogus\""}) {
    std::string body = cast;
    body.replace(body.find("MODE"), 4, mode);
    EXPECT_THAT(Error(body), HasSubstr("mode must be one of"));
  }
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[8, 32], pl.FP32]) -> pl.Tensor[[8, 32], pl.FP32]:
        y: pl.Tensor[[8, 32], pl.FP32] = pl.fillpad(x, pl.PadValue.null)
        return y
)"),
              HasSubstr("pad_value"));
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def f(
        self,
        local: pl.Tensor[[1, 16], pl.FP32],
        signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
    ) -> pl.Tensor[[1, 16], pl.FP32]:
        local = pld.tensor.allreduce(local, signal, op=pld.ReduceOp.Sum)
        return local
)"),
              HasSubstr("expects a window"));
  EXPECT_THAT(Error(R"(    @pl.function
    def bad(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i in pl.spmd(0):
            _ = i
        return a
)"),
              HasSubstr("core_num must be a positive integer"));
  EXPECT_THAT(Error(R"(    @pl.function
    def bad(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i in pl.spmd(4, core_num=4):
            _ = i
        return a
)"),
              HasSubstr("multiple values for argument 'core_num'"));
  EXPECT_THAT(Error(R"(    @pl.function
    def bad(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.cluster() as tid:
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y
)"),
              HasSubstr("only applies to"));
}

TEST(PyptoOpsTest, ScalarConstCastAndOptimizations) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INT32]):
        one: pl.Scalar[pl.INT64] = pl.const(1, pl.INT64)
        rows = pl.cast(n, pl.INDEX)
        half = pl.const(0.5, pl.FP16)

    @pl.function
    def f(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN), pl.cross_core_slot(slot_num=4)]):
            y = pl.add(x, x)
        return y
)");
  EXPECT_THAT(out, HasSubstr("one: pl.Scalar[pl.INT64] = pl.const(1, pl.INT64)"));
  EXPECT_THAT(out, HasSubstr("rows: pl.Scalar[pl.INDEX] = pl.cast(n, pl.INDEX)"));
  EXPECT_THAT(out, HasSubstr("pl.split(pl.SplitMode.UP_DOWN)"));
  EXPECT_THAT(Error(R"(    @pl.function
    def f(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.HOST, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            y = pl.add(x, x)
        return y
)"),
              HasSubstr("CORE_GROUP"));
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, n: pl.Scalar[pl.INT32]):
        rows = pl.cast(n, pl.INDEX, "floor")
)"),
              HasSubstr("only the default mode"));
}

TEST(PyptoOpsTest, PipeSetupDefaultsAndShortSpellings) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.AIV)
    def v(self, x: pl.Tensor[[16, 16], pl.FP32]):
        buf = pl.reserve_buffer(name="v2c", size=4096)
        pl.aiv_initialize_pipe(dir_mask=2, slot_size=512, v2c_consumer_buf=buf)
)");
  EXPECT_THAT(out, HasSubstr("pl.system.aiv_initialize_pipe(0, buf, dir_mask=2, slot_size=512)"));
}

TEST(PyptoOpsTest, SplitReshapeDimAndDistributed) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.AIV)
    def v(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        a: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.load(x, [0, 0], [16, 32])
        n = pl.tensor.dim(x, 0)
        pl.store(a, [0, 0], out, [16, 32])
        pl.system.syncall(mode="soft", core_type="aiv_only", gm_workspace=x, used_cores=4)
)");
  // tile.aiv_shard's typing and placement rules: frontend/testdata/split_aiv/.
  EXPECT_THAT(out, HasSubstr("n: pl.Scalar[pl.INDEX] = pl.tensor.dim(x, 0)"));
  EXPECT_THAT(out, HasSubstr("pl.tile.store(a, [0, 0], out, [16, 32])"));
  EXPECT_THAT(out, HasSubstr("pl.system.syncall(gm_workspace=x, used_cores=4, core_type=\"aiv_only\")"));
  EXPECT_THAT(Error(R"(    @pl.function
    def kernel(self, x: pl.Tensor[[16, 8], pl.FP16], data: pld.DistributedTensor[[64, 32], pl.FP16], peer: pl.Scalar[pl.INT32]):
        pld.tensor.remote_store(x, data, peer, [56, 0])
)"),
              HasSubstr("exceeds the peer's target region"));
  EXPECT_THAT(Error(R"(    @pl.function
    def kernel(self, x: pl.Tensor[[16, 8], pl.FP16]):
        h = pl.tile.aiv_shard(x, split=1)
)"),
              HasSubstr("'tile.aiv_shard' expects a tile argument as argument 1"));
  EXPECT_THAT(Error(R"(    @pl.function
    def kernel(self, signal: pld.DistributedTensor[[4], pl.INT32], e: pl.Scalar[pl.FP32]):
        pld.system.defer_wait(signal, offsets=[0], expected=e, cmp=pld.WaitCmp.Ge)
)"),
              HasSubstr("expected must be an integer"));
}

TEST(PyptoOpsTest, DumpTagMatmulOnTensorsSpmdOptimizations) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.Orchestration)
    def o(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.dump_tag(a)
        c = pl.matmul(a, b)
        for i in pl.spmd(4, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            t = pl.tile.get_block_idx()
        return c
)");
  EXPECT_THAT(out, HasSubstr("pl.dump_tag(a)"));
  EXPECT_THAT(out, HasSubstr("pl.tensor.matmul(a, b)"));
  EXPECT_THAT(out, HasSubstr("optimizations=[pl.split(pl.SplitMode.UP_DOWN)]"));
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.AIV)
    def v(self, a: pl.Tensor[[16, 16], pl.FP32]):
        pl.dump_tag(a)
)"),
              HasSubstr("only valid inside an Orchestration or Inline function"));
  EXPECT_THAT(Error(R"(    @pl.function
    def f(self, a: pl.Tensor[[16, 16], pl.FP32]):
        for i in pl.spmd(4, optimizations=[42]):
            t = pl.tile.get_block_idx()
)"),
              HasSubstr("Unsupported entry in pl.spmd"));
}

}  // namespace
}  // namespace ptoc

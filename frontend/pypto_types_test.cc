// PyPTO's type forms (../shared/spec/pypto-language.md): tuple subscripts,
// annotations over an op's result type, dimension expressions. Each parses,
// verifies, prints back to a fixed point and survives the proto; what PyPTO
// rejects is an error.
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

using pypto_test::kImports;

std::string RoundTrip(const std::string& body) { return pypto_test::RoundTrip(kImports + body); }

std::string Error(const std::string& body) {
  return pypto_test::ParseError(kImports + body);
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

// A kernel body under a fixed signature, for the annotation cases.
std::string Kernel(const std::string& body) {
  return R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        q: pl.Tensor[[16, 16], pl.INT8],
        w: pl.Tensor[[2, 3, 4], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
)" + body;
}

TEST(PyptoTypesTest, ScalarAnnotationOfAnIndexValueTakesItsDtype) {
  std::string out = RoundTrip(Kernel(R"(        d: pl.Scalar[pl.INT64] = pl.tensor.dim(a, 0)
        e: pl.Scalar[pl.INDEX] = d + 1
        for i, (acc,) in pl.range(4, init_values=(0,)):
            acc_out: pl.Scalar[pl.INT64] = pl.yield_(acc)
)"));
  EXPECT_THAT(out, HasSubstr("d: pl.Scalar[pl.INT64] = pl.tensor.dim(a, 0)"));
  EXPECT_THAT(out, HasSubstr("e: pl.Scalar[pl.INT64] = d + 1"));
  EXPECT_THAT(Error(Kernel("        d: pl.Scalar[pl.FP32] = pl.tensor.dim(a, 0)\n")),
              HasSubstr("annotation pl.Scalar[pl.FP32] does not match the result type "
                        "pl.Scalar[pl.INDEX]"));
}

TEST(PyptoTypesTest, TileAnnotationViewAndMemoryAreTaken) {
  std::string out = RoundTrip(Kernel(
      "        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec, pl.TileView(blayout=pl.TileLayout."
      "col_major, slayout=pl.TileLayout.row_major)] = pl.load(a, [0, 0], [16, 16])\n"
      "        u: pl.Tile[[16, 16], pl.FP32] = pl.load(a, [0, 0], [16, 16], valid_shape=[8, 16])\n"));
  EXPECT_THAT(out, HasSubstr("t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView("
                             "blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)]"));
  // Without a view or memory space written, the op's are kept.
  EXPECT_THAT(out, HasSubstr("u: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, "
                             "pl.TileView(valid_shape=[8, 16])]"));
}

TEST(PyptoTypesTest, AnnotationMustAgreeInKindDtypeRankAndStaticDims) {
  EXPECT_THAT(Error(Kernel("        t: pl.Tile[[16, 16], pl.FP16] = pl.load(a, [0, 0], [16, 16])\n")),
              HasSubstr("does not match the result type"));
  EXPECT_THAT(Error(Kernel("        t: pl.Tile[[16, 8], pl.FP32] = pl.load(a, [0, 0], [16, 16])\n")),
              HasSubstr("does not match the result type"));
  EXPECT_THAT(Error(Kernel("        t: pl.Tile[[256], pl.FP32] = pl.load(a, [0, 0], [16, 16])\n")),
              HasSubstr("does not match the result type"));
  EXPECT_THAT(Error(Kernel("        t: pl.Tensor[[16, 16], pl.FP32] = pl.load(a, [0, 0], [16, 16])\n")),
              HasSubstr("does not match the result type"));
}

TEST(PyptoTypesTest, Rank2AnnotationFlattensAnNdLoad) {
  // PyPTO's FlattenTileNdTo2D output: the annotation's 2-D shape is the type.
  std::string out = RoundTrip(
      Kernel("        t: pl.Tile[[6, 4], pl.FP32, pl.MemorySpace.Vec] = pl.load(w, [0, 0, 0], "
             "[2, 3, 4])\n"));
  EXPECT_THAT(out, HasSubstr("t: pl.Tile[[6, 4], pl.FP32, pl.Mem.Vec] = pl.tile.load(w, "
                             "[0, 0, 0], [2, 3, 4])"));
}

TEST(PyptoTypesTest, Int8MatmulAccumulatesInInt32) {
  std::string out = RoundTrip(Kernel(R"(        x = pl.load(q, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        l = pl.move(x, target_memory=pl.MemorySpace.Left)
        r = pl.move(x, target_memory=pl.MemorySpace.Right)
        c: pl.Tile[[16, 16], pl.INT32] = pl.tile.matmul(l, r)
)"));
  EXPECT_THAT(out, HasSubstr("c: pl.Tile[[16, 16], pl.INT32, pl.Mem.Acc] = pl.tile.matmul"));
  EXPECT_THAT(Error(Kernel(R"(        x = pl.load(q, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        y = pl.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        l = pl.move(x, target_memory=pl.MemorySpace.Left)
        r = pl.move(y, target_memory=pl.MemorySpace.Right)
        c = pl.tile.matmul(l, r)
)")),
              HasSubstr("'tile.matmul' requires identical lhs and rhs data types, got INT8 and FP32"));
}

constexpr char kDynamicCall[] = R"(M = pl.dynamic("M")
N = pl.dynamic("N")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[M, N], pl.FP32], b: pl.Tensor[[M, N], pl.FP32]) -> pl.Tensor[[M, N], pl.FP32]:
        return a

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, a: pl.Tensor[[128, 64], pl.FP32], b: pl.Tensor[[128, 64], pl.FP32], c: pl.Tensor[[M, 64], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        r: pl.Tensor[[128, 64], pl.FP32] = self.kernel(a, b)
        s: pl.Tensor[[128, 64], pl.FP32] = self.kernel(c, a)
        return r
)";

TEST(PyptoTypesTest, CallResultDimsAreBoundByTheArguments) {
  // PyPTO's DeduceCallReturnType: [M, N] with M, N bound by the arguments;
  // M bound to M and then to 128 is no conflict (M is the caller's too).
  std::string out = RoundTrip(kDynamicCall);
  EXPECT_THAT(out, HasSubstr("r = self.kernel(a, b)"));
  std::string bad = kDynamicCall;
  const std::string b128 = "b: pl.Tensor[[128, 64], pl.FP32], c";
  bad.replace(bad.find(b128), b128.size(), "b: pl.Tensor[[127, 64], pl.FP32], c");
  EXPECT_THAT(Error(bad), HasSubstr("Dynamic type variable 'M' has conflicting bindings 128 and "
                                    "127 that are not provably equal at argument 1 physical "
                                    "shape[0]"));
}

TEST(PyptoTypesTest, TensorViewTransposeAndMatmulResultTypes) {
  std::string out = RoundTrip(R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def f(
        self,
        a: pl.Tensor[[64, 128], pl.FP16],
        k: pl.Tensor[[64, 128], pl.FP16],
        w: pld.DistributedTensor[[4, 8], pl.FP32],
    ) -> pl.Tensor[[64, 64], pl.FP16]:
        t: pl.Tensor[[128, 64], pl.FP16] = pl.transpose(a, axis1=0, axis2=-1)
        s: pl.Tensor[[64, 64], pl.FP16] = pl.matmul(a, k, b_trans=True)
        u: pl.Tensor[[64, 64], pl.FP32] = pl.matmul(a, t, out_dtype=pl.FP32)
        v: pl.Tensor[[128, 64], pl.FP16, pl.TensorView(stride=[1, 128], layout=pl.TensorLayout.DN)] = pl.tensor.view(a, layout=pl.TensorLayout.DN)
        x: pld.DistributedTensor[[8, 4], pl.FP32] = pl.tensor.view(w, [8, 4])
        return s
)");
  EXPECT_THAT(out, HasSubstr("t = pl.tensor.transpose(a, 0, -1)"));
  EXPECT_THAT(Error(R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def f(self, a: pl.Tensor[[64, 128], pl.FP16]):
        t = pl.transpose(a, axis1=1, axis2=-1)
)"),
              HasSubstr("'tensor.transpose': axis1 and axis2 must be different"));
}

TEST(PyptoTypesTest, StoreOfAFlattenedTileIntoItsNdRegion) {
  // PyPTO's FlattenTileNdTo2D output: a [6, 4] tile stored as the [2, 3, 4]
  // region its `shapes` names is in bounds.
  RoundTrip(Kernel(
      "        t: pl.Tile[[6, 4], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create([6, 4], "
      "dtype=pl.FP32)\n"
      "        pl.tile.store(t, [0, 0, 0], w, [2, 3, 4])\n"));
}

TEST(PyptoTypesTest, NoneIsTheInvalidTaskIdAndIndexFillsIntegerArrays) {
  std::string out = RoundTrip(R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def f(self, x: pl.Tensor[[16], pl.FP32]):
        prev = None
        arr = pl.array.create(4, pl.INT32)
        for i in pl.range(4):
            arr[i] = i
)");
  EXPECT_THAT(out, HasSubstr("prev: pl.Scalar[pl.TASK_ID] = pl.system.task_invalid()"));
  EXPECT_THAT(out, HasSubstr("arr[i] = i"));
  EXPECT_THAT(Error(R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def f(self, x: pl.Tensor[[16], pl.FP32]):
        arr = pl.array.create(4, pl.INT32)
        arr[0] = 1.5
)"),
              HasSubstr("writing pl.Scalar[pl.FP32] into pl.Array[4, pl.INT32]"));
}

}  // namespace
}  // namespace ptoc

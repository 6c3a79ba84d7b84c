// The shape rules of the verifier (verify_shapes.h), one test per rule: the
// kernel at the edge verifies, one step past it is an error at its
// statement. (testing/bad_input_test.sh runs the same cases through every
// tool and emit path, from text and from .pb.)
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "frontend/parser.h"
#include "gtest/gtest.h"
#include "ir/checked_math.h"
#include "ir/memory_capacity.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

constexpr const char* kHead = R"(import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class K:
    @pl.function(type=pl.FunctionType.AIV)
)";

// The verifier's message for the kernel `head + body` ("" when it verifies),
// with `backend` recorded.
std::string Verify(const std::string& body, const std::string& backend = "a2a3") {
  auto program = ParseProgram(std::string(kHead) + body, "k.py");
  EXPECT_TRUE(program.ok()) << program.status().message();
  if (!program.ok()) return "(does not parse)";
  (*program)->options.backend = backend;
  absl::Status s = VerifyProgram(**program);
  return s.ok() ? "" : std::string(s.message());
}

std::string With(const char* body, const std::string& value) {
  return absl::StrReplaceAll(body, {{"@V@", value}});
}

TEST(CheckedIntTest, OverflowSticks) {
  const CheckedInt max = INT64_MAX;
  EXPECT_FALSE((max + 1).ok());
  EXPECT_FALSE(((max + 1) - 1).ok());
  EXPECT_FALSE((CheckedInt(int64_t{1} << 32) * (int64_t{1} << 31)).ok());
  EXPECT_TRUE((CheckedInt(int64_t{1} << 31) * (int64_t{1} << 31)).ok());
  EXPECT_EQ(RoundUp(17, 16).value(), 32);
  EXPECT_FALSE(RoundUp(max, 16).ok());
  EXPECT_EQ(FitOrError(max + 1, Location{"k.py", 3, 4}, "x").status().message(),
            "k.py:3:4: error: x does not fit in 64 bits");
}

TEST(MemoryCapacityTest, OneTableForBothBackends) {
  EXPECT_EQ(MemoryCapacity(MemorySpace::kVec, Backend::kA2A3), 192 * 1024);
  EXPECT_EQ(MemoryCapacity(MemorySpace::kVec, Backend::kA5), 256 * 1024);
  EXPECT_EQ(ParseBackend(""), Backend::kA2A3);
  EXPECT_FALSE(ParseBackend("a9").has_value());
  // An Acc tile pads its rows to 16, except a one-row tile (a gemv's
  // result), as one in Mat or Left: pto-isa's Tile admits Rows == 1.
  TileBuffer b = TileBufferOf({Dim::Static(2), Dim::Static(16)}, DType::kFP32,
                              MemorySpace::kAcc, Layout::kRowMajor);
  EXPECT_EQ(b.bytes.value(), 16 * 16 * 4);
  for (MemorySpace m : {MemorySpace::kAcc, MemorySpace::kMat, MemorySpace::kLeft}) {
    b = TileBufferOf({Dim::Static(1), Dim::Static(16)}, DType::kFP32, m, Layout::kRowMajor);
    EXPECT_EQ(b.bytes.value(), 16 * 4) << MemorySpaceName(m);
  }
  b = TileBufferOf({Dim::Static(1), Dim::Static(16)}, DType::kFP32, MemorySpace::kVec,
                   Layout::kRowMajor);
  EXPECT_EQ(b.bytes.value(), 16 * 16 * 4);
}

constexpr const char* kTileBytes = R"(    def k(self, a: pl.Tensor[[n, m], pl.FP32], n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INDEX]):
        t: pl.Tile[[1, @V@], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, @V@])
)";

TEST(VerifyShapesTest, SizeInBytesMustFit) {
  EXPECT_NE(Verify(With(kTileBytes, "9223372036854775807"))
                .find("k.py:9:9: error: the size in bytes of 't'"),
            std::string::npos);
  EXPECT_NE(Verify(With(kTileBytes, "9223372036854775807")).find("does not fit in 64 bits"),
            std::string::npos);
}

constexpr const char* kCapacity = R"(    def k(self, a: pl.Tensor[[64, 1024], pl.FP32]):
        t: pl.Tile[[@V@, 1024], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [@V@, 1024])
)";

TEST(VerifyShapesTest, TileFitsItsMemoryOnTheRecordedBackend) {
  EXPECT_EQ(Verify(With(kCapacity, "48")), "");  // exactly 192 KiB
  EXPECT_NE(Verify(With(kCapacity, "49")).find(
                "tile 't' needs 200704 bytes, more than the 196608 bytes of Vec on a2a3"),
            std::string::npos);
  EXPECT_EQ(Verify(With(kCapacity, "64"), "a5"), "");  // 256 KiB on a5
  EXPECT_NE(Verify(With(kCapacity, "64")).find("more than the 196608 bytes"), std::string::npos);
  // No backend recorded (a program as PyPTO writes it, before a tool records
  // one): the tile must fit the largest backend.
  EXPECT_EQ(Verify(With(kCapacity, "64"), ""), "");
  EXPECT_NE(Verify(With(kCapacity, "65"), "").find(
                "more than the 262144 bytes of Vec on any backend"),
            std::string::npos);
}

constexpr const char* kDims = R"(    def k(self, a: pl.Tensor[[16, 16], pl.FP32]):
        t: pl.Tile[[@V@, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [@V@, 16])
)";

TEST(VerifyShapesTest, DimensionsArePositive) {
  EXPECT_EQ(Verify(With(kDims, "1")), "");
  EXPECT_NE(Verify(With(kDims, "0")).find(
                "k.py:9:9: error: dimension 0 of 't' is 0; a tile needs positive dimensions"),
            std::string::npos);
}

constexpr const char* kLoad = R"(    def k(self, a: pl.Tensor[[32, 16], pl.FP32]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [@V@, 0], [16, 16])
)";

TEST(VerifyShapesTest, StaticAccessStaysInBounds) {
  EXPECT_EQ(Verify(With(kLoad, "16")), "");
  EXPECT_NE(Verify(With(kLoad, "17")).find(
                "k.py:9:78: error: 'tile.load' is out of bounds of 'a' in dimension 0: offset 17 "
                "+ extent 16 = 33 exceeds its size 32 by 1"),
            std::string::npos);
  EXPECT_NE(Verify(With(kLoad, "9223372036854775807")).find("does not fit in 64 bits"),
            std::string::npos);
}

constexpr const char* kStore = R"(    def k(self, a: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[8, n], pl.FP32]], n: pl.Scalar[pl.INDEX]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])
        pl.tile.store(t, [@V@, 0], o)
)";

TEST(VerifyShapesTest, ExtentLargerThanTheTensorAtAnyOffset) {
  EXPECT_NE(Verify(With(kStore, "n")).find(
                "'tile.store' is out of bounds of 'o' in dimension 0: extent 16 exceeds its "
                "size 8 by 8 at any offset"),
            std::string::npos);
  EXPECT_NE(Verify(With(kStore, "-1")).find(
                "'tile.store': offset -1 in dimension 0 of 'o' is negative"),
            std::string::npos);
}

constexpr const char* kByteOffset = R"(    def k(self, a: pl.Tensor[[n, 4294967296], pl.FP32], n: pl.Scalar[pl.INDEX]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [@V@, 0], [16, 16])
)";

TEST(VerifyShapesTest, ByteOffsetFits) {
  EXPECT_EQ(Verify(With(kByteOffset, "536870911")), "");  // 2^29 - 1 rows of 2^34 bytes
  EXPECT_NE(Verify(With(kByteOffset, "536870912")).find(
                "the byte offset of this access to 'a' does not fit in 64 bits"),
            std::string::npos);
}

constexpr const char* kDirection = R"(    def k(self, a: pl.Tensor[[16, 16], pl.FP32], s: pl.@V@[pl.Scalar[pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])
)";

TEST(VerifyShapesTest, NoInOutScalar) {
  EXPECT_EQ(Verify(With(kDirection, "Out")), "");  // PyPTO allows Out scalars
  EXPECT_NE(Verify(With(kDirection, "InOut")).find(
                "parameter 's': Scalar parameters cannot have InOut direction"),
            std::string::npos);
}

constexpr const char* kRemoteLoad = R"(    def k(self, data: pld.DistributedTensor[[1, 32], pl.FP32], peer: pl.Scalar[pl.INT32]):
        t: pl.Tile[[1, 32], pl.FP32, pl.MemorySpace.Vec] = pld.tile.remote_load(data, @V@, [1, 32])
)";

TEST(VerifyShapesTest, OperandKindsMatchTheCatalog) {
  EXPECT_EQ(Verify(With(kRemoteLoad, "peer, [0, 0]")), "");
  EXPECT_NE(Verify(With(kRemoteLoad, "peer, 0")).find(
                "'pld.tile.remote_load' expects a list for 'offsets' (argument 3), not '0'"),
            std::string::npos);
  EXPECT_NE(Verify(With(kRemoteLoad, "[0], [0, 0]")).find(
                "'pld.tile.remote_load' expects an integer scalar for 'peer', not '[0]'"),
            std::string::npos);
  EXPECT_NE(Verify(With(kRemoteLoad, "peer, [0]")).find(
                "'pld.tile.remote_load' gives 1 offsets for 'data' of rank 2"),
            std::string::npos);
}

constexpr const char* kPipeSetup = R"(    def k(self):
        buf = pl.system.reserve_buffer(name="c2v", size=4096)
        pl.system.aiv_initialize_pipe(buf, 0, @V@)
)";

TEST(VerifyShapesTest, PipeSetupHasADirectionAndPositiveSlots) {
  for (const char* mask : {"1", "2", "3"}) {
    EXPECT_EQ(Verify(With(kPipeSetup, absl::StrCat("dir_mask=", mask, ", slot_size=1024"))), "");
  }
  EXPECT_NE(Verify(With(kPipeSetup, "dir_mask=0, slot_size=1024"))
                .find("dir_mask must be 1 (cube to vector), 2 (vector to cube) or 3 (both), "
                      "not 0"),
            std::string::npos);
  EXPECT_NE(Verify(With(kPipeSetup, "dir_mask=4, slot_size=1024")).find("not 4"),
            std::string::npos);
  EXPECT_NE(Verify(With(kPipeSetup, "dir_mask=1, slot_size=0"))
                .find("slot_size must be positive, not 0"),
            std::string::npos);
  EXPECT_NE(Verify(With(kPipeSetup, "dir_mask=1, slot_size=1024, slot_num=-2"))
                .find("slot_num must be positive, not -2"),
            std::string::npos);
  EXPECT_NE(Verify(With(kPipeSetup, "dir_mask=1, slot_size=4611686018427387904, slot_num=2"))
                .find("slot_num * slot_size overflows 64 bits"),
            std::string::npos);
}

}  // namespace
}  // namespace ptoc

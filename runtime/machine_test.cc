#include "runtime/machine.h"

#include <vector>

#include "gtest/gtest.h"

namespace ptoc {
namespace sim {
namespace {

// Two lanes and one 256-byte tensor (four lines) at address `base`.
class MachineTest : public ::testing::Test {
 protected:
  MachineTest() : m_(2) {
    int a = m_.Allocate("t", 0, 0, {256}, DType::kUINT8, false);
    base_ = m_.allocation(a).base;
  }

  uint32_t Write(int lane, WriteKind kind) {
    WriteRecord r;
    r.lane = lane;
    r.kind = kind;
    return m_.NewWrite(r);
  }
  void Dma(int lane, uint64_t off, uint8_t value, int n = 1) {
    PendingWrite w;
    w.dtype = DType::kUINT8;
    w.segments.push_back(Segment{base_ + off, std::vector<uint8_t>(n, value),
                                 Write(lane, WriteKind::kDma)});
    m_.IssueDmaWrite(lane, w);
  }
  void Scalar(int lane, uint64_t off, uint8_t value) {
    m_.IssueScalarWrite(lane, Write(lane, WriteKind::kScalar), base_ + off, &value, 1);
  }
  uint8_t DmaRead(int lane, uint64_t off) {
    uint8_t v;
    uint32_t w;
    m_.ReadDma(lane, base_ + off, 1, &v, &w);
    return v;
  }
  uint8_t CacheRead(int lane, uint64_t off) {
    uint8_t v;
    uint32_t w;
    m_.ReadScalar(lane, base_ + off, 1, &v, &w);
    return v;
  }
  void Step() { m_.Tick(); }

  Machine m_;
  uint64_t base_ = 0;
};

TEST_F(MachineTest, DmaWritesLandAtTheWritersFence) {
  Dma(0, 0, 7);
  Step();
  EXPECT_EQ(DmaRead(1, 0), 0);  // pending: not in GM
  EXPECT_EQ(DmaRead(0, 0), 7);  // the writer sees its own write
  m_.Fence(1);                  // another lane's fence does nothing for it
  EXPECT_EQ(DmaRead(1, 0), 0);
  m_.Fence(0);
  EXPECT_EQ(DmaRead(1, 0), 7);
}

TEST_F(MachineTest, ScalarWritesNeedACleanThenAFence) {
  Scalar(0, 3, 9);
  Step();
  m_.Fence(0);
  EXPECT_EQ(DmaRead(1, 3), 0);  // still dirty in lane 0's cache
  m_.InvalidateRange(0, base_ + 64, 64);
  m_.Fence(0);
  EXPECT_EQ(DmaRead(1, 3), 0);  // the invalidate covered another line
  m_.InvalidateRange(0, base_ + 2, 4);
  Step();
  EXPECT_EQ(DmaRead(1, 3), 0);  // cleaned, the write-back is pending
  m_.Fence(0);
  EXPECT_EQ(DmaRead(1, 3), 9);
}

TEST_F(MachineTest, WriteBackCarriesTheWholeLine) {
  Scalar(0, 1, 5);     // lane 0 dirties byte 1 of line 0 (fetched as zeros)
  Dma(1, 0, 8, 4);     // lane 1 writes bytes 0..3 of the same line by DMA
  m_.Fence(1);
  Step();
  m_.InvalidateAll(0);
  m_.Fence(0);
  // The clean wrote back the line as lane 0's cache held it (comm-hazards.md
  // H2): lane 1's bytes 0, 2 and 3 are lost, each a clobber.
  EXPECT_EQ(DmaRead(1, 0), 0);
  EXPECT_EQ(DmaRead(1, 1), 5);
  EXPECT_EQ(DmaRead(1, 2), 0);
  // One clobber per run of bytes: byte 0, then bytes 2 and 3.
  std::vector<LineClobber> clobbers = m_.TakeClobbers();
  ASSERT_EQ(clobbers.size(), 2u);
  EXPECT_EQ(clobbers[0].addr, base_);
  EXPECT_EQ(clobbers[0].bytes, 1u);
  EXPECT_EQ(clobbers[1].addr, base_ + 2);
  EXPECT_EQ(clobbers[1].bytes, 2u);
  EXPECT_EQ(m_.write(clobbers[0].by).lane, 0);
  EXPECT_EQ(m_.write(clobbers[0].clobbered).lane, 1);
  EXPECT_TRUE(m_.Clobbered(base_ + 3));
  EXPECT_FALSE(m_.Clobbered(base_ + 1));
  EXPECT_TRUE(m_.TakeClobbers().empty());
}

TEST_F(MachineTest, APlainTensorsWriteBackStopsAtItsEnd) {
  // Two 16-byte views of the tensor in one line: a whole-program run's
  // per-rank slices of a host tensor, on different devices.
  int a = m_.AddAlias("a", 0, 1, base_, {16}, DType::kUINT8, false);
  int b = m_.AddAlias("b", 1, 1, base_ + 16, {16}, DType::kUINT8, false);
  WriteRecord r;
  r.lane = 0;
  r.kind = WriteKind::kScalar;
  r.alloc = a;
  uint8_t five = 5;
  m_.IssueScalarWrite(0, m_.NewWrite(r), base_ + 1, &five, 1);
  PendingWrite w;
  w.dtype = DType::kUINT8;
  r.lane = 1;
  r.kind = WriteKind::kDma;
  r.alloc = b;
  w.segments.push_back(Segment{base_ + 16, std::vector<uint8_t>(4, 8), m_.NewWrite(r)});
  m_.IssueDmaWrite(1, w);
  m_.Fence(1);
  Step();
  m_.InvalidateAll(0);
  m_.Fence(0);
  EXPECT_EQ(DmaRead(1, 1), 5);
  EXPECT_EQ(DmaRead(1, 16), 8);
  EXPECT_TRUE(m_.TakeClobbers().empty());
}

TEST_F(MachineTest, CachedLinesHoldGmAsOfTheLastInvalidate) {
  Step();
  m_.InvalidateAll(1);  // lane 1's lines date from now
  Step();
  Dma(0, 70, 4);
  m_.Fence(0);
  Step();
  EXPECT_EQ(DmaRead(1, 70), 4);    // DMA reads see GM
  EXPECT_EQ(CacheRead(1, 70), 0);  // the cached line is older
  m_.InvalidateRange(1, base_, 64);
  EXPECT_EQ(CacheRead(1, 70), 0);  // another line was invalidated
  m_.InvalidateRange(1, base_ + 64, 1);
  Step();
  EXPECT_EQ(CacheRead(1, 70), 4);
}

TEST_F(MachineTest, ALaneSeesItsOwnWritesInProgramOrder) {
  Dma(0, 10, 3);
  EXPECT_EQ(CacheRead(0, 10), 3);  // pending, through the cache
  m_.Fence(0);
  Step();
  EXPECT_EQ(CacheRead(0, 10), 3);  // landed after the line's snapshot
  Scalar(0, 10, 6);
  EXPECT_EQ(DmaRead(0, 10), 6);    // dirty, through DMA
}

TEST_F(MachineTest, AtomicAddsAccumulate) {
  for (int lane = 0; lane < 2; ++lane) {
    PendingWrite w;
    w.atomic_add = true;
    w.dtype = DType::kUINT8;
    w.segments.push_back(Segment{base_ + 5, {3}, Write(lane, WriteKind::kDma)});
    m_.IssueDmaWrite(lane, w);
  }
  EXPECT_EQ(DmaRead(0, 5), 3);  // its own pending add, not lane 1's
  m_.Fence(1);
  EXPECT_EQ(DmaRead(0, 5), 6);  // lane 1's landed, its own still pending
  EXPECT_EQ(DmaRead(1, 5), 3);
  m_.Fence(0);
  EXPECT_EQ(DmaRead(1, 5), 6);
}

TEST_F(MachineTest, OldVersionsAreDroppedOnceNoLaneCanFetchThem) {
  for (int i = 0; i < 100; ++i) {
    Step();
    Dma(0, 0, static_cast<uint8_t>(i));
    m_.Fence(0);
    m_.InvalidateAll(0);
    m_.InvalidateAll(1);
  }
  EXPECT_LE(m_.version_count(), 4u + 2u);
  Dma(0, 1, 5);
  m_.FinishLane(0);
  EXPECT_EQ(DmaRead(1, 1), 0);  // a lane's end does not land its writes
  m_.FinishLane(1);
  m_.Drain(0);
  m_.Drain(1);
  EXPECT_EQ(DmaRead(1, 0), 99);
  EXPECT_EQ(DmaRead(1, 1), 5);
}

}  // namespace
}  // namespace sim
}  // namespace ptoc

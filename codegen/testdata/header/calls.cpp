// Calls of the device API in runtime/include/pto/pto-inst.hpp. Without a
// CASE_* macro every call is well formed and the file compiles; each CASE_*
// adds exactly one wrong call, and then the file must not compile
// (header_rejects_wrong_calls_test.sh). "Well formed" is the real pto-isa's
// word: the file compiles against it too, and it rejects every CASE_*
// (checked when pto-isa is there: testing/integration/pto_isa_header_test.sh).
// The STRICT_* variants are calls the stand-in rejects but pto-isa's CPU
// simulation build accepts (its stubs are looser than the device
// compiler's intrinsics: dcci and pipe_barrier take an int,
// ...); they are checked against the stand-in only and are not wrong calls
// in pto-isa's sense.
#include "pto/pto-inst.hpp"

using namespace pto;

using VecF = Tile<TileType::Vec, float, 16, 16>;
using VecH = Tile<TileType::Vec, half, 16, 16>;
using MatH = Tile<TileType::Mat, half, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor>;
using LeftH = Tile<TileType::Left, half, 16, 16, BLayout::RowMajor, 16, 16, SLayout::RowMajor>;
using RightH = Tile<TileType::Right, half, 16, 16, BLayout::RowMajor, 16, 16, SLayout::ColMajor>;
using AccF = Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024>;
using GmF = GlobalTensor<float, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<1, 1, 1, 16, 1>>;
using GmSignal = GlobalTensor<int32_t, pto::Shape<1, 1, 1, 1, 1>, pto::Stride<1, 1, 1, 8, 1>>;

PTO_SYNCALL_MIX_AIC_KERNEL_META(calls, 1, 1);
extern "C" __global__ AICORE void calls(__gm__ float* x, __gm__ int32_t* sig,
                                        __gm__ int32_t* workspace, __gm__ uint8_t* fifo,
                                        int64_t n) {
  VecF a, b, c;
  VecH h;
  MatH m;
  LeftH l;
  RightH r;
  AccF acc;
  TASSIGN(a, 0x0);
  TASSIGN(b, 0x400);
  TASSIGN(c, 0x800);
  GmF gx(x);
  GmSignal gs(sig + 3);
  GlobalTensor<float, pto::Shape<1, 1, 1, -1, 16>, pto::Stride<1, 1, 1, -1, 1>> gd(
      x, pto::Shape<1, 1, 1, -1, 16>(1, 1, 1, 4, 16), pto::Stride<1, 1, 1, -1, 1>(1, 1, 1, n, 1));
  Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, -1, -1> partial(4, 16);

  TLOAD(a, gx);
  TLOAD(partial, gd);
  TSTORE(gx, a);
  TSTORE<VecF, GmF, AtomicType::AtomicAdd>(gx, a);
  TADD(c, a, b);
  TSUB(c, a, b);
  TMUL(c, a, b);
  TDIV(c, a, b);
  TMAX(c, a, b);
  TEXP(c, a);
  TRELU(c, a);
  TNEG(c, a);
  TADDS(c, a, 1.5f);
  TMULS(c, a, 2.0f);
  TADDS(h, h, half(1.0f));
  TMOV(l, m);
  TMOV(r, m);
  TMATMUL(acc, l, r);
  TSTORE(gx, acc);

  auto c2v = TPipe<0, Direction::DIR_C2V, 1024, 2, 2, true>(fifo, 0, 0);
  TPUSH<decltype(c2v), decltype(acc), TileSplitAxis::TILE_NO_SPLIT>(c2v, acc);
  TPOP<decltype(c2v), decltype(a), TileSplitAxis::TILE_NO_SPLIT>(c2v, a);
  TFREE<decltype(c2v), TileSplitAxis::TILE_NO_SPLIT>(c2v);
  auto v2c = TPipe<2, Direction::DIR_V2C, 512, 2, 2, false>(nullptr, 0, 0x800);
  TPOP<decltype(v2c), decltype(m), TileSplitAxis::TILE_UP_DOWN>(v2c, m);

  pto::comm::TNOTIFY(gs, 1, pto::comm::NotifyOp::AtomicAdd);
  pto::comm::TWAIT(gs, 1, pto::comm::WaitCmp::GE);
  bool ready = pto::comm::TTEST(gs, 1, pto::comm::WaitCmp::EQ);
  (void)ready;
  pto::comm::TPUT<AtomicType::AtomicAdd>(gx, gx, a);
  pto::comm::TGET(gx, gx, a);

  GlobalTensor<int32_t, pto::Shape<1, 1, 1, 1, 16>, pto::Stride<1, 1, 1, 16, 1>> ws(workspace + 16);
  SYNCALL<SyncAllMode::Soft, SyncCoreType::Mix>(ws);
  SYNCALL<SyncCoreType::AIVOnly>();
  SYNCALL<SyncCoreType::AICOnly>();
  set_mask_norm();
  set_vector_mask(-1, -1);
  if (get_subblockid() == 0) pipe_barrier(PIPE_V);
  pipe_barrier(PIPE_ALL);
  dsb(DSB_DDR);
  dcci(x + 16, cache_line_t::SINGLE_CACHE_LINE);
  dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);

#if defined(CASE_TLOAD_OPERANDS_SWAPPED)
  TLOAD(gx, a);
#elif defined(CASE_TSTORE_TILE_FIRST)
  TSTORE(a, gx);
#elif defined(STRICT_TSTORE_DTYPE_MISMATCH)
  TSTORE(gx, h);
#elif defined(CASE_TADD_MISSING_OPERAND)
  TADD(c, a);
#elif defined(CASE_TADD_DTYPE_MISMATCH)
  TADD(c, a, h);
#elif defined(CASE_TADD_CUBE_TILE)
  TADD(acc, a, b);
#elif defined(CASE_TMATMUL_VEC_TILES)
  TMATMUL(acc, a, b);
#elif defined(CASE_TMATMUL_OPERANDS_SWAPPED)
  TMATMUL(acc, r, l);
#elif defined(CASE_TASSIGN_GLOBAL)
  TASSIGN(gx, 0x0);
#elif defined(CASE_TPUSH_NOT_A_PIPE)
  TPUSH<decltype(a), decltype(a), TileSplitAxis::TILE_NO_SPLIT>(a, a);
#elif defined(CASE_TFREE_WITH_TILE)
  TFREE<decltype(c2v), TileSplitAxis::TILE_NO_SPLIT>(c2v, a);
#elif defined(STRICT_TNOTIFY_FLOAT_SIGNAL)
  pto::comm::TNOTIFY(gx, 1, pto::comm::NotifyOp::Set);
#elif defined(CASE_TWAIT_MISSING_COMPARE)
  pto::comm::TWAIT(gs, 1);
#elif defined(STRICT_TPUT_STAGE_NOT_IN_UB)
  pto::comm::TPUT(gx, gx, acc);
#elif defined(CASE_SOFT_SYNCALL_WITHOUT_WORKSPACE)
  SYNCALL<SyncAllMode::Soft, SyncCoreType::Mix>();
#elif defined(CASE_HARD_SYNCALL_WITH_WORKSPACE)
  SYNCALL<SyncAllMode::Hard, SyncCoreType::Mix>(workspace);
#elif defined(STRICT_DCCI_INTEGER_RANGE)
  dcci(x, 1);
#elif defined(STRICT_PIPE_BARRIER_INTEGER)
  pipe_barrier(6);
#elif defined(STRICT_DYNAMIC_SHAPE_WITHOUT_VALUES)
  GlobalTensor<float, pto::Shape<1, 1, 1, -1, 16>, pto::Stride<1, 1, 1, 16, 1>> g(x);
#elif defined(CASE_TPIPE_TWO_ARGS)
  auto p2 = TPipe<2, Direction::DIR_C2V, 1024, 2>(0, 0);
#elif defined(CASE_TSTORE_ATOMIC_WITHOUT_TYPES)
  TSTORE<AtomicType::AtomicAdd>(gx, a);
#elif defined(CASE_HARD_SYNCALL_MODE_ARGUMENT)
  SYNCALL<SyncAllMode::Hard, SyncCoreType::Mix>();
#elif defined(CASE_SOFT_SYNCALL_RAW_WORKSPACE)
  SYNCALL<SyncAllMode::Soft, SyncCoreType::Mix>(workspace + 16);
#elif defined(CASE_SYNC_CORE_AIC_ONLY_SPELLING)
  SYNCALL<SyncCoreType::AicOnly>();
#elif defined(CASE_SYNC_CORE_AIV_ONLY_SPELLING)
  SYNCALL<SyncCoreType::AivOnly>();
#elif defined(CASE_STATIC_TILE_WITH_VALID_DIMS)
  VecF p2(4, 16);
#endif
}

// The lowering plan of one op call, decided once for both targets: the
// semantic checks every target makes, which arguments play which part, and
// the machine ops the call becomes, each with its pipe and what it reads
// and writes (pipe-sync.md §1, the one table of pipes; it sits next to
// op_lowering's table of op names, the only place codegen knows them).
// The PTO-AS and C++ emitters spell the plan; neither decides a check, an
// operand role or a pipe on its own.
#ifndef PTOC_CODEGEN_LOWERING_H_
#define PTOC_CODEGEN_LOWERING_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "codegen/op_lowering.h"
#include "codegen/target_info.h"
#include "ir/ir.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {

// The pipes of an AI core, in the order of pto-isa's pipe_t.
enum class Pipe { kS, kV, kM, kMte1, kMte2, kMte3, kFix };
constexpr int kNumPipes = 7;
// `p`'s position in that order: the index of arrays over the pipes.
inline int PipeIndex(Pipe p) { return static_cast<int>(p); }

// "PIPE_S", "PIPE_V", ... (the spelling of both targets).
absl::string_view PipeName(Pipe p);
// Whether core `kind` (AIC or AIV) has pipe `p` (§1: AIV {S, V, MTE2,
// MTE3}, AIC {S, MTE1, MTE2, MTE3, M, FIX}: §1 leaves out the AIC's MTE3,
// which its Mat -> GM store uses).
bool CoreHasPipe(FunctionKind kind, Pipe p);
// Whether `p` completes its ops in issue order on `backend` (§2.3): S on
// a2a3; S and V on a5. A same-pipe conflict on any other pipe needs
// pipe_barrier(p).
bool PipeInOrder(Backend backend, Pipe p);

// One device instruction a statement lowers to.
enum class MachineOp {
  kTLoad,
  kTStore,
  kTMov,
  kTMatmul,
  kTVector,  // TADD ... TMULS
  kTPush,
  kTPop,
  kTFree,
  kScalarRead,
  kScalarWrite,
  kDcci,     // the lines of a region invalidate, or the whole cache
  kFence,    // AIV: pipe_barrier(PIPE_ALL) + dsb; AIC: MTE2/MTE3/FIX barriers + dsb
  kTPut,
  kTGet,
  kTNotify,
  kTWait,    // TWAIT and TTEST
  kSyncAll,
};
absl::string_view MachineOpName(MachineOp op);

// What an access of a machine op touches.
struct Operand {
  enum class Kind { kTileArg, kResult, kGm };
  Kind kind = Kind::kGm;
  // kTileArg: the tile operand (call argument tile_args[index]).
  int index = 0;
};

struct MachineStep {
  MachineOp op = MachineOp::kTVector;
  // The pipe of pipe-sync.md §1 on the kernel's backend.
  Pipe pipe = Pipe::kS;
  // The pipe today's barrier-all rule (pipe_order.h) charges the op to:
  // §1's pipe, except that it models every pop as an MTE2 write and every
  // free as a scalar write on both backends (so barrier-all output stays
  // byte for byte what it was).
  Pipe barrier_all_pipe = Pipe::kS;
  std::vector<Operand> reads, writes;
  // Barriers that are part of the op (put / get brackets, notify's; the
  // emitters print those before the op and a put's or get's after it,
  // notify's own trailing one is inside TNOTIFY).
  bool barrier_all_before = false;
  bool barrier_all_after = false;
  // A notify (comm-hazards.md H1): once it lands, a peer may overwrite
  // what this lane read, so every GM access still in flight must complete
  // before it issues. The plan orders them as a write of all of GM
  // (AccessesOf); --pipe-sync=barrier-all drains every pipe before it.
  bool releases_reads = false;
  // kFence: an AIV fence drains every pipe (drains_all); an AIC fence
  // drains these pipes one by one.
  bool drains_all = false;
  std::vector<Pipe> drains;
};

// A view (tile.slice, pto.subview / TSUBVIEW): the window of tile argument
// 0 it aliases, no copy. It has no machine op; an access through it is an
// access of its source's buffer (the emitters give it the source's buffer),
// and it takes no buffer of its own.
struct ViewWindow {
  const Expr* row_offset = nullptr;  // constants or scalar expressions
  const Expr* col_offset = nullptr;
  // Null row_offset: the row offset is this constant (a tile.assemble
  // window of tiles of rank > 2, its leading offsets folded into rows).
  int64_t folded_row = 0;
  // The window's sizes; PTO-AS prints them and its valid dims (constants
  // or scalars named in the tile type's valid_shape).
  int64_t rows = 0;
  int64_t cols = 0;
  // valid_shape= was given: PTO-AS gets a `valid [..]` clause.
  bool explicit_valid = false;
  // The PTO-AS result type: the logical window with the source's layout
  // (what ptoas infers). The C++ tile: the window with the source's stride
  // between rows (row-major) or columns (a contiguous fractal window),
  // which TSUBVIEW places at the offsets.
  TileGeometry pto;
  TileGeometry cce;
};

// What both targets need to know about one call.
struct CallLowering {
  const OpLowering* op = nullptr;
  // Compute ops: the arguments that are tile operands, in the order both
  // targets pass them after the destination (Operand::Arg(i) is the i-th),
  // and the argument of the scalar operand (-1: none), which goes between
  // them at its own position.
  std::vector<int> tile_args;
  int scalar_arg = -1;
  // The element type the scalar operand is passed in: the tile's it goes
  // with (the first operand's; tile.full's and tile.sels's: the result's).
  DType scalar_dtype = DType::kFP32;
  // tile.cmp / tile.cmps: the comparison, PyPTO's cmp_type (0 eq, 1 ne,
  // 2 lt, 3 le, 4 gt, 5 ge: pto-isa's CmpMode); -1 for other ops.
  int cmp_mode = -1;
  // tile.gemv ...: PyPTO's acc_phase, "partial" or "final" (empty:
  // unspecified): {accPhase = #pto<acc_phase partial>}, TGEMV<AccPhase::Partial>.
  std::string acc_phase;
  // An element-wise op with high_precision=True (tile.div / log / recip):
  // its instruction's name without the T, in lower case ("div"), which
  // names PTOAS's attribute ({precisionType = #pto<div_precision
  // high_precision>}) and pto-isa's template argument
  // (TDIV<pto::DivAlgorithm::HIGH_PRECISION>); empty otherwise.
  std::string precision;
  // tile.matmul_acc's init_cond (PyPTO): kAccumulate without one or for a
  // constant false; kInitialize for a constant true (the product overwrites
  // the accumulator: OpLowering::init_pto_name); kBranch over the two on
  // the run-time bool `init_cond`.
  enum class AccInit { kAccumulate, kInitialize, kBranch };
  AccInit acc_init = AccInit::kAccumulate;
  const Expr* init_cond = nullptr;  // kBranch
  // The machine ops, in order (empty for ops without any: tile.create,
  // scalars, buffer and pipe setup).
  std::vector<MachineStep> steps;
  // put / get: the argument of the remote and of the local tensor, and of
  // the staging tile (-1: the code generator allocates one).
  int remote_arg = -1;
  int local_arg = -1;
  int stage_arg = -1;
  // The subregion form (pld.tensor.put / get with dst_offsets, src_offsets,
  // shape): the arguments with the remote and the local region's offsets,
  // and their shape (-1: whole tensors).
  int remote_offsets_arg = -1;
  int local_offsets_arg = -1;
  Shape transfer_shape;
  // The staging tile the code generator allocates (stage_arg -1): sized by
  // chunk_rows / chunk_cols, else from the transferred shape.
  std::optional<TileGeometry> staging;
  // notify / wait / test: the argument with the element's offsets (the
  // value compared or written follows it).
  int offsets_arg = -1;
  // The GM region the call addresses (loads, stores, remote loads and
  // stores, signals, a region invalidate): the argument naming the tensor,
  // the peer rank's (-1: the local tensor), the region's offsets, and what
  // its sizes are. gm_arg -1: the call addresses no region (put / get take
  // whole tensors: remote_arg, local_arg and peer_arg).
  enum class Extent { kResult, kTileArg0, kElement, kSizesArg };
  int gm_arg = -1;
  int peer_arg = -1;
  int region_arg = -1;
  Extent extent = Extent::kResult;
  bool signal = false;  // the tensor must hold INT32 (CheckSignal)
  // push / pop / free: the split attribute.
  int64_t split = 0;
  bool atomic_add = false;
  // kSubview: the window. kAssemble: the window of the result the source
  // is copied into (pto, cce: its tile types; rows x cols the source's).
  ViewWindow view;
  // tile.mgather: element (not row) coalescing, and the out-of-bounds
  // mode (0 undefined, 1 clamp, 2 wrap, 3 zero: PyPTO's and ptoas's order).
  bool gather_elem = false;
  int gather_oob = 0;
  // tile.read / tile.write: the element's row-major offset into the
  // tile's physical buffer, `offset_constant` plus each run-time index
  // times its stride (PyPTO's idx0 * cols + idx1, constants folded).
  int64_t offset_constant = 0;
  std::vector<std::pair<const Expr*, int64_t>> offset_terms;
};

// The pipes of pipe-sync.md §1 for the data moves whose pipe depends on
// where the data is; ptoc-run-cpp's device hooks issue the calls of
// emitted (or ptoas's) C++ with the same choices.
// TMOV out of a tile in `src`: Vec on V, Acc on FIX, Mat on MTE1.
Pipe MovePipe(MemorySpace src);
// TSTORE or an a2a3 TPUSH out of `src`: Acc on FIX, else MTE3.
Pipe StorePipe(MemorySpace src);
// TPOP: a2a3 loads the GM slot on MTE2; on a5 the producer wrote the tile
// and the pop waits on V (C2V, `to_vec`) or MTE1 (V2C).
Pipe PopPipe(bool a5, bool to_vec);
// TFREE: on a2a3 TPOP freed the slot (S, no instruction); on a5 the free
// signal runs on V (C2V, `from_vec`) or MTE1 (V2C).
Pipe FreePipe(bool a5, bool from_vec);

// tile.mgather's phases (Arg(0) the index tile), as ptoas's sync model
// has them (SyncMacroModel.cpp): a2a3 reads the indices on the scalar unit,
// then DMAs each row on MTE2 (row) or reads and writes every element on S
// (`elem`); a5 runs a SIMT kernel on V (a `single` element, a valid shape of
// [1, 1]: the index on V, the element on S). pto-isa's a2a3 and single-element code sets and waits
// EVENT_ID0 of those pipe pairs itself, which the plan does not reserve, so
// the first phase has a PIPE_ALL barrier before it: no flag of the plan is
// set across the call. ptoc-run-cpp's MGATHER issues the same phases.
std::vector<MachineStep> MgatherSteps(Backend backend, bool elem, bool single);

// The plan of `call` in kernel `fn` at loop / branch nesting `depth`, or
// the diagnostic at `loc` that says why it cannot be lowered.
absl::StatusOr<CallLowering> PlanCall(const Function& fn, const Expr& call, Backend backend,
                                      int depth, const Location& loc);

// The C++ tile of a view whose source is placed as the C++ tile `source`
// (itself a view's, for a window of a window): pto-isa's TSUBVIEW offsets
// and every instruction step rows by the tile types' static Cols, so a
// row-major window keeps its source's; a fractal window is its own tile.
// The order both targets pass a compute op's operands in, after the
// destination: the index of each tile operand in `tile_args`, and -1 for the
// scalar, at its argument's position.
std::vector<int> OperandSlots(const CallLowering& plan);

TileGeometry ViewTile(const ViewWindow& w, const TileGeometry& source);

// The tile a compute op's result is placed as: the C++ tile type and the
// bytes both targets' memory plans give it. Its own type, except that
// pto-isa's binary element-wise instructions take three tiles of one type,
// so a binary op of two views of one window (slices of a wider tile, whose
// rows keep the source's stride) gives its result their type; a view and a
// tile of another type is an error at `loc`, as is a column expansion of a
// view (ptoas takes its shape from the operand type). `operands`: the C++
// tiles of the call's tile operands, in order.
absl::StatusOr<TileGeometry> PlacedResult(const CallLowering& plan, const Expr& call,
                                          const std::vector<TileGeometry>& operands,
                                          Backend backend, const Location& loc);

// A view (or a result PlacedResult widened) yielded or carried by a loop or
// an if: both targets refuse it at `loc` (the carried value is a tile of
// its own type).
absl::Status CarriedViewError(const Location& loc);
// tile.read / tile.write of a window (tile.slice) or of a result placed as
// one: ptoc-sim copies a window's elements, the device aliases them.
absl::Status ElementOfViewError(const Expr& call, const Location& loc);

// A comparison's name as both targets spell it: "eq" ... "ge" (PTO-AS
// `#pto<cmp gt>`; C++ `CmpMode::GT` in upper case).
absl::string_view CmpModeName(int mode);

struct KernelPlan;

// The step of the dcci lines codegen adds after a remote store or a put
// (and of an explicit region invalidate): scalar, writes GM.
MachineStep DcciStep();
// The one decision on a remote store's or put's peer region (comm-hazards.md
// H6): its plan ends with the dcci of the written peer region, which both
// emitters print right after the write only in a kernel that names no peer
// region invalidate (KernelPlan::implicit_peer_invalidates: input from
// before them). A kernel that names them gets none here: its
// system.cacheinvalid(..., peer=p) statements are lowered where they are.
bool InvalidatesPeerRegion(const CallLowering& plan, const KernelPlan& kernel);

// The sizes of the region `plan` addresses in a tensor of `rank` dims:
// the result tile's MovedExtent (else the result's shape), tile argument
// 0's (TileRegion), one element, or the sizes argument of a region
// invalidate (InvalidateSizes).
absl::StatusOr<std::vector<Dim>> RegionSizes(const CallLowering& plan, const Expr& call,
                                             size_t rank, const Location& loc);

// A notify / wait / test signal tensor (parameter `param`) must hold INT32.
absl::Status CheckSignal(const std::string& param, DType dtype, const Location& loc);

// The GM region a call addresses (CallLowering::gm_arg), resolved by a
// target: its tensor (`Tensor`: the target's view of a GM parameter, with
// `param`, `dtype` and `dims`), what the region is based on (the tensor's
// pointer or view, or a peer's copy) and the region.
template <typename Tensor>
struct GmAccess {
  Tensor* tensor = nullptr;
  std::string base;
  GmRegion region;
};

// How a target resolves the parts of a GM access.
template <typename Tensor>
struct GmAccessLowering {
  std::function<absl::StatusOr<Tensor*>(const Expr& tensor)> tensor;
  std::function<std::string(const Tensor& t)> own_base;
  std::function<absl::StatusOr<std::string>(const Tensor& t, const Expr& peer)> peer_base;
  std::function<absl::StatusOr<GmRegion>(const Tensor& t, const Expr& offsets,
                                         const std::vector<Dim>& sizes)>
      region;
};

// The address of a window in a peer rank (a C++ pointer, a PTO-AS view)
// that the emitters compute for one call and give again to the next call
// in the same block: the peer region invalidate insert-comm-fence puts
// right after a remote write (comm-hazards.md H6) addresses what the write
// did. Between two calls of one block the peer's value cannot change: it
// is a variable (SSA; a C++ loop-carried one is assigned only at the end
// of its body) or a constant, compared by SameValueExpr.
class PeerBaseMemo {
 public:
  // A call is lowered (`block`: how many blocks were opened or closed so far).
  void BeginCall(int64_t block) {
    ++call_;
    block_ = block;
  }
  // The base of `param`'s copy in rank `peer`, when the previous call of
  // this block computed it; else nullptr.
  const std::string* Find(const Var* param, const Expr& peer) const;
  void Remember(const Var* param, const Expr& peer, std::string base);

 private:
  struct Entry {
    const Var* param = nullptr;
    const Expr* peer = nullptr;
    std::string base;
    int64_t call = -1;
    int64_t block = -1;
  };
  int64_t call_ = 0;
  int64_t block_ = 0;
  std::vector<Entry> entries_;  // of the current call and the one before
};

// Resolves the region of `plan`, in the order both targets follow: the
// tensor, the signal check, the peer's base, the sizes, the region.
template <typename Tensor>
absl::StatusOr<GmAccess<Tensor>> ResolveGmAccess(const CallLowering& plan, const Expr& call,
                                                 const Location& loc,
                                                 const GmAccessLowering<Tensor>& lower) {
  ASSIGN_OR_RETURN(Tensor* t, lower.tensor(*call.args[plan.gm_arg]));
  if (plan.signal) {
    RETURN_IF_ERROR(CheckSignal(t->param->name, t->dtype, loc));
  }
  GmAccess<Tensor> a;
  a.tensor = t;
  a.base = lower.own_base(*t);
  if (plan.peer_arg >= 0) {
    ASSIGN_OR_RETURN(std::string peer, lower.peer_base(*t, *call.args[plan.peer_arg]));
    a.base = peer;
  }
  ASSIGN_OR_RETURN(std::vector<Dim> sizes, RegionSizes(plan, call, t->dims.size(), loc));
  ASSIGN_OR_RETURN(GmRegion r, lower.region(*t, *call.args[plan.region_arg], sizes));
  a.region = std::move(r);
  return a;
}

// The sizes of a region invalidate (`system.cacheinvalid(t, sizes,
// offsets)`): each a constant or a scalar parameter.
absl::StatusOr<std::vector<Dim>> InvalidateSizes(const Expr& sizes);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_LOWERING_H_

// The PTO-AS (.pto) emitter: one `func.func` per AIC / AIV kernel.
//
// Scalars become `arith` ops on SSA values, control flow `scf` ops, tiles
// `pto.alloc_tile` buffers, GM accesses `pto.partition_view`s of the
// parameters' `pto.make_tensor_view`s. Constants and the views of the
// parameters are hoisted to the top of the function; every op line ends
// with the `loc(...)` of the kernel source it came from.
// pto_emitter.cc has the structure and control flow, pto_scalars.cc the
// scalar expressions, pto_ops.cc the lowering of each op, pto_gm.cc the GM
// views and cache lines.
#ifndef PTOC_CODEGEN_PTO_EMITTER_H_
#define PTOC_CODEGEN_PTO_EMITTER_H_

#include <array>
#include <functional>
#include <optional>
#include <set>
#include <map>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/node_hash_map.h"
#include "absl/status/statusor.h"
#include "codegen/body_emitter.h"
#include "codegen/cache_lines.h"
#include "codegen/kernel_abi.h"
#include "codegen/kernel_plan.h"
#include "codegen/lowering.h"
#include "codegen/memory_plan.h"
#include "codegen/namer.h"
#include "codegen/op_lowering.h"
#include "codegen/pipes.h"
#include "codegen/sync_plan.h"
#include "codegen/target_info.h"
#include "codegen/tensor_origin.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// The whole .pto file: a module holding every kernel of `program`.
absl::StatusOr<std::string> EmitPtoModule(const Program& program,
                                          const std::vector<KernelAbi>& abis,
                                          const std::vector<KernelPlan>& plans,
                                          Backend backend, const SyncOptions& sync = {});

class PtoFunctionEmitter : public BodyEmitter {
 public:
  PtoFunctionEmitter(const Program& program, const Function& fn, const KernelAbi& abi,
                     const KernelPlan& plan, Backend backend, const TensorOrigins& origins,
                     const SyncOptions& sync = {}, int first_unit = 0);
  const SyncPlanner& planner() const { return planner_; }

  // The function's text, indented for its place inside the module.
  absl::StatusOr<std::string> Emit();

 private:
  // An SSA value: "%name" and its type.
  struct Value {
    std::string name;
    std::string type;
    // A tile: the buffer the pipe-sync plan tracks (-1: all of its memory).
    int64_t buffer = -1;
    // A tile placed as another C++ tile than its type's (a view, a result
    // PlacedResult widens): that tile, which both memory plans follow.
    std::optional<TileGeometry> placed;
  };
  // A GM parameter: its pointer, dims and strides as index values, and its
  // tensor view (all made at the top of the function); or a GM view of one
  // (tensor_origin.h), made where the view is: its base pointer (the
  // parameter's, or past it for a window), dims, strides and view.
  struct GmTensor {
    const Var* param = nullptr;
    std::string ptr;       // the base pointer
    bool is_view = false;  // a GM view, not the parameter itself
    bool is_window = false;  // (a view of) a window: not packed
    DType dtype = DType::kFP32;
    std::vector<MaybeInt> static_dims;
    std::vector<std::string> dims;
    std::vector<std::string> strides;
    std::vector<MaybeInt> static_strides;
    std::string view;  // "%x_view"
  };
  // A region of a tensor: offsets (index values) and sizes.
  using Region = GmRegion;

  // ---- pipe sync (flags mode) ----
  bool flags() const { return IsFlags(sync_.mode); }
  void Marker(int gap);
  // A machine op of the plan: `args` are the buffers of the call's tile
  // arguments (by argument index), `result` the result tile's; `gm` the GM
  // parameters its GM operand names (empty: all of GM), `box` the region of
  // them a DMA step moves (empty: all).
  void Sync(const MachineStep& step, const std::vector<Buffer>& args, const Buffer& result,
            const std::vector<const Var*>& gm, const GmBox& box = {});
  // The buffer of tile value `v` of type `t`.
  static Buffer BufferOf(const Type& t, const Value& v) {
    return Buffer{t.is_tile() ? t.memory() : MemorySpace::kDDR, static_cast<int>(v.buffer)};
  }

  // ---- text ----
  void Line(const std::string& text, const Location& loc);
  void Open(const std::string& text);
  void Close(const std::string& text, const Location& loc);
  void Reopen(const std::string& text);  // "} else {" between two regions
  std::string LocText(const Location& loc) const;
  std::string NewName(absl::string_view base);  // "%base", unique
  std::string Temp();                            // "%N"
  const Location& LocOf(const Expr& e) const;
  // While alive, lines go to the function's setup section (emitted after
  // the constants, before the body): views and values of the parameters.
  class SetupScope {
   public:
    explicit SetupScope(PtoFunctionEmitter* e);
    ~SetupScope();

   private:
    PtoFunctionEmitter* e_;
    std::string* out_;
    int indent_;
  };

  // ---- constants (hoisted) ----
  std::string Const(int64_t v, DType type);
  std::string Index(int64_t v) { return Const(v, DType::kINDEX); }
  absl::StatusOr<std::string> FloatConst(double v, DType type, const Location& loc);

  // ---- statements ----
  absl::Status EmitAssign(const Stmt& s) override;
  absl::Status EmitEval(const Expr& e) override;
  absl::Status EmitFor(const Stmt& s) override;
  absl::Status EmitIf(const Stmt& s) override;
  absl::Status EmitWhile(const Stmt& s) override;
  // The values a trailing Yield passes for `vars` (tensor vars are skipped).
  absl::StatusOr<std::vector<Value>> YieldValues(const Stmt* yield,
                                                 const std::vector<Var*>& vars,
                                                 const Location& loc);
  bool Carried(const Var* v) const;  // a loop/branch value the scf op carries
  // The carried values of loop `s` (their indices), their initial values
  // and types; communicator handles are bound, not carried.
  absl::Status LoopInits(const Stmt& s, std::vector<size_t>& carried,
                         std::vector<std::string>& inits, std::vector<std::string>& types);
  absl::StatusOr<std::string> TypeOfValue(const Type& t, const Location& loc);

  // ---- scalar expressions (pto_scalars.cc) ----
  absl::StatusOr<Value> Lower(const Expr& e, absl::string_view hint = "");
  absl::StatusOr<std::string> LowerAs(const Expr& e, DType to);
  absl::StatusOr<std::string> LowerIndex(const Expr& e) { return LowerAs(e, DType::kINDEX); }
  absl::StatusOr<Value> LowerBinary(const Expr& e, absl::string_view hint);
  absl::StatusOr<Value> LowerUnary(const Expr& e, absl::string_view hint);
  std::string Cast(const std::string& v, DType from, DType to, const Location& loc);
  std::string Result(absl::string_view hint);  // the name of an op's result

  // ---- ops (pto_ops.cc) ----
  absl::StatusOr<std::optional<Value>> LowerCall(const Expr& call, absl::string_view hint);
  absl::StatusOr<std::optional<Value>> LowerTileOp(const Expr& call, const CallLowering& plan,
                                                   absl::string_view hint);
  absl::StatusOr<std::optional<Value>> LowerCommOp(const Expr& call, const CallLowering& plan,
                                                   absl::string_view hint);
  absl::StatusOr<std::optional<Value>> LowerSystemOp(const Expr& call, const CallLowering& plan,
                                                     absl::string_view hint);
  absl::StatusOr<std::optional<Value>> LowerPipeOp(const Expr& call, const CallLowering& plan,
                                                   absl::string_view hint);
  // The local arrays: array.create / get_element, and `arr[i] = v`
  // (pto_array.cc).
  absl::StatusOr<std::optional<Value>> LowerArrayOp(const Expr& call, const CallLowering& plan,
                                                    absl::string_view hint);
  absl::Status EmitSetItem(const Stmt& s) override;
  // The async prefetch ops (pto_prefetch.cc).
  absl::StatusOr<std::optional<Value>> LowerPrefetchOp(const Expr& call,
                                                       const CallLowering& plan,
                                                       absl::string_view hint);
  // `placed`: the C++ tile it is placed as, when not its type's.
  absl::StatusOr<Value> AllocTile(const Type& type, absl::string_view hint,
                                  const Location& loc, const TileGeometry* placed = nullptr);
  absl::StatusOr<Value> AllocStagingTile(const TileGeometry& g, const Location& loc);
  // A tile.reshape that turns a vector on its side (plan.staging: lowering.cc's
  // VectorTurnScratch): pto.ttrans into a tile of its own.
  absl::StatusOr<std::optional<Value>> TurnVector(const Expr& call, const CallLowering& plan,
                                                  const Value& src, absl::string_view hint);
  // Flags mode: `addr = %c<A>_i64 ` with ptoc's address of a new tile
  // (level3); otherwise "".
  absl::StatusOr<std::string> Address(const TileGeometry& g, const Location& loc);
  absl::StatusOr<Value> TileArg(const Expr& e);
  absl::StatusOr<Value> CommCtx(const Expr& e);

  // ---- GM (pto_gm.cc) ----
  absl::StatusOr<GmTensor*> Gm(const Expr& tensor);
  absl::Status EmitGmView(const Stmt& s) override;
  // `t`'s dims from `shape` and row-major strides over them.
  absl::Status SetDims(GmTensor& t, const Shape& shape, const Location& loc);
  absl::Status SetRowMajorStrides(GmTensor& t, const Location& loc);
  // The box of `r` the pipe-sync plan may take as the region a DMA of `t`
  // moves (empty: all of the parameter; a view's region is not in its
  // parameter's coordinates).
  static GmBox BoxIn(const GmTensor& t, const Region& r) {
    return t.is_view ? GmBox{} : BoxOf(r, t.static_dims);
  }
  // The GM region a call addresses (lowering.h, ResolveGmAccess); `base`
  // is the tensor view the region is in (the tensor's or a peer's copy).
  using Access = GmAccess<GmTensor>;
  absl::StatusOr<Access> AccessOf(const Expr& call, const CallLowering& plan);
  // The index value of the dim symbol `symbol` (a scalar parameter, or a
  // dynamic dim of the ABI); `what` names it in the error.
  absl::StatusOr<std::string> SymbolValue(const std::string& symbol, absl::string_view what,
                                          const Location& loc);
  absl::StatusOr<Region> RegionAt(const GmTensor& t, const Expr& offsets,
                                  const std::vector<Dim>& sizes, const Location& loc);
  Region WholeRegion(const GmTensor& t);
  Value Partition(const std::string& view, const GmTensor& t, const Region& r,
                  const Location& loc);
  absl::StatusOr<std::string> LinearIndex(const GmTensor& t, const Expr& indices,
                                          const Location& loc);
  // The element offset of `static_indices` into `t` (row-major strides):
  // static terms folded, `index(i)` asked only for the others, in order.
  absl::StatusOr<std::string> ElementOffset(
      const GmTensor& t, const std::vector<MaybeInt>& static_indices,
      const std::function<absl::StatusOr<std::string>(size_t)>& index, const Location& loc);
  std::string OwnWindowBase(const Location& loc);
  // The tensor view of `t` in the window of rank `peer`.
  absl::StatusOr<std::string> PeerView(const GmTensor& t, const Expr& peer,
                                       const Location& loc);
  // One single_cache_line invalidate per line of region `r` of view
  // `view` (or the whole-GM form).
  absl::Status InvalidateRegion(const std::string& view, const GmTensor& t,
                                const Region& r, const Location& loc);
  void InvalidateAll(const Location& loc);
  // The run-time form of a region invalidate (RegionLines::line_loop): the
  // line of the run's first element, then an scf.for over the later ones.
  absl::Status InvalidateLineLoop(const std::string& view, const GmTensor& t, const Region& r,
                                  const RegionLines& lines, const Location& loc);

  const Program& program_;
  const Function& fn_;
  const KernelAbi& abi_;
  const KernelPlan& plan_;
  const Backend backend_;
  const TensorOrigins& origins_;

  Namer namer_;
  int temps_ = 0;
  int indent_ = 2;
  int depth_ = 0;  // nesting of loops and branches
  std::string body_;
  std::string constants_;
  std::string setup_;
  std::string* out_ = &body_;

  absl::flat_hash_map<std::string, std::string> constant_names_;  // "type:value"
  absl::flat_hash_map<const Var*, Value> values_;
  // A peer's tensor view -> the pointer it was made from (an own view is
  // made from the parameter's).
  std::map<std::string, std::string> view_ptrs_;
  absl::node_hash_map<const Var*, GmTensor> gm_;  // stable addresses
  // The ABI's dynamic dims: pl.dynamic name -> its index parameter.
  absl::flat_hash_map<std::string, std::string> dynamic_dims_;
  std::string comm_ctx_;              // "%comm_ctx" when the ABI has it
  std::string sdma_workspace_;        // "%sdma_workspace" when the ABI has it
  std::string gm_pipe_buffer_;
  std::string sync_workspace_;
  std::string own_window_base_;       // i64, loaded on first use
  // Blocks opened, reopened or closed so far, and the peer views of the
  // last calls.
  int64_t blocks_ = 0;
  PeerBaseMemo peer_bases_;
  std::array<int, 3> syncalls_seen_ = {0, 0, 0};
  PipeTable pipes_;
  const SyncOptions& sync_;
  SyncPlanner planner_;
  // Flags mode: ptoc places the tiles (level3), as for C++.
  std::vector<ReservedBuffer> reserved_;
  std::optional<TileAllocator> allocator_;
  std::set<int64_t> addresses_;
  int64_t next_buffer_ = 0;
  // The `addr = %c.. ` clause each tile buffer was allocated with (flags
  // mode): tile.fillpad_inplace gives its result the source's.
  absl::flat_hash_map<int64_t, std::string> buffer_addr_;
};

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_PTO_EMITTER_H_

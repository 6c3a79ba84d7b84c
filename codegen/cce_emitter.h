// The Ascend device C++ (.cpp) emitter, in the form ptoas emits and the
// pto-isa headers compile (runtime/include/pto/pto-inst.hpp declares the
// API for the host compiler and the simulator).
//
// Each AIC / AIV kernel is an `extern "C" __global__ AICORE` function whose
// body is wrapped in `#if defined(__DAV_CUBE__)` / `__DAV_VEC__`. Scalars are
// C++ expressions, tiles `Tile<...>` objects placed with TASSIGN at
// addresses the code generator plans, GM accesses `GlobalTensor`s with 5-D
// pto::Shape / pto::Stride. Dependent ops on different pipes are separated
// by `pipe_barrier(PIPE_ALL)` (pipe_order.h). Every IR statement is preceded
// by a `// file:line` comment.
// cce_emitter.cc has the structure and control flow, cce_scalars.cc the
// scalar expressions, cce_ops.cc the lowering of each op, cce_gm.cc the
// GlobalTensors and cache lines.
#ifndef PTOC_CODEGEN_CCE_EMITTER_H_
#define PTOC_CODEGEN_CCE_EMITTER_H_

#include <array>
#include <map>
#include <optional>
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
#include "codegen/pipe_order.h"
#include "codegen/pipes.h"
#include "codegen/sync_plan.h"
#include "codegen/target_info.h"
#include "codegen/tensor_origin.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// The whole .cpp file.
absl::StatusOr<std::string> EmitCceFile(const Program& program,
                                        const std::vector<KernelAbi>& abis,
                                        const std::vector<KernelPlan>& plans, Backend backend,
                                        const SyncOptions& sync = {});

// Helper functions a kernel needs in the file (Python's // and %).
struct CceHelpers {
  bool floordiv = false;
  bool mod = false;
};

class CceFunctionEmitter : public BodyEmitter {
 public:
  CceFunctionEmitter(const Program& program, const Function& fn, const KernelAbi& abi,
                     const KernelPlan& plan, Backend backend, const TensorOrigins& origins,
                     const std::map<std::string, std::vector<ReservedBuffer>>& reserved,
                     CceHelpers* helpers, const SyncOptions& sync = {}, int first_unit = 0);

  absl::StatusOr<std::string> Emit();
  const SyncPlanner& planner() const { return planner_; }

 private:
  // A tile: its C++ variable, geometry and the buffer the pipe order tracks.
  struct TileValue {
    std::string name;
    TileGeometry geometry;
    Buffer buffer;
    // A view, or a result placed as a view's type (PlacedResult).
    bool view = false;
  };
  // The result of a call: a C++ expression (scalar variable or tile name),
  // and for a tile its description.
  struct Value {
    std::string expr;
    std::optional<TileValue> tile;
  };
  // A GM parameter: pointer, dims and strides as C++ expressions; or a GM
  // view of one (tensor_origin.h): its base pointer (past the parameter's
  // for a window), dims and strides.
  struct GmTensor {
    const Var* param = nullptr;
    std::string ptr;
    bool is_view = false;    // a GM view, not the parameter itself
    bool is_window = false;  // (a view of) a window: not packed
    DType dtype = DType::kFP32;
    std::vector<MaybeInt> static_dims;
    std::vector<std::string> dims;
    std::vector<MaybeInt> static_strides;
    std::vector<std::string> strides;
  };
  using Region = GmRegion;

  // ---- text ----
  void Line(const std::string& text);
  void Open(const std::string& text);  // text + " {"
  void Close(const std::string& text = "}");
  std::string Fresh(absl::string_view base);
  const Location& LocOf(const Expr& e) const;
  // A machine op of the plan (its marker: the plan's instructions before
  // it, in either mode): `args` are the buffers of its tile arguments (by
  // argument index), `result` the result's. `gm`: the GM parameters its GM
  // accesses touch (empty: all of GM), `box` the region of them a DMA step
  // moves (empty: all).
  void OrderStep(const MachineStep& step, const std::vector<Buffer>& args,
                 const Buffer& result, const std::vector<const Var*>& gm = {},
                 const GmBox& box = {});
  bool flags() const { return IsFlags(sync_.mode); }
  void Marker(int gap) { Line(SyncPlanner::Marker(gap)); }
  void BarrierAll();

  // ---- statements ----
  // Every statement is preceded by a `// file:line` comment.
  void BeginStmt(const Stmt& s) override;
  absl::Status EmitAssign(const Stmt& s) override;
  absl::Status EmitEval(const Expr& e) override;
  absl::Status EmitFor(const Stmt& s) override;
  absl::Status EmitIf(const Stmt& s) override;
  absl::Status EmitWhile(const Stmt& s) override;
  absl::Status Assign(const std::vector<Var*>& vars, const Stmt* yield, const Location& loc);
  // Declares C++ variables for loop-carried / branch-merged values.
  absl::Status DeclareCarried(const std::vector<Var*>& vars, const Location& loc);
  // Declares the carried scalars and tiles of loop `s` with their initial
  // values (into `carried`; the results name the same variables) and binds
  // carried communicator handles.
  absl::Status LoopInits(const Stmt& s, std::vector<Var*>& carried);
  std::string Materialize(const std::string& expr, DType type, absl::string_view base);

  // ---- scalar expressions (cce_scalars.cc) ----
  absl::StatusOr<std::string> Scalar(const Expr& e);
  absl::StatusOr<std::string> ScalarAs(const Expr& e, DType to);
  absl::StatusOr<std::string> Binary(const Expr& e);
  absl::StatusOr<std::string> Literal(const Expr& e, DType type);

  // ---- ops (cce_ops.cc) ----
  // The op's result, or std::nullopt for an op without one. `hint` names
  // the result's variable.
  absl::StatusOr<std::optional<Value>> LowerCall(const Expr& call,
                                                       absl::string_view hint);
  absl::StatusOr<std::optional<Value>> LowerTileOp(const Expr& call, const CallLowering& plan,
                                                   absl::string_view hint);
  absl::StatusOr<std::optional<Value>> LowerCommOp(const Expr& call, const CallLowering& plan,
                                                   absl::string_view hint);
  absl::StatusOr<std::optional<Value>> LowerSystemOp(const Expr& call,
                                                     const CallLowering& plan);
  absl::StatusOr<std::optional<Value>> LowerPipeOp(const Expr& call, const CallLowering& plan,
                                                   absl::string_view hint);
  // The local arrays: array.create / get_element, and `arr[i] = v`
  // (cce_array.cc).
  absl::StatusOr<std::optional<Value>> LowerArrayOp(const Expr& call, const CallLowering& plan,
                                                    absl::string_view hint);
  absl::Status EmitSetItem(const Stmt& s) override;
  // The async prefetch ops (cce_prefetch.cc).
  absl::StatusOr<std::optional<Value>> LowerPrefetchOp(const Expr& call,
                                                       const CallLowering& plan,
                                                       absl::string_view hint);
  absl::StatusOr<TileValue> TileOperand(const Expr& e);
  // Declares a tile of `type` (placed by TASSIGN unless `placed` is false).
  absl::StatusOr<TileValue> NewTile(const Type& type, absl::string_view hint, bool placed,
                                    const Location& loc);
  absl::StatusOr<TileValue> NewTile(const TileGeometry& g, absl::string_view hint,
                                    bool placed, const Location& loc);
  absl::StatusOr<std::string> CommCtx(const Expr& e);
  absl::StatusOr<std::string> ParamValue(const std::string& symbol, const Location& loc);

  // ---- GM (cce_gm.cc) ----
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
  // is the pointer the region is in (the tensor's or a peer's copy).
  using Access = GmAccess<GmTensor>;
  absl::StatusOr<Access> AccessOf(const Expr& call, const CallLowering& plan);
  absl::StatusOr<Region> RegionAt(const GmTensor& t, const Expr& offsets,
                                  const std::vector<Dim>& sizes, const Location& loc);
  Region WholeRegion(const GmTensor& t);
  // The element offset of `offsets` from the tensor base, as C++.
  std::string Offset(const GmTensor& t, const std::vector<std::string>& offsets,
                     const std::vector<MaybeInt>& static_offsets);
  // Declares a GlobalTensor over region `r` of `t`, based at pointer `base`.
  std::string GlobalView(const GmTensor& t, const std::string& base, const Region& r);
  absl::StatusOr<std::string> PeerPointer(const GmTensor& t, const Expr& peer,
                                          const Location& loc);
  absl::Status InvalidateRegion(const GmTensor& t, const std::string& base, const Region& r,
                                const Location& loc);
  void InvalidateAll();

  const Program& program_;
  const Function& fn_;
  const KernelAbi& abi_;
  const KernelPlan& plan_;
  const Backend backend_;
  const TensorOrigins& origins_;
  const std::map<std::string, std::vector<ReservedBuffer>>& reserved_;
  CceHelpers* helpers_;

  Namer namer_;
  TileAllocator allocator_;
  const SyncOptions& sync_;
  SyncPlanner planner_;
  PipeTable pipes_;
  int indent_ = 1;
  int depth_ = 0;
  int next_buffer_id_ = 0;
  // The address each placed tile buffer got (tile.fillpad_inplace gives its
  // result the source's).
  absl::flat_hash_map<int, int64_t> buffer_address_;
  std::string body_;
  std::string prologue_;  // values every statement may use (own window base)
  std::string* out_ = &body_;

  absl::flat_hash_map<const Var*, std::string> scalars_;  // scalars and comm ctx
  absl::flat_hash_map<const Var*, TileValue> tiles_;
  absl::node_hash_map<const Var*, GmTensor> gm_;  // stable addresses
  // The ABI's dynamic dims: pl.dynamic name -> its parameter.
  absl::flat_hash_map<std::string, std::string> dynamic_dims_;
  std::string comm_ctx_;
  std::string sdma_workspace_;  // the SDMA workspace parameter, when the ABI has it
  std::string gm_pipe_buffer_;
  std::string sync_workspace_;
  std::string own_window_base_;
  // Blocks opened or closed so far, and the peer pointers of the last calls.
  int64_t blocks_ = 0;
  PeerBaseMemo peer_bases_;
  std::array<int, 3> syncalls_seen_ = {0, 0, 0};
  std::vector<std::string> pipe_names_;  // by pipe id
};

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_CCE_EMITTER_H_

// The op catalog: the one place that knows what each op is.
//
// Every pass asks the registry what a call does (which lane it runs on,
// which GM tensor it reads or writes, whether it waits, signals or fences)
// instead of matching op names of its own.
#ifndef PTOC_IR_REGISTRY_H_
#define PTOC_IR_REGISTRY_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"

namespace ptoc {

// Where an op runs in a core group.
enum class Lane {
  kCube,      // AIC
  kVector,    // AIV
  kAny,       // does not decide the kernel's kind
  kBoundary,  // a tile.move between memories of different lanes
};
absl::string_view LaneName(Lane l);  // "cube", "vector", "any", "boundary"
// The lane that owns tiles in memory space `m` (Vec: vector; the rest: cube).
Lane LaneOfMemory(MemorySpace m);

// What the op does to memory and to the other lanes and ranks.
enum class OpRole {
  kCompute,          // tile arithmetic and tile.create / tile.move
  kPureScalar,       // scalar result, no memory access (rank, nranks, ctx)
  kGmLoad,           // DMA read of a local GM tensor (tile.load)
  kGmStore,          // DMA write of a local GM tensor (tile.store)
  kScalarRead,       // cached scalar GM read (tensor.read)
  kScalarWrite,      // cached scalar GM write (tensor.write)
  kRemoteLoad,       // DMA read of a peer's window
  kRemoteWrite,      // DMA write of a peer's window (remote_store, put)
  kGet,              // copy from a peer's window into a local tensor
  kNotify,
  kWait,
  kTest,
  kFence,            // system.fence
  kCacheInvalidate,  // system.cacheinvalid (whole GM or a region)
  kSyncAll,
  kPush,             // tpush_to_aiv / tpush_to_aic
  kPop,              // tpop_from_aic / tpop_from_aiv
  kFree,             // tfree_to_aic / tfree_to_aiv
  kReserveBuffer,
  kImportBuffer,
  kInitPipe,         // aic/aiv_initialize_pipe
};

// A tensor op whose result is a view of its first argument's GM (no data
// moves): kReshape the same memory under a new shape or layout (PyPTO's
// tensor.view), kWindow a window of it at offsets (tensor.slice, when a
// kernel keeps it as a GM view).
enum class GmView { kNone, kReshape, kWindow };

// What a whole-program run (ptoc-sim, runtime/host_plan.h) does with the op
// in a host or orchestration function: kNone refuses it there (a view op
// says so by its GmView instead).
enum class HostEval { kNone, kWorldSize, kAllocWindowBuffer, kWindow, kCreateTensor };

// The tile ops canonicalize-tile-slice rewrites (PyPTO's
// CanonicalizeTileSlice): kSlice, a window of args[0] that aliases it
// (tile.slice: input, shape, offset); kExtract, a copy of the window at
// (args[1], args[2]) of shape args[3] into target_memory (tile.extract);
// kMove, a copy of the whole tile into target_memory (tile.move); kReshape,
// a view of the whole tile in another shape (tile.reshape: input, shape).
enum class TileWindow { kNone, kSlice, kExtract, kMove, kReshape };

// Direction of a cross-core FIFO op.
enum class PipeDirection { kNone, kC2V, kV2C };

// kExpr: any expression (PyPTO's submit deps=[...], predicate=, ...).
enum class AttrKind { kInt, kBool, kString, kEnum, kDType, kIntList, kExpr };

struct AttrSpec {
  std::string name;
  AttrKind kind = AttrKind::kInt;
  std::string enum_type;  // kEnum: MemorySpace, TileLayout, NotifyOp, WaitCmp
  bool required = false;
  // The registry default; an attribute equal to it is not printed. Null
  // when the attribute has no default (optional with no value, or required).
  std::shared_ptr<const Expr> default_value;
  // kString / kEnum: the accepted values (empty: any).
  std::vector<std::string> choices;
  // kString: a PyPTO enum that spells the same values (`atomic=
  // pl.AtomicType.Add` for "add"): its i-th value is choices[i]. The
  // parser turns such an enum into the string.
  std::string enum_alias;
};

// Which arguments name the GM tensor an access touches and where.
struct GmAccess {
  int tensor_arg = -1;   // the GM tensor read or written, -1: none
  int offsets_arg = -1;  // its offsets / indices list, -1: none
  int tile_arg = -1;     // the tile whose shape is the accessed region
  int shape_arg = -1;    // or the list giving the region's shape
  // An optional list giving the region's shape that, when the call has it,
  // says the region instead of tile_arg (tile.store's `shapes`: a tile
  // flattened to 2-D stored into an N-D region).
  int region_arg = -1;
};

// Decides the lane of one call (its args are typed).
using LaneRule = std::function<Lane(const Expr& call)>;
// Computes the result type of one call from its typed args and attrs;
// std::nullopt result means "taken from the assignment's annotation".
using ResultRule =
    std::function<absl::StatusOr<std::optional<Type>>(const Expr& call)>;

// The memory spaces an op's tile operands must live in and the space of its
// tile result (PyPTO's OpMemorySpaceSpec, read by infer-tile-memory-space).
struct MemorySpec {
  enum class Output {
    kUnspecified,  // no rule: a tile result without a memory space gets Vec
    kFixed,        // always `fixed` (tile.matmul -> Acc, tile.add -> Vec)
    kFromAttr,     // the target_memory attribute, else its registry default
    kInheritInput, // the first tile argument's space (views: reshape, slice)
  };
  // Per positional argument, the spaces it may live in, the preferred one
  // first (empty, or past the end: any).
  std::vector<std::vector<MemorySpace>> inputs;
  Output output = Output::kUnspecified;
  MemorySpace fixed = MemorySpace::kVec;
};

// An element-wise tile op (ir/tile_elementwise.def): what the registry,
// code generation, the simulators and the cost table read of its row.
struct ElementwiseOp {
  // The operands, in order: (tile, tile), (tile), (tile, scalar), and the
  // three with a scratch tile last (UnaryScratch's may be left out).
  enum class Form { kBinary, kUnary, kScalar, kBinaryScratch, kScalarScratch, kUnaryScratch };
  // What the instruction needs of its scratch tile (the .def says).
  enum class Scratch { kNone, kLikeResult, kRows2, kMask, kBlock };
  absl::string_view op;           // "tile.add"
  absl::string_view instruction;  // "TADD" (C++); PTO-AS: "pto." + lower case
  Form form;
  Scratch scratch;
  absl::string_view accepts;  // per backend, the element types it takes
  absl::string_view params;  // PyPTO's parameter names, comma-separated
  absl::string_view cost;    // the cycle estimate (runtime/cost_table.h)
  double (*value)(double a, double b);
  // How many operands it takes, and which are tiles (the others: the scalar).
  int arity() const {
    switch (form) {
      case Form::kUnary: return 1;
      case Form::kBinary: case Form::kScalar: case Form::kUnaryScratch: return 2;
      default: return 3;
    }
  }
  bool has_scalar() const { return form == Form::kScalar || form == Form::kScalarScratch; }
  bool is_tile(int i) const { return i < arity() && !(has_scalar() && i == 1); }
  // The operand holding the scratch tile, or -1.
  int scratch_arg() const { return scratch == Scratch::kNone ? -1 : arity() - 1; }
  // A call may leave the scratch tile out (PyPTO's `tmp?`: tile.rsqrt).
  bool optional_scratch() const { return form == Form::kUnaryScratch; }
  // The fewest operands a call passes.
  int min_arity() const { return optional_scratch() ? arity() - 1 : arity(); }
  // The tile operands, the scratch included.
  int tile_operands() const { return arity() - (has_scalar() ? 1 : 0); }
  // The second operand is a tile computed with (not a scalar or scratch).
  bool binary() const { return form == Form::kBinary || form == Form::kBinaryScratch; }
};

// Every row of ir/tile_elementwise.def, in its order.
const std::vector<ElementwiseOp>& ElementwiseOps();
// The element types a per-backend list ("a2a3: FP32 FP16 | a5: FP32")
// gives `backend`; empty for a backend it does not name.
std::vector<DType> ParseDTypesByBackend(absl::string_view accepts, absl::string_view backend);


// How convert-tensor-to-tile-ops lowers a tensor op inside a kernel
// (PyPTO's OpConversionRegistry, ir/op_catalog_tile_forms.cc).
struct TileForm {
  enum class Kind {
    kNone,      // not converted (GM-level ops: tensor.view, tensor.read of GM, ...)
    kCompute,   // `op` on the operands' tiles, the same arguments and attributes
    kSlice,     // a GM window: tile.load (into Mat for a matmul operand); of a tile: tile.slice
    kAssemble,  // a tile into GM: tile.store; a tile into a tile: tile.assemble
    kCreate,    // tile.create in Vec
    kMatmul,    // `op` on operands loaded into Mat
    kAccess,    // tensor.read / tensor.write: `op` when the tensor became a tile
  };
  Kind kind = Kind::kNone;
  std::string op;  // the tile op
  // kCompute: the arguments computed with as tiles (empty: every tensor
  // argument); the others pass through (pld.tensor.remote_store's window).
  std::vector<int> tile_args;
};

// PyPTO's composite ops: one call that stands for a whole protocol, which
// the pass lower-composite-ops expands into primitive ops before codegen
// (PyPTO's LowerCompositeOps; passes/lower_composite_ops.h says what each
// becomes). Codegen never lowers them.
enum class Composite {
  kNone,
  kAllReduce,      // pld.tensor.allreduce
  kAllGather,      // pld.tensor.allgather
  kReduceScatter,  // pld.tensor.reduce_scatter
  kBroadcast,      // pld.tensor.broadcast
  kBarrier,        // pld.tensor.barrier
  kAllToAll,       // pld.tensor.all_to_all
  kAllToAllV,      // pld.tensor.all_to_all_v
  kSin,            // tile.sin: range reduction and a polynomial (no instruction)
  kCos,            // tile.cos
};

struct OpInfo {
  std::string name;
  std::vector<std::string> params;  // positional parameter names, in order
  // Accepted argument counts (most ops: exactly params.size();
  // system.cacheinvalid: 0, 3 or 4).
  std::vector<int> arities;
  std::vector<AttrSpec> attrs;
  // Attributes PyPTO also takes positionally, after the parameters, in
  // order (`tile.create(shape, dtype=...)`).
  std::vector<std::string> positional_attrs;
  // PyPTO's positional order when it interleaves parameters and
  // attributes (`tile.full(shape, dtype, value)`): the i-th positional
  // argument is the parameter or attribute named here. Empty: parameters,
  // then positional_attrs.
  std::vector<std::string> positional_order;
  // Print the attributes of positional_order positionally too (PyPTO's
  // expressions spelled as calls: `pl.const(1, pl.INT64)`).
  bool print_attrs_positionally = false;
  // Print the attributes before the parameters that go by name, as PyPTO's
  // printer writes these ops: `reinterpret_view(x, dtype=pl.INT16,
  // shape=[4, 64])`, `full(shape, dtype=pl.FP32, value=0.0)`.
  bool print_attrs_before_named_params = false;
  // Per parameter, the value PyPTO gives it when omitted (null: required;
  // shorter than params: the rest are required or optional by arity).
  std::vector<std::shared_ptr<const Expr>> param_defaults;
  // The function kinds a call may appear in (empty: any); PyPTO's
  // pl.dump_tag is an Orchestration / Inline marker.
  std::vector<FunctionKind> only_in;
  // PyPTO's host-orchestration ops (pld.world_size, pld.alloc_window_buffer):
  // only in a @pl.function(level=pl.Level.HOST) function, outside
  // pl.at(level=pl.Level.CORE_GROUP) and pl.spmd (ir/verify_pypto.h).
  bool host_only = false;
  // The result is a program-wide named buffer whose name is the assignment
  // target (pld.alloc_window_buffer): only `name = op(...)`, every target
  // distinct across the program, no name= keyword.
  bool names_buffer = false;
  // PyPTO's view ops refuse a first argument with an MX tensor layout
  // (pl.MX_A_ZZ, pl.MX_B_NN): tensor.slice, tensor.reshape, ...
  bool no_mx_source = false;
  // Takes any number of arguments from params.size() on (pl.submit).
  bool variadic = false;
  // args[0] names a program function (a string constant), written and
  // printed `self.NAME` (pl.submit).
  bool callee_arg = false;
  OpRole role = OpRole::kCompute;
  PipeDirection pipe = PipeDirection::kNone;
  GmAccess access;
  GmView gm_view = GmView::kNone;
  HostEval host_eval = HostEval::kNone;
  LaneRule lane;
  // A call whose lane rule says kAny runs on both lanes of a split kernel
  // (PyPTO's SHARED affinity for cross-core control: system.set_ffts, and
  // system.sync_set / sync_wait without core_type=).
  bool any_lane_runs_on_both = false;
  // The op writes its first argument in place and its result is that
  // argument (tile.assemble): an effect even when the result is unused.
  bool writes_first_arg = false;
  // The result is a new tile no argument fills (tile.create): a name's
  // annotation may give it any view (valid shape, layouts) of its shape,
  // dtype and memory, and the tile is allocated as annotated.
  bool fresh_tile = false;
  // Registers a deferred completion of the task that runs it
  // (pld.system.defer_wait): the function holding it is a deferred waiter,
  // held to PyPTO's waiter contract (passes/mixed_kernel/deferred_wait.h).
  bool deferred_wait = false;
  // Rewrites a call PyPTO normalizes when it builds it into that canonical
  // form (the parser runs it before the result rule; the printer prints
  // the canonical call): pld.tensor.alloc_window_buffer(shape, dtype=) is
  // the byte size. Null: none.
  std::function<absl::Status(Expr& call)> canonicalize;
  ResultRule result;
  // False for PyPTO's ops ptoc parses, verifies and prints but does not
  // compile (no codegen lowering yet; codegen rejects them).
  bool compiled = true;
  // Of an op not compiled: why, when it is more than "not yet" (codegen's
  // error says it).
  std::string not_compiled_reason;
  // Of a compiled op, the attributes codegen cannot honour: a call with
  // one of them set is rejected by codegen and the simulator
  // (CheckCompiledForm) instead of being lowered without it.
  std::vector<std::string> uncompiled_attrs;
  // Of a batched op, the 2-D op lower-batch-matmul runs per batch page
  // (tile.batch_matmul: tile.matmul); empty for the others.
  std::string per_batch_op;
  // Which composite op this is (kNone: a primitive op).
  Composite composite = Composite::kNone;
  // A boundary op of a pl.split_aiv kernel (dual-aiv.md): kC2V for
  // tile.aiv_shard (Acc -> this lane's Vec half), kV2C for tile.aic_gather
  // (this lane's Vec half -> the joined Mat tile). Both carry `split`, the
  // region's mode; expand-mixed-kernel turns them into split transports.
  PipeDirection split_boundary = PipeDirection::kNone;
  TileWindow tile_window = TileWindow::kNone;
  // PyPTO's memory-space rule of the op (ir/op_catalog_memory.cc).
  MemorySpec memory;
  // Of a tensor op, its tile form in a kernel.
  TileForm tile_form;

  const AttrSpec* FindAttr(absl::string_view attr) const;
  int ParamIndex(absl::string_view param) const;  // -1 when absent
  bool AcceptsArity(int n) const;
};

class OpRegistry {
 public:
  // The catalog of ir.md.
  static const OpRegistry& Get();

  const OpInfo* Find(absl::string_view op) const;  // nullptr when unknown
  // The registered op whose name is closest to `op` (for "did you mean").
  std::optional<std::string> Suggest(absl::string_view op) const;
  // All ops, sorted by name.
  std::vector<const OpInfo*> All() const;

  void Register(OpInfo info);
  OpInfo* FindMutable(absl::string_view op);  // while building the catalog

 private:
  std::vector<std::unique_ptr<OpInfo>> ops_;  // sorted by name
};

// A shape argument of a PyPTO op, written as a list or tuple of constants
// and scalar variables (for the result rules of ir/op_catalog_pypto*.cc).
absl::StatusOr<Shape> ShapeOfList(const Expr& call, const Expr& list);

// Registers PyPTO's ops beyond ir.md's catalog (ir/op_catalog_pypto.cc).
void AddPyptoOps(OpRegistry& r);
// Registers the rest of PyPTO's catalog, table-driven
// (ir/op_catalog_pypto_table.cc); entries already registered are kept.
void AddPyptoTableOps(OpRegistry& r);
// Gives the registered tile ops PyPTO's memory-space rules
// (ir/op_catalog_memory.cc).
void AddMemorySpecs(OpRegistry& r);
// Gives PyPTO's tensor ops their tile forms (ir/op_catalog_tile_forms.cc).
void AddTileForms(OpRegistry& r);

// ---- Questions passes ask about one call (nullptr-safe on non-calls). ----

// The registry entry of an op call; nullptr for function calls, unknown ops
// and non-calls.
const OpInfo* LookupOp(const Expr& e);
// The role of an op call, or std::nullopt for anything else.
std::optional<OpRole> RoleOf(const Expr& e);
// The lane the call runs on; unknown ops and function calls are kAny.
Lane LaneOf(const Expr& call);
// The call at the top of an Assign / Eval statement, or nullptr.
const Expr* CallOf(const Stmt& s);
Expr* CallOf(Stmt& s);
// An opaque call: a call of a program function, or of an op the registry
// does not know (kept by --allow-unregistered-ops).
bool IsOpaqueCall(const Expr& e);
// True for a whole-GM system.cacheinvalid() (no arguments).
bool IsWholeGmInvalidate(const Expr& e);
// The argument naming the rank whose copy of a window the call addresses
// (its `peer` parameter: remote loads and writes, get, notify, a peer
// region invalidate), or nullptr.
const Expr* PeerOf(const Expr& call);
// True for system.cacheinvalid(target, shapes, offsets, peer=p): a region
// of rank p's copy of window `target` (comm-hazards.md H6).
bool IsPeerInvalidate(const Expr& e);
// PyPTO's generic call attributes: `attrs={"key": value, ...}` on any op
// call, kept as the call attribute of this name holding the dict.
inline constexpr absl::string_view kCallAttrsName = "attrs";
bool IsCallAttrsDict(const NamedExpr& attr);

// Structural equality of two constants (attribute values), ignoring
// locations and types.
bool SameConstant(const Expr& a, const Expr& b);
// OK when codegen can lower this form of a compiled op's call (its
// attributes, see OpInfo::uncompiled_attrs); else what it cannot, as a
// message without a location. PyPTO's generic `attrs={...}` dict is never
// lowered. Uncompiled ops and non-op calls are OK here (codegen says so).
absl::Status CheckCompiledForm(const Expr& call);
// The attribute value of a call, falling back to the registry default.
const Expr* AttrOrDefault(const Expr& call, absl::string_view attr);

}  // namespace ptoc

#endif  // PTOC_IR_REGISTRY_H_

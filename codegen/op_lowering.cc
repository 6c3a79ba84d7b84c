#include "codegen/op_lowering.h"

#include <algorithm>
#include <iterator>

#include "absl/algorithm/container.h"
#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

// The ops of other kinds; the element-wise ones come from their table.
struct FixedLowering {
  absl::string_view op;
  OpKind kind;
  absl::string_view pto_name = "";  // an instruction of its own, if any
  absl::string_view cce_name = "";
  absl::string_view accepts = "";  // see OpLowering::accepts
  absl::string_view init_op = "";  // see OpLowering::init_pto_name
};
constexpr char kFillPadTypes[] =
    "a2a3: FP32 FP16 BF16 INT32 INT16 INT8 UINT32 UINT16 UINT8 | "
    "a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT32 UINT16 UINT8";

constexpr FixedLowering kFixedLowerings[] = {
    {"tile.load", OpKind::kTileLoad},
    {"tile.store", OpKind::kTileStore},
    {"tile.move", OpKind::kTileMove},
    {"tile.create", OpKind::kTileCreate},
    {"tile.alloc", OpKind::kTileAlloc},
    {"tile.cast", OpKind::kCast, "tcvt", "TCVT"},
    // The reductions' types: what ptoas 0.60 accepts and pto-isa compiles
    // among FP32 FP16 BF16 INT32 INT16 INT8 UINT8, probed per backend.
    {"tile.row_sum", OpKind::kRowReduce, "trowsum", "TROWSUM",
     "a2a3: FP32 FP16 INT32 INT16 | a5: FP32 FP16 INT32 INT16"},
    {"tile.row_max", OpKind::kRowReduce, "trowmax", "TROWMAX",
     "a2a3: FP32 FP16 INT32 INT16 | a5: FP32 FP16 INT32 INT16"},
    {"tile.row_min", OpKind::kRowReduce, "trowmin", "TROWMIN",
     "a2a3: FP32 FP16 INT32 INT16 | a5: FP32 FP16 INT32 INT16"},
    {"tile.col_sum", OpKind::kColReduce, "tcolsum", "TCOLSUM",
     "a2a3: FP32 FP16 | a5: FP32 FP16 BF16"},
    {"tile.col_max", OpKind::kColReduce, "tcolmax", "TCOLMAX",
     "a2a3: FP32 FP16 | a5: FP32 FP16 BF16 INT8 UINT8"},
    {"tile.col_min", OpKind::kColReduce, "tcolmin", "TCOLMIN",
     "a2a3: FP32 FP16 INT32 INT16 | a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT8"},
    // The expand family: a per-column ([1, N]) vector against every row of
    // a tile, or a vector repeated to the tile's shape.
    {"tile.col_expand_add", OpKind::kColExpand, "tcolexpandadd", "TCOLEXPANDADD",
     "a2a3: FP32 FP16 INT32 INT16 | a5: FP32 FP16 INT32 INT16 INT8 UINT8"},
    {"tile.col_expand_sub", OpKind::kColExpand, "tcolexpandsub", "TCOLEXPANDSUB",
     "a2a3: FP32 FP16 INT32 INT16 | a5: FP32 FP16 INT32 INT16 INT8 UINT8"},
    {"tile.col_expand_mul", OpKind::kColExpand, "tcolexpandmul", "TCOLEXPANDMUL",
     "a2a3: FP32 FP16 INT32 INT16 | a5: FP32 FP16 INT32 INT16 INT8 UINT8"},
    {"tile.col_expand_div", OpKind::kColExpand, "tcolexpanddiv", "TCOLEXPANDDIV",
     "a2a3: FP32 FP16 | a5: FP32 FP16 INT32 INT16 INT8 UINT8"},
    {"tile.col_expand_max", OpKind::kColExpand, "tcolexpandmax", "TCOLEXPANDMAX",
     "a2a3: FP32 FP16 INT32 INT16 | a5: FP32 FP16 INT32 INT16 INT8 UINT8"},
    {"tile.col_expand_min", OpKind::kColExpand, "tcolexpandmin", "TCOLEXPANDMIN",
     "a2a3: FP32 FP16 INT32 INT16 | a5: FP32 FP16 INT32 INT16 INT8 UINT8"},
    {"tile.col_expand_expdif", OpKind::kColExpand, "tcolexpandexpdif", "TCOLEXPANDEXPDIF",
     "a2a3: FP32 FP16 | a5: FP32 FP16"},
    // The per-row ops: ptoas takes their [M, 1] vector as a DN column or as
    // a row-major 32-byte block a row; ptoc's [M, 1] tiles are ND with
    // 32-byte rows, so the vector's rows are filled (TROWEXPAND into its
    // own buffer) and read as the block (lowering.cc). Types: what ptoas
    // accepts and pto-isa compiles, probed per op, type and backend.
    {"tile.row_expand_add", OpKind::kRowExpand, "trowexpandadd", "TROWEXPANDADD",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 UINT16 | a5: FP32 FP16 INT32 INT16 UINT32 UINT16"},
    {"tile.row_expand_sub", OpKind::kRowExpand, "trowexpandsub", "TROWEXPANDSUB",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 UINT16 | a5: FP32 FP16 INT32 INT16 UINT32 UINT16"},
    {"tile.row_expand_mul", OpKind::kRowExpand, "trowexpandmul", "TROWEXPANDMUL",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 UINT16 |"
     "a5: FP32 FP16 INT32 INT16 UINT32 UINT16 UINT8"},
    {"tile.row_expand_div", OpKind::kRowExpand, "trowexpanddiv", "TROWEXPANDDIV",
     "a2a3: FP32 FP16 | a5: FP32 FP16 INT32 INT16 UINT32 UINT16"},
    {"tile.row_expand_max", OpKind::kRowExpand, "trowexpandmax", "TROWEXPANDMAX",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 UINT16 | a5: FP32 FP16 INT32 INT16 UINT32 UINT16"},
    {"tile.row_expand_min", OpKind::kRowExpand, "trowexpandmin", "TROWEXPANDMIN",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 UINT16 | a5: FP32 FP16 INT32 INT16 UINT32 UINT16"},
    {"tile.row_expand_expdif", OpKind::kRowExpand, "trowexpandexpdif", "TROWEXPANDEXPDIF",
     "a2a3: FP32 FP16 | a5: FP32 FP16"},
    {"tile.row_expand", OpKind::kBroadcast, "trowexpand", "TROWEXPAND",
     "a2a3: FP32 FP16 BF16 INT32 INT16 INT8 UINT8 | a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT8"},
    {"tile.col_expand", OpKind::kBroadcast, "tcolexpand", "TCOLEXPAND",
     "a2a3: FP32 FP16 BF16 INT32 INT16 INT8 UINT8 | a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT8"},
    {"tile.row_prod", OpKind::kRowReduce, "trowprod", "TROWPROD",
     "a2a3: FP32 FP16 INT32 INT16 | a5: FP32 FP16 INT32 INT16"},
    {"tile.col_prod", OpKind::kColReduce, "tcolprod", "TCOLPROD",
     "a2a3: FP32 FP16 INT32 INT16 | a5: FP32 FP16 BF16 INT32 INT16"},
    // What ptoas accepts for texpands' destination.
    {"tile.full", OpKind::kFull, "texpands", "TEXPANDS",
     "a2a3: FP32 FP16 BF16 INT32 INT16 | a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT8"},
    // PyPTO's tile.expands (target, scalar): tile.full of the target's type.
    {"tile.expands", OpKind::kFull, "texpands", "TEXPANDS",
     "a2a3: FP32 FP16 BF16 INT32 INT16 | a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT8"},
    // The mask form of TGATHER: what pto-isa's CPU form takes (element
    // types of one size in and out), the 2- and 4-byte ones.
    {"tile.gather_mask", OpKind::kGatherMask, "tgather", "TGATHER",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 UINT16 | a5: FP32 FP16 INT32 INT16 UINT32 UINT16"},
    // Columns side by side: the types pto-isa's TCONCAT takes.
    {"tile.concat", OpKind::kConcat, "tconcat", "TCONCAT",
     "a2a3: FP32 FP16 BF16 INT32 INT16 INT8 UINT32 UINT16 UINT8 | "
     "a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT32 UINT16 UINT8"},
    // A triangle of ones: PyPTO's a2a3 rule (no BF16 or 8-bit) and what
    // pto-isa's TTRI takes (2- and 4-byte types).
    {"tile.tri", OpKind::kTri, "ttri", "TTRI",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 UINT16 | "
     "a5: FP32 FP16 BF16 INT32 INT16 UINT32 UINT16"},
    // The arg reductions: the source types ptoas accepts and pto-isa
    // compiles (probed per op, type and backend); the index is INT32.
    {"tile.row_argmax", OpKind::kArgReduce, "trowargmax", "TROWARGMAX",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 UINT16 | a5: FP32 FP16 INT32 INT16 UINT32 UINT16"},
    {"tile.row_argmin", OpKind::kArgReduce, "trowargmin", "TROWARGMIN",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 UINT16 | a5: FP32 FP16 INT32 INT16 UINT32 UINT16"},
    {"tile.col_argmax", OpKind::kArgReduce, "tcolargmax", "TCOLARGMAX",
     "a2a3: FP32 FP16 BF16 INT32 INT16 INT8 UINT32 UINT16 UINT8 | "
     "a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT32 UINT16 UINT8"},
    {"tile.col_argmin", OpKind::kArgReduce, "tcolargmin", "TCOLARGMIN",
     "a2a3: FP32 FP16 BF16 INT32 INT16 INT8 UINT32 UINT16 UINT8 | "
     "a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT32 UINT16 UINT8"},
    // Three operands, the carry last. ptoas (and ptoc's C++) compute them
    // as two instructions, TADD / TSUB / TADDS / TSUBS then TADD into the
    // result: the types both of those take (tile_elementwise.def).
    {"tile.addc", OpKind::kTernary, "taddc", "TADDC",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 | a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT8 UINT32"},
    {"tile.subc", OpKind::kTernary, "tsubc", "TSUBC",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 | a5: FP32 FP16 INT32 INT16 INT8 UINT8 UINT32"},
    {"tile.addsc", OpKind::kTernary, "taddsc", "TADDSC",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 | a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT8 UINT32"},
    {"tile.subsc", OpKind::kTernary, "tsubsc", "TSUBSC",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 | a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT8 UINT32"},
    // 32-byte blocks by byte offset: any element type of 1, 2 or 4 bytes
    // (ptoas's verifiers, pto-isa's three TGATHERB paths).
    {"tile.gatherb", OpKind::kGatherB, "tgatherb", "TGATHERB"},
    // Metadata only: the source's buffer with another valid shape.
    {"tile.set_validshape", OpKind::kSetValidShape, "set_validshape", "SetValidShape"},
    // A fresh Acc tile: lhs x rhs (+ the [1, N] bias row in the Bias table);
    // tile.gemv* take a one-row lhs and PyPTO's acc_phase.
    {"tile.matmul", OpKind::kMatmul, "tmatmul", "TMATMUL"},
    {"tile.matmul_bias", OpKind::kMatmul, "tmatmul.bias", "TMATMUL_BIAS"},
    {"tile.matmul_acc", OpKind::kMatmulAcc, "tmatmul.acc", "TMATMUL_ACC", "", "tile.matmul"},
    {"tile.gemv", OpKind::kMatmul, "tgemv", "TGEMV"},
    {"tile.gemv_bias", OpKind::kMatmul, "tgemv.bias", "TGEMV_BIAS"},
    {"tile.gemv_acc", OpKind::kMatmulAcc, "tgemv.acc", "TGEMV_ACC"},
    // The scalar unit's element access of a Vec tile (Tile::GetValue /
    // SetValue at a row-major offset into the physical buffer).
    {"tile.read", OpKind::kTileRead, "tgetval", "GetValue"},
    {"tile.write", OpKind::kTileWrite, "tsetval", "SetValue"},
    {"tile.slice", OpKind::kSubview, "subview", "TSUBVIEW"},
    {"tile.reshape", OpKind::kReshape, "treshape", "TRESHAPE"},
    // PyPTO's byte-preserving reinterpretation: pto.treshape into another
    // element type (and shape), the buffer's bytes kept.
    {"tile.reinterpret_view", OpKind::kReshape, "treshape", "TRESHAPE"},
    // PyPTO's lowering: pto.subview of the result at the offsets, and a
    // pto.tmov of the source into it (after a tmov of the target).
    {"tile.assemble", OpKind::kAssemble, "tmov", "TMOV"},
    // What ptoas 0.60 accepts for textract's destination (a2a3: no INT32).
    {"tile.extract", OpKind::kExtract, "textract", "TEXTRACT",
     "a2a3: FP32 FP16 BF16 INT8 | a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT8"},
    // PyPTO's typed literal (a ConstInt / ConstFloat of the dtype).
    {"const", OpKind::kConst},
    {"min", OpKind::kScalarMinMax},
    {"max", OpKind::kScalarMinMax},
    {"cast", OpKind::kScalarCast},
    // pto.mgather / MGATHER<Coalesce::Row|Elem[, GatherOOB::X]>: what ptoas
    // and pto-isa take for the table's (and the result's) element type.
    {"tile.mgather", OpKind::kMgather, "mgather", "MGATHER",
     "a2a3: FP32 FP16 BF16 INT32 INT16 INT8 | a5: FP32 FP16 BF16 INT32 INT16 INT8"},
    // Compare into a packed mask, select by one: what ptoas 0.60 accepts
    // (its verifiers' arch rules) and pto-isa compiles (its CPU TCMP takes
    // FP32 FP16 BF16 INT32 only), for the compared tile's and (select) the
    // result's element type, probed one kernel per op, type and backend.
    {"tile.cmp", OpKind::kCompare, "tcmp", "TCMP",
     "a2a3: FP32 FP16 INT32 | a5: FP32 FP16 BF16 INT32"},
    {"tile.cmps", OpKind::kCompare, "tcmps", "TCMPS",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 UINT16 | "
     "a5: FP32 FP16 INT32 INT16 INT8 UINT32 UINT16 UINT8"},
    {"tile.sel", OpKind::kSelect, "tsel", "TSEL",
     "a2a3: FP32 FP16 BF16 INT32 INT16 UINT32 UINT16 | "
     "a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT32 UINT16 UINT8"},
    {"tile.sels", OpKind::kSelect, "tsels", "TSELS",
     "a2a3: FP32 FP16 INT32 INT16 UINT32 UINT16 | "
     "a5: FP32 FP16 INT32 INT16 INT8 UINT32 UINT16 UINT8"},
    // pto.ttrans ins(%src, %tmp) / TTRANS(dst, src, tmp): ptoas's types for
    // each element width (4: i32 / f32, 2: i16 / f16 / bf16, 1: i8).
    {"tile.transpose", OpKind::kTranspose, "ttrans", "TTRANS",
     "a2a3: FP32 FP16 BF16 INT32 INT16 INT8 UINT32 UINT16 UINT8 | "
     "a5: FP32 FP16 BF16 INT32 INT16 INT8 UINT32 UINT16 UINT8"},
    // ptoas 0.60 spells all three pto.tfillpad (it infers the expand form
    // from the shapes, the in-place one from equal addresses); pto-isa's
    // CPU and NPU forms take 1-, 2- and 4-byte elements.
    {"tile.fillpad", OpKind::kFillPad, "tfillpad", "TFILLPAD", kFillPadTypes},
    {"tile.fillpad_expand", OpKind::kFillPad, "tfillpad", "TFILLPAD_EXPAND", kFillPadTypes},
    {"tile.fillpad_inplace", OpKind::kFillPad, "tfillpad", "TFILLPAD_INPLACE", kFillPadTypes},
    // The async L2 prefetch (codegen/README.md): PyPTO's PTO-AS ops and
    // what ptoas emits for them in C++.
    {"prefetch.make_context", OpKind::kPrefetchContext, "make_prefetch_async_context",
     "PrefetchAsyncContext"},
    {"prefetch.async_prefetch", OpKind::kPrefetchAsync, "tprefetch_async", "TPREFETCH_ASYNC"},
    {"prefetch.session", OpKind::kPrefetchSession, "get_prefetch_async_session", "session"},
    {"prefetch.wait", OpKind::kPrefetchWait, "comm.wait_async_event", "Wait"},
    // The scalar unit's local arrays (lowering_array.h).
    {"array.create", OpKind::kArrayCreate, "declare_local_array"},
    {"array.get_element", OpKind::kArrayGet, "local_array_get"},
    {"pld.get_comm_ctx", OpKind::kGetCommCtx},
    {"pld.rank", OpKind::kRank},
    {"pld.nranks", OpKind::kNRanks},
    {"tile.get_subblock_idx", OpKind::kSubblockIdx},
    {"tile.get_block_idx", OpKind::kBlockIdx},
    {"tile.get_block_num", OpKind::kBlockNum},
    {"tensor.read", OpKind::kTensorRead},
    {"tensor.write", OpKind::kTensorWrite},
    {"pld.tile.remote_store", OpKind::kRemoteStore},
    {"pld.tile.remote_load", OpKind::kRemoteLoad},
    {"pld.tile.put", OpKind::kTilePut},
    {"pld.tensor.put", OpKind::kTensorPut},
    {"pld.tile.get", OpKind::kTileGet},
    {"pld.tensor.get", OpKind::kTensorGet},
    {"pld.system.notify", OpKind::kNotify},
    {"pld.system.wait", OpKind::kWait},
    {"pld.system.test", OpKind::kTest},
    {"system.fence", OpKind::kFence},
    {"system.cacheinvalid", OpKind::kCacheInvalidate},
    {"system.syncall", OpKind::kSyncAll},
    // PyPTO's pto.barrier <PIPE_V | PIPE_M | PIPE_ALL>, pipe_barrier(...).
    {"system.bar_v", OpKind::kBarrier, "PIPE_V", "PIPE_V"},
    {"system.bar_m", OpKind::kBarrier, "PIPE_M", "PIPE_M"},
    {"system.bar_all", OpKind::kBarrier, "PIPE_ALL", "PIPE_ALL"},
    {"tile.tpush_to_aiv", OpKind::kPushToAiv},
    {"tile.tpush_to_aic", OpKind::kPushToAic},
    {"tile.tpop_from_aic", OpKind::kPopFromAic},
    {"tile.tpop_from_aiv", OpKind::kPopFromAiv},
    {"system.tfree_to_aic", OpKind::kFreeToAic},
    {"system.tfree_to_aiv", OpKind::kFreeToAiv},
    {"system.reserve_buffer", OpKind::kReserveBuffer},
    {"system.import_peer_buffer", OpKind::kImportBuffer},
    {"system.aic_initialize_pipe", OpKind::kAicInitPipe},
    {"system.aiv_initialize_pipe", OpKind::kAivInitPipe},
};

std::vector<OpLowering> BuildLowerings() {
  std::vector<OpLowering> table;
  for (const FixedLowering& f : kFixedLowerings) {
    table.push_back({std::string(f.op), f.kind, nullptr, std::string(f.pto_name),
                     std::string(f.cce_name), std::string(f.accepts)});
  }
  // An accumulating op's initializing form: the instructions of its init_op
  // (both rows are in the table: they are rows of kFixedLowerings).
  auto row = [&](absl::string_view op) {
    return &*std::find_if(table.begin(), table.end(),
                          [&](const OpLowering& l) { return l.op == op; });
  };
  for (const FixedLowering& f : kFixedLowerings) {
    if (f.init_op.empty()) continue;
    OpLowering* acc = row(f.op);
    const OpLowering* init = row(f.init_op);
    acc->init_pto_name = init->pto_name;
    acc->init_cce_name = init->cce_name;
  }
  for (const ElementwiseOp& e : ElementwiseOps()) {
    table.push_back({std::string(e.op), OpKind::kElementwise, &e,
                     absl::AsciiStrToLower(e.instruction), std::string(e.instruction),
                     std::string(e.accepts)});
  }
  return table;
}

absl::Status CheckLane(const Function& fn, const Expr& call, const Location& loc) {
  const Lane lane = LaneOf(call);
  const absl::string_view kernel = fn.kind == FunctionKind::kAIC ? "AIC" : "AIV";
  if (lane == Lane::kBoundary) {
    return ErrorAt(loc, absl::StrCat("this tile.move crosses between the cube and vector "
                                     "lanes; in ", kernel, " kernel '", fn.name,
                                     "' it cannot be emitted (expand-mixed-kernel turns "
                                     "such moves into tpush/tpop)"));
  }
  if ((lane == Lane::kCube && fn.kind == FunctionKind::kAIV) ||
      (lane == Lane::kVector && fn.kind == FunctionKind::kAIC)) {
    return ErrorAt(loc, absl::StrCat("'", call.str, "' runs on the ", LaneName(lane),
                                     " lane and cannot be emitted in ", kernel,
                                     " kernel '", fn.name, "'"));
  }
  return absl::OkStatus();
}

}  // namespace

const OpLowering* LoweringOf(const Expr& call) {
  const OpInfo* info = LookupOp(call);
  if (info == nullptr) return nullptr;
  // Asked for every statement by codegen, the planner and both simulators.
  static const auto* const kByName = [] {
    auto* index = new absl::flat_hash_map<std::string, const OpLowering*>();
    for (const OpLowering& l : AllLowerings()) index->emplace(l.op, &l);
    return index;
  }();
  auto it = kByName->find(info->name);
  return it == kByName->end() ? nullptr : it->second;
}

absl::StatusOr<const OpLowering*> LowerableOp(const Function& fn, const Expr& call,
                                              const Location& loc) {
  const OpLowering* op = LoweringOf(call);
  if (op == nullptr) {
    if (call.is_function_call) {
      return ErrorAt(loc, absl::StrCat("a call of function '", call.str,
                                       "' inside a kernel cannot be emitted; inline it"));
    }
    if (const OpInfo* info = LookupOp(call);
        info != nullptr && !info->not_compiled_reason.empty()) {
      return ErrorAt(loc, absl::StrCat("op '", call.str, "' has no code generation: ",
                                       info->not_compiled_reason));
    }
    if (LookupOp(call) != nullptr) {
      return ErrorAt(loc, absl::StrCat("op '", call.str,
                                       "' has no code generation yet (a PyPTO op ptoc "
                                       "parses and verifies but does not compile)"));
    }
    return ErrorAt(loc, absl::StrCat("op '", call.str,
                                     "' is not registered; code generation cannot lower it"));
  }
  if (absl::Status s = CheckCompiledForm(call); !s.ok()) return ErrorAt(loc, s.message());
  RETURN_IF_ERROR(CheckLane(fn, call, loc));
  return op;
}

absl::Status CheckOperandMemory(const Expr& call, const Location& loc) {
  const OpInfo* info = LookupOp(call);
  if (info == nullptr) return absl::OkStatus();
  const std::vector<std::vector<MemorySpace>>& allowed = info->memory.inputs;
  for (size_t i = 0; i < call.args.size() && i < allowed.size(); ++i) {
    const Type& t = call.args[i]->type;
    if (allowed[i].empty() || !t.is_tile() || !t.has_memory()) continue;
    if (absl::c_linear_search(allowed[i], t.memory())) continue;
    std::vector<std::string> names;
    for (MemorySpace m : allowed[i]) names.emplace_back(MemorySpaceName(m));
    const std::string param =
        i < info->params.size() ? absl::StrCat(" '", info->params[i], "'") : "";
    return ErrorAt(loc, absl::StrCat("'", call.str, "' takes its argument ", i + 1, param,
                                     " in ", absl::StrJoin(names, " or "), ", not in ",
                                     MemorySpaceName(t.memory()),
                                     "; move it there first (tile.move)"));
  }
  return absl::OkStatus();
}


bool IsFillPadInPlace(const Expr& call) { return call.is_op_call("tile.fillpad_inplace"); }

int TriUpperOrLower(const Expr& call) {
  const Expr* upper = AttrOrDefault(call, "upper");
  return upper != nullptr && upper->kind == ExprKind::kBool && upper->bool_value ? 1 : 0;
}

OpFamily FamilyOf(OpKind kind) {
  switch (kind) {
    case OpKind::kTileLoad: case OpKind::kTileStore: case OpKind::kRemoteLoad:
    case OpKind::kRemoteStore: case OpKind::kTileMove: case OpKind::kTileCreate:
    case OpKind::kMatmul: case OpKind::kElementwise: case OpKind::kCast:
    case OpKind::kRowReduce: case OpKind::kColReduce: case OpKind::kSubview:
    case OpKind::kReshape: case OpKind::kAssemble: case OpKind::kMgather:
    case OpKind::kMatmulAcc: case OpKind::kColExpand: case OpKind::kBroadcast:
    case OpKind::kRowExpand: case OpKind::kArgReduce: case OpKind::kTernary:
    case OpKind::kGatherB: case OpKind::kSetValidShape: case OpKind::kTri: case OpKind::kConcat:
    case OpKind::kGatherMask:
    case OpKind::kFull: case OpKind::kExtract: case OpKind::kTileRead:
    case OpKind::kTileWrite: case OpKind::kCompare: case OpKind::kSelect:
    case OpKind::kTranspose: case OpKind::kFillPad: case OpKind::kTileAlloc:
      return OpFamily::kTile;
    case OpKind::kFence: case OpKind::kCacheInvalidate: case OpKind::kSyncAll:
    case OpKind::kBarrier:
      return OpFamily::kSystem;
    case OpKind::kPushToAiv: case OpKind::kPushToAic: case OpKind::kPopFromAic:
    case OpKind::kPopFromAiv: case OpKind::kFreeToAic: case OpKind::kFreeToAiv:
    case OpKind::kReserveBuffer: case OpKind::kImportBuffer: case OpKind::kAicInitPipe:
    case OpKind::kAivInitPipe:
      return OpFamily::kPipe;
    case OpKind::kConst: case OpKind::kScalarMinMax: case OpKind::kScalarCast: case OpKind::kGetCommCtx: case OpKind::kRank: case OpKind::kNRanks: case OpKind::kSubblockIdx:
    case OpKind::kBlockIdx: case OpKind::kBlockNum:
    case OpKind::kTensorRead: case OpKind::kTensorWrite: case OpKind::kTilePut: case OpKind::kTensorPut:
    case OpKind::kTileGet: case OpKind::kTensorGet: case OpKind::kNotify: case OpKind::kWait:
    case OpKind::kTest:
      break;
    case OpKind::kPrefetchContext: case OpKind::kPrefetchAsync:
    case OpKind::kPrefetchSession: case OpKind::kPrefetchWait:
      return OpFamily::kPrefetch;
    case OpKind::kArrayCreate: case OpKind::kArrayGet:
      return OpFamily::kArray;
  }
  return OpFamily::kComm;
}

std::optional<std::vector<DType>> LoweringDTypes(const OpLowering& op,
                                                 absl::string_view backend) {
  if (op.accepts.empty()) return std::nullopt;
  return ParseDTypesByBackend(op.accepts, backend);
}

constexpr absl::string_view kRoundModes[] = {"NONE",  "RINT",  "ROUND", "FLOOR",
                                              "CEIL", "TRUNC", "ODD"};

int CastRoundMode(const Expr& call) {
  const Expr* m = call.FindAttr("mode");
  if (m == nullptr) return 2;  // PyPTO's default, "round"
  if (m->kind == ExprKind::kInt) return static_cast<int>(m->int_value);
  for (int i = 0; i < static_cast<int>(std::size(kRoundModes)); ++i) {
    if (absl::AsciiStrToUpper(m->str) == kRoundModes[i]) return i;
  }
  return 2;  // not reached: the registry's rule admits only these
}

absl::string_view RoundModeName(int mode) { return kRoundModes[mode]; }

const std::vector<OpLowering>& AllLowerings() {
  static const std::vector<OpLowering>* const kTable =
      new std::vector<OpLowering>(BuildLowerings());
  return *kTable;
}

absl::StatusOr<std::vector<Dim>> TileRegion(const Type& tile, size_t rank,
                                            const Location& loc) {
  std::vector<Dim> dims = MovedExtent(tile);  // the valid part is what moves
  // A store moves the tile's valid part, a run-time one too (PyPTO's
  // partition_view sizes are the valid_shape; TSTORE asserts they match).
  const Shape& valid = tile.is_tile() ? tile.view().valid_shape : Shape();
  for (size_t i = 0; i < dims.size() && i < valid.size(); ++i) {
    if (!valid[i].is_static()) dims[i] = valid[i];
  }
  if (dims.size() > rank) {
    return ErrorAt(loc, absl::StrCat("a tile of rank ", dims.size(),
                                     " does not fit a tensor of rank ", rank));
  }
  dims.insert(dims.begin(), rank - dims.size(), Dim::Static(1));
  return dims;
}

absl::StatusOr<GmRegion> RegionAt(const std::string& tensor, size_t rank, const Expr& offsets,
                                  const std::vector<Dim>& sizes, const Location& loc,
                                  const RegionLowering& lower) {
  if ((offsets.kind != ExprKind::kList && offsets.kind != ExprKind::kTuple) ||
      offsets.args.size() != rank || sizes.size() != rank) {
    return ErrorAt(loc, absl::StrCat("expected ", rank, " offsets and sizes for '", tensor, "'"));
  }
  GmRegion r;
  for (const ExprPtr& o : offsets.args) {
    ASSIGN_OR_RETURN(std::string v, lower.offset(*o));
    r.offsets.push_back(v);
    r.static_offsets.push_back(o->kind == ExprKind::kInt ? MaybeInt(o->int_value)
                                                         : std::nullopt);
  }
  for (const Dim& d : sizes) {
    if (d.is_static()) {
      r.sizes.push_back(lower.static_size(d.value));
      r.static_sizes.push_back(d.value);
      continue;
    }
    ASSIGN_OR_RETURN(std::string v, lower.symbolic_size(d.symbol));
    r.sizes.push_back(v);
    r.static_sizes.push_back(std::nullopt);
  }
  return r;
}

}  // namespace codegen
}  // namespace ptoc

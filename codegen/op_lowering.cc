#include "codegen/op_lowering.h"

#include <iterator>

#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"

namespace ptoc {
namespace codegen {
namespace {

constexpr OpLowering kLowerings[] = {
    {"tile.load", OpKind::kTileLoad, "", ""},
    {"tile.store", OpKind::kTileStore, "", ""},
    {"tile.move", OpKind::kTileMove, "", ""},
    {"tile.create", OpKind::kTileCreate, "", ""},
    {"tile.matmul", OpKind::kMatmul, "", ""},
    {"tile.add", OpKind::kTileBinary, "tadd", "TADD"},
    {"tile.sub", OpKind::kTileBinary, "tsub", "TSUB"},
    {"tile.mul", OpKind::kTileBinary, "tmul", "TMUL"},
    {"tile.div", OpKind::kTileBinary, "tdiv", "TDIV"},
    {"tile.max", OpKind::kTileBinary, "tmax", "TMAX"},
    {"tile.exp", OpKind::kTileUnary, "texp", "TEXP"},
    {"tile.relu", OpKind::kTileUnary, "trelu", "TRELU"},
    {"tile.neg", OpKind::kTileUnary, "tneg", "TNEG"},
    {"tile.adds", OpKind::kTileScalar, "tadds", "TADDS"},
    {"tile.muls", OpKind::kTileScalar, "tmuls", "TMULS"},
    {"pld.get_comm_ctx", OpKind::kGetCommCtx, "", ""},
    {"pld.rank", OpKind::kRank, "", ""},
    {"pld.nranks", OpKind::kNRanks, "", ""},
    {"tensor.read", OpKind::kTensorRead, "", ""},
    {"tensor.write", OpKind::kTensorWrite, "", ""},
    {"pld.tile.remote_store", OpKind::kRemoteStore, "", ""},
    {"pld.tile.remote_load", OpKind::kRemoteLoad, "", ""},
    {"pld.tile.put", OpKind::kTilePut, "", ""},
    {"pld.tensor.put", OpKind::kTensorPut, "", ""},
    {"pld.tile.get", OpKind::kTileGet, "", ""},
    {"pld.tensor.get", OpKind::kTensorGet, "", ""},
    {"pld.system.notify", OpKind::kNotify, "", ""},
    {"pld.system.wait", OpKind::kWait, "", ""},
    {"pld.system.test", OpKind::kTest, "", ""},
    {"system.fence", OpKind::kFence, "", ""},
    {"system.cacheinvalid", OpKind::kCacheInvalidate, "", ""},
    {"system.syncall", OpKind::kSyncAll, "", ""},
    {"tile.tpush_to_aiv", OpKind::kPushToAiv, "", ""},
    {"tile.tpush_to_aic", OpKind::kPushToAic, "", ""},
    {"tile.tpop_from_aic", OpKind::kPopFromAic, "", ""},
    {"tile.tpop_from_aiv", OpKind::kPopFromAiv, "", ""},
    {"system.tfree_to_aic", OpKind::kFreeToAic, "", ""},
    {"system.tfree_to_aiv", OpKind::kFreeToAiv, "", ""},
    {"system.reserve_buffer", OpKind::kReserveBuffer, "", ""},
    {"system.import_peer_buffer", OpKind::kImportBuffer, "", ""},
    {"system.aic_initialize_pipe", OpKind::kAicInitPipe, "", ""},
    {"system.aiv_initialize_pipe", OpKind::kAivInitPipe, "", ""},
};

}  // namespace

const OpLowering* LoweringOf(const Expr& call) {
  const OpInfo* info = LookupOp(call);
  if (info == nullptr) return nullptr;
  for (const OpLowering& l : kLowerings) {
    if (l.op == info->name) return &l;
  }
  return nullptr;
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

const OpLowering* AllLowerings(int* count) {
  *count = static_cast<int>(std::size(kLowerings));
  return kLowerings;
}

absl::StatusOr<std::vector<Dim>> TileRegion(const Type& tile, size_t rank,
                                            const Location& loc) {
  std::vector<Dim> dims = tile.shape();
  if (dims.size() > rank) {
    return ErrorAt(loc, absl::StrCat("a tile of rank ", dims.size(),
                                     " does not fit a tensor of rank ", rank));
  }
  dims.insert(dims.begin(), rank - dims.size(), Dim::Static(1));
  return dims;
}

}  // namespace codegen
}  // namespace ptoc

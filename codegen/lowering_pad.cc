#include "codegen/lowering_pad.h"

#include "absl/strings/str_cat.h"
#include "codegen/target_info.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {

absl::Status PlanFillPad(const Expr& call, Backend backend, const Location& loc,
                         CallLowering* plan) {
  const std::string& name = call.str;
  if (call.args.empty() || !call.args[0]->type.is_tile() || !call.type.is_tile()) {
    return ErrorAt(loc, absl::StrCat("'", name, "' takes a tile"));
  }
  const Type& src_type = call.args[0]->type;
  if (src_type.shape().size() != 2 || call.type.shape().size() != 2) {
    return ErrorAt(loc, absl::StrCat("'", name, "' pads a 2-D tile (TFILLPAD), not one of rank ",
                                     src_type.shape().size()));
  }
  ASSIGN_OR_RETURN(TileGeometry src, GeometryOf(src_type, backend, loc));
  ASSIGN_OR_RETURN(TileGeometry dst, GeometryOf(call.type, backend, loc));
  if (src.memory != MemorySpace::kVec || dst.memory != MemorySpace::kVec) {
    return ErrorAt(loc, absl::StrCat("'", name, "' pads a Vec tile, not one in ",
                                     MemorySpaceName(src.memory)));
  }
  if (dst.pad == PadValue::kNull) {
    // pto-isa's static_assert and ptoas's verifier: "dst PadVal != Null".
    return ErrorAt(loc, absl::StrCat("'", name, "' writes a tile whose type has a pad "
                                     "(pl.PadValue.zero, max or min), not null"));
  }
  if (src.blayout != Layout::kRowMajor || src.slayout != Layout::kNoneBox ||
      dst.blayout != Layout::kRowMajor || dst.slayout != Layout::kNoneBox) {
    return ErrorAt(loc, absl::StrCat("'", name, "' pads row-major (ND) tiles"));
  }
  const bool expand = name == "tile.fillpad_expand";
  if (expand) {
    if (dst.rows < src.rows || dst.cols < src.cols) {
      return ErrorAt(loc, absl::StrCat("'", name, "' (TFILLPAD_EXPAND) writes a tile at least "
                                       "its source's ", src.rows, " x ", src.cols, ", not ",
                                       dst.rows, " x ", dst.cols));
    }
  } else if (dst.rows != src.rows || dst.cols != src.cols) {
    return ErrorAt(loc, absl::StrCat("'", name, "' writes a tile of its source's shape (",
                                     src.rows, " x ", src.cols, "), not ", dst.rows, " x ",
                                     dst.cols));
  }
  plan->tile_args = {0};
  MachineStep s;
  s.op = MachineOp::kTVector;
  s.pipe = s.barrier_all_pipe = Pipe::kV;
  s.reads = {Operand{Operand::Kind::kTileArg, 0}};
  s.writes = {Operand{Operand::Kind::kResult, 0}};
  plan->steps.push_back(s);
  return absl::OkStatus();
}

}  // namespace codegen
}  // namespace ptoc

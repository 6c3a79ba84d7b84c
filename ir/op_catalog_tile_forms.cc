// PyPTO's tensor-to-tile conversions (PyPTO at e2d0f78:
// src/ir/transforms/op_conversion_registry.cpp): what each tensor op
// becomes inside a kernel. convert-tensor-to-tile-ops reads them; an op
// without a row keeps its tensor form (tensor.view, tensor.dim, and the
// conversions ptoc does not have yet, which the pass reports).
#include "ir/registry.h"

namespace ptoc {
namespace {

using K = TileForm::Kind;

struct Row {
  const char* tensor_op;
  K kind;
  const char* tile_op;
  std::vector<int> tile_args = {};
};

const Row kRows[] = {
    // One tile op on the operands' tiles (PyPTO's RegisterSimple, and the
    // custom ones that are that for equal shapes: add / sub / mul / div /
    // maximum / minimum broadcast a row vector in PyPTO, which ptoc's
    // tensor ops do not take).
    {"tensor.add", K::kCompute, "tile.add"},
    {"tensor.sub", K::kCompute, "tile.sub"},
    {"tensor.mul", K::kCompute, "tile.mul"},
    {"tensor.div", K::kCompute, "tile.div"},
    {"tensor.maximum", K::kCompute, "tile.maximum"},
    {"tensor.minimum", K::kCompute, "tile.minimum"},
    {"tensor.adds", K::kCompute, "tile.adds"},
    {"tensor.subs", K::kCompute, "tile.subs"},
    {"tensor.muls", K::kCompute, "tile.muls"},
    {"tensor.divs", K::kCompute, "tile.divs"},
    {"tensor.fmod", K::kCompute, "tile.fmod"},
    {"tensor.fmods", K::kCompute, "tile.fmods"},
    {"tensor.exp", K::kCompute, "tile.exp"},
    {"tensor.neg", K::kCompute, "tile.neg"},
    {"tensor.relu", K::kCompute, "tile.relu"},
    {"tensor.sqrt", K::kCompute, "tile.sqrt"},
    {"tensor.abs", K::kCompute, "tile.abs"},
    {"tensor.recip", K::kCompute, "tile.recip"},
    {"tensor.log", K::kCompute, "tile.log"},
    {"tensor.rsqrt", K::kCompute, "tile.rsqrt"},
    {"tensor.sin", K::kCompute, "tile.sin"},
    {"tensor.cos", K::kCompute, "tile.cos"},
    {"tensor.cast", K::kCompute, "tile.cast"},
    {"tensor.ands", K::kCompute, "tile.ands"},
    {"tensor.ors", K::kCompute, "tile.ors"},
    {"tensor.shl", K::kCompute, "tile.shl"},
    {"tensor.shls", K::kCompute, "tile.shls"},
    {"tensor.shr", K::kCompute, "tile.shr"},
    {"tensor.shrs", K::kCompute, "tile.shrs"},
    {"tensor.row_expand", K::kCompute, "tile.row_expand"},
    {"tensor.row_expand_add", K::kCompute, "tile.row_expand_add"},
    {"tensor.row_expand_sub", K::kCompute, "tile.row_expand_sub"},
    {"tensor.row_expand_mul", K::kCompute, "tile.row_expand_mul"},
    {"tensor.row_expand_div", K::kCompute, "tile.row_expand_div"},
    {"tensor.row_expand_max", K::kCompute, "tile.row_expand_max"},
    {"tensor.row_expand_min", K::kCompute, "tile.row_expand_min"},
    {"tensor.row_expand_expdif", K::kCompute, "tile.row_expand_expdif"},
    {"tensor.col_expand", K::kCompute, "tile.col_expand"},
    {"tensor.col_expand_add", K::kCompute, "tile.col_expand_add"},
    {"tensor.col_expand_sub", K::kCompute, "tile.col_expand_sub"},
    {"tensor.col_expand_mul", K::kCompute, "tile.col_expand_mul"},
    {"tensor.col_expand_div", K::kCompute, "tile.col_expand_div"},
    {"tensor.col_expand_max", K::kCompute, "tile.col_expand_max"},
    {"tensor.col_expand_min", K::kCompute, "tile.col_expand_min"},
    {"tensor.col_expand_expdif", K::kCompute, "tile.col_expand_expdif"},
    {"tensor.col_sum", K::kCompute, "tile.col_sum"},
    {"tensor.col_max", K::kCompute, "tile.col_max"},
    {"tensor.col_min", K::kCompute, "tile.col_min"},
    {"tensor.col_prod", K::kCompute, "tile.col_prod"},
    {"tensor.part_add", K::kCompute, "tile.part_add"},
    {"tensor.part_mul", K::kCompute, "tile.part_mul"},
    {"tensor.part_max", K::kCompute, "tile.part_max"},
    {"tensor.part_min", K::kCompute, "tile.part_min"},
    {"tensor.expands", K::kCompute, "tile.expands"},
    {"tensor.reshape", K::kCompute, "tile.reshape"},
    {"tensor.reinterpret_view", K::kCompute, "tile.reinterpret_view"},
    {"tensor.concat", K::kCompute, "tile.concat"},
    {"tensor.set_validshape", K::kCompute, "tile.set_validshape"},
    {"tensor.full", K::kCompute, "tile.full"},
    {"tensor.ci", K::kCompute, "tile.ci"},
    {"tensor.fillpad", K::kCompute, "tile.fillpad"},
    {"tensor.fillpad_expand", K::kCompute, "tile.fillpad_expand"},
    {"tensor.sort32", K::kCompute, "tile.sort32"},
    {"tensor.get_block_idx", K::kCompute, "tile.get_block_idx"},
    {"tensor.get_subblock_idx", K::kCompute, "tile.get_subblock_idx"},
    {"tensor.get_block_num", K::kCompute, "tile.get_block_num"},
    // The source is computed as a tile; the window stays in GM.
    {"pld.tensor.remote_store", K::kCompute, "pld.tile.remote_store", {0}},
    // The memory ops.
    {"tensor.slice", K::kSlice, "tile.slice"},
    {"tensor.assemble", K::kAssemble, "tile.assemble"},
    {"tensor.create", K::kCreate, "tile.create"},
    {"tensor.read", K::kAccess, "tile.read"},
    {"tensor.write", K::kAccess, "tile.write"},
    // Operands loaded into Mat (PyPTO's InputSpaceReq).
    {"tensor.matmul", K::kMatmul, "tile.matmul"},
    {"tensor.matmul_acc", K::kMatmul, "tile.matmul_acc"},
};

}  // namespace

void AddTileForms(OpRegistry& r) {
  for (const Row& row : kRows) {
    r.FindMutable(row.tensor_op)->tile_form = TileForm{row.kind, row.tile_op, row.tile_args};
  }
}

}  // namespace ptoc

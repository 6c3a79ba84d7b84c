// PyPTO's memory-space rules of the tile ops (PyPTO at e2d0f78: the
// set_input_memory / set_output_memory* calls of src/ir/op/**): which
// spaces each tile operand may live in, the preferred one first, and where
// the tile result lives. infer-tile-memory-space reads them to give tiles
// written without a memory space the one PyPTO's InferTileMemorySpace
// gives.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "ir/registry.h"

namespace ptoc {
namespace {

struct Row {
  const char* name;
  // Per argument `;`-separated, the allowed spaces `|`-separated (empty:
  // any).
  const char* inputs;
  // "=Space": fixed; "attr" / "attr:Space": the target_memory attribute
  // (else its default); "inherit": the first tile argument's; "": none.
  const char* output;
};

const Row kRows[] = {
    {"pld.tile.remote_store", "Vec|Acc", ""},
    {"tile.batch_matmul", "Left;Right", "=Acc"},
    {"tile.batch_matmul_acc", "Acc;Left;Right", "=Acc"},
    {"tile.row_expand", "Vec;Vec", "=Vec"},
    {"tile.row_expand_sub", "Vec;Vec", "=Vec"},
    {"tile.row_expand_div", "Vec;Vec", "=Vec"},
    {"tile.row_expand_mul", "Vec;Vec", "=Vec"},
    {"tile.row_expand_add", "Vec;Vec;Vec", "=Vec"},
    {"tile.row_expand_max", "Vec;Vec", "=Vec"},
    {"tile.row_expand_min", "Vec;Vec", "=Vec"},
    {"tile.row_expand_expdif", "Vec;Vec", "=Vec"},
    {"tile.col_expand", "Vec;Vec", "=Vec"},
    {"tile.col_expand_mul", "Vec;Vec", "=Vec"},
    {"tile.col_expand_add", "Vec;Vec", "=Vec"},
    {"tile.col_expand_div", "Vec;Vec", "=Vec"},
    {"tile.col_expand_sub", "Vec;Vec", "=Vec"},
    {"tile.col_expand_max", "Vec;Vec", "=Vec"},
    {"tile.col_expand_min", "Vec;Vec", "=Vec"},
    {"tile.col_expand_expdif", "Vec;Vec", "=Vec"},
    {"tile.expands", "Vec", "=Vec"},
    {"tile.aiv_shard", "", "=Vec"},
    {"tile.aic_gather", "", "=Mat"},
    {"tile.rem", "Vec;Vec;Vec", "=Vec"},
    {"tile.part_add", "Vec;Vec", "=Vec"},
    {"tile.part_mul", "Vec;Vec", "=Vec"},
    {"tile.part_max", "Vec;Vec", "=Vec"},
    {"tile.part_min", "Vec;Vec", "=Vec"},
    {"tile.fmod", "Vec;Vec", "=Vec"},
    {"tile.rems", "Vec;;Vec", "=Vec"},
    {"tile.fmods", "Vec", "=Vec"},
    {"tile.xor", "Vec;Vec;Vec", "=Vec"},
    {"tile.xors", "Vec;;Vec", "=Vec"},
    {"tile.prelu", "Vec;Vec;Vec", "=Vec"},
    {"tile.addc", "Vec;Vec;Vec", "=Vec"},
    {"tile.subc", "Vec;Vec;Vec", "=Vec"},
    {"tile.addsc", "Vec;;Vec", "=Vec"},
    {"tile.subsc", "Vec;;Vec", "=Vec"},
    {"tile.sel", "Vec;Vec;Vec;Vec", "=Vec"},
    {"tile.sels", "Vec;Vec;Vec", "=Vec"},
    {"tile.cmp", "Vec;Vec", "=Vec"},
    {"tile.cmps", "Vec", "=Vec"},
    {"tile.fillpad", "Vec", "=Vec"},
    {"tile.fillpad_inplace", "Vec", "=Vec"},
    {"tile.fillpad_expand", "Vec", "=Vec"},
    {"tile.gather", "Vec;Vec;Vec", "=Vec"},
    {"tile.gatherb", "Vec;Vec", "=Vec"},
    {"tile.gather_mask", "Vec", "=Vec"},
    {"tile.gather_compare", "Vec;;Vec", "=Vec"},
    {"tile.matmul", "Left;Right", "=Acc"},
    {"tile.matmul_acc", "Acc;Left;Right", "=Acc"},
    {"tile.matmul_bias", "Left;Right;Bias", "=Acc"},
    {"tile.gemv", "Left;Right", "=Acc"},
    {"tile.gemv_acc", "Acc;Left;Right", "=Acc"},
    {"tile.gemv_bias", "Left;Right;Bias", "=Acc"},
    {"tile.matmul_mx", "Left;LeftScale;Right;RightScale", "=Acc"},
    {"tile.matmul_mx_acc", "Acc;Left;LeftScale;Right;RightScale", "=Acc"},
    {"tile.matmul_mx_bias", "Left;LeftScale;Right;RightScale;Bias", "=Acc"},
    {"tile.tget_scale_addr", "", "inherit"},
    {"tile.write", "Vec", "=Vec"},
    {"tile.read", "Vec", ""},
    {"tile.create", "", "attr"},
    {"tile.load", "", "attr"},
    {"tile.store", "Vec|Acc", ""},
    {"tile.mscatter", "Vec;Vec", ""},
    {"tile.mgather", "", "attr:Vec"},
    {"tile.move", "", "attr:Vec"},
    {"tile.full", "", "=Vec"},
    {"tile.ci", "", "=Vec"},
    {"tile.tri", "", "=Vec"},
    {"tile.random", "", "=Vec"},
    {"tile.row_sum", "Vec;Vec", "=Vec"},
    {"tile.row_max", "Vec;Vec", "=Vec"},
    {"tile.row_min", "Vec;Vec", "=Vec"},
    {"tile.row_prod", "Vec;Vec", "=Vec"},
    {"tile.col_sum", "Vec;Vec", "=Vec"},
    {"tile.col_max", "Vec", "=Vec"},
    {"tile.col_min", "Vec", "=Vec"},
    {"tile.col_prod", "Vec", "=Vec"},
    {"tile.row_argmax", "Vec;Vec", "=Vec"},
    {"tile.row_argmin", "Vec;Vec", "=Vec"},
    {"tile.col_argmax", "Vec;Vec", "=Vec"},
    {"tile.col_argmin", "Vec;Vec", "=Vec"},
    {"tile.scatter", "Vec;Vec;Vec", "=Vec"},
    {"tile.scatter_mask", "Vec;Vec", "=Vec"},
    {"tile.sort32", "Vec;Vec", "=Vec"},
    {"tile.mrgsort_format2", "Vec;Vec;Vec;Vec;Vec", "=Vec"},
    {"tile.mrgsort_format1", "Vec", "=Vec"},
    {"tile.slice", "", "inherit"},
    {"tile.reshape", "", "inherit"},
    {"tile.reinterpret_view", "", "inherit"},
    {"tile.transpose", "", "inherit"},
    {"tile.transpose_view", "", "inherit"},
    {"tile.assemble", "", "inherit"},
    {"tile.extract", "", "attr:Vec"},
    {"tile.scatter_update", "Vec;Vec;Vec", "=Vec"},
    {"tile.concat", "Vec;Vec", "=Vec"},
    {"tile.set_validshape", "", "inherit"},
    {"tile.sin", "Vec", "=Vec"},
    {"tile.cos", "Vec", "=Vec"},
    {"tile.rsqrt", "Vec;Vec", "=Vec"},
    {"tile.cast", "Vec", "=Vec"},
};

MemorySpace SpaceNamed(absl::string_view name) {
  return ParseMemorySpace(name).value_or(MemorySpace::kVec);
}

}  // namespace

void AddMemorySpecs(OpRegistry& r) {
  for (const Row& row : kRows) {
    OpInfo* info = r.FindMutable(row.name);
    // ptoc spells PyPTO's tile.and / or / not / xor as Python does (and_).
    if (info == nullptr) info = r.FindMutable(absl::StrCat(row.name, "_"));
    if (info == nullptr) continue;
    MemorySpec spec;
    absl::string_view inputs = row.inputs;
    if (!inputs.empty()) {
      for (absl::string_view arg : absl::StrSplit(inputs, ';')) {
        std::vector<MemorySpace> allowed;
        if (!arg.empty()) {
          for (absl::string_view m : absl::StrSplit(arg, '|')) allowed.push_back(SpaceNamed(m));
        }
        spec.inputs.push_back(std::move(allowed));
      }
    }
    absl::string_view out = row.output;
    if (absl::ConsumePrefix(&out, "=")) {
      spec.output = MemorySpec::Output::kFixed;
      spec.fixed = SpaceNamed(out);
    } else if (absl::ConsumePrefix(&out, "attr")) {
      spec.output = MemorySpec::Output::kFromAttr;
    } else if (out == "inherit") {
      spec.output = MemorySpec::Output::kInheritInput;
    }
    info->memory = std::move(spec);
  }
}

}  // namespace ptoc

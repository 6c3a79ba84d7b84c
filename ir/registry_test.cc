#include "ir/registry.h"

#include <set>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "ir/builder.h"

namespace ptoc {
namespace {

ExprPtr TileArg(MemorySpace m, Shape shape = {Dim::Static(16), Dim::Static(16)},
                DType d = DType::kFP32) {
  ExprPtr e = MakeInt(0, {});
  e->kind = ExprKind::kVar;
  e->type = Type::Tile(std::move(shape), d, m);
  return e;
}

ExprPtr TensorArg(bool window) {
  ExprPtr e = MakeInt(0, {});
  e->kind = ExprKind::kVar;
  Shape s = {Dim::Static(16), Dim::Static(16)};
  e->type = window ? Type::DistributedTensor(s, DType::kFP32) : Type::Tensor(s, DType::kFP32);
  return e;
}


TEST(RegistryTest, HoldsTheWholeCatalog) {
  // The compiled ops beside the element-wise rows of tile_elementwise.def.
  const char* ops[] = {
      "tile.load", "tile.store", "tile.move", "tile.create", "tile.matmul",
      "pld.get_comm_ctx", "pld.rank", "pld.nranks",
      "tensor.read", "tensor.write", "pld.tile.remote_store", "pld.tile.remote_load",
      "pld.tile.put", "pld.tensor.put", "pld.tile.get", "pld.tensor.get",
      "pld.system.notify", "pld.system.wait", "pld.system.test", "system.fence",
      "system.cacheinvalid", "system.syncall", "tile.tpush_to_aiv", "tile.tpush_to_aic",
      "tile.tpop_from_aic", "tile.tpop_from_aiv", "system.tfree_to_aic",
      "system.tfree_to_aiv", "system.reserve_buffer", "system.import_peer_buffer",
      "system.aic_initialize_pipe", "system.aiv_initialize_pipe", "tile.get_subblock_idx",
      "tile.cast", "tile.slice", "tile.row_sum", "tile.row_max", "tile.row_min", "tile.col_sum",
      "tile.col_max", "tile.col_min", "tile.get_block_idx", "tile.get_block_num",
      "tile.matmul_acc", "tile.row_prod", "tile.col_prod", "tile.row_expand",
      "tile.col_expand", "tile.col_expand_add",
      "tile.col_expand_sub", "tile.col_expand_mul", "tile.col_expand_div",
      "tile.col_expand_max", "tile.col_expand_min", "tile.col_expand_expdif", "tile.full",
      "tile.extract", "tile.read", "tile.write", "tile.reshape",
      "tile.assemble", "const", "tile.mgather", "tile.cmp", "tile.cmps", "tile.sel",
      "tile.sels", "tile.transpose", "tile.fillpad", "tile.fillpad_expand",
      "tile.fillpad_inplace", "tile.alloc", "min", "max",
      "tile.row_expand_add", "tile.row_expand_sub",
      "tile.row_expand_mul", "tile.row_expand_div", "tile.row_expand_max",
      "tile.row_expand_min", "tile.row_expand_expdif", "system.bar_v", "system.bar_m",
      "system.bar_all", "tile.expands", "tile.row_argmax", "tile.row_argmin",
      "tile.col_argmax", "tile.col_argmin", "tile.addc", "tile.subc", "tile.addsc",
      "tile.subsc", "tile.matmul_bias", "tile.gemv", "tile.gemv_bias", "tile.gemv_acc",
      "tile.gatherb", "tile.set_validshape", "tile.reinterpret_view",
      "prefetch.make_context", "prefetch.async_prefetch", "prefetch.session",
      "prefetch.wait", "array.create", "array.get_element",
      "cast", "tile.tri", "tile.concat",
      "tile.gather_mask"};
  for (const char* op : ops) EXPECT_NE(OpRegistry::Get().Find(op), nullptr) << op;
  size_t compiled = 0;
  for (const OpInfo* op : OpRegistry::Get().All()) compiled += op->compiled ? 1 : 0;
  EXPECT_EQ(compiled, std::size(ops) + ElementwiseOps().size());
}

// Every row of tile_elementwise.def is complete: a compiled vector op with
// its parameters and memory rule, types on both backends that all name a
// dtype, and distinct op names.
TEST(RegistryTest, EveryElementwiseRowIsComplete) {
  std::set<std::string> names;
  for (const ElementwiseOp& e : ElementwiseOps()) {
    SCOPED_TRACE(std::string(e.op));
    EXPECT_TRUE(names.insert(std::string(e.op)).second) << "two rows";
    const OpInfo* info = OpRegistry::Get().Find(e.op);
    ASSERT_NE(info, nullptr);
    EXPECT_TRUE(info->compiled);
    EXPECT_EQ(info->params.size(), static_cast<size_t>(e.arity()));
    // Every tile operand (the scratch included) lives in Vec; the scalar
    // anywhere (an empty rule, or none past the end of the list).
    const auto& inputs = info->memory.inputs;
    for (int i = 0; i < e.arity(); ++i) {
      if (e.is_tile(i)) {
        ASSERT_LT(static_cast<size_t>(i), inputs.size()) << i;
        EXPECT_EQ(inputs[i], std::vector<MemorySpace>{MemorySpace::kVec}) << i;
      } else if (static_cast<size_t>(i) < inputs.size()) {
        EXPECT_TRUE(inputs[i].empty()) << i;
      }
    }
    EXPECT_EQ(e.scratch_arg() >= 0, e.form == ElementwiseOp::Form::kBinaryScratch ||
                                        e.form == ElementwiseOp::Form::kScalarScratch ||
                                        e.form == ElementwiseOp::Form::kUnaryScratch);
    // A row whose scratch may be left out is called with or without it.
    if (e.optional_scratch()) {
      EXPECT_TRUE(info->AcceptsArity(e.arity()));
      EXPECT_TRUE(info->AcceptsArity(e.arity() - 1));
    }
    EXPECT_EQ(info->memory.fixed, MemorySpace::kVec);
    EXPECT_FALSE(e.cost.empty());
    EXPECT_EQ(e.instruction, absl::AsciiStrToUpper(e.instruction));
    for (absl::string_view backend : {"a2a3", "a5"}) {
      const std::vector<DType> dtypes = ParseDTypesByBackend(e.accepts, backend);
      EXPECT_FALSE(dtypes.empty()) << backend;
      // Each listed name is a dtype (a misspelt one would drop silently).
      const std::string list(e.accepts);
      const size_t at = list.find(absl::StrCat(backend, ":"));
      ASSERT_NE(at, std::string::npos) << backend;
      const size_t end = list.find('|', at);
      const std::string part = list.substr(at, end == std::string::npos ? end : end - at);
      const std::vector<std::string> words =
          absl::StrSplit(part.substr(part.find(':') + 1), ' ', absl::SkipEmpty());
      EXPECT_EQ(words.size(), dtypes.size()) << backend << ": " << part;
    }
  }
}

TEST(RegistryTest, HoldsPyptoOpsCodegenDoesNotCompile) {
  for (const char* name : {"tensor.add", "tensor.create", "system.task_invalid"}) {
    const OpInfo* op = OpRegistry::Get().Find(name);
    ASSERT_NE(op, nullptr) << name;
    EXPECT_FALSE(op->compiled) << name;
  }
}

TEST(RegistryTest, AllIsSortedByName) {
  auto all = OpRegistry::Get().All();
  for (size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1]->name, all[i]->name);
}

TEST(RegistryTest, SuggestsTheClosestName) {
  EXPECT_EQ(OpRegistry::Get().Suggest("tile.lod"), "tile.load");
  EXPECT_EQ(OpRegistry::Get().Suggest("pld.system.notfy"), "pld.system.notify");
  EXPECT_EQ(OpRegistry::Get().Suggest("completely.different.thing"), std::nullopt);
}

TEST(RegistryTest, AttributeDefaults) {
  const OpInfo* notify = OpRegistry::Get().Find("pld.system.notify");
  ASSERT_NE(notify->FindAttr("op"), nullptr);
  EXPECT_EQ(notify->FindAttr("op")->default_value->str, "AtomicAdd");
  const OpInfo* pop = OpRegistry::Get().Find("tile.tpop_from_aiv");
  EXPECT_EQ(pop->FindAttr("split")->default_value->int_value, 0);
  const OpInfo* move = OpRegistry::Get().Find("tile.move");
  EXPECT_TRUE(move->FindAttr("target_memory")->required);
}

TEST(RegistryTest, CacheInvalidateTakesZeroOrThreeArguments) {
  const OpInfo* ci = OpRegistry::Get().Find("system.cacheinvalid");
  EXPECT_TRUE(ci->AcceptsArity(0));
  EXPECT_TRUE(ci->AcceptsArity(3));
  EXPECT_FALSE(ci->AcceptsArity(1));
}

TEST(RegistryTest, LanesFollowMemorySpaces) {
  std::vector<ExprPtr> args;
  args.push_back(TileArg(MemorySpace::kAcc));
  std::vector<NamedExpr> attrs;
  attrs.push_back(MakeAttr("target_memory", MakeEnum("MemorySpace", "Vec", {})));
  ExprPtr c2v = MakeOpCall("tile.move", std::move(args), std::move(attrs), {}, {});
  EXPECT_EQ(LaneOf(*c2v), Lane::kBoundary);

  args.clear();
  args.push_back(TileArg(MemorySpace::kMat));
  attrs.clear();
  attrs.push_back(MakeAttr("target_memory", MakeEnum("MemorySpace", "Left", {})));
  ExprPtr mat_to_left = MakeOpCall("tile.move", std::move(args), std::move(attrs), {}, {});
  EXPECT_EQ(LaneOf(*mat_to_left), Lane::kCube);

  args.clear();
  args.push_back(TileArg(MemorySpace::kVec));
  args.push_back(MakeIntList({0, 0}, {}));
  args.push_back(TensorArg(true));
  ExprPtr store = MakeOpCall("tile.store", std::move(args), {}, {}, {});
  EXPECT_EQ(LaneOf(*store), Lane::kVector);
  EXPECT_EQ(RoleOf(*store), OpRole::kGmStore);
  EXPECT_EQ(LookupOp(*store)->access.tensor_arg, 2);
}

TEST(RegistryTest, SyncAllLaneFollowsCoreType) {
  ExprPtr mix = MakeOpCall("system.syncall", {}, {}, {}, {});
  EXPECT_EQ(LaneOf(*mix), Lane::kAny);
  std::vector<NamedExpr> attrs;
  attrs.push_back(MakeAttr("core_type", MakeString("aic_only", {})));
  ExprPtr aic = MakeOpCall("system.syncall", {}, std::move(attrs), {}, {});
  EXPECT_EQ(LaneOf(*aic), Lane::kCube);
}

TEST(RegistryTest, ResultTypes) {
  std::vector<ExprPtr> args;
  args.push_back(TileArg(MemorySpace::kLeft, {Dim::Static(16), Dim::Static(32)}, DType::kFP16));
  args.push_back(TileArg(MemorySpace::kRight, {Dim::Static(32), Dim::Static(8)}, DType::kFP16));
  ExprPtr mm = MakeOpCall("tile.matmul", std::move(args), {}, {}, {});
  auto type = LookupOp(*mm)->result(*mm);
  ASSERT_TRUE(type.ok());
  EXPECT_EQ(**type, Type::Tile({Dim::Static(16), Dim::Static(8)}, DType::kFP32,
                               MemorySpace::kAcc));

  args.clear();
  args.push_back(TensorArg(false));
  args.push_back(MakeIntList({0, 0}, {}));
  args.push_back(MakeIntList({16, 16}, {}));
  std::vector<NamedExpr> attrs;
  attrs.push_back(MakeAttr("target_memory", MakeEnum("MemorySpace", "Mat", {})));
  ExprPtr load = MakeOpCall("tile.load", std::move(args), std::move(attrs), {}, {});
  type = LookupOp(*load)->result(*load);
  ASSERT_TRUE(type.ok());
  EXPECT_EQ((*type)->memory(), MemorySpace::kMat);
  EXPECT_FALSE((*type)->has_explicit_view());
  EXPECT_EQ(LaneOf(*load), Lane::kCube);

  ExprPtr pop = MakeOpCall("tile.tpop_from_aic", {}, {}, {}, {});
  type = LookupOp(*pop)->result(*pop);
  ASSERT_TRUE(type.ok());
  EXPECT_FALSE(type->has_value());  // taken from the annotation
}

TEST(RegistryTest, WrongArgumentKindIsAnError) {
  std::vector<ExprPtr> args;
  args.push_back(TensorArg(false));  // not a tile
  ExprPtr relu = MakeOpCall("tile.relu", std::move(args), {}, {}, {});
  EXPECT_FALSE(LookupOp(*relu)->result(*relu).ok());
}

TEST(RegistryTest, OpaqueCalls) {
  ExprPtr custom = MakeOpCall("custom.op", {}, {}, {}, {});
  EXPECT_TRUE(IsOpaqueCall(*custom));
  ExprPtr fence = MakeOpCall("system.fence", {}, {}, {}, {});
  EXPECT_FALSE(IsOpaqueCall(*fence));
  ExprPtr whole = MakeOpCall("system.cacheinvalid", {}, {}, {}, {});
  EXPECT_TRUE(IsWholeGmInvalidate(*whole));
}

TEST(TypesTest, ImplicitViewIsTheSameType) {
  Shape s = {Dim::Static(16), Dim::Static(16)};
  EXPECT_EQ(Type::Tile(s, DType::kFP16, MemorySpace::kMat, NzView()),
            Type::Tile(s, DType::kFP16, MemorySpace::kMat));
  EXPECT_FALSE(Type::Tile(s, DType::kFP16, MemorySpace::kMat, NzView()).has_explicit_view());
  EXPECT_TRUE(Type::Tile(s, DType::kFP16, MemorySpace::kVec, NzView()).has_explicit_view());
  EXPECT_NE(Type::Tile(s, DType::kFP16, MemorySpace::kVec, NzView()),
            Type::Tile(s, DType::kFP16, MemorySpace::kVec));
}

// dual-aiv.md, "Op catalog rows": the boundary ops of split_aiv kernels.
TEST(RegistryTest, SplitBoundaryOps) {
  const OpInfo* shard = OpRegistry::Get().Find("tile.aiv_shard");
  const OpInfo* gather = OpRegistry::Get().Find("tile.aic_gather");
  ASSERT_NE(shard, nullptr);
  ASSERT_NE(gather, nullptr);
  EXPECT_EQ(shard->split_boundary, PipeDirection::kC2V);
  EXPECT_EQ(gather->split_boundary, PipeDirection::kV2C);
  EXPECT_EQ(shard->pipe, PipeDirection::kNone);  // not a transport
  // expand-mixed-kernel folds them into transports: codegen never sees them.
  EXPECT_FALSE(shard->compiled);
  EXPECT_FALSE(gather->compiled);
  ASSERT_NE(shard->FindAttr("split"), nullptr);
  EXPECT_EQ(shard->FindAttr("split")->default_value, nullptr);  // inherited or written
  Var v;
  v.type = Type::Tile({Dim::Static(32), Dim::Static(16)}, DType::kFP32, MemorySpace::kAcc);
  ExprPtr c = MakeVarRef(&v, {});
  std::vector<ExprPtr> args;
  args.push_back(std::move(c));
  std::vector<NamedExpr> attrs;
  attrs.push_back(MakeAttr("split", MakeInt(1, {})));
  ExprPtr call = MakeOpCall("tile.aiv_shard", std::move(args), std::move(attrs), Type::None(), {});
  absl::StatusOr<std::optional<Type>> r = shard->result(*call);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(**r, Type::Tile({Dim::Static(16), Dim::Static(16)}, DType::kFP32, MemorySpace::kVec));
  EXPECT_EQ(LaneOf(*call), Lane::kBoundary);
}

}  // namespace
}  // namespace ptoc

#include "ir/serialize.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "frontend/load_program.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "google/protobuf/unknown_field_set.h"
#include "gtest/gtest.h"
#include "ir/builder.h"
#include "ir/file_util.h"

namespace ptoc {
namespace {

Location At(int line, int col) { return Location{"k.py", line, col}; }
Type Index() { return Type::Scalar(DType::kINDEX); }

template <typename T, typename... U>
std::vector<T> Vec(U... items) {
  std::vector<T> v;
  (v.push_back(std::move(items)), ...);
  return v;
}

// A program that uses every kind of node, type and enum the proto carries.
std::unique_ptr<Program> BuildSample() {
  auto p = std::make_unique<Program>();
  p->name = "Sample";
  p->loc = At(3, 1);
  p->options.backend = "a5";
  p->options.allow_unregistered_ops = true;

  auto f = std::make_unique<Function>();
  f->name = "kernel";
  f->kind = FunctionKind::kAIV;
  f->loc = At(5, 5);
  f->return_type = Index();
  f->attrs.push_back(MakeAttr("nranks", MakeInt(4, {})));
  f->attrs.push_back(MakeAttr("dims", MakeIntList({1, 2}, {})));
  Var* n = f->NewVar("n", Index(), At(6, 9));
  Var* t = f->NewVar("t", Type::Tensor({Dim::Static(16), Dim::Symbolic("n")}, DType::kFP16));
  Var* w = f->NewVar("w", Type::DistributedTensor({Dim::Static(8)}, DType::kINT32));
  f->params = {Param{n, Direction::kIn}, Param{t, Direction::kOut},
               Param{w, Direction::kInOut}};
  TileView view = NzView();
  view.valid_shape = {Dim::Static(16), Dim::Symbolic("n")};
  Var* tile = f->NewVar("tile", Type::Tile({Dim::Static(16), Dim::Static(64)}, DType::kFP16,
                                           MemorySpace::kVec, view));
  Var* ctx = f->NewVar("ctx", Type::CommCtx());
  Var* i = f->NewVar("i", Index());
  Var* acc = f->NewVar("acc", Type::Scalar(DType::kFP32));
  Var* next = f->NewVar("acc", Type::Scalar(DType::kFP32));
  Var* out = f->NewVar("out", Type::Scalar(DType::kFP32));
  Var* r = f->NewVar("r", Index());

  std::vector<StmtPtr> body;
  body.push_back(MakeAssign(
      tile,
      MakeOpCall("tile.load", Vec<ExprPtr>(MakeVarRef(t, At(7, 30)), MakeIntList({0, 0}, {}),
                                           MakeIntList({16, 64}, {})),
                 Vec<NamedExpr>(MakeAttr("target_memory", MakeEnum("MemorySpace", "Vec", {})),
                                MakeAttr("blayout", MakeEnum("TileLayout", "col_major", {}))),
                 tile->type, At(7, 20)),
      At(7, 9)));
  body.push_back(MakeAssign(
      ctx, MakeOpCall("pld.get_comm_ctx", Vec<ExprPtr>(MakeVarRef(w, {})), {}, ctx->type, {}),
      {}));

  auto loop = std::make_unique<Stmt>();
  loop->kind = StmtKind::kFor;
  loop->loc = At(9, 9);
  loop->var = i;
  loop->start = MakeInt(0, {});
  loop->stop = MakeBinary(BinaryOp::kFloorDiv, MakeVarRef(n, {}), MakeInt(-2, {}), Index(), {});
  loop->step = MakeInt(1, {});
  loop->iter_args = {acc};
  loop->init_values = Vec<ExprPtr>(MakeFloat(0.1, {}));
  loop->results = {out};
  auto neg = std::make_unique<Expr>();
  neg->kind = ExprKind::kUnary;
  neg->unary_op = UnaryOp::kNeg;
  neg->args.push_back(MakeFloat(1e-300, {}));
  std::vector<StmtPtr> loop_body;
  loop_body.push_back(MakeAssign(
      next, MakeBinary(BinaryOp::kDiv, MakeVarRef(acc, {}), std::move(neg), acc->type, {}), {}));
  auto yield = std::make_unique<Stmt>();
  yield->kind = StmtKind::kYield;
  yield->values = Vec<ExprPtr>(MakeVarRef(next, {}));
  loop_body.push_back(std::move(yield));
  loop->body = MakeSeq(std::move(loop_body), {});
  body.push_back(std::move(loop));

  auto cond = std::make_unique<Stmt>();
  cond->kind = StmtKind::kIf;
  auto not_expr = std::make_unique<Expr>();
  not_expr->kind = ExprKind::kUnary;
  not_expr->unary_op = UnaryOp::kNot;
  not_expr->args.push_back(MakeBool(false, {}));
  cond->value = MakeBinary(BinaryOp::kOr, std::move(not_expr),
                           MakeBinary(BinaryOp::kGe, MakeVarRef(n, {}), MakeInt(3, {}),
                                      Type::Scalar(DType::kBOOL), {}),
                           Type::Scalar(DType::kBOOL), {});
  auto then_yield = std::make_unique<Stmt>();
  then_yield->kind = StmtKind::kYield;
  then_yield->values = Vec<ExprPtr>(MakeInt(1, {}));
  cond->body = std::move(then_yield);
  auto else_yield = std::make_unique<Stmt>();
  else_yield->kind = StmtKind::kYield;
  else_yield->values = Vec<ExprPtr>(MakeVarRef(n, {}));
  cond->else_body = MakeSeq(Vec<StmtPtr>(std::move(else_yield)), {});
  cond->results = {r};
  body.push_back(std::move(cond));

  auto loop2 = std::make_unique<Stmt>();
  loop2->kind = StmtKind::kWhile;
  loop2->value = MakeBool(false, {});
  loop2->body = MakeSeq({}, {});
  body.push_back(std::move(loop2));

  auto tuple = std::make_unique<Expr>();
  tuple->kind = ExprKind::kTuple;
  tuple->args = Vec<ExprPtr>(MakeString("a\"b", {}), MakeEnum("DType", "BF16", {}));
  ExprPtr call = MakeOpCall("helper", Vec<ExprPtr>(std::move(tuple)), {}, Type::None(), {});
  call->is_function_call = true;
  body.push_back(MakeEval(std::move(call), {}));
  auto ret = std::make_unique<Stmt>();
  ret->kind = StmtKind::kReturn;
  ret->values = Vec<ExprPtr>(MakeVarRef(r, {}));
  body.push_back(std::move(ret));
  f->body = MakeSeq(std::move(body), At(7, 9));
  p->functions.push_back(std::move(f));
  return p;
}

std::vector<std::string> ExampleFiles() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator("examples")) {
    if (entry.path().extension() == ".py") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::unique_ptr<Program> ParseExample(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFile(path);
  EXPECT_TRUE(text.ok()) << text.status();
  absl::StatusOr<std::unique_ptr<Program>> program = ParseProgram(*text, path);
  EXPECT_TRUE(program.ok()) << program.status();
  return program.ok() ? *std::move(program) : nullptr;
}

std::string ProtoBytes(const ir::Program& proto) {
  std::string bytes;
  proto.SerializeToString(&bytes);
  return bytes;
}

TEST(SerializeTest, SampleRoundTripsExactly) {
  std::unique_ptr<Program> p = BuildSample();
  ir::Program proto = ToProto(*p);
  absl::StatusOr<std::unique_ptr<Program>> back = FromProto(proto);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(PrintProgram(**back), PrintProgram(*p));
  // Everything, locations and expression types included, survives.
  EXPECT_EQ(ProtoBytes(ToProto(**back)), ProtoBytes(proto));
  EXPECT_EQ((*back)->options.backend, "a5");
  EXPECT_TRUE((*back)->options.allow_unregistered_ops);
  const Function& f = *(*back)->functions[0];
  EXPECT_EQ(f.params[1].direction, Direction::kOut);
  EXPECT_EQ(f.params[0].var->loc.line, 6);
  EXPECT_EQ(f.vars.back()->id + 1, f.vars.size());  // NewVar stays fresh
}

TEST(SerializeTest, ExamplesRoundTrip) {
  std::vector<std::string> files = ExampleFiles();
  ASSERT_GE(files.size(), 9u);
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    std::unique_ptr<Program> p = ParseExample(path);
    ASSERT_NE(p, nullptr);
    absl::StatusOr<std::unique_ptr<Program>> back = FromProto(ToProto(*p));
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(PrintProgram(**back), PrintProgram(*p));

    std::string bytes = SerializeProgram(*p);
    EXPECT_EQ(SerializeProgram(*p), bytes);
    EXPECT_EQ(SerializeProgram(*CloneProgram(*p)), bytes);
    absl::StatusOr<std::unique_ptr<Program>> loaded = DeserializeProgram(bytes, "x.pb");
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    EXPECT_EQ(SerializeProgram(**loaded), bytes);
    // Locations survive the trip (the class line of the kernel).
    EXPECT_EQ((*loaded)->loc.file, path);
    EXPECT_GT((*loaded)->loc.line, 0);
  }
}

TEST(SerializeTest, TileViewPadsRoundTrip) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(R"(import pypto.language as pl


@pl.program
class Pads:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
        x: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 128])
        y = pl.tile.fillpad(x, pad_value=pl.PadValue.min)
        z = pl.tile.fillpad(y, pad_value=pl.PadValue.max)
        pl.tile.store(z, [0, 0], out)
)", "pads.py");
  ASSERT_TRUE(p.ok()) << p.status();
  const std::string printed = PrintProgram(**p);
  ASSERT_TRUE(absl::StrContains(printed, "pad=pl.PadValue.min")) << printed;
  ASSERT_TRUE(absl::StrContains(printed, "pad=pl.PadValue.max")) << printed;
  absl::StatusOr<std::unique_ptr<Program>> back = FromProto(ToProto(**p));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(PrintProgram(**back), printed);
}

TEST(SerializeTest, EveryTruncationIsAnError) {
  std::string bytes = SerializeProgram(*BuildSample());
  for (size_t k = 0; k < bytes.size(); ++k) {
    absl::StatusOr<std::unique_ptr<Program>> p = DeserializeProgram(bytes.substr(0, k), "t.pb");
    ASSERT_FALSE(p.ok()) << "prefix of " << k << " bytes loaded";
    EXPECT_TRUE(absl::StartsWith(p.status().message(), "t.pb: error: "))
        << p.status().message();
  }
  absl::StatusOr<std::unique_ptr<Program>> p = DeserializeProgram("", "t.pb");
  ASSERT_FALSE(p.ok());
}

TEST(SerializeTest, RandomBytesAreAnError) {
  std::mt19937 rng(12345);
  std::string valid = SerializeProgram(*BuildSample());
  for (int round = 0; round < 2000; ++round) {
    std::string bytes;
    if (round % 2 == 0) {
      bytes.resize(rng() % 200);
      for (char& c : bytes) c = static_cast<char>(rng());
    } else {
      // Flip a few bytes of a valid file: these get deeper into the reader.
      bytes = valid;
      for (int k = 0; k < 3; ++k) bytes[rng() % bytes.size()] = static_cast<char>(rng());
    }
    // Must not crash; pure noise must not load.
    absl::StatusOr<std::unique_ptr<Program>> p = DeserializeProgram(bytes, "r.pb");
    if (round % 2 == 0) {
      EXPECT_FALSE(p.ok()) << "round " << round;
    }
    if (p.ok()) PrintProgram(**p);
  }
  absl::StatusOr<std::unique_ptr<Program>> p = DeserializeProgram("garbage\xff\xff", "r.pb");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().message(), "r.pb: error: not a valid ptoc IR file");
}

// Applies `mutate` to the sample's proto and expects FromProto to fail with
// a message containing `expected`.
void ExpectRejected(const std::function<void(ir::Program&)>& mutate,
                    absl::string_view expected) {
  ir::Program proto = ToProto(*BuildSample());
  mutate(proto);
  absl::StatusOr<std::unique_ptr<Program>> p = FromProto(proto);
  ASSERT_FALSE(p.ok()) << "accepted; expected: " << expected;
  EXPECT_TRUE(absl::StrContains(p.status().message(), expected)) << p.status().message();
  // The same through the byte path.
  std::string bytes;
  proto.SerializeToString(&bytes);
  EXPECT_FALSE(DeserializeProgram(bytes, "m.pb").ok());
}

ir::Stmt& Body(ir::Program& p, int k) {
  return *p.mutable_functions(0)->mutable_body()->mutable_seq()->mutable_stmts(k);
}

TEST(SerializeTest, BrokenMessagesAreRejected) {
  ExpectRejected([](ir::Program& p) { Body(p, 0).mutable_assign()->set_var_id(99); },
                 "function 'kernel': unknown var id 99");
  ExpectRejected([](ir::Program& p) {
    Body(p, 1).mutable_assign()->mutable_value()->mutable_call()->mutable_args(0)
        ->mutable_var()->set_var_id(-5);
  }, "unknown var id -5");
  ExpectRejected([](ir::Program& p) { p.mutable_functions(0)->mutable_params(0)->set_var_id(42); },
                 "unknown var id 42");
  ExpectRejected([](ir::Program& p) { Body(p, 2).mutable_for_stmt()->add_result_ids(77); },
                 "unknown var id 77");
  ExpectRejected([](ir::Program& p) { p.mutable_functions(0)->mutable_vars(1)->set_id(0); },
                 "duplicate var id 0");
  ExpectRejected([](ir::Program& p) { Body(p, 3).Clear(); }, "a statement has no kind");
  ExpectRejected([](ir::Program& p) {
    Body(p, 0).mutable_assign()->mutable_value()->clear_call();
  }, "an expression has no kind");
  ExpectRejected([](ir::Program& p) {
    p.mutable_functions(0)->mutable_vars(1)->mutable_type()->mutable_shape(1)->clear_kind();
  }, "neither value nor symbol");
  ExpectRejected([](ir::Program& p) {
    p.mutable_functions(0)->mutable_vars(0)->mutable_type()->set_dtype(
        static_cast<ir::DType>(99));
  }, "bad dtype 99");
  ExpectRejected([](ir::Program& p) {
    p.mutable_functions(0)->mutable_vars(3)->mutable_type()->set_memory(
        ir::MEMORY_SPACE_UNSPECIFIED);
  }, "bad memory space 0");
  ExpectRejected([](ir::Program& p) {
    p.mutable_functions(0)->mutable_vars(3)->mutable_type()->mutable_view()->set_slayout(
        static_cast<ir::TileLayout>(-1));
  }, "bad tile layout");
  ExpectRejected([](ir::Program& p) {
    p.mutable_functions(0)->set_kind(ir::FUNCTION_KIND_UNSPECIFIED);
  }, "bad function kind 0");
  ExpectRejected([](ir::Program& p) {
    p.mutable_functions(0)->mutable_params(0)->set_direction(static_cast<ir::Direction>(7));
  }, "bad direction 7");
  ExpectRejected([](ir::Program& p) {
    Body(p, 2).mutable_for_stmt()->mutable_stop()->mutable_binary()->set_op(
        static_cast<ir::BinaryOp>(15));
  }, "bad binary op 15");
  ExpectRejected([](ir::Program& p) {
    Body(p, 2).mutable_for_stmt()->mutable_stop()->mutable_binary()->clear_rhs();
  }, "missing binary rhs");
  ExpectRejected([](ir::Program& p) { Body(p, 2).mutable_for_stmt()->clear_body(); },
                 "missing loop body");
  ExpectRejected([](ir::Program& p) { Body(p, 3).mutable_if_stmt()->clear_cond(); },
                 "missing if condition");
  ExpectRejected([](ir::Program& p) { p.mutable_functions(0)->clear_body(); }, "missing body");
  ExpectRejected([](ir::Program& p) { p.mutable_functions(0)->mutable_vars(2)->clear_type(); },
                 "has no type");
  ExpectRejected([](ir::Program& p) {
    p.mutable_functions(0)->mutable_vars(2)->mutable_type()->set_kind(ir::Type::KIND_UNSPECIFIED);
  }, "bad type kind 0");
  ExpectRejected([](ir::Program& p) {
    Body(p, 5).mutable_eval()->mutable_value()->mutable_call()->clear_callee();
  }, "a call has no callee");
  ExpectRejected([](ir::Program& p) {
    ir::Type* type = p.mutable_functions(0)->mutable_vars(1)->mutable_type();
    for (int k = 0; k < 100; ++k) type->add_shape()->set_value(1);
  }, "shape of rank 102");
  ExpectRejected([](ir::Program& p) { p.mutable_functions(0)->clear_name(); },
                 "a function has no name");
  ExpectRejected([](ir::Program& p) { p.clear_name(); }, "the program has no name");
  ExpectRejected([](ir::Program& p) { p.clear_loc(); }, "truncated file?");
}

// The sample with its first loop's start wrapped in `depth` negations.
ir::Program NestedSample(int depth) {
  ir::Program proto = ToProto(*BuildSample());
  ir::Expr* e = Body(proto, 2).mutable_for_stmt()->mutable_start();
  for (int k = 0; k < depth; ++k) {
    ir::Unary* u = e->mutable_unary();
    u->set_op(ir::NEG);
    e = u->mutable_operand();
  }
  e->set_int_value(1);
  return proto;
}

// A .pb from a ptoc whose ir.proto has a field this one lacks: the field
// may carry meaning, so the file is refused, naming the field and versions.
TEST(SerializeTest, AFieldFromANewerFormatIsNamed) {
  ir::Program proto = ToProto(*BuildSample());
  EXPECT_GE(proto.format_version(), 1u);
  proto.set_format_version(proto.format_version() + 1);
  Body(proto, 2).GetReflection()->MutableUnknownFields(&Body(proto, 2))->AddVarint(77, 1);
  absl::StatusOr<std::unique_ptr<Program>> p = DeserializeProgram(ProtoBytes(proto), "new.pb");
  ASSERT_FALSE(p.ok());
  const std::string message(p.status().message());
  EXPECT_TRUE(absl::StrContains(
      message, absl::StrCat("new.pb: error: written by ptoc IR format ", proto.format_version(),
                            ", it holds field 77 of ptoc.ir.Stmt (at "
                            "Program.functions[0].body.seq.stmts[2]), which this ptoc (IR "
                            "format ", proto.format_version() - 1,
                            ") does not know; read it with a newer ptoc")))
      << message;
}

// PyPTO's `(inner, x)` with `inner` a tuple: a tuple type inside a tuple
// type, which the reader refused although the parser takes it (found by the
// corpus report's .pb round trip: 4680_func.py).
TEST(SerializeTest, ATupleOfTuplesReadsBack) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(
      "import pypto.language as pl\n\n\n@pl.program\nclass P:\n    @pl.function\n"
      "    def func(self, x: pl.Scalar[pl.INT64]):\n        inner = (x, x)\n"
      "        _ = (inner, x)\n",
      "nested.py");
  ASSERT_TRUE(p.ok()) << p.status();
  const std::string bytes = SerializeProgram(**p);
  absl::StatusOr<std::unique_ptr<Program>> back = DeserializeProgram(bytes, "nested.pb");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(PrintProgram(**back), PrintProgram(**p));
  EXPECT_EQ(SerializeProgram(**back), bytes);
}

TEST(SerializeTest, AFileWithoutAFormatVersionIsRefused) {
  ir::Program proto = ToProto(*BuildSample());
  proto.clear_format_version();
  absl::StatusOr<std::unique_ptr<Program>> p = DeserializeProgram(ProtoBytes(proto), "old.pb");
  ASSERT_FALSE(p.ok());
  EXPECT_TRUE(absl::StrContains(p.status().message(),
                                "old.pb: error: not a complete ptoc IR file: it records no IR "
                                "format version"))
      << p.status().message();
}

TEST(SerializeTest, DeepNestingIsAnErrorNotACrash) {
  ir::Program proto = NestedSample(1500);
  absl::StatusOr<std::unique_ptr<Program>> p = FromProto(proto);
  ASSERT_FALSE(p.ok());
  EXPECT_TRUE(absl::StrContains(p.status().message(), "nested too deeply"));
  std::string bytes;
  proto.SerializeToString(&bytes);
  EXPECT_FALSE(DeserializeProgram(bytes, "deep.pb").ok());
}

TEST(SerializeTest, ModeratelyDeepNestingLoads) {
  // 600 levels are 1200 message levels, past protobuf's default limit of 100.
  std::string bytes;
  NestedSample(600).SerializeToString(&bytes);
  absl::StatusOr<std::unique_ptr<Program>> p = DeserializeProgram(bytes, "deep.pb");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_TRUE(absl::StrContains(PrintProgram(**p), std::string(600, '-') + "1"));
}

TEST(SerializeTest, TextProtoAndJson) {
  std::unique_ptr<Program> p = BuildSample();
  std::string text = ProgramToTextProto(*p, TextProtoFormat::kTextProto);
  EXPECT_TRUE(absl::StartsWith(text, "name: \"Sample\"\n")) << text;
  EXPECT_TRUE(absl::StrContains(text, "callee: \"tile.load\"")) << text;
  std::string json = ProgramToTextProto(*p, TextProtoFormat::kJson);
  EXPECT_TRUE(absl::StrContains(json, "\"name\": \"Sample\"")) << json;
  EXPECT_TRUE(absl::StrContains(json, "\"is_function_call\": true")) << json;
  EXPECT_EQ(ProgramToTextProto(*p, TextProtoFormat::kJson), json);
}

std::string TempPath(absl::string_view name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return absl::StrCat(dir != nullptr ? dir : "/tmp", "/", name);
}

TEST(SerializeTest, LoadProgramPicksTheFormat) {
  std::unique_ptr<Program> p = BuildSample();
  std::string bytes = SerializeProgram(*p);
  for (absl::string_view name : {"sample.pb", "sample.bin"}) {
    std::string path = TempPath(name);
    ASSERT_TRUE(WriteFileAtomically(path, bytes).ok());
    absl::StatusOr<std::unique_ptr<Program>> loaded = LoadProgram(path);
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    EXPECT_EQ(PrintProgram(**loaded), PrintProgram(*p));
  }

  std::string text_path = TempPath("kernel.py");
  ASSERT_TRUE(WriteFileAtomically(text_path, "not a kernel\n").ok());
  absl::StatusOr<std::unique_ptr<Program>> bad_text = LoadProgram(text_path);
  ASSERT_FALSE(bad_text.ok());
  EXPECT_TRUE(absl::StrContains(bad_text.status().message(), "kernel.py:1:"))
      << bad_text.status().message();

  std::string bad_pb = TempPath("bad.pb");
  ASSERT_TRUE(WriteFileAtomically(bad_pb, "import pypto.language as pl\n").ok());
  absl::StatusOr<std::unique_ptr<Program>> not_ir = LoadProgram(bad_pb);
  ASSERT_FALSE(not_ir.ok());
  EXPECT_EQ(not_ir.status().message(), absl::StrCat(bad_pb, ": error: not a valid ptoc IR file"));

  absl::StatusOr<std::unique_ptr<Program>> missing = LoadProgram(TempPath("missing.pb"));
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(absl::StrContains(missing.status().message(), "No such file"));
}

TEST(SerializeTest, LoadProgramParsesExamples) {
  for (const std::string& path : ExampleFiles()) {
    absl::StatusOr<std::unique_ptr<Program>> p = LoadProgram(path);
    EXPECT_TRUE(p.ok()) << path << ": " << p.status();
  }
}

TEST(FileUtilTest, WriteIsAtomicAndReadable) {
  std::string dir = TempPath("write_test");
  std::filesystem::create_directories(dir);
  std::string path = dir + "/out.pb";
  ASSERT_TRUE(WriteFileAtomically(path, std::string("a\0b", 3)).ok());
  ASSERT_TRUE(WriteFileAtomically(path, std::string("xyz\0", 4)).ok());
  absl::StatusOr<std::string> read = ReadFile(path);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(*read, std::string("xyz\0", 4));
  int entries = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    (void)entry;
    ++entries;
  }
  EXPECT_EQ(entries, 1);  // no temporary file left behind

  EXPECT_FALSE(WriteFileAtomically(dir + "/no/such/dir/out.pb", "x").ok());
  absl::StatusOr<std::string> directory = ReadFile(dir);
  ASSERT_FALSE(directory.ok());
  EXPECT_TRUE(absl::StartsWith(directory.status().message(), dir + ": error: cannot read"))
      << directory.status().message();
}

}  // namespace
}  // namespace ptoc

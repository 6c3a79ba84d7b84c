// PyPTO's spellings of known ops (ir/registry.cc, ir/op_catalog_pypto*.cc):
// enum-valued atomic=, pld.tensor.put / get's subregion form and chunk
// attributes, the generic attrs={...} dict of an op call, the shape form
// of alloc_window_buffer, collectives with local operands, views of
// windows, pl.static_print / pl.static_assert, and the forms codegen does
// not lower (CheckCompiledForm).
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "frontend/testing/pypto_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/registry.h"
#include "ir/serialize.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kHead = pypto_test::kProgramHead;
using pypto_test::TypeOf;

std::unique_ptr<Program> Parse(const std::string& body) {
  return pypto_test::ParseVerified(kHead + body);
}

std::string RoundTrip(const std::string& body) { return pypto_test::RoundTrip(kHead + body); }

// The parse error, else the verifier error.
std::string Error(const std::string& body) { return pypto_test::FirstError(kHead + body); }

// The first call statement of the first function.
const Expr& FirstCall(const Program& p) {
  const Stmt& body = *p.functions[0]->body;
  const Stmt& s = body.kind == StmtKind::kSeq ? *body.stmts[0] : body;
  return *CallOf(s);
}

TEST(PyptoOpFormsTest, AtomicTakesPyptoEnum) {
  // pl.AtomicType.X / pld.AtomicType.X are the strings of ir.md.
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t = pl.load(x, [0, 0], [16, 16])
        pl.store(t, [0, 0], o, atomic=pl.AtomicType.Add)
        pl.store(t, [0, 0], o, atomic=pld.AtomicType.None_)
)");
  // PyPTO's printer writes the enum, not the string.
  EXPECT_THAT(out, HasSubstr("pl.tile.store(t, [0, 0], o, atomic=pl.AtomicType.Add)"));
  EXPECT_THAT(out, HasSubstr("pl.tile.store(t, [0, 0], o)\n"));
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t = pl.load(x, [0, 0], [16, 16])
        pl.store(t, [0, 0], o, atomic=pl.PadValue.zero)
)"),
              HasSubstr("attribute 'atomic' of 'tile.store' must be a string"));
}

TEST(PyptoOpFormsTest, PutAndGetSubregionAndChunks) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, dst: pld.DistributedTensor[[16, 64], pl.FP16],
          src: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
        pld.tensor.put(dst, peer=peer, src=src, dst_offsets=[0, 0], src_offsets=[0, 0],
                       shape=[8, 64], chunk_rows=4, chunk_cols=32)
        pld.tensor.get(dst, peer, src, chunk_rows=4, chunk_cols=32, pipeline=True)
        pld.tensor.put(dst, peer, src, chunk_rows=0, pipeline=False)
)");
  EXPECT_THAT(out, HasSubstr("pld.tensor.put(dst, peer, src, [0, 0], [0, 0], [8, 64], "
                             "chunk_rows=4, chunk_cols=32)"));
  EXPECT_THAT(out, HasSubstr("pld.tensor.get(dst, peer, src, chunk_rows=4, chunk_cols=32, "
                             "pipeline=True)"));
  // Defaults are not printed.
  EXPECT_THAT(out, HasSubstr("pld.tensor.put(dst, peer, src)\n"));
  // The three region lists go together.
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, dst: pld.DistributedTensor[[16, 64], pl.FP16],
          src: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
        pld.tensor.put(dst, peer, src, [0, 0])
)"),
              HasSubstr("takes 3 or 6 positional arguments"));
}

TEST(PyptoOpFormsTest, CallAttrsDict) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t = pl.load(x, [0, 0], [16, 16], attrs={"pipeline_membership": "0:1", "dump_vars": [x]})
        pl.store(t, [0, 0], o)
)");
  EXPECT_THAT(out, HasSubstr("[16, 16], attrs={\"pipeline_membership\": \"0:1\", "
                             "\"dump_vars\": [x]})"));
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32]):
        t = pl.load(x, [0, 0], [16, 16], attrs={"manual_dep_edges": [x]})
)"),
              HasSubstr("attrs['manual_dep_edges'] on call to 'tile.load' is not a writable attr"));
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32]):
        t = pl.load(x, [0, 0], [16, 16], attrs=3)
)"),
              HasSubstr("must be a dict literal"));
}

TEST(PyptoOpFormsTest, WindowBufferShapeForm) {
  // The shape form is PyPTO's byte form: the product times the element size.
  std::string out = RoundTrip(R"(    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def main(self, n: pl.Scalar[pl.INDEX]):
        a = pld.alloc_window_buffer([64, 128], dtype=pl.FP32)
        b = pld.tensor.alloc_window_buffer([64, n], dtype=pl.INT16)
        c = pld.alloc_window_buffer(256)
)");
  EXPECT_THAT(out, HasSubstr("pld.tensor.alloc_window_buffer(32768)"));
  EXPECT_THAT(out, HasSubstr("pld.tensor.alloc_window_buffer(64 * n * 2)"));
  EXPECT_THAT(out, Not(HasSubstr("dtype=")));
  const char* kBad[][2] = {
      {"[]", "shape must be non-empty"},
      {"[0, 128]", "dimension[0] is 0; all dimensions must be positive"},
      {"[64, -1]", "dimension[1] is -1"},
  };
  for (const auto& [shape, message] : kBad) {
    EXPECT_THAT(Error(absl::StrCat(R"(    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def main(self):
        a = pld.alloc_window_buffer()",
                                   shape, R"(, dtype=pl.FP32)
)")),
                HasSubstr(message));
  }
  EXPECT_THAT(Error(R"(    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def main(self):
        a = pld.alloc_window_buffer([64, 128])
)"),
              HasSubstr("requires dtype= when the first argument is a shape"));
  EXPECT_THAT(Error(R"(    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def main(self):
        a = pld.alloc_window_buffer(64, dtype=pl.FP32)
)"),
              HasSubstr("dtype= is only valid when the first argument is a shape"));
}

TEST(PyptoOpFormsTest, CollectivesTakeLocalInputs) {
  const std::string body = R"(    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, inp: pl.Tensor[[1, 64], pl.FP32], counts: pl.Tensor[[4, 1], pl.INT32],
             data: pld.DistributedTensor[[4, 64], pl.FP32],
             recv: pld.DistributedTensor[[4, 1], pl.INT32],
             signal: pld.DistributedTensor[[4, 1], pl.INT32]):
        g = pld.tensor.allgather(inp, data, signal)
        v = pld.tensor.all_to_all_v(inp, data, signal, counts, recv)
        r = pld.tensor.allreduce(data, op=pld.ReduceOp.Sum)
)";
  RoundTrip(body);
  std::unique_ptr<Program> p = Parse(body);
  ASSERT_NE(p, nullptr);
  // The result is the target window.
  for (const char* v : {"g", "v", "r"}) {
    EXPECT_EQ(TypeOf(*p, v), "pld.DistributedTensor[[4, 64], pl.FP32]") << v;
  }
  // The signal and the target stay windows.
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, inp: pl.Tensor[[1, 64], pl.FP32], data: pl.Tensor[[4, 64], pl.FP32],
             signal: pld.DistributedTensor[[4, 1], pl.INT32]):
        g = pld.tensor.allgather(inp, data, signal)
)"),
              HasSubstr("expects a window (pld.DistributedTensor) as argument 2"));
}

TEST(PyptoOpFormsTest, ViewsOfWindowsAreWindows) {
  const std::string body = R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, data: pld.DistributedTensor[[16, 16], pl.INT32]):
        v = pl.tensor.view(data, [16, 16])
        s = pl.tensor.slice(data, [4, 16], [2, 0])
        pld.system.wait(v, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Eq)
        pld.system.wait(s, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Eq)
)";
  RoundTrip(body);
  std::unique_ptr<Program> p = Parse(body);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(TypeOf(*p, "v"), "pld.DistributedTensor[[16, 16], pl.INT32]");
  EXPECT_EQ(TypeOf(*p, "s"), "pld.DistributedTensor[[4, 16], pl.INT32]");
}

TEST(PyptoOpFormsTest, StaticPrintAndAssertLeaveNoStatement) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32]):
        pl.static_print("input:", x)
        pl.static_assert(64 > 32, "shape")
        pl.static_assert(True)
        t = pl.load(x, [0, 0], [16, 16])
)");
  EXPECT_THAT(out, Not(HasSubstr("static_")));
  const char* kBad[][2] = {
      {"pl.static_print()", "static_print() requires at least 1 argument"},
      {"pl.static_assert(10 > 32, \"too small\")", "static_assert failed: too small"},
      {"pl.static_assert(0)", "static_assert failed"},
      {"pl.static_assert(True, \"a\", \"b\")", "static_assert() requires 1 or 2 arguments"},
      {"pl.static_assert(True, 3)", "message must be a string literal"},
      {"pl.static_assert(n > 0)", "static_assert condition must be compile-time evaluable"},
  };
  for (const auto& [stmt, message] : kBad) {
    EXPECT_THAT(Error(absl::StrCat(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, n: pl.Scalar[pl.INDEX]):
        )",
                                   stmt, "\n")),
                HasSubstr(message));
  }
}

TEST(PyptoOpFormsTest, CompiledFormsOfCompiledOps) {
  std::unique_ptr<Program> p = Parse(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, dst: pld.DistributedTensor[[16, 64], pl.FP16],
          src: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
        pld.tensor.put(dst, peer, src, chunk_rows=4, chunk_cols=64, pipeline=True)
        pld.tensor.put(dst, peer, src, [0, 0], [0, 0], [8, 64], chunk_rows=4)
        pld.tensor.put(dst, peer, src, attrs={"pipeline_membership": "0:1"})
        pld.tensor.put(dst, peer, src, chunk_rows=0)
)");
  ASSERT_NE(p, nullptr);
  const Stmt& body = *p->functions[0]->body;
  ASSERT_EQ(body.stmts.size(), 4u);
  EXPECT_THAT(std::string(CheckCompiledForm(*CallOf(*body.stmts[0])).message()),
              HasSubstr("with attribute 'pipeline' has no code generation yet"));
  EXPECT_TRUE(CheckCompiledForm(*CallOf(*body.stmts[1])).ok());
  EXPECT_THAT(std::string(CheckCompiledForm(*CallOf(*body.stmts[2])).message()),
              HasSubstr("PyPTO call attributes (attrs={...})"));
  EXPECT_TRUE(CheckCompiledForm(*CallOf(*body.stmts[3])).ok());
  EXPECT_TRUE(CheckCompiledForm(FirstCall(*p)).code() == absl::StatusCode::kUnimplemented);
}

TEST(PyptoOpFormsTest, TileCreateLayoutsAndTpopShape) {
  const std::string body = R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self):
        z = pl.tile.create([16, 128], dtype=pl.BF16, target_memory=pl.Mem.Mat, transpose=True)
        f = pl.tile.create([16, 128], pl.BF16, pl.Mem.Mat, flat_layout=True)
        t = pl.tpop_from_aic(shape=[16, 16], dtype=pl.FP32, split=0)
)";
  std::string out = RoundTrip(body);
  EXPECT_THAT(out, HasSubstr("pl.tile.create(\n            shape=[16, 128], dtype=pl.BF16, "
                             "target_memory=pl.Mem.Mat, transpose=True\n        )"));
  EXPECT_THAT(out, HasSubstr("t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = "
                             "pl.tile.tpop_from_aic()"));
  std::unique_ptr<Program> p = Parse(body);
  ASSERT_NE(p, nullptr);
  EXPECT_THAT(TypeOf(*p, "z"), HasSubstr("blayout=pl.TileLayout.row_major, "
                                         "slayout=pl.TileLayout.col_major"));
  EXPECT_THAT(TypeOf(*p, "f"), HasSubstr("slayout=pl.TileLayout.none_box"));
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self):
        z = pl.tile.create([16, 128], dtype=pl.BF16, transpose=True)
)"),
              HasSubstr("transpose=True only for a 2D tile with target_memory=Mat"));
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self):
        t = pl.tpop_from_aic(shape=[16, 16], split=0)
)"),
              HasSubstr("shape and dtype must both be provided or both omitted"));
}

TEST(PyptoOpFormsTest, PadValueSugarAndSliceAttributes) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 32], pl.FP32]):
        a = pl.fillpad(x, 0)
        b = pl.fillpad(x, pad_value=0.0)
        s = pl.slice(x, [8, 32], [0, 0], valid_shape=[8, 8], pad_value=pl.PadValue.min)
        c = pl.tensor.create([32, 32], dtype=pl.FP16, manual_dep=True)
)");
  EXPECT_THAT(out, HasSubstr("pl.tensor.fillpad(x, pad_value=pl.PadValue.zero)"));
  EXPECT_THAT(out, HasSubstr("pad_value=pl.PadValue.min)"));
  EXPECT_THAT(out, HasSubstr("manual_dep=True"));
  for (const char* bad : {"7", "3.14", "pl.PadValue.null", "\"zero\""}) {
    EXPECT_THAT(Error(absl::StrCat(R"(    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 32], pl.FP32]):
        a = pl.fillpad(x, )",
                                   bad, ")\n")),
                HasSubstr("pad_value")) << bad;
  }
}

TEST(PyptoOpFormsTest, HighPrecisionAndScalarDispatch) {
  std::string out = RoundTrip(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], cfg: pl.Tensor[[2], pl.INT64]):
        t = pl.load(x, [0, 0], [16, 16])
        d = pl.tile.div(t, t, high_precision=True)
        e = pl.tile.add(t, 2.0)
        a = pl.tensor.read(cfg, [0])
        b = pl.tensor.read(cfg, [1])
        c = pl.add(a, b)
        q = pl.mul(a, 3)
        n = not a
        m = ~a
)");
  EXPECT_THAT(out, HasSubstr("pl.tile.div(t, t, high_precision=True)"));
  EXPECT_THAT(out, HasSubstr("pl.tile.adds(t, 2.0)"));
  EXPECT_THAT(out, HasSubstr("c: pl.Scalar[pl.INT64] = a + b"));
  EXPECT_THAT(out, HasSubstr("q: pl.Scalar[pl.INT64] = a * 3"));
  EXPECT_THAT(out, HasSubstr("n: pl.Scalar[pl.BOOL] = not a"));
  EXPECT_THAT(out, HasSubstr("m: pl.Scalar[pl.INT64] = ~a"));
  std::unique_ptr<Program> p = Parse(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32]):
        t = pl.load(x, [0, 0], [16, 16])
        d = pl.tile.div(t, t, high_precision=True)
)");
  ASSERT_NE(p, nullptr);
  // high_precision=True is compiled (TDIV<DivAlgorithm::HIGH_PRECISION>).
  EXPECT_TRUE(CheckCompiledForm(*CallOf(*p->functions[0]->body->stmts[1])).ok());
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, f: pl.Scalar[pl.FP32]):
        m = ~f
)"),
              HasSubstr("unary '~' needs an integer scalar operand"));
}

TEST(PyptoOpFormsTest, ShortSpellingsMarkersAndSelectors) {
  const std::string body = R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[32, 32], pl.INT32], m: pl.Tensor[[16, 64], pl.FP32]):
        ta = pl.load(a, [0, 0], [32, 32])
        tmp = pl.load(a, [0, 0], [32, 32])
        x = pl.xor(ta, ta, tmp)
        tm = pl.load(m, [0, 0], [16, 64])
        g: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.gather_mask(
            tm, mask_pattern=pl.tile.MaskPattern.P1010)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]):
        t = pl.create_tensor([n, 128], dtype=pl.FP32)
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.optimizations.split(pl.SplitMode.UP_DOWN)],
                   no_dep_args=[x]):
            y = pl.add(x, x)
        z = pl.no_dep(x)
)";
  std::string out = RoundTrip(body);
  EXPECT_THAT(out, HasSubstr("pl.tile.xor_(ta, ta, tmp)"));
  EXPECT_THAT(out, HasSubstr("mask_pattern=2"));
  EXPECT_THAT(out, HasSubstr("optimizations=[pl.split(pl.SplitMode.UP_DOWN)]"));
  EXPECT_THAT(out, HasSubstr("pl.no_dep(x)"));
  std::unique_ptr<Program> p = Parse(body);
  ASSERT_NE(p, nullptr);
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[64], pl.FP32]):
        with pl.at(level=pl.Level.CORE_GROUP, no_dep_args=[pl.no_dep(x)]):
            y = pl.add(x, x)
)"),
              HasSubstr("no_dep_args=[...] entries must be bare tensor names"));
  EXPECT_THAT(Error(R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, m: pl.Tensor[[16, 64], pl.FP32]):
        tm = pl.load(m, [0, 0], [16, 64])
        g = pl.tile.gather_mask(tm, mask_pattern=pl.tile.MaskPattern.P9999)
)"),
              HasSubstr("'P9999' is not a pl.tile.MaskPattern value"));
}

TEST(PyptoOpFormsTest, MatmulAccumulatorDtypes) {
  const std::string body = R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 32], pl.INT8], b: pl.Tensor[[32, 64], pl.INT8]):
        ta = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        tb = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        c = pl.tile.matmul(ta, tb)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP16], y: pl.Tensor[[64, 128], pl.FP16]):
        p = pl.matmul(x, y, b_trans=True)
        q = pl.matmul(x, y, a_trans=True, out_dtype=pl.FP32)
)";
  RoundTrip(body);
  std::unique_ptr<Program> p = Parse(body);
  ASSERT_NE(p, nullptr);
  // INT8 x INT8 accumulates in INT32 (PyPTO), floats in FP32.
  EXPECT_EQ(TypeOf(*p, "c"), "pl.Tile[[16, 64], pl.INT32, pl.Mem.Acc]");
  const std::string main_p = TypeToString(p->functions[1]->vars[2]->type);
  EXPECT_EQ(main_p, "pl.Tensor[[64, 64], pl.FP16]");
  EXPECT_EQ(TypeToString(p->functions[1]->vars[3]->type), "pl.Tensor[[128, 128], pl.FP32]");
}

// A hostile .pb may carry what the text cannot say; the verifier refuses
// exactly what the parser refuses, so every verified .pb prints to text
// that parses.
std::unique_ptr<Program> Parsed(const std::string& body) {
  absl::StatusOr<std::unique_ptr<Program>> p =
      ParseProgram(std::string(kHead) + body, "t.py");
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() ? *std::move(p) : nullptr;
}

TEST(PyptoOpFormsTest, WindowBufferNameAttributeInAPbIsRefused) {
  std::unique_ptr<Program> p = Parsed(R"(    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def main(self):
        c = pld.alloc_window_buffer(256)
)");
  ASSERT_NE(p, nullptr);
  ASSERT_TRUE(VerifyProgram(*p).ok());
  Stmt& assign = *p->functions[0]->body->stmts[0];
  ASSERT_TRUE(assign.value->is_op_call("pld.tensor.alloc_window_buffer"));
  auto name = std::make_unique<Expr>();
  name->kind = ExprKind::kString;
  name->str = "buf";
  assign.value->attrs.push_back(NamedExpr{"name", std::move(name)});
  absl::Status v = VerifyProgram(*p);
  EXPECT_FALSE(v.ok()) << PrintProgram(*p);
  EXPECT_THAT(v.message(), HasSubstr("name"));
}

TEST(PyptoOpFormsTest, NoDepArgsAsATupleInAPbIsRefused) {
  std::unique_ptr<Program> p = Parsed(R"(    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, no_dep_args=[x]):
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y
)");
  ASSERT_NE(p, nullptr);
  ASSERT_TRUE(VerifyProgram(*p).ok());
  Stmt& scope = *p->functions[0]->body->stmts[0];
  ASSERT_EQ(scope.kind, StmtKind::kScope);
  Expr* list = scope.value->FindAttr("no_dep_args");
  ASSERT_NE(list, nullptr);
  list->kind = ExprKind::kTuple;
  // The text the printer writes for it is refused by the parser, and so the
  // .pb is refused by the verifier.
  EXPECT_FALSE(ParseProgram(PrintProgram(*p), "t.printed.py").ok());
  absl::Status v = VerifyProgram(*p);
  EXPECT_FALSE(v.ok());
  EXPECT_THAT(v.message(), HasSubstr("no_dep_args= must be a list literal"));
}

TEST(PyptoOpFormsTest, NoDepAtAKernelCallIsAnArgDirectionOverride) {
  // PyPTO's parser peels pl.no_dep(t) off a kernel-call argument into
  // attrs["arg_direction_overrides"], and its printer writes that dict.
  const std::string kernel = R"(    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16], pl.FP32], b: pl.Out[pl.Tensor[[16], pl.FP32]]) -> pl.Tensor[[16], pl.FP32]:
        return b

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16], pl.FP32], b: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
)";
  std::string out = RoundTrip(kernel + "        r = self.k(pl.no_dep(a), pl.no_dep(b))\n        return r\n");
  EXPECT_THAT(out, HasSubstr("self.k(a, b, attrs={\"arg_direction_overrides\": [0, 1]})"));
  EXPECT_THAT(out, Not(HasSubstr("no_dep(")));
  // After a leading "arg_directions", before the other keys; the
  // wrapper's slots replace a written entry.
  out = RoundTrip(kernel +
                  "        r = self.k(a, pl.no_dep(b), attrs={\"arg_directions\": [pl.adir.input, "
                  "pl.adir.output_existing], \"x\": 1, \"arg_direction_overrides\": [0]})\n"
                  "        return r\n");
  EXPECT_THAT(out, HasSubstr("attrs={\"arg_directions\": [pl.adir.input, pl.adir.output_existing], "
                             "\"arg_direction_overrides\": [1], \"x\": 1}"));
}

}  // namespace
}  // namespace ptoc

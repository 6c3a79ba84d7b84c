#include "testing/comm_program_generator.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "frontend/parser.h"
#include "ir/status_macros.h"
#include "testing/rng.h"

namespace ptoc {
namespace {

constexpr char kTileType[] = "pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec]";

struct Window {
  std::string name;
  std::string shape;  // "[4, 16]"
};

// Names visible in one body.
struct Scope {
  std::vector<Window> windows;
  std::vector<std::string> indices;  // INDEX scalars
  std::vector<std::string> bools;
};

class BodyWriter {
 public:
  BodyWriter(Rng& rng, const CommProgramOptions& options) : rng_(rng), options_(options) {}

  // The kernel body, indented for a method of the program class.
  std::string Write() {
    scopes_.push_back(Scope{{{"win", "[4, 32]"}, {"win2", "[4, 24]"}}, {"me", "n"}, {}});
    Line(2, absl::StrCat("t: ", kTileType, " = pl.tile.load(inp, [0, 0], [1, 16])"));
    for (int i = 0; i < options_.top_level_stmts; ++i) Statement(0, 2);
    return out_;
  }

 private:
  void Line(int indent, const std::string& text) {
    absl::StrAppend(&out_, std::string(4 * indent, ' '), text, "\n");
  }

  std::string Name(const char* prefix) { return absl::StrCat(prefix, next_name_++); }

  template <typename F>
  std::vector<std::string> Visible(F member) const {
    std::vector<std::string> all;
    for (const Scope& s : scopes_) {
      const auto& names = s.*member;
      all.insert(all.end(), names.begin(), names.end());
    }
    return all;
  }

  const Window& AnyWindow() {
    std::vector<const Window*> all;
    for (const Scope& s : scopes_) {
      for (const Window& w : s.windows) all.push_back(&w);
    }
    return *all[rng_.Below(static_cast<int>(all.size()))];
  }

  std::string Row() {
    switch (rng_.Below(4)) {
      case 0: return absl::StrCat(rng_.Below(4));
      case 1: return "me + 1";
      default: return rng_.Pick(Visible(&Scope::indices));
    }
  }
  std::string Col() { return rng_.Chance(50) ? "0" : "4"; }
  std::string Peer() { return rng_.Chance(50) ? "1" : rng_.Pick(Visible(&Scope::indices)); }

  // A destination: usually a window, sometimes the plain tensor `out`.
  std::string Destination() { return rng_.Chance(20) ? "out" : AnyWindow().name; }

  void Body(int depth, int indent) {
    scopes_.emplace_back();
    const int n = 1 + rng_.Below(options_.max_stmts_per_body);
    for (int i = 0; i < n; ++i) Statement(depth, indent);
    scopes_.pop_back();
  }

  void Statement(int depth, int indent) {
    const bool nest = depth < options_.max_depth;
    int roll = rng_.Below(nest ? 100 : 62);
    if (roll < 8) return Store(indent);
    if ((roll -= 8) < 4) {
      return Line(indent, absl::StrCat("pl.tensor.write(", Destination(), ", [", Row(), ", ",
                                       Col(), "], 1.0)"));
    }
    if ((roll -= 4) < 4) {
      return Line(indent, rng_.Chance(50)
                              ? absl::StrCat("pld.tensor.get(", Destination(), ", ", Peer(),
                                             ", win)")
                              : absl::StrCat("pld.tile.get(", Destination(), ", ", Peer(),
                                             ", win, t)"));
    }
    if ((roll -= 4) < 6) return Remote(indent);
    if ((roll -= 6) < 4) return Opaque(indent);
    if ((roll -= 4) < 8) {
      return Line(indent, absl::StrCat("pld.system.notify(sig, ", Peer(), ", [", Row(),
                                       ", 0], 1)"));
    }
    if ((roll -= 8) < 9) {
      return Line(indent, absl::StrCat("pld.system.wait(sig, [", Row(), ", ", Col(), "], 1)"));
    }
    if ((roll -= 9) < 7) return Read(indent);
    if ((roll -= 7) < 3) return Scalar(indent);
    if ((roll -= 3) < 2) {
      return Line(indent, absl::StrCat(Name("u"), ": ", kTileType, " = pl.tile.add(t, t)"));
    }
    if ((roll -= 2) < 5) return Marker(indent);
    if ((roll -= 5) < 2) return TestAssign(indent, depth, /*then_if=*/false);
    // Compounds (only when nesting is allowed).
    if ((roll -= 2) < 5) return TestAssign(indent, depth, /*then_if=*/true);
    if ((roll -= 5) < 4) return TestCondition(indent, depth);
    if ((roll -= 4) < 9) return For(indent, depth);
    if ((roll -= 9) < 4) return CarriedFor(indent, depth);
    if ((roll -= 4) < 9) return If(indent, depth);
    if ((roll -= 9) < 2) return ReadingWhile(indent, depth);
    if ((roll -= 2) < 4) return MeshBarrier(indent);
    return Return(indent);
  }

  void Store(int indent) {
    const std::string dst = Destination();
    std::string call =
        absl::StrCat("pl.tile.store(t, [", Row(), ", ", Col(), "], ", dst, ")");
    if (dst == "out" || rng_.Chance(50)) return Line(indent, call);
    std::string shape;
    for (const Scope& s : scopes_) {
      for (const Window& w : s.windows) {
        if (w.name == dst) shape = w.shape;
      }
    }
    const std::string alias = Name("w");
    Line(indent, absl::StrCat(alias, " = ", call));
    scopes_.back().windows.push_back({alias, shape});
  }

  void Remote(int indent) {
    const std::string w = AnyWindow().name;
    switch (rng_.Below(3)) {
      case 0:
        return Line(indent, absl::StrCat("pld.tile.remote_store(t, ", w, ", ", Peer(), ", [",
                                         Row(), ", 0])"));
      case 1:
        return Line(indent, absl::StrCat("pld.tile.put(", w, ", ", Peer(), ", inp, t)"));
      default:
        return Line(indent, absl::StrCat("pld.tensor.put(", w, ", ", Peer(), ", inp)"));
    }
  }

  void Opaque(int indent) {
    if (rng_.Chance(50)) return Line(indent, absl::StrCat("pl.custom.op(", AnyWindow().name, ")"));
    const std::string b = Name("b");
    Line(indent, absl::StrCat(b, " = self.helper(inp)"));
    scopes_.back().bools.push_back(b);
  }

  void Read(int indent) {
    switch (rng_.Below(3)) {
      case 0:
        return Line(indent, absl::StrCat(Name("x"), ": pl.Scalar[pl.INT32] = pl.tensor.read(sig, [",
                                         Row(), ", 0])"));
      case 1:
        return Line(indent, absl::StrCat(Name("u"), ": ", kTileType, " = pl.tile.load(",
                                         rng_.Chance(30) ? "inp" : AnyWindow().name, ", [",
                                         Row(), ", 0], [1, 16])"));
      default:
        return Line(indent, absl::StrCat(Name("u"), ": ", kTileType,
                                         " = pld.tile.remote_load(win, ", Peer(), ", [", Row(),
                                         ", 0], [1, 16])"));
    }
  }

  void Scalar(int indent) {
    const std::string q = Name("q");
    Line(indent, absl::StrCat(q, ": pl.Scalar[pl.INDEX] = ", Row(), " + 1"));
    scopes_.back().indices.push_back(q);
  }

  void Marker(int indent) {
    switch (rng_.Below(4)) {
      case 0: return Line(indent, "pl.system.fence()");
      case 1: return Line(indent, "pl.system.cacheinvalid()");
      case 2: {
        const Window& w = AnyWindow();
        return Line(indent,
                    absl::StrCat("pl.system.cacheinvalid(", w.name, ", ", w.shape, ", [0, 0])"));
      }
      default: {
        // A peer region invalidate (comm-hazards.md H6).
        const Window& w = AnyWindow();
        return Line(indent, absl::StrCat("pl.system.cacheinvalid(", w.name, ", ", w.shape,
                                         ", [0, 0], peer=", Peer(), ")"));
      }
    }
  }

  std::string TestCall() { return absl::StrCat("pld.system.test(sig, [", Row(), ", 0], 1)"); }

  void BodyOrPass(int depth, int indent) {
    if (rng_.Chance(10)) return Line(indent, "pass");
    Body(depth, indent);
  }

  // `ok = test(...)`, maybe followed by an if on it.
  void TestAssign(int indent, int depth, bool then_if) {
    const std::string ok = Name("ok");
    Line(indent, absl::StrCat(ok, ": pl.Scalar[pl.BOOL] = ", TestCall()));
    scopes_.back().bools.push_back(ok);
    if (!then_if) return;
    static const std::vector<std::string> kForms = {"%", "%", "not %", "% and me > 0"};
    std::string cond = rng_.Pick(kForms);
    cond.replace(cond.find('%'), 1, ok);
    IfWithCondition(indent, depth, cond);
  }

  void TestCondition(int indent, int depth) {
    switch (rng_.Below(3)) {
      case 0: return IfWithCondition(indent, depth, TestCall());
      case 1: return IfWithCondition(indent, depth, absl::StrCat("not ", TestCall()));
      default:
        Line(indent, absl::StrCat("while not ", TestCall(), ":"));
        BodyOrPass(depth + 1, indent + 1);
    }
  }

  void IfWithCondition(int indent, int depth, const std::string& cond) {
    Line(indent, absl::StrCat("if ", cond, ":"));
    BodyOrPass(depth + 1, indent + 1);
    if (rng_.Chance(40)) {
      Line(indent, "else:");
      BodyOrPass(depth + 1, indent + 1);
    }
  }

  void If(int indent, int depth) {
    std::vector<std::string> conds = {"me == 0"};
    for (const std::string& i : Visible(&Scope::indices)) conds.push_back(i + " != me");
    for (const std::string& b : Visible(&Scope::bools)) {
      conds.push_back(b);
      conds.push_back("not " + b);
    }
    IfWithCondition(indent, depth, rng_.Pick(conds));
  }

  std::string Bound() {
    static const std::vector<std::string> kBounds = {"1", "2", "4", "n"};
    return rng_.Pick(kBounds);
  }

  void For(int indent, int depth) {
    const std::string i = Name("i");
    Line(indent, absl::StrCat("for ", i, " in pl.range(", Bound(), "):"));
    scopes_.push_back(Scope{{}, {i}, {}});
    BodyOrPass(depth + 1, indent + 1);
    scopes_.pop_back();
  }

  // A loop carrying a window; its result is a window after the loop.
  void CarriedFor(int indent, int depth) {
    const Window init = AnyWindow();
    const std::string i = Name("i"), acc = Name("acc"), res = Name("res");
    Line(indent, absl::StrCat("for ", i, ", (", acc, ",) in pl.range(0, ", Bound(),
                              ", 1, init_values=(", init.name, ",)):"));
    scopes_.push_back(Scope{{{acc, init.shape}}, {i}, {}});
    const int n = 1 + rng_.Below(options_.max_stmts_per_body);
    for (int k = 0; k < n; ++k) Statement(depth + 1, indent + 1);
    std::vector<std::string> same_shape;
    for (const Window& w : scopes_.back().windows) {
      if (w.shape == init.shape) same_shape.push_back(w.name);
    }
    Line(indent + 1, absl::StrCat(res, " = pl.yield_(", rng_.Pick(same_shape), ")"));
    scopes_.pop_back();
    scopes_.back().windows.push_back({res, init.shape});
  }

  void ReadingWhile(int indent, int depth) {
    Line(indent, "while pl.tensor.read(sig, [0, 0]) < 1:");
    Body(depth + 1, indent + 1);
  }

  void MeshBarrier(int indent) {
    const std::string src = Name("src");
    Line(indent, absl::StrCat("for ", src, " in pl.range(4):"));
    Line(indent + 1, absl::StrCat("if ", src, " != me:"));
    Line(indent + 2, absl::StrCat("pld.system.wait(sig, [", src, ", 0], 1)"));
  }

  // `if me == 0: ... return`.
  void Return(int indent) {
    Line(indent, "if me == 0:");
    scopes_.emplace_back();
    Statement(options_.max_depth, indent + 1);
    scopes_.pop_back();
    Line(indent + 1, "return");
  }

  Rng& rng_;
  const CommProgramOptions& options_;
  std::vector<Scope> scopes_;
  std::string out_;
  int next_name_ = 0;
};

constexpr char kParams[] = R"(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[4, 32], pl.FP32]],
        win: pl.InOut[pld.DistributedTensor[[4, 32], pl.FP32]],
        win2: pl.InOut[pld.DistributedTensor[[4, 24], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[4, 8], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
        n: pl.Scalar[pl.INDEX],
    ):
)";

// Replaces one-statement Seq bodies by their statement, at random.
void MakeSomeBodiesBare(Rng& rng, StmtPtr& body) {
  if (!body) return;
  if (body->kind == StmtKind::kSeq) {
    for (StmtPtr& child : body->stmts) MakeSomeBodiesBare(rng, child);
    if (body->stmts.size() == 1 && rng.Chance(50)) body = std::move(body->stmts[0]);
    return;
  }
  MakeSomeBodiesBare(rng, body->body);
  MakeSomeBodiesBare(rng, body->else_body);
}

}  // namespace

std::string GenerateCommProgramText(uint64_t seed, const CommProgramOptions& options) {
  Rng rng(seed);
  static const std::vector<std::string> kKinds = {"InCore", "InCore", "AIC", "AIV"};
  const std::string kind = rng.Pick(kKinds);
  const std::string body = BodyWriter(rng, options).Write();
  std::string text = absl::StrCat(
      "import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n"
      "@pl.program\nclass Generated",
      seed,
      ":\n"
      "    @pl.function(type=pl.FunctionType.Opaque)\n"
      "    def helper(self, a: pl.Tensor[[4, 16], pl.FP32]) -> pl.Scalar[pl.BOOL]:\n"
      "        return True\n\n"
      "    @pl.function(type=pl.FunctionType.",
      kind, ")\n    def kernel(", kParams, body);
  if (rng.Chance(30)) {
    absl::StrAppend(&text,
                    "\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
                    "    def orchestrate(",
                    kParams, body);
  }
  return text;
}

absl::StatusOr<std::unique_ptr<Program>> GenerateCommProgram(
    uint64_t seed, const CommProgramOptions& options) {
  ParseOptions parse_options;
  parse_options.allow_unregistered_ops = true;
  ASSIGN_OR_RETURN(std::unique_ptr<Program> program,
                   ParseProgram(GenerateCommProgramText(seed, options),
                                absl::StrCat("generated", seed, ".py"), parse_options));
  program->options.allow_unregistered_ops = true;
  Rng rng(seed ^ 0x5bd1e995ULL);
  for (const auto& f : program->functions) MakeSomeBodiesBare(rng, f->body);
  return program;
}

}  // namespace ptoc

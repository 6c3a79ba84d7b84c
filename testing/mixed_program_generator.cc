#include "testing/mixed_program_generator.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "testing/rng.h"

namespace ptoc {
namespace {

// The kinds of tile the generator keeps track of.
enum Kind { kVec16, kVec32, kMat, kLeft, kRight, kAcc, kKinds };

class Generator {
 public:
  Generator(uint64_t seed, const MixedProgramOptions& options)
      : rng_(seed), options_(options) {}

  std::string Program() {
    std::string attrs = rng_.Chance(30) ? ", attrs={\"slot_num\": 1}" : "";
    std::string header = absl::StrCat(
        "import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n"
        "@pl.program\nclass Mixed:\n"
        "    @pl.function(type=pl.FunctionType.InCore", attrs, ")\n"
        "    def kernel(\n        self,\n"
        "        x: pl.Tensor[[16, 16], pl.FP16],\n"
        "        s16: pl.InOut[pl.Tensor[[16, 16], pl.FP16]],\n"
        "        s32: pl.InOut[pl.Tensor[[16, 16], pl.FP32]],\n"
        "        flag: pl.InOut[pl.Tensor[[1, 1], pl.INT32]],\n"
        "        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],\n"
        "        n: pl.Scalar[pl.INDEX],\n    )");
    scopes_.assign(1, std::vector<std::vector<std::string>>(kKinds));
    // Both lanes have work from the start.
    Emit(2, Load(kMat));
    Emit(2, Load(kVec16));
    for (int i = 0; i < options_.top_level_stmts; ++i) Statement(2, 0, "");
    // Drawn after the body, so the bodies of earlier seeds stay as they were.
    std::string signature_end = Return();
    return absl::StrCat(header, signature_end, out_);
  }

  // Sometimes PyPTO's return convention: the kernel gives back output
  // parameters (`return out`, a tuple of two, or `return pl.tile.store(t,
  // [0, 0], out)`); appends the return to the body and returns the
  // signature's end.
  std::string Return() {
    if (!rng_.Chance(40)) return ":\n";
    const char* tensor = " -> pl.Tensor[[16, 16], pl.FP32]:\n";
    switch (rng_.Below(4)) {
      case 0:
        Emit(2, "return out");
        return tensor;
      case 1:
        Emit(2, "return out, s32");
        return " -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:\n";
      default: {  // a store of either lane's tile, when there is one
        Kind first = rng_.Chance(50) ? kVec32 : kAcc;
        std::string t = Pick(first);
        if (t.empty()) t = Pick(first == kVec32 ? kAcc : kVec32);
        Emit(2, t.empty() ? "return out" : absl::StrCat("return pl.tile.store(", t, ", [0, 0], out)"));
        return tensor;
      }
    }
  }

 private:
  std::string Fresh(const char* base) { return absl::StrCat(base, counter_++); }
  void Emit(int indent, const std::string& line) {
    absl::StrAppend(&out_, std::string(indent * 4, ' '), line, "\n");
  }
  void Define(Kind k, const std::string& name) { scopes_.back()[k].push_back(name); }
  // A visible tile of kind `k`, or "" when there is none.
  std::string Pick(Kind k) {
    std::vector<std::string> all;
    for (const auto& scope : scopes_) {
      all.insert(all.end(), scope[k].begin(), scope[k].end());
    }
    return all.empty() ? "" : all[rng_.Below(static_cast<int>(all.size()))];
  }

  // At the top level a store sometimes rebinds the tensor's name to its
  // result, so that later accesses go through the store result.
  std::string Rebind(int depth, const std::string& tensor) {
    bool here = depth == 0 || options_.rebind_in_bodies;
    return here && rng_.Chance(30) ? absl::StrCat(tensor, " = ") : "";
  }

  std::string Load(Kind k) {
    static const char* kMemory[] = {"Vec", "Vec", "Mat", "Left", "Right", "Acc"};
    std::string name = Fresh(k == kVec16 ? "v" : k == kMat ? "m" : k == kLeft ? "l" : "r");
    std::string tensor = rng_.Chance(50) ? "x" : "s16";
    Define(k, name);
    if (k == kVec16) return absl::StrCat(name, " = pl.tile.load(", tensor, ", [0, 0], [16, 16])");
    return absl::StrCat(name, " = pl.tile.load(", tensor, ", [0, 0], [16, 16], ",
                        "target_memory=pl.MemorySpace.", kMemory[k], ")");
  }

  // One statement (possibly compound) at `indent`; `loop_var` names the
  // innermost loop variable ("" outside loops).
  void Statement(int indent, int depth, const std::string& loop_var) {
    int choice = rng_.Below(depth < options_.max_depth ? 20 : 16);
    switch (choice) {
      case 0: Emit(indent, Load(kMat)); return;
      case 1: Emit(indent, Load(kVec16)); return;
      case 2: Emit(indent, Load(rng_.Chance(50) ? kLeft : kRight)); return;
      case 3: {  // cube: Mat -> Left/Right, matmul
        std::string l = Pick(kLeft);
        std::string r = Pick(kRight);
        if (l.empty() || r.empty()) {
          std::string m = Pick(kMat);
          if (m.empty()) return;
          Kind k = l.empty() ? kLeft : kRight;
          std::string name = Fresh(k == kLeft ? "l" : "r");
          Define(k, name);
          Emit(indent, absl::StrCat(name, " = pl.tile.move(", m, ", target_memory=",
                                    k == kLeft ? "pl.MemorySpace.Left" : "pl.MemorySpace.Right",
                                    ")"));
          return;
        }
        std::string c = Fresh("c");
        Define(kAcc, c);
        Emit(indent, absl::StrCat(c, " = pl.tile.matmul(", l, ", ", r, ")"));
        return;
      }
      case 4: {  // cube store of an accumulator
        std::string c = Pick(kAcc);
        if (!c.empty()) {
          std::string tensor = rng_.Chance(60) ? "s32" : "out";
          Emit(indent, absl::StrCat(Rebind(depth, tensor), "pl.tile.store(", c, ", [0, 0], ",
                                    tensor, ")"));
        }
        return;
      }
      case 5: case 6: {  // boundary cube -> vector
        std::string c = Pick(kAcc);
        if (c.empty()) return;
        std::string v = Fresh("cv");
        Define(kVec32, v);
        Emit(indent, absl::StrCat(v, " = pl.tile.move(", c, ", target_memory=pl.MemorySpace.Vec)"));
        return;
      }
      case 7: {  // boundary vector -> cube
        std::string v = Pick(kVec16);
        if (v.empty()) return;
        static const Kind kTargets[] = {kMat, kLeft, kRight};
        static const char* kNames[] = {"Mat", "Left", "Right"};
        int t = rng_.Below(3);
        std::string name = Fresh("vm");
        Define(kTargets[t], name);
        Emit(indent, absl::StrCat(name, " = pl.tile.move(", v,
                                  ", target_memory=pl.MemorySpace.", kNames[t], ")"));
        return;
      }
      case 8: {  // vector arithmetic
        Kind k = rng_.Chance(50) ? kVec16 : kVec32;
        std::string a = Pick(k);
        if (a.empty()) return;
        std::string b = Pick(k);
        std::string name = Fresh("w");
        Define(k, name);
        Emit(indent, absl::StrCat(name, " = pl.tile.", rng_.Chance(50) ? "add" : "mul", "(", a,
                                  ", ", b, ")"));
        return;
      }
      case 9: case 10: {  // vector stores of the shared scratch tensors
        if (rng_.Chance(50)) {
          std::string v = Pick(kVec16);
          if (!v.empty()) {
            Emit(indent, absl::StrCat(Rebind(depth, "s16"), "pl.tile.store(", v, ", [0, 0], s16)"));
          }
        } else {
          std::string v = Pick(kVec32);
          if (!v.empty()) {
            std::string tensor = rng_.Chance(70) ? "s32" : "out";
            Emit(indent, absl::StrCat(Rebind(depth, tensor), "pl.tile.store(", v, ", [0, 0], ",
                                      tensor, ")"));
          }
        }
        return;
      }
      case 11: {  // cube load of the FP32 scratch
        std::string name = Fresh("sm");
        Emit(indent, absl::StrCat(name, " = pl.tile.load(s32, [0, 0], [16, 16], "
                                        "target_memory=pl.MemorySpace.Mat)"));
        return;
      }
      case 12: {  // vector load of the FP32 scratch
        std::string name = Fresh("sv");
        Define(kVec32, name);
        Emit(indent, absl::StrCat(name, " = pl.tile.load(s32, [0, 0], [16, 16])"));
        return;
      }
      case 13:  // scalar GM write (AIV) read by the cube
        Emit(indent, "pl.tensor.write(flag, [0, 0], 1)");
        return;
      case 14:
        if (rng_.Chance(50)) {
          Emit(indent, absl::StrCat(Fresh("f"), " = pl.tensor.read(flag, [0, 0])"));
        } else {
          Emit(indent, absl::StrCat(Fresh("fm"), " = pl.tile.load(flag, [0, 0], [1, 1], "
                                                 "target_memory=pl.MemorySpace.Mat)"));
        }
        return;
      case 15: {  // pure scalar code
        std::string base = loop_var.empty() ? "n" : loop_var;
        Emit(indent, absl::StrCat(Fresh("k"), " = ", base, " + 1"));
        return;
      }
      case 16: case 17: Loop(indent, depth); return;
      default: Branch(indent, depth, loop_var); return;
    }
  }

  void Body(int indent, int depth, const std::string& loop_var) {
    size_t before = out_.size();
    int n = 1 + rng_.Below(options_.max_stmts_per_body);
    for (int i = 0; i < n; ++i) Statement(indent, depth, loop_var);
    if (out_.size() == before) Emit(indent, "pass");
  }

  void Loop(int indent, int depth) {
    std::string i = Fresh("i");
    std::string bound = rng_.Chance(50) ? "n" : "3";
    std::string carried = Pick(kVec32);
    if (!carried.empty() && rng_.Chance(40)) {
      // A loop carrying a vector tile, which the body may replace by a
      // tile popped from the cube.
      std::string acc = Fresh("acc");
      std::string result = Fresh("res");
      Emit(indent, absl::StrCat("for ", i, ", (", acc, ",) in pl.range(0, ", bound,
                                ", 1, init_values=(", carried, ",)):"));
      scopes_.emplace_back(kKinds);
      Define(kVec32, acc);
      Body(indent + 1, depth + 1, i);
      Emit(indent + 1, absl::StrCat(result, " = pl.yield_(", Pick(kVec32), ")"));
      scopes_.pop_back();
      Define(kVec32, result);
      return;
    }
    Emit(indent, absl::StrCat("for ", i, " in pl.range(0, ", bound, ", 1):"));
    scopes_.emplace_back(kKinds);
    Body(indent + 1, depth + 1, i);
    scopes_.pop_back();
  }

  void Branch(int indent, int depth, const std::string& loop_var) {
    std::string cond = loop_var.empty() ? absl::StrCat("n > ", rng_.Below(4))
                                        : absl::StrCat(loop_var, " > ", rng_.Below(2));
    Emit(indent, absl::StrCat("if ", cond, ":"));
    scopes_.emplace_back(kKinds);
    Body(indent + 1, depth + 1, loop_var);
    scopes_.pop_back();
    if (rng_.Chance(50)) {
      Emit(indent, "else:");
      scopes_.emplace_back(kKinds);
      Body(indent + 1, depth + 1, loop_var);
      scopes_.pop_back();
    }
  }

  Rng rng_;
  MixedProgramOptions options_;
  std::string out_;
  int counter_ = 0;
  std::vector<std::vector<std::vector<std::string>>> scopes_;
};

}  // namespace

std::string GenerateMixedProgramText(uint64_t seed, const MixedProgramOptions& options) {
  return Generator(seed, options).Program();
}

}  // namespace ptoc

// tile.sin / tile.cos (lower-composite-ops): neither ptoas nor pto-isa has
// a sine or cosine instruction, so PyPTO's LowerCompositeOps expands them
// (lower_composite_ops_pass.cpp, "FP32 tile.sin / tile.cos lowering rules",
// CANN's framework/src/interface/tileop/vector/unary.h recipe) into vector
// ops codegen lowers, and so does ptoc, op for op:
//
//   1. k = round(x / pi) (sin; cos: rint(x / pi + 1/2)), as INT32 then FP32;
//      t = x - k * pi in four Cody-Waite parts (cos: + pi/2 in two);
//   2. sign = floor(k / 2) * 4 - 2 * k + 1, which is (-1)^k;
//   3. P(t^2) = (((R0 t^2 + R1) t^2 + R2) t^2 + R3) t^2 + 1 (sin(t) / t);
//   4. sin or cos = sign * (t * P(t^2)).
//
// FP32 only (PyPTO's type rule); every step rounds to FP32 as the device's.
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "passes/composite_rules.h"
#include "ir/status_macros.h"

namespace ptoc::composite {
namespace {

// PyPTO's FP32 constants, verbatim.
constexpr float kPiInv = 0.31830988732818603515625f;
constexpr float kPiV2 = 3.140625f;
constexpr float kPiC1 = 0.0009670257568359375f;
constexpr float kPiC2 = 6.2771141529083251953125e-7f;
constexpr float kPiC3 = 1.21644916362129151821e-10f;
constexpr float kPiC4 = -1.0290623200529979163e-13f;
constexpr float kPiHalfHead = 1.57079637050628662109375f;
constexpr float kPiHalfTail = -4.371139000189375e-8f;
constexpr float kR0 = 2.604926501e-6f;
constexpr float kR1 = -1.980894471e-4f;
constexpr float kR2 = 8.333049340e-3f;
constexpr float kR3 = -1.666665792e-1f;

// tile.cast's rounding modes (codegen/op_lowering.h, CastRoundMode).
constexpr int kNone = 0, kRint = 1, kRound = 2, kFloor = 3;

class Trig {
 public:
  explicit Trig(Emitter& e) : e_(e) {}

  absl::StatusOr<ExprPtr> Scalar(const char* name, const char* op, ExprPtr tile, float c) {
    ASSIGN_OR_RETURN(Var * v, e_.BindOp(name, op, Args(std::move(tile), Float(c))));
    return e_.Ref(v);
  }
  absl::StatusOr<ExprPtr> Tiles(const char* name, const char* op, ExprPtr a, ExprPtr b) {
    ASSIGN_OR_RETURN(Var * v, e_.BindOp(name, op, Args(std::move(a), std::move(b))));
    return e_.Ref(v);
  }
  absl::StatusOr<ExprPtr> Cast(const char* name, ExprPtr tile, const char* to, int mode) {
    std::vector<NamedExpr> attrs;
    attrs.push_back(MakeAttr("target_type", e_.Enum("DType", to)));
    attrs.push_back(MakeAttr("mode", e_.Int(mode)));
    ASSIGN_OR_RETURN(Var * v, e_.BindOp(name, "tile.cast", Args(std::move(tile)), std::move(attrs)));
    return e_.Ref(v);
  }

 private:
  ExprPtr Float(float c) const { return MakeFloat(static_cast<double>(c), e_.loc()); }
  Emitter& e_;
};

}  // namespace

absl::StatusOr<ExprPtr> SinCos(Emitter& e, const Expr& call, bool cos) {
  if (call.args.size() != 1 || !call.args[0]->type.is_tile() ||
      call.args[0]->type.dtype() != DType::kFP32) {
    return Unsupported(e, call, absl::StrCat(
        "takes one FP32 tile (PyPTO's rule), not ",
        call.args.empty() ? std::string("nothing") : TypeToString(call.args[0]->type)));
  }
  Trig b(e);
  const auto x = [&] { return Clone(*call.args[0]); };
  // 1. Range reduction.
  ASSIGN_OR_RETURN(ExprPtr pi_inv_x, b.Scalar("pi_inv_x", "tile.muls", x(), kPiInv));
  ExprPtr k_i;
  if (cos) {
    ASSIGN_OR_RETURN(ExprPtr k_pre, b.Scalar("k_pre", "tile.adds", std::move(pi_inv_x), 0.5f));
    ASSIGN_OR_RETURN(k_i, b.Cast("k_i", std::move(k_pre), "INT32", kRint));
  } else {
    ASSIGN_OR_RETURN(k_i, b.Cast("k_i", std::move(pi_inv_x), "INT32", kRound));
  }
  ASSIGN_OR_RETURN(ExprPtr k_f, b.Cast("k_f", std::move(k_i), "FP32", kNone));
  const auto k = [&] { return Clone(*k_f); };
  ASSIGN_OR_RETURN(ExprPtr k_pi_v2, b.Scalar("k_pi_v2", "tile.muls", k(), kPiV2));
  ASSIGN_OR_RETURN(ExprPtr r, b.Tiles("t0", "tile.sub", x(), std::move(k_pi_v2)));
  ASSIGN_OR_RETURN(ExprPtr k_pi_c1, b.Scalar("k_pi_c1", "tile.muls", k(), kPiC1));
  ASSIGN_OR_RETURN(r, b.Tiles("t1", "tile.sub", std::move(r), std::move(k_pi_c1)));
  if (cos) {
    ASSIGN_OR_RETURN(r, b.Scalar("t1h", "tile.adds", std::move(r), kPiHalfHead));
  }
  ASSIGN_OR_RETURN(ExprPtr k_pi_c2, b.Scalar("k_pi_c2", "tile.muls", k(), kPiC2));
  ASSIGN_OR_RETURN(r, b.Tiles("t2", "tile.sub", std::move(r), std::move(k_pi_c2)));
  ASSIGN_OR_RETURN(ExprPtr k_pi_c3, b.Scalar("k_pi_c3", "tile.muls", k(), kPiC3));
  ASSIGN_OR_RETURN(r, b.Tiles("t3", "tile.sub", std::move(r), std::move(k_pi_c3)));
  ASSIGN_OR_RETURN(ExprPtr k_pi_c4, b.Scalar("k_pi_c4", "tile.muls", k(), kPiC4));
  ASSIGN_OR_RETURN(r, b.Tiles("t4", "tile.sub", std::move(r), std::move(k_pi_c4)));
  if (cos) {
    ASSIGN_OR_RETURN(r, b.Scalar("t4t", "tile.adds", std::move(r), kPiHalfTail));
  }
  const auto tt = [&] { return Clone(*r); };
  // 2. sign = (-1)^k.
  ASSIGN_OR_RETURN(ExprPtr half_k, b.Scalar("half_k", "tile.muls", k(), 0.5f));
  ASSIGN_OR_RETURN(ExprPtr floor_i, b.Cast("floor_hk_i", std::move(half_k), "INT32", kFloor));
  ASSIGN_OR_RETURN(ExprPtr floor_f, b.Cast("floor_hk_f", std::move(floor_i), "FP32", kNone));
  ASSIGN_OR_RETURN(ExprPtr floor_x4, b.Scalar("floor_x4", "tile.muls", std::move(floor_f), 4.0f));
  ASSIGN_OR_RETURN(ExprPtr neg2_k, b.Scalar("neg2_k", "tile.muls", k(), -2.0f));
  ASSIGN_OR_RETURN(ExprPtr sign, b.Tiles("sign_pre", "tile.add", std::move(floor_x4),
                                         std::move(neg2_k)));
  ASSIGN_OR_RETURN(sign, b.Scalar("sign", "tile.adds", std::move(sign), 1.0f));
  // 3. P(t^2), Horner.
  ASSIGN_OR_RETURN(ExprPtr t2, b.Tiles("t2sq", "tile.mul", tt(), tt()));
  const auto sq = [&] { return Clone(*t2); };
  ASSIGN_OR_RETURN(ExprPtr p, b.Scalar("p_r0", "tile.muls", sq(), kR0));
  ASSIGN_OR_RETURN(p, b.Scalar("p_r1", "tile.adds", std::move(p), kR1));
  ASSIGN_OR_RETURN(p, b.Tiles("p_t2_r1", "tile.mul", std::move(p), sq()));
  ASSIGN_OR_RETURN(p, b.Scalar("p_r2", "tile.adds", std::move(p), kR2));
  ASSIGN_OR_RETURN(p, b.Tiles("p_t2_r2", "tile.mul", std::move(p), sq()));
  ASSIGN_OR_RETURN(p, b.Scalar("p_r3", "tile.adds", std::move(p), kR3));
  ASSIGN_OR_RETURN(p, b.Tiles("p_t2_r3", "tile.mul", std::move(p), sq()));
  ASSIGN_OR_RETURN(p, b.Scalar("p_one", "tile.adds", std::move(p), 1.0f));
  // 4. sign * (t * P(t^2)).
  ASSIGN_OR_RETURN(ExprPtr t_p, b.Tiles("t_p", "tile.mul", tt(), std::move(p)));
  return e.Op("tile.mul", Args(std::move(sign), std::move(t_p)));
}

}  // namespace ptoc::composite

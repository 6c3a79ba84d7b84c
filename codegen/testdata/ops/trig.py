# tile.sin / tile.cos have no instruction on either target (ptoas and
# pto-isa have no tsin / tcos): lower-composite-ops expands each, as PyPTO
# does, into a range reduction (k = round(x / pi), sin; rint(x / pi + 1/2),
# cos), (-1)^k and a degree-9 polynomial of FP32 vector ops, which both
# targets spell as any such op. PyPTO's type rule takes FP32 only.
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: not ptoc %s --passes=flatten-kernel-scopes,convert-tensor-to-tile-ops,infer-tile-memory-space,expand-mixed-kernel,hoist-output-returns,materialize-aiv-lanes 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: trig.py:[[@LINE+9]]:13: error: 'k' calls the composite op 'tile.sin': codegen needs the pass lower-composite-ops first
import pypto.language as pl


@pl.program
class Trig:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 64], pl.FP32], s: pl.Out[pl.Tensor[[8, 64], pl.FP32]], c: pl.Out[pl.Tensor[[8, 64], pl.FP32]]):
        x: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [8, 64])
        y = pl.tile.sin(x)
        pl.tile.store(y, [0, 0], s)
        z = pl.tile.cos(x)
        pl.tile.store(z, [0, 0], c)

# PTO: pto.tmuls ins(%x, %{{.*}} : {{.*}}, f32) outs(%pi_inv_x :
# PTO: pto.tcvt ins(%pi_inv_x {rmode = #pto<round_mode ROUND>} : {{.*}}dtype=f32{{.*}}) outs(%k_i : {{.*}}dtype=i32
# PTO: pto.tcvt ins(%half_k {rmode = #pto<round_mode FLOOR>}
# PTO: pto.tmul ins(%sign, %t_p : {{.*}}) outs(%y :
# PTO: pto.tadds ins(%pi_inv_x_1, %{{.*}} : {{.*}}, f32) outs(%k_pre :
# PTO: pto.tcvt ins(%k_pre {rmode = #pto<round_mode RINT>}
# PTO: pto.tmul ins(%sign_1, %t_p_1 : {{.*}}) outs(%z :

# CCE: TMULS(pi_inv_x, x, 0.31830987f);
# CCE: TCVT(k_i, pi_inv_x, RoundMode::CAST_ROUND);
# CCE: TCVT(k_f, k_i, RoundMode::CAST_NONE);
# CCE: TMULS(k_pi_v2, k_f, 3.140625f);
# CCE: TCVT(floor_hk_i, half_k, RoundMode::CAST_FLOOR);
# CCE: TMUL(y, sign, t_p);
# CCE: TADDS(k_pre, pi_inv_x_1, 0.5f);
# CCE: TCVT(k_i_1, k_pre, RoundMode::CAST_RINT);
# CCE: TMUL(z, sign_1, t_p_1);

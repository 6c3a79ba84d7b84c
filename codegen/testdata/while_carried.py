# A while loop with loop-carried values (a tile and two scalars): PTO-AS
# scf.while whose operands are the initial values, the condition region's
# block arguments forwarded by scf.condition to the body's (^bb0), the next
# values by scf.yield, the results the values the condition last saw; C++
# variables declared before a plain while loop, assigned at the end of the
# body. (NumPy judges it: runtime/testdata/while_carried.py.)
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class WhileCarried:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], cnt: pl.Out[pl.Tensor[[1], pl.INT32]]):
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64])
        i: pl.Scalar[pl.INDEX] = 0
        steps: pl.Scalar[pl.INT32] = 0
        while i < n:
            t = pl.tile.add(t, t)
            i = i + 2
            steps = steps + 1
        pl.tile.store(t, [0, 0], out)
        pl.tensor.write(cnt, [0], steps)

# PTO: %[[R:[a-z_0-9]+]]:3 = scf.while (%[[T:[a-z_0-9]+]] = %t, %[[I:[a-z_0-9]+]] = %c0, %[[S:[a-z_0-9]+]] = %c0_i32) : (!pto.tile_buf<{{.*}}>, index, i32) -> (!pto.tile_buf<{{.*}}>, index, i32) {
# PTO-NEXT: %[[C:[0-9]+]] = arith.cmpi slt, %[[I]], %n : index
# PTO-NEXT: scf.condition(%[[C]]) %[[T]], %[[I]], %[[S]] : !pto.tile_buf<{{.*}}>, index, i32
# PTO-NEXT: } do {
# PTO-NEXT: ^bb0(%[[T2:[a-z_0-9]+]]: !pto.tile_buf<{{.*}}>, %[[I2:[a-z_0-9]+]]: index, %[[S2:[a-z_0-9]+]]: i32):
# PTO: pto.tadd ins(%[[T2]], %[[T2]] : {{.*}}) outs(%[[Y:[a-z_0-9]+]] : {{.*}})
# PTO: %[[I3:[a-z_0-9]+]] = arith.addi %[[I2]], %c2 : index
# PTO: %[[S3:[a-z_0-9]+]] = arith.addi %[[S2]], %c1_i32 : i32
# PTO: scf.yield %[[Y]], %[[I3]], %[[S3]] : !pto.tile_buf<{{.*}}>, index, i32
# PTO: pto.tstore ins(%[[R]]#0 : {{.*}})
# PTO: pto.store_scalar %[[R]]#2, %cnt[%c0]

# CCE: int64_t i_1 = i;
# CCE: int32_t steps_1 = steps;
# CCE: while ((i_1 < n)) {
# CCE: TADD(t_2, t_1, t_1);
# CCE: t_1 = t_1_next;
# CCE-NEXT: i_1 = i_1_next;
# CCE-NEXT: steps_1 = steps_1_next;
# CCE: TSTORE(out_gm, t_1);
# CCE: cnt[0] = steps_1;

# A loop with loop-carried values: scf.for with iter_args and results in
# PTO-AS; variables assigned at the end of each iteration in C++ (through
# temporaries when several values are carried, so a swap stays a swap).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Carried:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 16], pl.FP32], out: pl.Out[pl.Tensor[[1, 16], pl.FP32]], n: pl.Scalar[pl.INDEX]):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 16])
        for i, (acc,) in pl.range(0, n, 1, init_values=(t,)):
            nxt: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(acc, t)
            acc_out = pl.yield_(nxt)
        pl.tile.store(acc_out, [0, 0], out)
        for j, (x, y) in pl.range(2, 10, 3, init_values=(0, 1)):
            x_out, y_out = pl.yield_(y, x + j)
        pl.tensor.write(out, [0, 0], 1.0)

# PTO: %acc_out = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16{{.*}}>) {
# PTO: pto.tadd ins(%acc, %t : {{.*}}) outs(%nxt : {{.*}})
# PTO-NEXT: scf.yield %nxt : !pto.tile_buf<loc=vec
# PTO-NEXT: } loc(
# PTO-NEXT: %pv_1 = pto.partition_view %out_view
# PTO-NEXT: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.tstore ins(%acc_out : {{.*}}) outs(%pv_1 : {{.*}})
# PTO-NEXT: pto.set_flag[<PIPE_MTE3>, <PIPE_S>, <EVENT_ID0>]
# PTO-NEXT: %x_out:2 = scf.for %j = %c2 to %c10 step %c3 iter_args(%x = %c0, %y = %c1) -> (index, index) {
# PTO-NEXT: %[[S:.*]] = arith.addi %x, %j : index
# PTO-NEXT: scf.yield %y, %[[S]] : index, index

# CCE: Tile<TileType::Vec, float, 1, 16, BLayout::RowMajor, 1, 16, SLayout::NoneBox, 512, PadValue::Null> acc = t;
# CCE: for (int64_t i = 0; i < n; i += 1) {
# CCE: TADD(nxt, acc, t);
# CCE-NEXT: acc = nxt;
# CCE: TSTORE(out_gm, acc);
# CCE: int64_t x = 0;
# CCE-NEXT: int64_t y = 1;
# CCE: for (int64_t j = 2; j < 10; j += 3) {
# CCE-NEXT: auto x_next = y;
# CCE-NEXT: auto y_next = (x + j);
# CCE-NEXT: x = x_next;
# CCE-NEXT: y = y_next;
# CCE-NEXT: }

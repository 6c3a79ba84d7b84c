# tile.store(..., atomic="add") accumulates into GM.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Atomic:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 16], pl.FP32], out: pl.Out[pl.Tensor[[4, 16], pl.FP32]]):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 16])
        pl.tile.store(t, [2, 0], out, atomic="add")
        pl.tile.store(t, [3, 0], out)

# PTO: pto.tstore ins(%t : {{.*}}) outs(%{{.*}} : !pto.partition_tensor_view<1x16xf32>) {atomicType = #pto<atomic_type atomic_add>}
# PTO-NEXT: %[[PV:.*]] = pto.partition_view %out_view, offsets = [%c3, %c0]
# PTO-NEXT: pto.tstore ins(%t : {{.*}}) outs(%[[PV]] : !pto.partition_tensor_view<1x16xf32>) loc(

# CCE: GlobalTensor<float, pto::Shape<1, 1, 1, 1, 16>, pto::Stride<1, 1, 1, 16, 1>> out_gm(out + 32);
# CCE: TSTORE<decltype(t), decltype(out_gm), AtomicType::AtomicAdd>(out_gm, t);
# CCE: TSTORE(out_gm_1, t);

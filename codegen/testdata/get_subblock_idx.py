# tile.get_subblock_idx lowers to get_subblockid() in C++ and to
# pto.get_subblock_idx (an i64) cast to index in PTO-AS. A lone AIV function
# that reads it is dual (materialize-aiv-lanes): it declares a 1:2 launch,
# and on a5 it gets no subblock-0 guard.
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Lanes:
    @pl.function(type=pl.FunctionType.AIV)
    def lanes(self, out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create(shape=[16, 16], dtype=pl.FP32)
        row: pl.Scalar[pl.INDEX] = lane * 16
        pl.tile.store(t, [row, 0], out)

# CCE: PTO_SYNCALL_MIX_AIC_KERNEL_META(lanes, 1, 2);
# CCE: int64_t lane = get_subblockid();
# CCE-NOT: if (get_subblockid() == 0)
# PTO: func.func @lanes({{.*}}ptoc.aiv_lanes = 2 : i32} {
# PTO: %[[RAW:[0-9]+]] = pto.get_subblock_idx loc(
# PTO-NEXT: %lane = arith.index_cast %[[RAW]] : i64 to index loc(

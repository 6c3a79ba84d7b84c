# A vector op's result is in Vec whatever its operand's space, and an
# operand in Acc is moved to Vec right before it, as PyPTO's
# InferTileMemorySpace does (tile.cast declares input and output Vec): the
# cast of a branch-merged accumulator, and an op nested in another one's
# arguments. The kernel is then mixed and expand-mixed-kernel splits it at
# the inserted move.
# RUN: ptoc %s --passes=infer-tile-memory-space --emit=text | FileCheck %s
# RUN: ptoc %s --emit=text | FileCheck %s --check-prefix=SPLIT
# RUN: ptoc %s -o /dev/null
# CHECK: acc_Vec: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.move(acc, target_memory=pl.Mem.Vec)
# CHECK-NEXT: narrowed: pl.Tile{{\[\[}}16, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(acc_Vec, target_type=pl.BF16, mode="rint")
# CHECK: seed_Vec: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.move(seed, target_memory=pl.Mem.Vec)
# CHECK-NEXT: s: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(pl.tile.exp(seed_Vec), seed_Vec)
# SPLIT-LABEL: def k_aic(
# SPLIT: pl.tile.tpush_to_aiv(acc)
# SPLIT: pl.tile.tpush_to_aiv(seed)
# SPLIT-LABEL: def k_aiv(
# SPLIT: acc_Vec: {{.*}} = pl.tile.tpop_from_aic()
# SPLIT: seed_Vec: {{.*}} = pl.tile.tpop_from_aic()
import pypto.language as pl


@pl.program
class VectorOfCube:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 128], pl.BF16],
        y: pl.Tensor[[128, 64], pl.BF16],
        flag: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[16, 64], pl.BF16]],
        out2: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ):
        x_tile = pl.load(x, [0, 0], [16, 128], target_memory=pl.MemorySpace.Mat)
        y_tile = pl.load(y, [0, 0], [128, 64], target_memory=pl.MemorySpace.Mat)
        seed = pl.matmul(x_tile, y_tile)
        if flag < 1:
            acc = pl.yield_(seed)
        else:
            more = pl.matmul_acc(seed, x_tile, y_tile)
            acc = pl.yield_(more)
        narrowed = pl.cast(acc, pl.BF16, mode="rint")
        pl.store(narrowed, [0, 0], out)
        s = pl.add(pl.exp(seed), seed)
        pl.store(s, [0, 0], out2)

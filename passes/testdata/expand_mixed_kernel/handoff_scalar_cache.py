# Scalar GM accesses go through the data cache: a vector tensor.write read
# by the cube is cleaned (whole-GM cacheinvalid) before the fence and push;
# a vector tensor.read of what the cube stored invalidates the cache after
# the pop.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class ScalarCache:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        flag: pl.InOut[pl.Tensor[[1, 1], pl.INT32]],
        data: pl.InOut[pl.Tensor[[16, 16], pl.FP32]],
    ):
        pl.tensor.write(flag, [0, 0], 1)
        fm = pl.tile.load(flag, [0, 0], [1, 1], target_memory=pl.MemorySpace.Mat)
        c = pl.tile.load(data, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        pl.tile.store(c, [0, 0], data)
        x = pl.tensor.read(data, [0, 0])
        v = pl.tile.load(data, [0, 0], [16, 16])

# CHECK-LABEL: def k_aic(
# CHECK: tok: {{.*}} = pl.tile.tpop_from_aiv()
# CHECK-NEXT: pl.system.tfree_to_aiv(tok)
# CHECK-NEXT: fm: {{.*}} = pl.tile.load(flag,
# CHECK: pl.tile.store(c, [0, 0], data)
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: pl.tile.tpush_to_aiv(c)
# CHECK-LABEL: def k_aiv(
# CHECK: pl.tensor.write(flag, [0, 0], 1)
# CHECK-NEXT: pl.system.cacheinvalid()
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: tok: {{.*}} = pl.tile.create(
# CHECK-NEXT: shape=[16, 16], dtype=pl.FP16, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# CHECK-NEXT: )
# CHECK-NEXT: pl.tile.tpush_to_aic(tok)
# CHECK-NEXT: tok_1: {{.*}} = pl.tile.tpop_from_aic()
# CHECK-NEXT: pl.system.tfree_to_aic(tok_1)
# CHECK-NEXT: pl.system.cacheinvalid()
# CHECK-NEXT: x: pl.Scalar[pl.FP32] = pl.tensor.read(data, [0, 0])
# CHECK-NEXT: v: {{.*}} = pl.tile.load(data,

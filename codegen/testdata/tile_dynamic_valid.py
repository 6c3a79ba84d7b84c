# A tile whose valid region is only known at run time is constructed with
# exactly its dynamic valid dims, as pto-isa's Tile constructors take them:
# both when both are dynamic, the one that is otherwise.
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=cce | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class DynamicValid:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, out: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INDEX]):
        c2v: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(c2v, 0, dir_mask=1, slot_size=1024)
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.create(shape=[16, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(c)
        pl.tile.tpush_to_aiv(c)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, out: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INDEX]):
        c2v: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v", size=2048)
        pl.system.aiv_initialize_pipe(c2v, 0, dir_mask=1, slot_size=1024)
        rows: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec, pl.TileView(valid_shape=[n, 16])] = pl.tile.tpop_from_aic()
        pl.system.tfree_to_aic(rows)
        both: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec, pl.TileView(valid_shape=[n, m])] = pl.tile.tpop_from_aic()
        pl.system.tfree_to_aic(both)

# CHECK: Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, -1, 16, SLayout::NoneBox, 512, PadValue::Null> rows(n);
# CHECK: Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, -1, -1, SLayout::NoneBox, 512, PadValue::Null> both(n, m);

# tile.mgather gathers rows ([1, R] indices) or elements (one index per
# element) of a GM table into a Vec tile, as PyPTO lowers it: pto.mgather of
# the whole table's partition view and the index tile, with the coalesce
# mode and a non-default out-of-bounds mode; C++ MGATHER<Coalesce::X[,
# GatherOOB::Y]>. On a2a3 it reads the indices on the scalar unit and uses
# EVENT_ID0 of its pipe pairs inside, so a PIPE_ALL barrier comes first;
# a5's SIMT gather runs on V. (Errors: mgather_error.py.)
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefixes=PTO,PTO-A2A3
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefixes=CCE,CCE-A2A3
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefixes=PTO,PTO-A5
# RUN: ptoc %s --backend=a5 --emit=cce | FileCheck %s --check-prefixes=CCE
import pypto.language as pl


@pl.program
class Mgather:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, mem: pl.Tensor[[64, 32], pl.FP32], idx: pl.Tensor[[1, 16], pl.INT32],
          table: pl.Tensor[[256], pl.FP16], eidx: pl.Tensor[[8, 32], pl.INT32],
          rows: pl.Out[pl.Tensor[[16, 32], pl.FP32]], elems: pl.Out[pl.Tensor[[8, 32], pl.FP16]]):
        idx_tile: pl.Tile[[1, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(idx, [0, 0], [1, 16])
        gathered: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.mgather(mem, idx_tile, coalesce="row")
        pl.tile.store(gathered, [0, 0], rows)
        eidx_tile: pl.Tile[[8, 32], pl.INT32, pl.Mem.Vec] = pl.tile.load(eidx, [0, 0], [8, 32])
        picked: pl.Tile[[8, 32], pl.FP16, pl.Mem.Vec] = pl.tile.mgather(table, eidx_tile, coalesce="elem", gather_oob="wrap")
        pl.tile.store(picked, [0, 0], elems)

# PTO: %pv{{.*}} = pto.partition_view %mem_view, offsets = [%c0, %c0], sizes = [%c64, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x32xf32>
# PTO-A2A3: pto.barrier <PIPE_ALL>
# PTO-A5: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>,
# PTO: pto.mgather ins(%pv{{.*}}, %idx_tile : !pto.partition_tensor_view<64x32xf32>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, {{.*}}>) outs(%gathered : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, {{.*}}>) {coalesce = #pto<coalesce row>}
# PTO-A2A3: pto.set_flag[<PIPE_MTE2>, <PIPE_MTE3>,
# PTO-A5: pto.set_flag[<PIPE_V>, <PIPE_MTE3>,
# PTO: pto.tstore ins(%gathered
# PTO: pto.mgather ins(%pv{{.*}}, %eidx_tile : !pto.partition_tensor_view<256xf16>, !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=32, {{.*}}>) outs(%picked : {{.*}}) {coalesce = #pto<coalesce elem>, gatherOob = #pto<gather_oob wrap>}

# CCE: GlobalTensor<float, pto::Shape<1, 1, 1, 64, 32>, pto::Stride<1, 1, 1, 32, 1>> [[MEM:.*]](mem);
# CCE-A2A3: pipe_barrier(PIPE_ALL);
# CCE: MGATHER<Coalesce::Row>(gathered, [[MEM]], idx_tile);
# CCE: MGATHER<Coalesce::Elem, GatherOOB::Wrap>(picked, {{.*}}, eidx_tile);

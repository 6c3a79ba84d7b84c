# A kernel with no peer invalidate is in the form from before
# comm-hazards.md H6: a remote write needs only its fence (codegen
# invalidates the peer region after the write itself).
# RUN: ptoc %s --passes=check-comm-contract --emit=text > /dev/null
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s
# CHECK: TSTORE(win_gm, t);
# CHECK: dcci(win_peer + 16, cache_line_t::SINGLE_CACHE_LINE);
# CHECK-NEXT: // {{.*}}remote_write_old_form_accepted.py:[[@LINE+18]]
# CHECK-NEXT: pipe_barrier(PIPE_ALL);
# CHECK-NEXT: dsb(DSB_DDR);
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.AIV)
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[8, 4], pl.INT32]],
    ):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        pld.tile.remote_store(t, win, 1, [1, 0])
        pl.system.fence()
        pld.system.notify(sig, 1, [0, 0], 1)

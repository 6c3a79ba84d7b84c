# comm-hazards.md H2: a cell this rank writes through its data cache
# (flag[0, 0]) shares a 64-byte line with bytes other ranks write into the
# same window: the rows the left neighbour stores at columns 8..15 (line 0:
# FP32 columns 0..15), and the signal element it notifies. Cleaning the
# cell's line writes the whole line back over their bytes. The error is at
# the cell, the note at the other write; the row at columns 16..31 (line 1)
# shares nothing, and a cell at a run-time index claims nothing.
# RUN: not ptoc %s --passes=insert-comm-fence,check-comm-contract --emit=text 2>&1 >/dev/null | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, inp: pl.Tensor[[1, 8], pl.FP32], box: pl.InOut[pld.DistributedTensor[[2, 32], pl.FP32]],
          i: pl.Scalar[pl.INDEX], right: pl.Scalar[pl.INDEX]):
        row: pl.Tile[[1, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 8])
        pld.tile.remote_store(row, box, right, [0, 8])
        pld.tile.remote_store(row, box, right, [0, 16])
        pld.system.notify(box, right, [1, 1], 1, op=pld.NotifyOp.AtomicAdd)
        # CHECK: cell_shares_line.py:[[@LINE+4]]:9: error: in kernel 'k': box[0, 0], written through the data cache here, shares 64-byte line 0 of window 'box' with box[0, 8:16], which other ranks write (pld.tile.remote_store): cleaning the cell's line writes the whole line back, over their bytes (comm-hazards.md H2); keep the two in different lines
        # CHECK: cell_shares_line.py:[[@LINE-4]]:9: note: the other ranks' write into line 0
        # CHECK: cell_shares_line.py:[[@LINE+3]]:9: error: in kernel 'k': box[1, 0], written through the data cache here, shares 64-byte line 2 of window 'box' with box[1, 1], which other ranks write (pld.system.notify)
        # CHECK-NOT: error:
        pl.tensor.write(box, [0, 0], 1.0)
        pl.tensor.write(box, [1, 0], 1.0)
        pl.tensor.write(box, [1, 16], 1.0)
        pl.tensor.write(box, [0, i], 1.0)

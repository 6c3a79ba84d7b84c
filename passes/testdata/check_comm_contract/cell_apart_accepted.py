# comm-hazards.md H2: the cell this rank writes through its cache
# (box[0, 0], line 0) and the row other ranks store (columns 16..31, line
# 1) are in different lines: accepted.
# RUN: ptoc %s --passes=insert-comm-fence,check-comm-contract --emit=text
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, inp: pl.Tensor[[1, 16], pl.FP32], box: pl.InOut[pld.DistributedTensor[[1, 32], pl.FP32]],
          right: pl.Scalar[pl.INDEX]):
        row: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        pld.tile.remote_store(row, box, right, [0, 16])
        pl.tensor.write(box, [0, 0], 1.0)

# tile.gather_mask (src, mask_pattern=): TGATHER's mask form, as PyPTO lowers
# it: pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P1010>} : T,
# "row") outs(%dst : D); C++ what ptoas emits, TGATHER<D, T,
# MaskPattern::P1010>(dst, src). One V step.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
# PTO: pto.tgather ins(%x, {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<{{.*}}cols=256{{.*}}>, "row") outs(%g : !pto.tile_buf<{{.*}}cols=128{{.*}}>)
# CCE: TGATHER<decltype(g), decltype(x), MaskPattern::P1010>(g, x);
import pypto.language as pl


@pl.program
class GatherMask:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 256], pl.FP32], o: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
        x: pl.Tile[[1, 256], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 256])
        g: pl.Tile[[1, 128], pl.FP32] = pl.tile.gather_mask(
            x, mask_pattern=pl.tile.MaskPattern.P1010)
        pl.tile.store(g, [0, 0], o)

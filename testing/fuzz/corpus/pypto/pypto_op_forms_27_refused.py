import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, m: pl.Tensor[[16, 64], pl.FP32]):
        tm = pl.load(m, [0, 0], [16, 64])
        g = pl.tile.gather_mask(tm, mask_pattern=pl.tile.MaskPattern.P9999)

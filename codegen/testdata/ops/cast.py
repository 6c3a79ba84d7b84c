# tile.cast is TCVT with PyPTO's rounding mode (default "round"), spelled
# as the rmode attribute inside ins(...) and as RoundMode::CAST_X; the
# result tile has the target element type.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class Cast:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 64], pl.FP32], out: pl.Out[pl.Tensor[[8, 64], pl.INT32]]):
        x: pl.Tile[[8, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 64])
        h = pl.tile.cast(x, target_type=pl.FP16)
        b = pl.tile.cast(h, target_type=pl.BF16, mode="rint")
        f = pl.tile.cast(b, target_type=pl.FP32, mode=0)
        i = pl.tile.cast(f, target_type=pl.INT32, mode="floor")
        pl.tile.store(i, [0, 0], out)

# PTO: pto.tcvt ins(%x {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<{{.*}}dtype=f32{{.*}}>) outs(%h : !pto.tile_buf<{{.*}}dtype=f16
# PTO: pto.tcvt ins(%h {rmode = #pto<round_mode RINT>} : {{.*}}) outs(%b : !pto.tile_buf<{{.*}}dtype=bf16
# PTO: pto.tcvt ins(%b {rmode = #pto<round_mode NONE>} : {{.*}}) outs(%f : !pto.tile_buf<{{.*}}dtype=f32
# PTO: pto.tcvt ins(%f {rmode = #pto<round_mode FLOOR>} : {{.*}}) outs(%i : !pto.tile_buf<{{.*}}dtype=i32

# CCE: Tile<TileType::Vec, half, 8, 64, {{.*}}> h;
# CCE: TCVT(h, x, RoundMode::CAST_ROUND);
# CCE: TCVT(b, h, RoundMode::CAST_RINT);
# CCE: TCVT(f, b, RoundMode::CAST_NONE);
# CCE: TCVT(i, f, RoundMode::CAST_FLOOR);

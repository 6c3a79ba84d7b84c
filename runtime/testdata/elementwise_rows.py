# The rows of ir/tile_elementwise.def that the examples do not use, chained
# so that every value stays finite for any input (the logarithm and square
# root see |x| + 1), and tile.cast through the float types and into INT32
# with the rounding modes that differ on the inputs' halves (2x of a
# multiple of 1/4): pto_isa_sim_test runs them on pto-isa's CPU simulation
# and compares with ptoc-sim.
import pypto.language as pl


@pl.program
class ElementwiseRows:
    @pl.function(type=pl.FunctionType.AIV)
    def floats(self, a: pl.Tensor[[8, 64], pl.FP32], b: pl.Tensor[[8, 64], pl.FP32],
               out: pl.Out[pl.Tensor[[8, 64], pl.FP32]]):
        x: pl.Tile[[8, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 64])
        y: pl.Tile[[8, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [8, 64])
        t1 = pl.tile.maximum(x, y)
        t2 = pl.tile.minimum(t1, x)
        t3 = pl.tile.abs(t2)
        t4 = pl.tile.adds(t3, 1.0)
        t5 = pl.tile.sqrt(t4)
        t6 = pl.tile.log(t5)
        t7 = pl.tile.adds(t6, 0.5)
        t8 = pl.tile.recip(t7)
        t9 = pl.tile.subs(t8, 1.0)
        t10 = pl.tile.divs(t9, 2.0)
        t11 = pl.tile.maximums(t10, -0.75)
        t12 = pl.tile.minimums(t11, 0.75)
        t13 = pl.tile.lrelu(t12, 0.25)
        t14 = pl.tile.add(t13, y)
        pl.tile.store(t14, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def ints(self, a: pl.Tensor[[8, 64], pl.INT16], b: pl.Tensor[[8, 64], pl.INT16],
             out: pl.Out[pl.Tensor[[8, 64], pl.INT16]]):
        x: pl.Tile[[8, 64], pl.INT16, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 64])
        y: pl.Tile[[8, 64], pl.INT16, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [8, 64])
        u1 = pl.tile.and_(x, y)
        u2 = pl.tile.or_(u1, x)
        u3 = pl.tile.ands(y, 3)
        u4 = pl.tile.shl(u2, u3)
        u5 = pl.tile.shr(u4, u3)
        u6 = pl.tile.not_(u5)
        u7 = pl.tile.ors(u6, 8)
        u8 = pl.tile.shls(u7, 2)
        u9 = pl.tile.shrs(u8, 1)
        scratch: pl.Tile[[8, 64], pl.INT16, pl.MemorySpace.Vec] = pl.tile.create(shape=[8, 64], dtype=pl.INT16)
        u10 = pl.tile.xor_(u9, y, scratch)
        u11 = pl.tile.xors(u10, 1445, scratch)
        pl.tile.store(u11, [0, 0], out)

    # The rows with a scratch tile, and the modulo rows (divisors kept
    # nonzero: |y| + 1).
    @pl.function(type=pl.FunctionType.AIV)
    def scratch(self, a: pl.Tensor[[8, 64], pl.FP32], b: pl.Tensor[[8, 64], pl.FP32],
                out: pl.Out[pl.Tensor[[8, 64], pl.FP32]]):
        x: pl.Tile[[8, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 64])
        y: pl.Tile[[8, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [8, 64])
        two_rows: pl.Tile[[2, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create(shape=[2, 64], dtype=pl.FP32)
        like: pl.Tile[[8, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create(shape=[8, 64], dtype=pl.FP32)
        mask: pl.Tile[[9, 32], pl.UINT8, pl.MemorySpace.Vec] = pl.tile.create(shape=[9, 32], dtype=pl.UINT8)
        d = pl.tile.adds(pl.tile.abs(y), 1.0)
        r1 = pl.tile.rem(x, d, two_rows)
        r2 = pl.tile.fmod(x, d)
        r3 = pl.tile.fmods(r2, 0.75)
        r4 = pl.tile.rems(r1, -0.5, like)
        p = pl.tile.prelu(x, r3, mask)
        s = pl.tile.add(r4, p)
        pl.tile.store(s, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def casts(self, a: pl.Tensor[[8, 64], pl.FP32], out: pl.Out[pl.Tensor[[8, 64], pl.INT32]],
              out2: pl.Out[pl.Tensor[[8, 64], pl.FP32]]):
        x: pl.Tile[[8, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 64])
        h = pl.tile.cast(x, target_type=pl.FP16)
        b = pl.tile.cast(h, target_type=pl.BF16, mode="rint")
        f = pl.tile.cast(b, target_type=pl.FP32, mode="none")
        g = pl.tile.muls(f, 2.0)
        r = pl.tile.cast(g, target_type=pl.INT32, mode="round")
        s = pl.tile.cast(r, target_type=pl.FP32, mode="none")
        t = pl.tile.cast(g, target_type=pl.INT32, mode="floor")
        u = pl.tile.cast(t, target_type=pl.FP32, mode="none")
        v = pl.tile.add(s, u)
        w = pl.tile.cast(v, target_type=pl.INT32, mode="trunc")
        pl.tile.store(w, [0, 0], out)
        pl.tile.store(v, [0, 0], out2)

    # tile.rsqrt, plain and with its scratch (pto-isa's high-precision form),
    # of |x| + 1.
    @pl.function(type=pl.FunctionType.AIV)
    def rsqrt(self, a: pl.Tensor[[2, 8], pl.FP32], plain: pl.Out[pl.Tensor[[2, 8], pl.FP32]],
              precise: pl.Out[pl.Tensor[[2, 8], pl.FP32]]):
        x: pl.Tile[[2, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [2, 8])
        y = pl.tile.adds(pl.tile.abs(x), 1.0)
        block: pl.Tile[[1, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create(shape=[1, 8], dtype=pl.FP32)
        r = pl.tile.rsqrt(y)
        p = pl.tile.rsqrt(y, tmp=block)
        pl.tile.store(r, [0, 0], plain)
        pl.tile.store(p, [0, 0], precise)

    # tile.xors by the numbers (runtime/tests/xors.py).
    @pl.function(type=pl.FunctionType.AIV)
    def xors(self, a: pl.Tensor[[1, 16], pl.INT16], out: pl.Out[pl.Tensor[[1, 16], pl.INT16]]):
        x: pl.Tile[[1, 16], pl.INT16, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 16])
        scratch: pl.Tile[[1, 16], pl.INT16, pl.MemorySpace.Vec] = pl.tile.create(shape=[1, 16], dtype=pl.INT16)
        y = pl.tile.xors(x, 6, scratch)
        pl.tile.store(y, [0, 0], out)

# tile.slice: windows of a tile's buffer (no copy), read by element-wise
# ops, reductions and stores, at constant and run-time offsets, a window of
# a window, and whole columns of an NZ Mat tile feeding the cube;
# tile.reshape: the same buffer as another shape; tile.assemble: a tile
# written into a window of a copy of another.
# view_ops_numpy_test compares ptoc-sim with NumPy on it; pto_isa_sim_test
# compares pto-isa's CPU simulation of the emitted C++ with ptoc-sim.
import pypto.language as pl


@pl.program
class Slices:
    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, a: pl.Tensor[[16, 128], pl.FP32], r: pl.Scalar[pl.INDEX],
            halves: pl.Out[pl.Tensor[[16, 64], pl.FP32]], col: pl.Out[pl.Tensor[[8, 1], pl.FP32]],
            row: pl.Out[pl.Tensor[[1, 128], pl.FP32]], inner: pl.Out[pl.Tensor[[4, 16], pl.FP32]],
            sums: pl.Out[pl.Tensor[[16, 1], pl.FP32]]):
        x: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 128])
        left = pl.tile.slice(x, [16, 64], [0, 0])
        right = pl.tile.slice(x, [16, 64], [0, 64])
        s = pl.tile.add(left, right)
        pl.tile.store(s, [0, 0], halves)
        c = pl.tile.slice(x, [8, 1], [r, 8])
        c2 = pl.tile.muls(c, 2.0)
        pl.tile.store(c2, [0, 0], col)
        one = pl.tile.slice(x, [1, 128], [3, 0])
        pl.tile.store(one, [0, 0], row)
        w = pl.tile.slice(right, [4, 16], [2, 8])
        pl.tile.store(w, [0, 0], inner)
        tmp: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create(shape=[16, 64], dtype=pl.FP32)
        rs: pl.Tile[[16, 1], pl.FP32] = pl.tile.row_sum(right, tmp)
        pl.tile.store(rs, [0, 0], sums)

    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a: pl.Tensor[[16, 64], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16],
             out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat)
        hi: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.slice(am, [16, 32], [0, 32])
        al: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(hi, target_memory=pl.MemorySpace.Left)
        bm: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        br: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, br)
        pl.tile.store(c, [0, 0], out)

    # A band of a Mat tile's rows (in the fractal layout not a tile of its
    # own) as a matmul operand: canonicalize-tile-slice copies it into Left
    # with a TEXTRACT at the band's row (r = 16).
    @pl.function(type=pl.FunctionType.InCore)
    def cube_rows(self, a: pl.Tensor[[48, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16],
                  r: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am: pl.Tile[[48, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [48, 32], target_memory=pl.MemorySpace.Mat)
        band: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.slice(am, [16, 32], [r, 0])
        bm: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(band, bm)
        pl.tile.store(c, [0, 0], out)

    # tile.extract: windows copied into tiles of their own.
    @pl.function(type=pl.FunctionType.AIV)
    def extract_vec(self, a: pl.Tensor[[16, 128], pl.FP32], r: pl.Scalar[pl.INDEX],
                    out: pl.Out[pl.Tensor[[4, 64], pl.FP32]]):
        x: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 128])
        w: pl.Tile[[4, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.extract(x, r, 56, shape=[4, 64])
        y = pl.tile.muls(w, 3.0)
        pl.tile.store(y, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIC)
    def extract_cube(self, a: pl.Tensor[[32, 64], pl.FP16], b: pl.Tensor[[64, 32], pl.FP16],
                     out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am: pl.Tile[[32, 64], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [32, 64], target_memory=pl.MemorySpace.Mat)
        bm: pl.Tile[[64, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [64, 32], target_memory=pl.MemorySpace.Mat)
        al: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Left] = pl.tile.extract(am, 16, 0, shape=[16, 64], target_memory=pl.MemorySpace.Left)
        br: pl.Tile[[64, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.extract(bm, 0, 16, shape=[64, 16], target_memory=pl.MemorySpace.Right)
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, br)
        pl.tile.store(c, [0, 0], out)

    # tile.reshape: a [4, 128] tile read as [64, 8] (and back) and as
    # [2, 2, 128], computed on and stored in each shape.
    @pl.function(type=pl.FunctionType.AIV)
    def reshape(self, a: pl.Tensor[[4, 128], pl.FP32], narrow: pl.Out[pl.Tensor[[64, 8], pl.FP32]],
                back: pl.Out[pl.Tensor[[4, 128], pl.FP32]], rows: pl.Out[pl.Tensor[[64, 1], pl.FP32]]):
        x: pl.Tile[[4, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [4, 128])
        r: pl.Tile[[64, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.reshape(x, [64, 8])
        y = pl.tile.muls(r, 3.0)
        pl.tile.store(y, [0, 0], narrow)
        tmp: pl.Tile[[64, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create(shape=[64, 8], dtype=pl.FP32)
        s: pl.Tile[[64, 1], pl.FP32] = pl.tile.row_sum(r, tmp)
        pl.tile.store(s, [0, 0], rows)
        b: pl.Tile[[4, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.reshape(y, [4, 128])
        z = pl.tile.add(b, x)
        pl.tile.store(z, [0, 0], back)

    # tile.reshape of a vector onto its side: [16, 1] row sums read as
    # [1, 16] (a transpose here, rows pad to 32 bytes), computed on, and
    # turned back; FP16 both ways too.
    @pl.function(type=pl.FunctionType.AIV)
    def turn(self, a: pl.Tensor[[16, 64], pl.FP32], h: pl.Tensor[[1, 32], pl.FP16],
             flat: pl.Out[pl.Tensor[[1, 16], pl.FP32]], col: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
             hcol: pl.Out[pl.Tensor[[32, 1], pl.FP16]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        tmp: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create(shape=[16, 64], dtype=pl.FP32)
        s: pl.Tile[[16, 1], pl.FP32, pl.MemorySpace.Vec] = pl.tile.row_sum(x, tmp)
        r: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.reshape(s, [1, 16])
        r2 = pl.tile.muls(r, 2.0)
        pl.tile.store(r2, [0, 0], flat)
        c: pl.Tile[[16, 1], pl.FP32, pl.MemorySpace.Vec] = pl.tile.reshape(r2, [16, 1])
        pl.tile.store(c, [0, 0], col)
        hv: pl.Tile[[1, 32], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(h, [0, 0], [1, 32])
        hc: pl.Tile[[32, 1], pl.FP16, pl.MemorySpace.Vec] = pl.tile.reshape(hv, [32, 1])
        pl.tile.store(hc, [0, 0], hcol)

    # tile.assemble: rows of a tile written into a copy of another at a
    # run-time row offset (the target itself is read again after), and a
    # 3-D page written into its folded rows.
    @pl.function(type=pl.FunctionType.AIV)
    def assemble(self, a: pl.Tensor[[16, 128], pl.FP32], b: pl.Tensor[[4, 128], pl.FP32],
                 c: pl.Tensor[[4, 8, 16], pl.FP16], r: pl.Scalar[pl.INDEX],
                 out: pl.Out[pl.Tensor[[16, 128], pl.FP32]], kept: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
                 out3: pl.Out[pl.Tensor[[4, 8, 16], pl.FP16]]):
        x: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 128])
        y: pl.Tile[[4, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [4, 128])
        z: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.assemble(x, y, [r, 0])
        pl.tile.store(z, [0, 0], out)
        x2 = pl.tile.muls(x, 2.0)
        pl.tile.store(x2, [0, 0], kept)
        t: pl.Tile[[4, 8, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(c, [0, 0, 0], [4, 8, 16])
        page = pl.tile.full([1, 8, 16], dtype=pl.FP16, value=1.5)
        t2: pl.Tile[[4, 8, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.assemble(t, page, [2, 0, 0])
        pl.tile.store(t2, [0, 0, 0], out3)

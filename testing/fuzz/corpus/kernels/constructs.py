import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Constructs:
    @pl.function(type=pl.FunctionType.InCore, attrs={"nranks": 4, "tag": "x", "arg_direction_overrides": [1, 2], "on": True})
    def body(
        self,
        t: pl.Tensor[[16, 64], pl.FP16],
        w: pl.InOut[pld.DistributedTensor[[4, 8], pl.INT32]],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP16]],
    ):
        a: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.load(t, [0, 0], [16, 64], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
        m: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(t, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat)
        x: pl.Scalar[pl.INDEX] = (n - 1 + 4) % n
        x: pl.Scalar[pl.INDEX] = n - (x - 1) * 2 // 3
        y: pl.Scalar[pl.INDEX] = -(x + 1)
        for i, (acc,) in pl.range(0, n, 1, init_values=(x,)):
            acc_next: pl.Scalar[pl.INDEX] = acc + i
            acc_out = pl.yield_(acc_next)
        for i, (p, q) in pl.range(1, n, 2, init_values=(acc_out, y)):
            if p < q and not q == 3:
                r: pl.Scalar[pl.INDEX] = p + 1
                z = pl.yield_(r)
            else:
                z = pl.yield_(q)
            p2, q2 = pl.yield_(z, p)
        for j in pl.range(2, 8):
            pass
        while p2 > 0:
            pass
        if q2 != 0:
            pld.system.notify(w, q2, [0, 0], 1, op=pld.NotifyOp.Set)
        pld.system.wait(w, [0, 0], 7, cmp=pld.WaitCmp.Ge)
        pl.tile.store(a, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def caller(
        self,
        t: pl.Tensor[[16, 64], pl.FP16],
        w: pl.InOut[pld.DistributedTensor[[4, 8], pl.INT32]],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP16]],
    ):
        self.body(t, w, n, out)

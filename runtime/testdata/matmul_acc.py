# tile.matmul_acc: acc += lhs x rhs in the acc tile's own buffer, in a loop
# over K (the carried accumulator) and once more after it. run_emitted_cpp_test
# compares the emitted C++ with ptoc-sim; pto_isa_sim_test runs it on pto-isa.
import pypto.language as pl


@pl.program
class MatmulAcc:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 96], pl.FP16], b: pl.Tensor[[96, 16], pl.FP16],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 32], target_memory=pl.MemorySpace.Mat)
        bm: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        al: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
        br: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        acc: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, br)
        for kk, (c,) in pl.range(1, 3, init_values=(acc,)):
            am2: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, kk * 32], [16, 32], target_memory=pl.MemorySpace.Mat)
            bm2: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [kk * 32, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
            al2: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(am2, target_memory=pl.MemorySpace.Left)
            br2: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm2, target_memory=pl.MemorySpace.Right)
            c2: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul_acc(c, al2, br2)
            r = pl.yield_(c2)
        last: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul_acc(r, al, br)
        pl.tile.store(last, [0, 0], out)

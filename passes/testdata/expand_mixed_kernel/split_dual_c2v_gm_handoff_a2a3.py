# Acceptance case 12: a C2V GM hand-off to both lanes on a2a3. The cube stores,
# fences and pushes the dedicated [16, 16] Acc token with split=1; each lane
# pops its [8, 16] half and frees it before loading its rows.
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[32, 32], pl.FP16],
        b: pl.Tensor[[32, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP32]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        am: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        al: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
        bm: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        br: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        c: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, br)
        pl.tile.store(c, [0, 0], scratch)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            sv: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(scratch, [lane * 16, 0], [16, 16])
            r = pl.tile.relu(sv)
            pl.tile.store(r, [lane * 16, 0], out)

# CHECK-LABEL: def k_aic(
# CHECK: pl.tile.store(c, [0, 0], scratch)
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: tok: pl.Tile{{.}}[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.create(
# CHECK-NEXT: pl.tile.tpush_to_aiv(tok, split=1)
# CHECK-LABEL: def k_aiv(
# CHECK: tok: pl.Tile{{.}}[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
# CHECK-NEXT: pl.system.tfree_to_aic(tok, split=1)
# CHECK-NEXT: pl.tile.load(scratch, [lane * 16, 0], [16, 16])

# Acceptance case 06: an UP_DOWN shard of a cube result on a2a3. The cube pushes the
# full Acc tile with split=1, each AIV lane pops its [16, 16] half; the lane
# binding is F_aiv's first statement, above the pipe setup; slot_size is the
# full tile's 32 x 16 x 4 = 2048 bytes; split_aiv=True on both lanes and the Group.
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
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        am: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        al: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
        bm: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        br: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        c: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, br)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.aiv_shard(c)
            r = pl.tile.relu(h)
            pl.tile.store(r, [aiv_id * 16, 0], out)

# CHECK-LABEL: def k_aic(
# CHECK: pl.system.aic_initialize_pipe({{.*}}, 0, dir_mask=1, slot_size=2048)
# CHECK: pl.tile.tpush_to_aiv(c, split=1)
# CHECK-LABEL: def k_aiv(
# CHECK: ):
# CHECK-NEXT: aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: pl.system.reserve_buffer(name="k_c2v_slot_buffer", size=4096)
# CHECK-NEXT: pl.system.aiv_initialize_pipe({{.*}}, 0, dir_mask=1, slot_size=2048)
# CHECK-NEXT: h: pl.Tile{{.}}[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
# CHECK: pl.system.tfree_to_aic(h, split=1)
# CHECK: pl.tile.store({{.*}}, [aiv_id * 16, 0], out)
# CHECK: type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker, attrs={"split_aiv": True}

# The lowered form: split_aiv=True, no region, explicit split= (printed),
# the lane read with tile.get_subblock_idx; dual_aiv_dispatch and split are
# function attributes kept as written. Without split= the shard is an error.
# RUN: ptoc %s --passes= --emit=text > %t.1
# RUN: ptoc %t.1 --passes= --emit=text | diff %t.1 -
# RUN: FileCheck %s < %t.1
# RUN: sed 's/pl.aiv_shard(c, split=1)/pl.aiv_shard(c)/' %s > %t.bad.py
# RUN: not ptoc %t.bad.py --passes= --emit=text 2>&1 | FileCheck --check-prefix=BAD %s
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True, "split": pl.SplitMode.UP_DOWN})
    def k(
        self,
        c0: pl.Tensor[[32, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        c: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.load(c0, [0, 0], [32, 16], target_memory=pl.MemorySpace.Acc)
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        h = pl.aiv_shard(c, split=1)
        pl.tile.store(h, [lane * 16, 0], out)

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True})
    def v(
        self,
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        t = pl.tile.create([16, 16], dtype=pl.FP32)

# CHECK: attrs={"split_aiv": True, "split": pl.SplitMode.UP_DOWN}
# CHECK: pl.Tile{{.}}[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(c, split=1)
# CHECK: attrs={"dual_aiv_dispatch": True}
# BAD: error: 'tile.aiv_shard' outside a pl.split_aiv region needs split= (0, 1 or 2)

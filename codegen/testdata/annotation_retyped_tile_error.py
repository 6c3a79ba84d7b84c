# PyPTO takes a tile annotation's view over the op's (here a TileView the
# op does not give). The IR keeps the declared type; the compile path does
# not compile such a value and refuses it at the statement: expand-mixed-kernel
# for an InCore kernel, code generation for a lane function.
# RUN: ptoc %s --passes= --emit=text | FileCheck %s --check-prefix=TEXT
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --emit=cce 2>&1 | FileCheck %s
# RUN: sed 's/FunctionType.InCore/FunctionType.AIV/' %s > %t.py
# RUN: not ptoc %t.py --emit=pto 2>&1 | FileCheck %s --check-prefix=LANE
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box, valid_shape=[12, 12])] = pl.load(a, [0, 0], [16, 16])
        pl.store(t, [0, 0], out)

# TEXT: t: pl.Tile{{.*}}valid_shape=[12, 12])] = pl.tile.load(a, [0, 0], [16, 16])
# LANE: .py:17:9: error: 't' is annotated pl.Tile{{.*}}ptoc does not compile a value retyped by its annotation
# CHECK: annotation_retyped_tile_error.py:17:9: error: 't' is annotated pl.Tile{{.*}}valid_shape=[12, 12])] but its value has type pl.Tile{{.*}}pl.Mem.Vec] (PyPTO takes the annotation); ptoc does not compile a value retyped by its annotation

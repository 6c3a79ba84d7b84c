# A statement's leading comments (the `#` lines above it, a trailing `#` on
# its line, a docstring's lines) are kept through the default pipeline and
# printed above it at its indentation, as PyPTO's printer prints them.
# RUN: ptoc %s --emit=text | FileCheck %s
import pypto.language as pl


@pl.program
class Commented:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        """Adds a tile to itself."""
        # load the input
        t = pl.tile.load(a, [0, 0], [16, 16])
        for i in pl.range(2):  # twice
            # a comment inside the loop body
            pl.system.fence()
            # a tail comment, dropped as PyPTO drops it
        s = pl.tile.add(t, t)
        pl.tile.store(s, [0, 0], out)


# CHECK:      def kernel(
# CHECK:        # Adds a tile to itself.
# CHECK-NEXT:   # load the input
# CHECK-NEXT:   t: pl.Tile
# CHECK-NEXT:   # twice
# CHECK-NEXT:   for i in pl.range(2):
# CHECK-NEXT:     # a comment inside the loop body
# CHECK-NEXT:     pl.system.fence()
# CHECK-NEXT:   s: pl.Tile
# CHECK-NOT:  tail comment
# CHECK-NOT:  CHECK

import pypto.language as pl
import pypto.language.distributed as pld


M = pl.dynamic("M")


@pl.program(strict_ssa=True)
class P:
    """A program.

    Two lines."""

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host(self, x: pl.Tensor[[M, 16], pl.FP32]):
        """Host side."""
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})

    @pl.function(type=pl.FunctionType.Inline, strict_ssa=True)
    def worker(x: pl.Tensor[[16], pl.FP32]):
        pass

# A pass's options are declared with it (PassOptionSpec): its binary takes
# and lists its own (--narrow-regions) and no other pass's (--v2c-sync),
# and ptoc refuses an option of a pass its --passes does not run.
# RUN: insert-comm-fence --help | FileCheck %s --check-prefix=HELP
# RUN: ptoc %s --passes= --emit=pb -o %t.pb
# RUN: insert-comm-fence %t.pb --narrow-regions -o %t.out.pb
# RUN: not insert-comm-fence %t.pb --v2c-sync=fence -o %t.out.pb 2>&1 | FileCheck %s --check-prefix=OTHER
# RUN: not ptoc %s --passes=insert-comm-fence --v2c-sync=barrier 2>&1 | FileCheck %s --check-prefix=IDLE
# RUN: ptoc --list-passes | FileCheck %s --check-prefix=LIST
# HELP: --narrow-regions (default: "false")
# HELP-NOT: --v2c-sync
# OTHER: unknown flag '--v2c-sync=fence'
# IDLE: ptoc: --v2c-sync is an option of expand-mixed-kernel, which --passes does not run
# LIST: expand-mixed-kernel
# LIST-NEXT: option --v2c-sync
# LIST: insert-comm-fence
# LIST-NEXT: option --narrow-regions
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Put:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[1, 64], pl.FP32], win: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]]):
        t: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [1, 64])
        pl.tile.store(t, [0, 0], win)

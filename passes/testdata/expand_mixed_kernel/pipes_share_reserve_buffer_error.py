# Two pipes (ids 0 and 1) that share one system.reserve_buffer would write
# their slots over each other: refused at the second pipe's buffer argument,
# whether the two use the same value or two reservations of one name.
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class Shared:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, a: pl.Tensor[[16, 16], pl.FP32]):
        buf = pl.system.reserve_buffer(name="k_v2c", size=4096)
        pl.system.aic_initialize_pipe(0, buf, dir_mask=2, slot_size=1024, id=0)
        pl.system.aic_initialize_pipe(0, buf, dir_mask=2, slot_size=1024, id=1)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        imp0 = pl.system.import_peer_buffer(name="k_v2c", peer_func="k_aic")
        imp1 = pl.system.import_peer_buffer(name="k_v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(0, imp0, dir_mask=2, slot_size=1024, id=0)
        pl.system.aiv_initialize_pipe(0, imp1, dir_mask=2, slot_size=1024, id=1)

# CHECK: pipes_share_reserve_buffer_error.py:14:42: error: in 'k_aic': this 'system.aic_initialize_pipe' uses the buffer system.reserve_buffer(name="k_v2c") that another pipe already uses; two pipes cannot share one buffer (their slots would overwrite each other): give each pipe its own system.reserve_buffer / import_peer_buffer
# CHECK: pipes_share_reserve_buffer_error.py:13:9: note: the pipe that uses it first
# CHECK: pipes_share_reserve_buffer_error.py:21:42: error: in 'k_aiv': this 'system.aiv_initialize_pipe' uses the buffer system.import_peer_buffer(name="k_v2c") that another pipe already uses
# CHECK: pipes_share_reserve_buffer_error.py:20:9: note: the pipe that uses it first

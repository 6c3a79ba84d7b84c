# A pipe set up in one lane only is an error on both targets: ptoas pairs the
# two lanes' setups through the reserved buffer and rejects a setup without
# its peer, and on the device the other end of the FIFO would never come.
# RUN: not ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=cce 2>&1 | FileCheck %s
# RUN: sed -e 's/name="c2v", size=2048/name="c2v", size=2048, base=-1/' -e 's/c2v_buf, 0, dir_mask/0, 0, dir_mask/' %s > %t.unbound.py
# RUN: not ptoc %t.unbound.py --passes=hoist-output-returns,materialize-aiv-lanes --emit=cce 2>&1 | FileCheck %s --check-prefix=UNBOUND
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class NoPeer:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v", size=2048)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.system.tfree_to_aic(t)

# CHECK: pipe_without_peer_error.py:17:9: error: the pipe set up here has no peer: exactly one other AIC or AIV function must set up a pipe on the buffer 'c2v' of 'k' (system.import_peer_buffer(name="c2v", peer_func="k") and its *_initialize_pipe), as expand-mixed-kernel does
# CHECK-NEXT: pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024)
# CHECK-NEXT: ^

# UNBOUND: error: the cube-to-vector consumer buffer of this pipe must be a variable bound to system.reserve_buffer or system.import_peer_buffer at the kernel's top level

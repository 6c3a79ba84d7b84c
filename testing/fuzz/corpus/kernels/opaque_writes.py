# Publishing writes of every kind: local stores into windows, a scalar
# write, gets, puts, remote stores, an unregistered op and a call to another
# function (both opaque), then notifies and a barrier.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Publish:
    @pl.function(type=pl.FunctionType.Opaque)
    def helper(
        self,
        w: pl.InOut[pld.DistributedTensor[[4, 64], pl.FP32]],
    ):
        pass

    @pl.function(type=pl.FunctionType.AIV)
    def publish(
        self,
        src: pl.Tensor[[4, 64], pl.FP32],
        w: pl.InOut[pld.DistributedTensor[[4, 64], pl.FP32]],
        flags: pl.InOut[pld.DistributedTensor[[1, 16], pl.INT32]],
        peer: pl.Scalar[pl.INDEX],
    ):
        t: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(src, [0, 0], [1, 64])
        pl.tile.store(t, [1, 0], w)
        pl.tile.store(t, [2, 0], w, atomic="add")
        pl.tensor.write(flags, [0, 3], 5)
        pld.tile.remote_store(t, w, peer, [3, 0])
        pld.tile.put(w, peer, src, t)
        pld.tensor.put(w, peer, src)
        pld.tile.get(w, peer, w, t)
        pld.tensor.get(w, peer, w)
        self.helper(w)
        pl.custom.op(w, 3)
        system_ok: pl.Scalar[pl.INDEX] = peer + 1
        pl.system.fence()
        pld.system.notify(flags, peer, [0, 0], 1)
        pl.system.syncall(core_type="aiv_only", mode="hard")

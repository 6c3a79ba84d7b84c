#!/usr/bin/env python3
"""Writes a large ring-exchange kernel for the ptoc-sim benchmark.

Every round, each rank runs STAGES unrolled stages of tile arithmetic that
store into its window, meets its left neighbour at a signal, reads the
neighbour's window back stage by stage, and tells the neighbour it is done
(so the next round may overwrite the window without a race).
"""
import argparse


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--stages", type=int, default=64)
    parser.add_argument("--ranks", type=int, default=8)
    args = parser.parse_args()
    s, r = args.stages, args.ranks
    width = 64 * s
    out = [
        "import pypto.language as pl",
        "import pypto.language.distributed as pld",
        "",
        "",
        "@pl.program",
        "class Bench:",
        "    @pl.function(type=pl.FunctionType.InCore)",
        "    def bench(",
        "        self,",
        f"        inp: pl.Tensor[[1, {width}], pl.FP32],",
        f"        win: pl.InOut[pld.DistributedTensor[[1, {width}], pl.FP32]],",
        f"        signal: pl.InOut[pld.DistributedTensor[[2, {r}], pl.INT32]],",
        f"        out: pl.Out[pl.Tensor[[1, {width}], pl.FP32]],",
        "        rounds: pl.Scalar[pl.INDEX],",
        "    ):",
        "        ctx = pld.get_comm_ctx(win)",
        "        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)",
        "        n: pl.Scalar[pl.INDEX] = pld.nranks(ctx)",
        "        right: pl.Scalar[pl.INDEX] = (me + 1) % n",
        "        left: pl.Scalar[pl.INDEX] = (me - 1 + n) % n",
        "        for k in pl.range(rounds):",
    ]
    tile = "pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec]"
    for i in range(s):
        o = 64 * i
        out += [
            f"            a{i}: {tile} = pl.tile.load(inp, [0, {o}], [1, 64])",
            f"            b{i}: {tile} = pl.tile.muls(a{i}, 0.5)",
            f"            c{i}: {tile} = pl.tile.adds(b{i}, 1.0)",
            f"            d{i}: {tile} = pl.tile.add(c{i}, a{i})",
            f"            pl.tile.store(d{i}, [0, {o}], win)",
        ]
    out += [
        "            pld.system.notify(signal, right, [0, me], 1, op=pld.NotifyOp.AtomicAdd)",
        "            pld.system.wait(signal, [0, left], k + 1, cmp=pld.WaitCmp.Ge)",
        "            seen: pl.Scalar[pl.INT32] = pl.tensor.read(signal, [0, left])",
    ]
    for i in range(s):
        o = 64 * i
        out += [
            f"            e{i}: {tile} = pld.tile.remote_load(win, left, [0, {o}], [1, 64])",
            f"            f{i}: {tile} = pl.tile.add(e{i}, a{i})",
            f"            pl.tile.store(f{i}, [0, {o}], out)",
        ]
    out += [
        "            pld.system.notify(signal, left, [1, me], 1, op=pld.NotifyOp.AtomicAdd)",
        "            pld.system.wait(signal, [1, right], k + 1, cmp=pld.WaitCmp.Ge)",
    ]
    print("\n".join(out))


if __name__ == "__main__":
    main()

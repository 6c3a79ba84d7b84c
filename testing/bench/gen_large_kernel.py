#!/usr/bin/env python3
"""Generates a large PTO kernel in the text format, for the benchmarks.

    gen_large_kernel.py --statements=N [--functions=F] [--seed=S] [-o OUT]

The kernel has F mixed InCore functions (default 1) of about N/F statements
each (a statement is one IR statement: an assignment, an op call, a `for`,
an `if`, ...; the count written to stderr is exact). The bodies are blocks
drawn from a seeded generator, each inside 0-3 nested loops:
  - cube work whose result crosses to the vector lane (matmul -> Acc -> Vec),
  - vector work whose result crosses to the cube lane (Vec -> Mat -> matmul),
  - vector stores into a window (publishing writes), remote stores and
    scalar writes into windows, with notifies,
  - all-to-all barriers (a notify loop, a wait loop, then a read),
  - waits followed by reads inside a loop, test-and-read, scalar arithmetic.
So every pass has work everywhere: expand-mixed-kernel splits every block
between the lanes, insert-comm-fence places markers after every write and
wait, check-comm-contract follows every path. The same arguments give the
same bytes.

The lanes store into different tensors, so expand-mixed-kernel has no GM
hand-off to order; --gm-conflicts makes them store into the same one, which
makes one cross-lane conflict per pair of such blocks.
"""

import argparse
import random
import sys

HEADER = """import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class LargeKernel:
"""

PARAMS = """        a: pl.Tensor[[16, 16], pl.FP16],
        b: pl.Tensor[[16, 16], pl.FP16],
        x: pl.Tensor[[1, 64], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[64, 64], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[64, 64], pl.INT32]],
        flags: pl.InOut[pld.DistributedTensor[[1, 64], pl.INT32]],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        cube_out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        n: pl.Scalar[pl.INDEX],"""

VEC_F32 = "pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec]"


class Body:
    """Accumulates the lines of one function body and counts statements."""

    def __init__(self, rng, gm_conflicts):
        self.rng = rng
        # Where the cube lane stores: its own tensor, or the one the vector
        # lane stores too (a cross-lane GM conflict in every such block).
        self.cube_out = "out" if gm_conflicts else "cube_out"
        self.lines = []
        self.statements = 0
        self.serial = 0

    def name(self, stem):
        self.serial += 1
        return "%s%d" % (stem, self.serial)

    def emit(self, depth, text):
        self.lines.append("    " * depth + text)
        self.statements += 1

    # Each block returns nothing; `depth` is the indentation of its lines,
    # `index` an expression of the enclosing loop variable (or a constant).
    def vector_publish(self, d, index):
        t, u = self.name("t"), self.name("u")
        op = self.rng.choice(["pl.tile.exp(%s)", "pl.tile.relu(%s)", "pl.tile.add(%s, %s)",
                              "pl.tile.muls(%s, 2.0)"])
        row = self.rng.randrange(64)
        self.emit(d, "%s: %s = pl.tile.load(x, [0, 0], [1, 64])" % (t, VEC_F32))
        self.emit(d, "%s: %s = %s" % (u, VEC_F32, op.replace("%s", t)))
        self.emit(d, "pl.tile.store(%s, [%d, 0], win)" % (u, row))

    def cube_to_vector(self, d, index):
        am, al, bm, br, acc, v, r = (self.name(s) for s in ("am", "al", "bm", "br", "acc", "v", "r"))
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = "
                     "pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)" % am)
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Left] = "
                     "pl.tile.move(%s, target_memory=pl.MemorySpace.Left)" % (al, am))
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = "
                     "pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)" % bm)
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = "
                     "pl.tile.move(%s, target_memory=pl.MemorySpace.Right)" % (br, bm))
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = "
                     "pl.tile.matmul(%s, %s)" % (acc, al, br))
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = "
                     "pl.tile.move(%s, target_memory=pl.MemorySpace.Vec)" % (v, acc))
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(%s)" % (r, v))
        self.emit(d, "pl.tile.store(%s, [0, 0], out)" % r)

    def vector_to_cube(self, d, index):
        bv, bs, bm, br, am, al, acc = (self.name(s) for s in ("bv", "bs", "bm", "br", "am", "al", "acc"))
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = "
                     "pl.tile.load(b, [0, 0], [16, 16])" % bv)
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.muls(%s, 0.5)"
                  % (bs, bv))
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = "
                     "pl.tile.move(%s, target_memory=pl.MemorySpace.Mat)" % (bm, bs))
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = "
                     "pl.tile.move(%s, target_memory=pl.MemorySpace.Right)" % (br, bm))
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = "
                     "pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)" % am)
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Left] = "
                     "pl.tile.move(%s, target_memory=pl.MemorySpace.Left)" % (al, am))
        self.emit(d, "%s: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = "
                     "pl.tile.matmul(%s, %s)" % (acc, al, br))
        self.emit(d, "pl.tile.store(%s, [0, 0], %s)" % (acc, self.cube_out))

    def barrier(self, d, index):
        gen = self.rng.randrange(64)
        p, q, y = self.name("p"), self.name("q"), self.name("y")
        self.emit(d, "for %s in pl.range(ranks):" % p)
        self.emit(d + 1, "if %s != me:" % p)
        self.emit(d + 2, "pld.system.notify(sig, %s, [%d, me], 1)" % (p, gen))
        self.emit(d, "for %s in pl.range(ranks):" % q)
        self.emit(d + 1, "if %s != me:" % q)
        self.emit(d + 2, "pld.system.wait(sig, [%d, %s], 1, cmp=pld.WaitCmp.Ge)" % (gen, q))
        self.emit(d, "%s: pl.Scalar[pl.FP32] = pl.tensor.read(win, [%d, 0])" % (y, gen))

    def remote_publish(self, d, index):
        t, peer = self.name("t"), self.name("peer")
        self.emit(d, "%s: %s = pl.tile.load(x, [0, 0], [1, 64])" % (t, VEC_F32))
        self.emit(d, "%s: pl.Scalar[pl.INDEX] = (me + 1) %% ranks" % peer)
        self.emit(d, "pld.tile.remote_store(%s, win, %s, [me, 0])" % (t, peer))
        self.emit(d, "pld.system.notify(flags, %s, [0, me], 1, op=pld.NotifyOp.Set)" % peer)

    def scalar_write(self, d, index):
        self.emit(d, "pl.tensor.write(flags, [0, %d], 1)" % self.rng.randrange(64))

    def test_and_read(self, d, index):
        col = self.rng.randrange(64)
        ok, z = self.name("ok"), self.name("z")
        self.emit(d, "%s: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, %d], 1)" % (ok, col))
        self.emit(d, "if %s:" % ok)
        self.emit(d + 1, "%s: pl.Scalar[pl.FP32] = pl.tensor.read(win, [%d, 0])" % (z, col))

    def wait_then_read(self, d, index):
        s, y = self.name("s"), self.name("y")
        self.emit(d, "for %s in pl.range(4):" % s)
        self.emit(d + 1, "pld.system.wait(sig, [%s, me], 1)" % s)
        self.emit(d + 1, "%s: pl.Scalar[pl.FP32] = pl.tensor.read(win, [%s, 0])" % (y, s))

    def arithmetic(self, d, index):
        k = self.name("k")
        self.emit(d, "%s: pl.Scalar[pl.INDEX] = (%s * 3 + %d) %% ranks"
                  % (k, index, self.rng.randrange(100)))


BLOCKS = [
    (Body.vector_publish, 3),
    (Body.cube_to_vector, 3),
    (Body.vector_to_cube, 1),
    (Body.barrier, 2),
    (Body.remote_publish, 2),
    (Body.scalar_write, 1),
    (Body.test_and_read, 1),
    (Body.wait_then_read, 1),
    (Body.arithmetic, 2),
]


def generate_function(rng, index, statements, gm_conflicts):
    body = Body(rng, gm_conflicts)
    body.emit(2, "ctx = pld.get_comm_ctx(win)")
    body.emit(2, "me: pl.Scalar[pl.INDEX] = pld.rank(ctx)")
    body.emit(2, "ranks: pl.Scalar[pl.INDEX] = pld.nranks(ctx)")
    blocks = [b for b, weight in BLOCKS for _ in range(weight)]
    while body.statements < statements:
        depth = rng.choice([0, 0, 1, 1, 2, 3])
        d, loop_index = 2, "me"
        for _ in range(depth):
            i = body.name("i")
            body.emit(d, "for %s in pl.range(%s):" % (i, rng.choice(["2", "4", "n", "ranks"])))
            d, loop_index = d + 1, i
        for _ in range(rng.randint(1, 4)):
            rng.choice(blocks)(body, d, loop_index)
    text = ("    @pl.function(type=pl.FunctionType.InCore)\n"
            "    def kernel%d(\n        self,\n%s\n    ):\n" % (index, PARAMS))
    return text + "\n".join(body.lines) + "\n", body.statements


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--statements", type=int, required=True)
    parser.add_argument("--functions", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--gm-conflicts", action="store_true",
                        help="both lanes store into the same tensor (every cube->vector "
                             "block conflicts with every vector->cube block)")
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args()
    if args.statements < 1 or args.functions < 1:
        parser.error("--statements and --functions must be positive")
    rng = random.Random(args.seed)
    parts, total = [HEADER], 0
    for f in range(args.functions):
        text, count = generate_function(rng, f, args.statements // args.functions,
                                        args.gm_conflicts)
        parts.append(("\n" if f else "") + text)
        total += count
    out = sys.stdout if args.output == "-" else open(args.output, "w")
    out.write("".join(parts))
    if out is not sys.stdout:
        out.close()
    print("%d statements in %d functions" % (total, args.functions), file=sys.stderr)


if __name__ == "__main__":
    main()

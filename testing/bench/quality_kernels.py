#!/usr/bin/env python3
"""Writes the small kernels that measure the quality of the generated code.

    quality_kernels.py OUT_DIR

and prints a manifest, one tab-separated line per kernel:

    barrier  FILE  P  STYLE            a P-rank mesh barrier, 8 generations
    region   FILE  CASE  LINES_WRITTEN  one publishing write into a window

Barrier kernels: each generation publishes a value, notifies every peer,
waits for every peer and reads; STYLE `loop` waits in a `for p` loop,
`unrolled` writes the P-1 waits out as statements. insert-comm-fence must
put ONE whole-GM invalidate per generation after the wait run (never P-1).

Region kernels: one `tile.store`, `tensor.write` or `remote_store` into a
window with static offsets; LINES_WRITTEN is the number of 64-byte cache
lines the write touches (tensors are 64-byte aligned), to compare with the
`single_cache_line` invalidates the code generator emits for it.
"""

import os
import sys

HEADER = """import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class %s:
"""

DTYPE_BYTES = {"FP32": 4, "FP16": 2, "INT32": 4}


def barrier(ranks, style):
    body = [
        "    @pl.function(type=pl.FunctionType.InCore)",
        "    def barrier(",
        "        self,",
        "        sig: pl.InOut[pld.DistributedTensor[[8, %d], pl.INT32]]," % ranks,
        "        data: pl.InOut[pld.DistributedTensor[[%d, 16], pl.INT32]]," % ranks,
        "    ):",
        "        ctx = pld.get_comm_ctx(sig)",
        "        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)",
        "        for g in pl.range(8):",
        "            pl.tensor.write(data, [me, g], 1)",
        "            for p in pl.range(%d):" % ranks,
        "                if p != me:",
        "                    pld.system.notify(sig, p, [g, me], 1)",
    ]
    if style == "loop":
        body += [
            "            for q in pl.range(%d):" % ranks,
            "                if q != me:",
            "                    pld.system.wait(sig, [g, q], 1)",
        ]
    else:
        for q in range(ranks):
            body += [
                "            if me != %d:" % q,
                "                pld.system.wait(sig, [g, %d], 1)" % q,
            ]
    body.append("            x: pl.Scalar[pl.INT32] = pl.tensor.read(data, [(me + 1) %% %d, g])"
                % ranks)
    return HEADER % ("MeshBarrier%d" % ranks) + "\n".join(body) + "\n"


def lines_touched(shape, offsets, region, dtype):
    """64-byte lines of a row-major [R, C] tensor that a region touches."""
    cols = shape[1]
    size = DTYPE_BYTES[dtype]
    lines = set()
    for r in range(offsets[0], offsets[0] + region[0]):
        start = (r * cols + offsets[1]) * size
        end = (r * cols + offsets[1] + region[1]) * size - 1
        lines.update(range(start // 64, end // 64 + 1))
    return len(lines)


# (case, window shape, dtype, written region, offsets, op)
REGION_CASES = [
    ("row_1x16_f32_in_8x16", [8, 16], "FP32", [1, 16], [3, 0], "store"),
    ("chunk_1x64_f32_in_1x256", [1, 256], "FP32", [1, 64], [0, 64], "store"),
    ("block_4x16_f16_in_16x64", [16, 64], "FP16", [4, 16], [4, 16], "store"),
    ("block_16x16_f32_in_64x64", [64, 64], "FP32", [16, 16], [16, 0], "store"),
    ("scalar_i32_in_1x64", [1, 64], "INT32", [1, 1], [0, 5], "write"),
    ("remote_row_1x16_f32_in_8x16", [8, 16], "FP32", [1, 16], [3, 0], "remote"),
]


def region(case, shape, dtype, written, offsets, op):
    tile = "pl.Tile[[%d, %d], pl.%s, pl.MemorySpace.Vec]" % (written[0], written[1], dtype)
    body = [
        "    @pl.function(type=pl.FunctionType.InCore)",
        "    def publish(",
        "        self,",
        "        src: pl.Tensor[[%d, %d], pl.%s]," % (shape[0], shape[1], dtype),
        "        win: pl.InOut[pld.DistributedTensor[[%d, %d], pl.%s]]," % (shape[0], shape[1], dtype),
        "        sig: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],",
        "        peer: pl.Scalar[pl.INDEX],",
        "    ):",
    ]
    if op == "write":
        body.append("        pl.tensor.write(win, [%d, %d], 7)" % tuple(offsets))
    else:
        body.append("        t: %s = pl.tile.load(src, [0, 0], [%d, %d])" % (tile, written[0], written[1]))
        if op == "store":
            body.append("        pl.tile.store(t, [%d, %d], win)" % tuple(offsets))
        else:
            body.append("        pld.tile.remote_store(t, win, peer, [%d, %d])" % tuple(offsets))
    body.append("        pld.system.notify(sig, peer, [0, 0], 1)")
    return HEADER % "Publish" + "\n".join(body) + "\n"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: quality_kernels.py OUT_DIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for ranks in (2, 4, 8, 16):
        for style in ("loop", "unrolled"):
            path = os.path.join(out, "barrier_%d_%s.py" % (ranks, style))
            with open(path, "w") as f:
                f.write(barrier(ranks, style))
            print("barrier\t%s\t%d\t%s" % (path, ranks, style))
    for case, shape, dtype, written, offsets, op in REGION_CASES:
        path = os.path.join(out, "region_%s.py" % case)
        with open(path, "w") as f:
            f.write(region(case, shape, dtype, written, offsets, op))
        print("region\t%s\t%s\t%d" % (path, case, lines_touched(shape, offsets, written, dtype)))


if __name__ == "__main__":
    main()

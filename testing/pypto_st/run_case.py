"""Runs one ported PyPTO system test whole under ptoc-sim and checks it.

usage: run_case.py CASE PTOC PTOC_SIM [SCHEDULES]

Compiles the case's program through ptoc's default pipeline to a .pb, writes
the test's host tensors as --inputs files, runs the entry function on the
case's ranks over SCHEDULES seeded schedules (default 20), and passes when
ptoc-sim reports nothing and the dumped outputs equal the test's golden.
"""
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cases import CASES  # noqa: E402


def main():
    name, ptoc, ptoc_sim = sys.argv[1:4]
    schedules = sys.argv[4] if len(sys.argv) > 4 else "20"
    case = CASES[name]
    here = os.path.dirname(os.path.abspath(__file__))
    work = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
    pb = os.path.join(work, "program.pb")
    program = os.path.join(here, "programs", case["program"])
    subprocess.run([ptoc, program, "--emit=pb", "-o", pb], check=True)
    inputs, outputs = os.path.join(work, "in"), os.path.join(work, "out")
    os.makedirs(inputs)
    suffix = ".0.txt" if case["per_rank"] else ".txt"
    for tensor, value in case["inputs"].items():
        np.savetxt(os.path.join(inputs, tensor + suffix), value.reshape(1, -1), fmt="%.9g")
    command = [ptoc_sim, pb, "--entry=" + case["entry"], "--ranks=%d" % case["ranks"],
               "--schedules=" + schedules, "--inputs=" + inputs, "--dump-outputs=" + outputs]
    for scalar, value in case["scalars"].items():
        command += ["--scalar", "%s=%s" % (scalar, value)]
    start = time.time()
    run = subprocess.run(command, capture_output=True, text=True)
    seconds = time.time() - start
    if run.returncode != 0:
        sys.exit("FAIL %s: ptoc-sim exited %d\n%s%s" % (name, run.returncode, run.stdout,
                                                        run.stderr))
    for tensor, want in case["golden"].items():
        got = np.loadtxt(os.path.join(outputs, tensor + suffix), ndmin=1).reshape(want.shape)
        tol = case["tolerance"] or 1e-6
        if not np.allclose(got, want, rtol=tol, atol=tol):
            sys.exit("FAIL %s: %s differs from the golden of %s: max diff %g" %
                     (name, tensor, case["source"], np.abs(got - want).max()))
    print("PASS %s (%s): %d ranks, %s schedules, clean, golden matched in %.2f s" %
          (name, case["source"], case["ranks"], schedules, seconds))


if __name__ == "__main__":
    main()

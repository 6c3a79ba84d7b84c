#!/usr/bin/env python3
"""Regenerates corpus/pypto/: PyPTO-language seeds for the text fuzzers.

Each program written as a raw string in ptoc's own PyPTO-form tests
(frontend/pypto_*_test.cc) becomes one seed, with the tests' common head put in
front of a class body. Seeds the parser accepts and seeds it refuses are
both kept (the suffix says which): a fuzzer mutating a refused program
reaches the diagnostics of the new forms.

    testing/fuzz/extract_pypto_seeds.py PTOC_PARSE OUT_DIR
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

IMPORTS = "import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n"
HEAD = IMPORTS + "@pl.program\nclass P:\n"


def programs(path):
    """The whole programs among a test's raw strings: written out, or a
    class (after the imports), or the methods of the common class."""
    for body in re.findall(r'R"\((.*?)\)"', open(path).read(), re.S):
        if body.startswith("import"):
            yield body
        elif "@pl.program" in body.split("class", 1)[0]:
            yield IMPORTS + body
        elif body.startswith(("    @pl.function", "    @pl.")):
            yield HEAD + body


def main():
    ptoc_parse, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for test in sorted(glob.glob("frontend/pypto_*_test.cc")):
            stem = os.path.basename(test)[:-len("_test.cc")]
            for i, text in enumerate(programs(test)):
                src = os.path.join(tmp, "seed.py")
                open(src, "w").write(text)
                ok = subprocess.run([ptoc_parse, src, "-o", os.path.join(tmp, "seed.pb")],
                                    capture_output=True).returncode == 0
                name = f"{stem}_{i:02d}_{'ok' if ok else 'refused'}.py"
                open(os.path.join(out, name), "w").write(text)


if __name__ == "__main__":
    main()

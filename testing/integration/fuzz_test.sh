#!/bin/bash
# Fuzzes the parser, the .pb loader + verifier and the whole pipeline for
# about 20 seconds each (libFuzzer, ASan + UBSan; see testing/fuzz/README.md).
# Fails, naming the reproducer, when any target crashes or breaks one of the
# properties it checks.
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/../fuzz/run_fuzzers.sh" 20

#!/bin/bash
# PyPTO's printer tests as checks of ptoc's printer (testing/corpus/
# pypto_printing.cc says how; testing/corpus/pypto_printing.tsv lists the
# checks, each "pass" or "xfail: reason"). Fails when a passing check fails
# or an expected failure starts passing (then mark it pass), or on a crash.
#
# The programs are the corpus's: $PYPTO_CORPUS, else
# <repo>/../shared/pypto-corpus. When it is missing the test is skipped
# (exit 77), except under CI=true, where a missing corpus is a failure.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
corpus="${PYPTO_CORPUS:-$repo/../shared/pypto-corpus}"

if [[ ! -f "$corpus/MANIFEST.tsv" ]]; then
  if [[ "${CI:-}" == "true" ]]; then
    echo "FAILED: no PyPTO corpus at $corpus (set PYPTO_CORPUS)" >&2
    exit 1
  fi
  echo "SKIPPED: no PyPTO corpus at $corpus (set PYPTO_CORPUS)"
  exit 77
fi

cd "$repo"
cache=()
[[ -d /work/.bazel-disk ]] && cache=(--disk_cache=/work/.bazel-disk)
bazel build "${cache[@]}" //testing/corpus:pypto_printing
timeout 300 bazel-bin/testing/corpus/pypto_printing --corpus="$corpus" \
  --checks=testing/corpus/pypto_printing.tsv

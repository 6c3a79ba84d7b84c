#!/bin/bash
# Judges the line layout of ptoc's printed text with ruff itself: PyPTO
# post-formats its printer's output with `ruff format --line-length 200`
# (../shared/spec/pypto-language.md, "The authority"), so `--emit=text`
# must print what ruff leaves unchanged. ruff is the WASM build of its
# formatter from npm, @astral-sh/ruff-wasm-nodejs 0.14.9: PyPTO pins ruff
# 0.14.8 (pyproject.toml, .pre-commit-config.yaml), which has no WASM
# release; 0.14.9 is the nearest published one. It is installed once into
# $PTOC_RUFF_CACHE (default ~/.cache/ptoc/ruff-wasm-<version>), outside
# the repo.
#
# Judged: every example (examples/*.py, the spec's examples/*.py), and
# every in-scope corpus program that ptoc parses and verifies, printed by
# ptoc. ruff_layout.js says what "unchanged" means and reports the first
# differences grouped; this fails when fewer programs than the floor below
# are unchanged (the floor only goes up) or when ptoc rejects an example.
# Then the same corpus printed at 60 columns, where most statements break
# (a stress of the layout rules; PyPTO itself prints at 200): it must read
# back as the same programs and meet its own floor.
#
# Skipped (exit 77) when the corpus ($PYPTO_CORPUS, else
# <repo>/../shared/pypto-corpus), the spec's examples ($PTOC_SPEC_EXAMPLES,
# else the spec/examples folder beside the corpus), node or npm is missing,
# or the package cannot be installed, except under CI=true, where that is
# a failure.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
corpus="${PYPTO_CORPUS:-$repo/../shared/pypto-corpus}"
spec_examples="${PTOC_SPEC_EXAMPLES:-$(dirname "$corpus")/spec/examples}"
version=0.14.9
cache="${PTOC_RUFF_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ptoc/ruff-wasm-$version}"
module="$cache/node_modules/@astral-sh/ruff-wasm-nodejs"

# Floors: the programs ruff leaves unchanged (raise them, never lower them).
# Before ptoc laid its text out as ruff does: 55 of 2211 at 200 columns
# (2128 with magic trailing commas kept).
MIN_UNCHANGED=2216
MIN_UNCHANGED_NARROW=2190

missing() {
  if [[ "${CI:-}" == "true" ]]; then
    echo "FAILED: $1" >&2
    exit 1
  fi
  echo "SKIPPED: $1"
  exit 77
}

[[ -f "$corpus/MANIFEST.tsv" ]] || missing "no PyPTO corpus at $corpus (set PYPTO_CORPUS)"
compgen -G "$spec_examples/*.py" >/dev/null ||
  missing "no spec examples at $spec_examples (set PTOC_SPEC_EXAMPLES)"
command -v node >/dev/null || missing "no node (tools/setup.sh installs it)"
if [[ ! -f "$module/package.json" ]]; then
  command -v npm >/dev/null || missing "no npm (tools/setup.sh installs it)"
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-audit --no-fund --no-save \
    "@astral-sh/ruff-wasm-nodejs@$version" >&2 ||
    missing "npm could not install @astral-sh/ruff-wasm-nodejs@$version"
fi

cd "$repo"
bazel_cache=()
[[ -d /work/.bazel-disk ]] && bazel_cache=(--disk_cache=/work/.bazel-disk)
bazel build "${bazel_cache[@]}" ${PTOC_BAZEL_FLAGS:-} //:ptoc //testing/corpus:pypto_corpus

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/examples" "$out/spec" "$out/corpus"
for f in examples/*.py "$spec_examples"/*.py; do
  [[ -e "$f" ]] || continue
  dir="$out/examples"
  [[ "$f" == examples/* ]] || dir="$out/spec"
  bazel-bin/driver/ptoc "$f" --passes= --emit=text -o "$dir/$(basename "$f")"
done
# The corpus report is pypto_corpus_test.sh's job; here only its printing
# (and, at 60 columns, that the narrow print reads back: the count of
# programs that round-trip must not change).
accepted() { grep -o 'round-tripped: [0-9]*' | grep -o '[0-9]*$'; }
wide=$(bazel-bin/testing/corpus/pypto_corpus --corpus="$corpus" --print-dir="$out/corpus" | accepted)
mkdir -p "$out/narrow"
narrow=$(bazel-bin/testing/corpus/pypto_corpus --corpus="$corpus" --print-dir="$out/narrow" \
  --line-length=60 | accepted)
if [[ "$narrow" != "$wide" ]]; then
  echo "FAILED: $wide corpus programs round-trip, $narrow of them when printed at 60 columns" \
    "(bazel-bin/testing/corpus/pypto_corpus --line-length=60 --print-dir=DIR --list-failures)"
  exit 1
fi

# ruff's WASM build logs its glob sets on stdout; they say nothing here.
judge() { node testing/integration/ruff_layout.js "$module" "$@" | grep -v '^built glob set'; }
judge 200 "$MIN_UNCHANGED" "$out"/examples/*.py "$out"/spec/*.py "$out"/corpus/*.py
judge 60 "$MIN_UNCHANGED_NARROW" "$out"/narrow/*.py

#!/bin/bash
# The seeded mutation tests of CI (//testing/fuzz:*_mutation_test), run
# with many other seeds: a campaign without sanitizers that complements
# run_fuzzers.sh (libFuzzer, ASan + UBSan), on demand and never in CI.
#
#   testing/fuzz/mutation_campaign.sh FIRST_SEED LAST_SEED [parser|pb|pipeline ...]
#
# Builds the three test binaries with Bazel, copies them to
# $PTOC_FUZZ_DIR/mutation (default /tmp/ptoc-fuzz-$UID/mutation), then
# runs seeds FIRST..LAST of each target over the same inputs as the test
# (same mutant counts). A failing seed's log and mutant are kept in
# $PTOC_FUZZ_DIR/mutation/finds/<target>-seed-<S>/; copy the mutant into
# testing/fuzz/regressions/<target>/ under a name that says what it is.
# Exit status: 0 when no seed failed, 1 otherwise.
set -uo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"
[[ $# -ge 2 ]] || { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
first="$1"; last="$2"; shift 2
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=(parser pb pipeline)
work="${PTOC_FUZZ_DIR:-/tmp/ptoc-fuzz-$(id -u)}/mutation"
mkdir -p "$work/finds"

bazel build $(printf '//testing/fuzz:%s_mutation_test ' "${targets[@]}") || exit 1
mutations_of() { python3 - "$1" <<'PY'
import re, sys
text = open("testing/fuzz/BUILD").read()
table = re.search(r"MUTATIONS_PER_INPUT = \{(.*?)\}", text, re.S).group(1)
print(dict(re.findall(r'"(\w+)": (\d+)', table))[sys.argv[1]])
PY
}

failed=0
for t in "${targets[@]}"; do
  # The binary and its shared libraries (found through its RUNPATH,
  # $ORIGIN/../../_solib_k8), out of Bazel's reach while we run.
  bin="$work/bin/testing/fuzz/${t}_mutation_test"
  mkdir -p "$work/bin/testing/fuzz"
  rm -rf "$work/bin/_solib_k8"
  cp -rL bazel-bin/_solib_k8 "$work/bin/"
  cp -L "bazel-bin/testing/fuzz/${t}_mutation_test" "$bin"
  dict=testing/fuzz/ptoc.dict; extra=()
  [[ $t == pb ]] && { dict=testing/fuzz/pb.dict; extra=(--text-to-pb testing/fuzz/corpus/pb); }
  inputs=(examples/*.py testing/fuzz/corpus/kernels testing/fuzz/corpus/pypto "testing/fuzz/regressions/$t")
  mutations="$(mutations_of "$t")"
  for ((seed = first; seed <= last; ++seed)); do
    out="$work/finds/$t-seed-$seed"; mkdir -p "$out"
    if TEST_UNDECLARED_OUTPUTS_DIR="$out" "$bin" "${extra[@]}" \
         --seed="$seed" --mutations="$mutations" --dict="$dict" "${inputs[@]}" >"$out/log" 2>&1; then
      rm -rf "$out"
      echo "$t seed $seed: clean"
    else
      failed=1
      echo "$t seed $seed: FAILED: $(grep -m1 -E 'fuzz property violated|internal error|runtime error|Assertion' "$out/log")"
      echo "  $(ls "$out"/mutant-* 2>/dev/null | head -1)"
    fi
  done
done
exit $failed

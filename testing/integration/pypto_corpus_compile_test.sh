#!/bin/bash
# The PyPTO corpus compiled (issue 29): every in-scope kernel program of
# $PYPTO_CORPUS (MANIFEST.tsv: expect_error 0, no host features; a function
# of type InCore, AIC, AIV or Group) through ptoc's default pipeline on both
# backends, every .pto ptoc writes through the real ptoas
# (`--backend=a2a3` -> `--pto-arch=a3`, `a5` -> `a5`, at the level its
# line 2 names), and, for every program ptoas accepts, both its C++ and
# ptoc's own (`--emit=cce`) through pto-isa ($CXX_PTO_ISA -fsyntax-only,
# in batches: testing/batch_compile.bash).
#
# Prints per backend how many programs reach a .pto ptoas accepts, how many
# ptoc refuses, and ptoc's first errors grouped (numbers and names
# folded), most frequent first. Fails when ptoas rejects any .pto ptoc
# wrote, or pto-isa any C++ of an accepted program (ptoc never writes what
# they refuse), or when the accepted programs fall below the floors (they
# only ever go up).
#
# The corpus: $PYPTO_CORPUS, else <repo>/../shared/pypto-corpus; missing
# means skipped (exit 77), or failed under CI=true, like ptoas.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../conformance/lib.bash"
name=pypto_corpus_compile_test

# Floors: programs whose .pto ptoas accepts, of 1174 kernel programs.
MIN_A2A3=853
MIN_A5=870

corpus="${PYPTO_CORPUS:-$conf_repo/../shared/pypto-corpus}"
[[ -f "$corpus/MANIFEST.tsv" ]] || skip_or_fail "$name" "no PyPTO corpus at $corpus (set PYPTO_CORPUS)"
need_ptoas "$name"
need_pto_isa "$name"
build_tools //driver:ptoc
ptoc="$bin/driver/ptoc"
begin_run ptoc-corpus

awk -F'\t' 'NR > 1 && $7 == "0" && $8 == "" { print $1 }' "$corpus/MANIFEST.tsv" |
  while read -r f; do
    grep -qE 'FunctionType\.(InCore|AIC|AIV|Group)' "$corpus/programs/$f" && echo "$f"
  done > "$out/kernels"
total=$(wc -l < "$out/kernels")

compile_one() {  # PROGRAM BACKEND: prints OK, PTOC or PTOAS and the program
  local f="$1" backend="$2" arch=a3 level=level3
  [[ "$backend" == a5 ]] && arch=a5
  local base="$out/$backend/${f%.py}"
  if ! "$ptoc" "$corpus/programs/$f" --backend="$backend" -o "$base.pto" 2> "$base.err"; then
    echo "PTOC $f"
    return
  fi
  grep -q 'level2' <(sed -n 2p "$base.pto") && level=level2
  if "$PTOAS" --pto-arch="$arch" --pto-level="$level" "$base.pto" -o "$base.cpp" \
      > "$base.ptoas" 2>&1; then
    # ptoc's own C++ of a program ptoas accepts, for pto-isa.
    if "$ptoc" "$corpus/programs/$f" --backend="$backend" --emit=cce -o "$base.ptoc.cpp" \
        2> "$base.ptoc.err"; then
      echo "OK $f"
    else
      echo "CCE $f"
    fi
  else
    echo "PTOAS $f"
  fi
}
export -f compile_one
export ptoc corpus out PTOAS

status=0
for backend in a2a3 a5; do
  mkdir -p "$out/$backend"
  xargs -P2 -I{} bash -c 'compile_one "$1" "$0"' "$backend" {} < "$out/kernels" \
    | sort > "$out/$backend.results"
  ok=$(grep -c '^OK ' "$out/$backend.results")
  refused=$(grep -c '^PTOC ' "$out/$backend.results")
  rejected=$(grep -c '^PTOAS ' "$out/$backend.results")
  echo "$backend: $ok of $total kernel programs reach a .pto ptoas accepts;" \
    "ptoc refuses $refused; ptoas rejects $rejected"
  while read -r _ f; do
    echo "  ptoas rejects $f: $(first_error "$out/$backend/${f%.py}.ptoas")"
  done < <(grep '^PTOAS ' "$out/$backend.results")
  echo "  ptoc's first errors, grouped:"
  while read -r _ f; do
    grep -m1 'error:' "$out/$backend/${f%.py}.err" | sed -E "s/^[^ ]* error: //; s/'[^']*'/'X'/g; s/[0-9]+/N/g"
  done < <(grep '^PTOC ' "$out/$backend.results") | sort | uniq -c | sort -rn | head -25
  while read -r _ f; do
    echo "FAILED: $backend: ptoc writes a .pto of $f but not its C++: $(first_error "$out/$backend/${f%.py}.ptoc.err")"
    status=1
  done < <(grep '^CCE ' "$out/$backend.results")
  # pto-isa: ptoas's C++ and ptoc's of every accepted program.
  awk -v b="$backend" '$1 == "OK" { sub(/[.]py$/, "", $2); print b "/" $2; print b "/" $2 ".ptoc" }' \
    "$out/$backend.results" > "$out/$backend.compile"
  check_compiles "$out/$backend.compile" pto-isa "$CXX_PTO_ISA" "${pto_isa_flags[@]}" "${pto_isa_pch_flags[@]}"
  compiled=0
  while read -r base; do
    if [[ -e "$out/$base.pto-isa.ok" ]]; then
      compiled=$((compiled + 1))
    else
      echo "FAILED: $backend: pto-isa rejects $base.cpp: $(first_error "$out/$base.pto-isa.log" | sed "s|$out/||")"
      status=1
    fi
  done < "$out/$backend.compile"
  echo "  pto-isa compiles $compiled of $(wc -l < "$out/$backend.compile") C++ files (ptoas's and ptoc's)"
  floor=$MIN_A2A3
  [[ "$backend" == a5 ]] && floor=$MIN_A5
  if [[ $rejected -ne 0 ]]; then
    echo "FAILED: $backend: ptoas rejects $rejected .pto ptoc wrote"
    status=1
  fi
  if [[ $ok -lt $floor ]]; then
    echo "FAILED: $backend: $ok programs compile, below the floor $floor"
    status=1
  fi
done
exit $status

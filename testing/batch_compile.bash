# Syntax-checks many small C++ files quickly (sourced, not run). Needs $out,
# the folder holding the files.
#
# check_compiles LIST TAG COMPILER [FLAGS...]: whether $out/BASE.cpp, for
# every BASE listed in the file LIST, passes `COMPILER FLAGS -fsyntax-only`:
# touches $out/BASE.TAG.ok for each that does, and leaves the errors of each
# that does not in $out/BASE.TAG.log. Files are compiled in batches, two at
# a time: a batch is one translation unit holding each of its files in a
# namespace of its own (`extern "C"` dropped, pto/pto-inst.hpp included
# once, `#line` so diagnostics name the file). Loading the headers is most
# of a small file's compile, so a batch costs about one file. A batch that
# fails is compiled again file by file, so every failure is reported
# against its own file, with that file's errors only.
check_compiles() {
  local list="$1" tag="$2"
  shift 2
  rm -f "$out/batch.$tag."*
  split -l 25 -d -a 4 "$list" "$out/batch.$tag."
  local batch running=0
  for batch in "$out/batch.$tag."*; do
    compile_batch "$batch" "$tag" "$@" &
    running=$((running + 1))
    if [[ $running -ge 2 ]]; then
      wait -n
      running=$((running - 1))
    fi
  done
  wait
}

# compile_batch BATCH TAG COMPILER [FLAGS...]: check_compiles for one batch.
compile_batch() {
  local batch="$1" tag="$2" base unit=0
  shift 2
  {
    echo '#include "pto/pto-inst.hpp"'
    while read -r base; do
      unit=$((unit + 1))
      printf 'namespace ptoc_unit_%d {\n#line 1 "%s"\n' "$unit" "$out/$base.cpp"
      sed -e 's|^#include "pto/pto-inst.hpp"$||' -e 's|^extern "C" ||' "$out/$base.cpp"
      printf '\n}  // namespace ptoc_unit_%d\n' "$unit"
    done < "$batch"
  } > "$batch.cpp"
  if "$@" -fsyntax-only "$batch.cpp" > "$batch.log" 2>&1; then
    while read -r base; do touch "$out/$base.$tag.ok"; done < "$batch"
    return 0
  fi
  while read -r base; do
    "$@" -fsyntax-only "$out/$base.cpp" > "$out/$base.$tag.log" 2>&1 &&
      touch "$out/$base.$tag.ok"
  done < "$batch"
  return 0
}

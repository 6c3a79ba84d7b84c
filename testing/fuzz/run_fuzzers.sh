#!/bin/bash
# Builds the fuzz targets with clang-14 and libFuzzer
# (-fsanitize=fuzzer,address,undefined) outside Bazel, then runs each one
# for SECONDS_PER_TARGET seconds (default 20) over the seed corpora.
#
#   testing/fuzz/run_fuzzers.sh [SECONDS_PER_TARGET] [TARGET...]
#
# TARGET is parser, pb or pipeline (default: all three). Each binary is
# built from exactly the sources its Bazel target depends on (asked of
# `bazel query`), plus ir.pb.cc from protoc. Objects, the working corpora
# and crash artifacts live in $PTOC_FUZZ_DIR (default
# /tmp/ptoc-fuzz-$UID), kept between runs: the build is incremental and the
# corpora grow. Seeds: examples/, testing/fuzz/corpus/, every kernel (.py)
# of the test data, and for the pb target the .pb files ptoc-parse (built
# here, with the same sanitizers) makes from those kernels plus the hostile
# .pb files of testing/fuzz/corpus/pb/; the saved
# crashes in testing/fuzz/regressions/<target>/ are replayed too. Every
# 10th program of $PYPTO_CORPUS (default ../shared/pypto-corpus) is a text
# seed too, when the corpus is there.
#
# Exit status 0 when no target crashed; otherwise 1, after printing each
# reproducer's path and how to replay and keep it.
set -uo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
seconds="${1:-20}"
shift || true
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=(parser pb pipeline)
work="${PTOC_FUZZ_DIR:-/tmp/ptoc-fuzz-$(id -u)}"
cxx=clang++-14
cd "$repo"

die() { echo "run_fuzzers: $*" >&2; exit 1; }
command -v "$cxx" >/dev/null || die "$cxx not found (tools/setup.sh installs clang-14)"
mkdir -p "$work"/{obj,gen,bin,seeds/text,seeds/pb,corpus,artifacts,logs}

# --- the sources, as Bazel sees them ---------------------------------------
# binary -> its Bazel target; each binary links exactly that target's
# sources (so a fuzzer does not depend on code it does not test).
declare -A target_of=([parser_fuzzer]=//testing/fuzz:parser_fuzzer
                      [pb_fuzzer]=//testing/fuzz:pb_fuzzer
                      [pipeline_fuzzer]=//testing/fuzz:pipeline_fuzzer
                      [ptoc_parse]=//frontend:ptoc_parse)
bins=(ptoc_parse)
for t in "${targets[@]}"; do
  [[ -n "${target_of[${t}_fuzzer]:-}" ]] || die "unknown target '$t' (parser, pb, pipeline)"
  bins+=("${t}_fuzzer")
done

# Regenerated into a side folder and copied only when changed, so that the
# objects including ir.pb.h are not rebuilt on every run.
mkdir -p "$work/gen.new" "$work/gen/ir"
protoc --cpp_out="$work/gen.new" ir/ir.proto || die "protoc failed"
for f in ir.pb.h ir.pb.cc; do
  cmp -s "$work/gen.new/ir/$f" "$work/gen/ir/$f" || cp "$work/gen.new/ir/$f" "$work/gen/ir/$f"
done

# One query for all binaries (each query may wait for the Bazel server);
# the closure of each is computed from the dependency graph.
bazel query --noshow_progress --output=graph --graph:factored=false \
  "deps($(IFS=+; echo "${target_of[*]}"))" >"$work/graph.txt" 2>"$work/logs/query.txt" ||
  { cat "$work/logs/query.txt" >&2; die "bazel query failed"; }
declare -A sources_of=()
for bin in "${bins[@]}"; do
  sources_of[$bin]="$(python3 - "${target_of[$bin]}" "$work/graph.txt" <<'PY'
import re, sys
edges = {}
for a, b in re.findall(r'"([^"]+)" -> "([^"]+)"', open(sys.argv[2]).read()):
    edges.setdefault(a, []).append(b)
seen, todo = set(), [sys.argv[1]]
while todo:
    node = todo.pop()
    if node not in seen:
        seen.add(node)
        todo.extend(edges.get(node, []))
print(" ".join(label[2:].replace(":", "/", 1) for label in sorted(seen)
               if label.startswith("//") and label.endswith((".cc", ".proto"))))
PY
)"
  [[ $(wc -w <<<"${sources_of[$bin]}") -gt 5 ]] ||
    die "bazel query found only: ${sources_of[$bin]} for ${target_of[$bin]}"
done

object_of() { echo "$work/obj/$(echo "${1#"$work"/}" | tr / _).o"; }

# Abseil's and glog's libraries as the Bazel build links them.
absl_libs="$(grep -o '"-labsl_[a-z0-9_]*"' third_party/BUILD | tr -d '"' | sort -u | tr '\n' ' ')"
glog_libs="$(grep -o '"-l\(glog\|gflags\)"' third_party/BUILD | tr -d '"' | sort -u | tr '\n' ' ')"

# --- the build: a generated Makefile (incremental through -MMD) ------------
sanitize="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
{
  echo "CXX := $cxx"
  echo "CXXFLAGS := -std=c++17 -O1 -gline-tables-only -fno-omit-frame-pointer $sanitize" \
       "-fsanitize=fuzzer-no-link -I$repo -I$work/gen -MMD -MP"
  echo "LIBS := -lprotobuf $absl_libs $glog_libs -lpthread"
  declare -A compiled=()
  for bin in "${bins[@]}"; do
    objs=()
    [[ " ${sources_of[$bin]} " == *" ir/ir.proto "* ]] || die "expected ir.proto in the deps of $bin"
    for src in ${sources_of[$bin]}; do
      # ir.proto stands for its generated ir.pb.cc.
      [[ "$src" == ir/ir.proto ]] && src="$work/gen/ir/ir.pb.cc"
      objs+=("$(object_of "$src")")
      [[ -n "${compiled[$src]:-}" ]] && continue
      compiled[$src]=1
      echo "$(object_of "$src"): $src"
      printf '\t$(CXX) $(CXXFLAGS) -c $< -o $@\n'
    done
    echo "$work/bin/$bin: ${objs[*]}"
    # The fuzzers take libFuzzer's main; ptoc-parse has its own, and the
    # sanitizer runtime supplies the coverage callbacks of its objects.
    fuzzer_flag=""; [[ "$bin" == *_fuzzer ]] && fuzzer_flag="-fsanitize=fuzzer"
    printf '\t$(CXX) %s %s $^ $(LIBS) -o $@\n' "$fuzzer_flag" "$sanitize"
  done
  echo "-include \$(wildcard $work/obj/*.d)"
} >"$work/Makefile"
echo "run_fuzzers: building ${bins[*]} in $work (log: $work/logs/build.txt)"
make -j2 -f "$work/Makefile" "${bins[@]/#/$work/bin/}" >"$work/logs/build.txt" 2>&1 ||
  { tail -40 "$work/logs/build.txt" >&2; die "build failed"; }

# --- seeds -----------------------------------------------------------------
rm -f "$work"/seeds/text/* "$work"/seeds/pb/*
while read -r kernel; do
  cp "$kernel" "$work/seeds/text/$(echo "$kernel" | tr / _)"
done < <(find examples testing ir passes codegen runtime driver -name '*.py' -type f 2>/dev/null | sort)
# Every 10th program of the PyPTO corpus, when it is there: PyPTO's own
# spellings of every form (a sample, so the .pb seeding below stays short).
corpus="${PYPTO_CORPUS:-$repo/../shared/pypto-corpus}"
if [[ -d "$corpus/programs" ]]; then
  find "$corpus/programs" -name '*.py' -type f | sort | awk 'NR % 10 == 1' |
    while read -r program; do cp "$program" "$work/seeds/text/pypto_corpus_$(basename "$program")"; done
fi
for kernel in "$work"/seeds/text/*.py; do
  pb="$work/seeds/pb/$(basename "$kernel" .py).pb"
  "$work/bin/ptoc_parse" "$kernel" -o "$pb" 2>/dev/null ||
    "$work/bin/ptoc_parse" --allow-unregistered-ops "$kernel" -o "$pb" 2>/dev/null || true
done
cp testing/fuzz/corpus/pb/*.pb "$work/seeds/pb/"
echo "run_fuzzers: $(ls "$work/seeds/text" | wc -l) text seeds, $(ls "$work/seeds/pb" | wc -l) .pb seeds"

# --- fuzzing ---------------------------------------------------------------
crashed=0
for t in "${targets[@]}"; do
  mkdir -p "$work/corpus/$t" "$work/artifacts/$t"
  seeds="$work/seeds/text"; dict=(-dict=testing/fuzz/ptoc.dict)
  [[ "$t" == pb ]] && { seeds="$work/seeds/pb"; dict=(-dict=testing/fuzz/pb.dict); }
  log="$work/logs/$t.txt"
  echo "run_fuzzers: $t for ${seconds}s (log: $log)"
  # PTOC_FUZZ_KEEP_GOING=1: a find does not end the run (libFuzzer's fork
  # mode; every find is still written to artifacts/).
  keep_going=()
  [[ "${PTOC_FUZZ_KEEP_GOING:-0}" == 1 ]] &&
    keep_going=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  # PTOC_FUZZ_TIMEOUT (seconds, default 10): what counts as a hang. A
  # pipeline input can take seconds under ASan; a run beside other work at
  # nice 19 needs a longer limit or it reports the machine's load.
  "$work/bin/${t}_fuzzer" -max_total_time="$seconds" -timeout="${PTOC_FUZZ_TIMEOUT:-10}" \
    -rss_limit_mb=2048 \
    -print_final_stats=1 "${keep_going[@]}" "${dict[@]}" -artifact_prefix="$work/artifacts/$t/" \
    "$work/corpus/$t" "$seeds" "testing/fuzz/regressions/$t" >"$log" 2>&1
  status=$?
  grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" | sed 's/^/  /'
  if [[ $status -ne 0 ]]; then
    crashed=1
    reproducer="$(grep -o 'Test unit written to [^ ]*' "$log" | tail -1 | sed 's/Test unit written to //')"
    echo "CRASH in $t (exit $status):"
    grep -E 'ERROR: |fuzz property violated|SUMMARY' "$log" | head -5 | sed 's/^/  /'
    echo "  reproducer: ${reproducer:-(none written; see $log)}"
    echo "  replay:     $work/bin/${t}_fuzzer ${reproducer:-INPUT}"
    echo "  keep it:    cp ${reproducer:-INPUT} testing/fuzz/regressions/$t/<name>"
  fi
done
exit $crashed

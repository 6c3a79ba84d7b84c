#!/bin/bash
# Bad input of every kind gets a diagnostic and exit status 1 — never a
# crash, a hang or a partial output file:
#   a malformed kernel, a truncated .pb, random bytes as a .pb, and .pb
#   files whose fields are inconsistent (a var used out of scope, an unknown
#   op, a wrong arity), plus usage errors (exit 2).
# Usage: bad_input_test.sh PTOC PTOC_PARSE PTOC_PRINT IR_PROTO KERNEL
set -uo pipefail
ptoc="$1"; ptoc_parse="$2"; ptoc_print="$3"; ir_proto="$4"; kernel="$5"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
failures=0

# expect STATUS PATTERN OUTPUT -- COMMAND...: runs COMMAND, checks its exit
# status, that stderr matches PATTERN and that OUTPUT was not created.
expect() {
  local want="$1" pattern="$2" output="$3"
  shift 4
  rm -f "$output"
  timeout 20 "$@" >/dev/null 2>"$tmp/stderr"
  local got=$?
  if [[ $got -ne $want ]]; then
    echo "FAIL: '$*' exited $got, expected $want"; cat "$tmp/stderr"; failures=$((failures + 1))
  elif ! grep -qE -- "$pattern" "$tmp/stderr"; then
    echo "FAIL: '$*' stderr lacks /$pattern/:"; cat "$tmp/stderr"; failures=$((failures + 1))
  elif [[ -e "$output" ]]; then
    echo "FAIL: '$*' left $output behind"; failures=$((failures + 1))
  else
    echo "ok: $*"
  fi
}

# A malformed kernel: a clang-style diagnostic with the line and a caret.
cat > "$tmp/bad.py" <<'PY'
import pypto.language as pl

@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 16], pl.FP32]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.lod(a, [0, 0], [16, 16])
PY
expect 1 "bad.py:7:[0-9]+: error: unknown op 'tile.lod'; did you mean 'tile.load'\?" \
  "$tmp/out.pto" -- "$ptoc" "$tmp/bad.py" -o "$tmp/out.pto"
expect 1 "\^" "$tmp/out.pb" -- "$ptoc_parse" "$tmp/bad.py" -o "$tmp/out.pb"
printf 'def (((\n\0\0\xff' > "$tmp/garbage.py"
expect 1 "error:" "$tmp/out.pto" -- "$ptoc" "$tmp/garbage.py" -o "$tmp/out.pto"

# A good .pb, then broken copies of it.
"$ptoc_parse" "$kernel" -o "$tmp/good.pb" || { echo "FAIL: cannot parse $kernel"; exit 1; }
size=$(stat -c %s "$tmp/good.pb")
head -c $((size / 2)) "$tmp/good.pb" > "$tmp/truncated.pb"
expect 1 "error" "$tmp/out.pto" -- "$ptoc" "$tmp/truncated.pb" -o "$tmp/out.pto"
expect 1 "error" "$tmp/out.txt" -- "$ptoc_print" "$tmp/truncated.pb" -o "$tmp/out.txt"
head -c 4096 /dev/urandom > "$tmp/random.pb"
expect 1 "error" "$tmp/out.pto" -- "$ptoc" "$tmp/random.pb" -o "$tmp/out.pto"
: > "$tmp/empty.pb"
expect 1 "error" "$tmp/out.pto" -- "$ptoc" "$tmp/empty.pb" -o "$tmp/out.pto"

# Inconsistent fields, edited in the textproto form and encoded back.
proto_dir="$(dirname "$ir_proto")"
encode() { protoc --proto_path="$proto_dir" --encode=ptoc.ir.Program "$(basename "$ir_proto")"; }
"$ptoc_print" --format=textproto "$tmp/good.pb" > "$tmp/good.textproto"

# An unknown op.
sed '0,/callee: "tile.load"/s//callee: "tile.bogus"/' "$tmp/good.textproto" | encode > "$tmp/unknown_op.pb"
expect 1 "unknown op 'tile.bogus'" "$tmp/out.pto" -- "$ptoc" "$tmp/unknown_op.pb" -o "$tmp/out.pto"

# A wrong arity: the first tile.store loses its first argument.
awk 'BEGIN { state = 0 }
  state == 0 && /callee: "tile.store"/ { state = 1; print; next }
  state == 1 && /^ *args \{/ { state = 2; depth = 1; next }
  state == 2 { n = gsub(/\{/, "{"); m = gsub(/\}/, "}"); depth += n - m;
               if (depth == 0) state = 3; next }
  { print }' "$tmp/good.textproto" | encode > "$tmp/arity.pb"
expect 1 "'tile.store' takes 3 arguments" "$tmp/out.pto" -- "$ptoc" "$tmp/arity.pb" -o "$tmp/out.pto"

# A var used out of scope: the last statement reads the loop variable of
# the first loop, which is not visible after it.
loop_var=$(grep -m1 -oE 'loop_var_id: [0-9]+' "$tmp/good.textproto" | grep -oE '[0-9]+')
tac "$tmp/good.textproto" | awk -v id="$loop_var" '!done && /var_id: [0-9]+/ {
    sub(/var_id: [0-9]+/, "var_id: " id); done = 1 } { print }' | tac | encode > "$tmp/scope.pb"
expect 1 "used out of its scope" "$tmp/out.pto" -- "$ptoc" "$tmp/scope.pb" -o "$tmp/out.pto"

# A var id that does not exist at all.
sed '0,/var_id: [0-9]*/s//var_id: 99999/' "$tmp/good.textproto" | encode > "$tmp/no_var.pb"
expect 1 "error" "$tmp/out.pto" -- "$ptoc" "$tmp/no_var.pb" -o "$tmp/out.pto"

# Usage errors exit 2.
expect 2 "unknown flag" "$tmp/out.pto" -- "$ptoc" --no-such-flag "$kernel" -o "$tmp/out.pto"
expect 2 "--emit" "$tmp/out.pto" -- "$ptoc" --emit=elf "$kernel" -o "$tmp/out.pto"
expect 2 "--backend" "$tmp/out.pto" -- "$ptoc" --backend=a9 "$kernel" -o "$tmp/out.pto"

if [[ $failures -ne 0 ]]; then
  echo "$failures bad-input case(s) failed"
  exit 1
fi
echo "all bad-input cases passed"

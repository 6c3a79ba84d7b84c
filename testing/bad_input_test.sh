#!/bin/bash
# Bad input of every kind gets a diagnostic and exit status 1 — never a
# crash, a hang or a partial output file:
#   a malformed kernel, a truncated .pb, random bytes as a .pb, and .pb
#   files whose fields are inconsistent (a var used out of scope, an unknown
#   op, a wrong arity), hostile shapes, offsets and sizes (from text and
#   from .pb), loop-carried values and loop scopes, malformed PyPTO forms,
#   plus usage errors
#   (exit 2).
# Usage: bad_input_test.sh PTOC PTOC_PARSE PTOC_PRINT IR_PROTO KERNEL PTOC_SIM
set -uo pipefail
ptoc="$1"; ptoc_parse="$2"; ptoc_print="$3"; ir_proto="$4"; kernel="$5"; ptoc_sim="$6"
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
expect 1 "'tile.store' takes 3 or 4 arguments" "$tmp/out.pto" -- "$ptoc" "$tmp/arity.pb" -o "$tmp/out.pto"

# A var used out of scope: the first loop's bound reads the loop variable
# of the last loop, which is not defined yet there.
loop_var=$(grep -oE 'loop_var_id: [0-9]+' "$tmp/good.textproto" | tail -1 | grep -oE '[0-9]+')
awk -v id="$loop_var" 'seen && !done && / var_id: [0-9]+/ {
    sub(/var_id: [0-9]+/, "var_id: " id); done = 1 }
  /loop_var_id: [0-9]+/ { seen = 1 } { print }' "$tmp/good.textproto" | encode > "$tmp/scope.pb"
expect 1 "used out of its scope" "$tmp/out.pto" -- "$ptoc" "$tmp/scope.pb" -o "$tmp/out.pto"

# A var id that does not exist at all.
sed '0,/var_id: [0-9]*/s//var_id: 99999/' "$tmp/good.textproto" | encode > "$tmp/no_var.pb"
expect 1 "error" "$tmp/out.pto" -- "$ptoc" "$tmp/no_var.pb" -o "$tmp/out.pto"

# Hostile shapes, offsets and sizes (issue 16): each is an error at its
# statement on every emit path, from text and from a .pb that carries it.
# A case is a kernel with @V@ where the hostile value goes; its valid twin
# (the same kernel with the valid value) must compile, and its .pb, edited
# by TRANSFORM (a command filtering the textproto), carries the hostile
# value past the parser.
# TEXT_PATTERN, when given, is the error the text gets instead (the parser's
# own, for what it refuses).
# hostile NAME VALID HOSTILE TRANSFORM PATTERN [TEXT_PATTERN] < KERNEL_BODY
hostile() {
  local name="$1" valid="$2" bad="$3" transform="$4" pattern="$5" text_pattern="${6:-$5}" body
  body="$(cat)"
  local head=$'import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n@pl.program\nclass Hostile:\n    @pl.function(type=pl.FunctionType.AIV)'
  printf '%s\n%s\n' "$head" "${body//@V@/$bad}" > "$tmp/$name.py"
  printf '%s\n%s\n' "$head" "${body//@V@/$valid}" > "$tmp/${name}_valid.py"
  for emit in text pto cce; do
    expect 1 "$name.py:[0-9]+:[0-9]+: error: $text_pattern" "$tmp/out" -- \
      "$ptoc" "$tmp/$name.py" --emit=$emit -o "$tmp/out"
  done
  "$ptoc_parse" "$tmp/${name}_valid.py" -o "$tmp/${name}_valid.pb" ||
    { echo "FAIL: the valid twin of $name does not parse"; failures=$((failures + 1)); return; }
  "$ptoc_print" --format=textproto "$tmp/${name}_valid.pb" | $transform | encode > "$tmp/$name.pb"
  for emit in text pto cce; do
    expect 1 "${name}_valid.py:[0-9]+:[0-9]+: error: $pattern" "$tmp/out" -- \
      "$ptoc" "$tmp/$name.pb" --emit=$emit -o "$tmp/out"
  done
  expect 1 "error: $pattern" "$tmp/out" -- "$ptoc_sim" "$tmp/$name.pb" --entry=k -o "$tmp/out"
}
# TRANSFORMs: set every dim and int equal to the valid value to the hostile one.
dims() { sed -E "s/^( *)(value|int_value): $1\$/\\1\\2: $2/"; }
ints() { sed -E "s/^( *)int_value: $1\$/\\1int_value: $2/"; }
# The offsets list of the first remote_load becomes the integer 0.
offsets_to_int() {
  awk 'state == 0 && /callee: "pld.tile.remote_load"/ { state = 1 }
    state == 1 && /^ *args \{/ && ++n == 3 { state = 2 }
    state == 2 && /^ *list \{/ { state = 3; depth = 1;
      print "type { kind: SCALAR dtype: INDEX } int_value: 0"; next }
    state == 3 { depth += gsub(/\{/, "{") - gsub(/\}/, "}"); if (depth == 0) state = 4; next }
    { print }'
}
# The value of the first expression statement becomes the integer 0.
eval_to_int() {
  awk 'state == 0 && /^ *eval \{/ { state = 1 }
    state == 1 && /^ *type \{/ { state = 2; depth = 1;
      print "type { kind: SCALAR dtype: INDEX }"; next }
    state == 1 && /^ *call \{/ { state = 3; depth = 1; print "int_value: 0"; next }
    state >= 2 && state <= 3 { depth += gsub(/\{/, "{") - gsub(/\}/, "}");
      if (depth == 0) state = state == 2 ? 1 : 4; next }
    { print }'
}
# The offsets list of the first tile.load loses its second element.
drop_second_offset() {
  awk 'state == 0 && /callee: "tile.load"/ { state = 1 }
    state == 1 && /^ *args \{/ && ++n == 2 { state = 2 }
    state == 2 && /^ *elements \{/ && ++e == 2 { state = 3; depth = 1; next }
    state == 3 { depth += gsub(/\{/, "{") - gsub(/\}/, "}"); if (depth == 0) state = 4; next }
    { print }'
}

hostile tile_too_many_bytes 24 9223372036854775807 "dims 24 9223372036854775807" \
  "the size in bytes of 't' .* does not fit in 64 bits" <<'PY'
    def k(self, a: pl.Tensor[[n, m], pl.FP32], n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INDEX]):
        t: pl.Tile[[1, @V@], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, @V@])
PY
hostile tensor_too_many_bytes 32 4294967296 "dims 32 4294967296" \
  "the size in bytes of 'a' .* does not fit in 64 bits" <<'PY'
    def k(self, a: pl.Tensor[[@V@, @V@], pl.FP32]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])
PY
hostile byte_offset_overflow 5 4294967290 "ints 5 4294967290" \
  "the byte offset of this access to 'a' does not fit in 64 bits" <<'PY'
    def k(self, a: pl.Tensor[[n, 4294967296], pl.FP32], n: pl.Scalar[pl.INDEX]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [@V@, 0], [16, 16])
PY
hostile load_out_of_bounds 13 24 "ints 13 24" \
  "'tile.load' is out of bounds of 'a' in dimension 0: offset 24 \+ extent 16 = 40 exceeds its size 32 by 8" <<'PY'
    def k(self, a: pl.Tensor[[32, 16], pl.FP32]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [@V@, 0], [16, 16])
PY
hostile store_out_of_bounds 3 20 "ints 3 20" \
  "'tile.store' is out of bounds of 'o' in dimension 1: offset 20 \+ extent 16 = 36 exceeds its size 32 by 4" <<'PY'
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])
        pl.tile.store(t, [0, @V@], o)
PY
hostile read_out_of_bounds 7 16 "ints 7 16" \
  "'tensor.read' is out of bounds of 'a' in dimension 1: offset 16 \+ extent 1 = 17 exceeds its size 16 by 1" <<'PY'
    def k(self, a: pl.Tensor[[16, 16], pl.INT32]):
        x: pl.Scalar[pl.INT32] = pl.tensor.read(a, [0, @V@])
PY
hostile negative_offset 7 -7 "ints 7 -7" \
  "'tile.load': offset -7 in dimension 0 of 'a' is negative" <<'PY'
    def k(self, a: pl.Tensor[[32, 16], pl.FP32]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [@V@, 0], [16, 16])
PY
hostile zero_tile_dim 7 0 "dims 7 0" \
  "dimension 0 of 't' is 0; a tile needs positive dimensions" <<'PY'
    def k(self, a: pl.Tensor[[16, 16], pl.FP32]):
        t: pl.Tile[[@V@, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [@V@, 16])
PY
hostile negative_tensor_dim 7 -16 "dims 7 -16" \
  "dimension 1 of 'a' is -16; a tensor needs positive dimensions" \
  "expected a dimension \(an integer or a scalar parameter\), got '-'" <<'PY'
    def k(self, a: pl.Tensor[[16, @V@], pl.FP32]):
        t: pl.Tile[[16, 1], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 1])
PY
hostile tile_larger_than_ub 8 512 "dims 8 512" \
  "tile 't' needs 1048576 bytes, more than the 196608 bytes of Vec on a2a3" <<'PY'
    def k(self, a: pl.Tensor[[512, 512], pl.FP32]):
        t: pl.Tile[[@V@, 512], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [@V@, 512])
PY
hostile inout_scalar Out InOut "sed s/direction:.OUT/direction:\x20IN_OUT/" \
  "parameter 's': Scalar parameters cannot have InOut direction" <<'PY'
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], s: pl.@V@[pl.Scalar[pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])
PY
hostile scalar_for_offsets "[0, 0]" 0 offsets_to_int \
  "'pld.tile.remote_load' expects a list for 'offsets' \(argument 3\), not '0'" <<'PY'
    def k(self, data: pld.DistributedTensor[[1, 32], pl.FP32], peer: pl.Scalar[pl.INT32]):
        t: pl.Tile[[1, 32], pl.FP32, pl.MemorySpace.Vec] = pld.tile.remote_load(data, peer, @V@, [1, 32])
PY
hostile offsets_of_wrong_rank "[0, 0]" "[0]" drop_second_offset \
  "'tile.load' gives 1 offsets for 'a' of rank 2" <<'PY'
    def k(self, a: pl.Tensor[[16, 16], pl.FP32]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, @V@, [16, 16])
PY

hostile eval_not_a_call "pl.tile.store(t, [0, 0], o)" 0 eval_to_int \
  "an expression statement must be a call" <<'PY'
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])
        @V@
PY

# Loop-carried values and loop scopes (issue 13 review): a pl.yield_ with
# fewer values than the loop carries; a kernel while that rebinds a name it
# reads; a name a loop body binds, used after the loop, in kernel codegen.
scoped() {  # NAME PATTERN < KERNEL_BODY: an error on every emit path
  local name="$1" pattern="$2"
  printf '%s\n%s\n' $'import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n@pl.program\nclass Scoped:\n    @pl.function(type=pl.FunctionType.AIV)\n    def k(self, a: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]], n: pl.Scalar[pl.INDEX]):' \
    "$(cat)" > "$tmp/$name.py"
  for emit in pto cce; do
    expect 1 "$name.py:[0-9]+:[0-9]+: error: $pattern" "$tmp/out" -- \
      "$ptoc" "$tmp/$name.py" --emit=$emit -o "$tmp/out"
  done
}
scoped short_yield "pl.yield_ yields 1 values but the loop carries 2" <<'PY'
        for i, (x, y) in pl.range(n, init_values=(n, n)):
            z = pl.yield_(x)
PY
scoped short_yield_while "pl.yield_ yields 1 values but the loop carries 2" <<'PY'
        for (x, y) in pl.while_(init_values=(n, n)):
            pl.cond(x < 4)
            z = pl.yield_(x + 1)
PY
scoped use_after_loop "'m' is bound inside the for loop at line 9 and used after it" <<'PY'
        for i in pl.range(n):
            m: pl.Scalar[pl.INDEX] = i * 16
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 16])
        pl.tile.store(t, [0, m], o)
PY

# PyPTO's language (issue 13): malformed forms of the new syntax, each a
# located error from ptoc and from ptoc-parse, no output file.
pyform() {  # NAME PATTERN < KERNEL_BODY
  local name="$1" pattern="$2"
  printf '%s\n%s\n' $'import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n@pl.program\nclass Forms:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, a: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):' \
    "$(cat)" > "$tmp/$name.py"
  expect 1 "$name.py:[0-9]+:[0-9]+: error: $pattern" "$tmp/out.pto" -- \
    "$ptoc" "$tmp/$name.py" -o "$tmp/out.pto"
  expect 1 "$name.py:[0-9]+:[0-9]+: error: $pattern" "$tmp/out.pb" -- \
    "$ptoc_parse" "$tmp/$name.py" -o "$tmp/out.pb"
}
pyform unknown_level "'NOWHERE' is not a Level value" <<'PY'
        with pl.at(level=pl.Level.NOWHERE):
            pass
PY
pyform unknown_memory "'Nowhere' is not a MemorySpace value" <<'PY'
        t = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Nowhere)
PY
pyform unknown_atomic "'Sub' is not a AtomicType value" <<'PY'
        t = pl.tile.load(a, [0, 0], [16, 16])
        pl.tile.store(t, [0, 0], o, atomic=pl.AtomicType.Sub)
PY
pyform break_in_parallel "'break' is not allowed in a pl.parallel loop" <<'PY'
        for i in pl.parallel(4):
            break
PY
pyform open_docstring "unterminated string literal" <<'PY'
        """never closed
PY
pyform static_assert "static_assert failed: no" <<'PY'
        pl.static_assert(1 == 2, "no")
PY
pyform tuple_of_a_tile "cannot assign pl.Tile\[\[16, 16\], pl.FP32, pl.Mem.Vec\] to 2 names" <<'PY'
        x, y = pl.tile.load(a, [0, 0], [16, 16])
PY
# A memory the backend lacks: ptoc records a2a3 and verifies again (the
# .pb has no backend yet, so ptoc-parse takes it: checked on ptoc only).
printf '%s\n%s\n' $'import pypto.language as pl\n\n\n@pl.program\nclass Scale:\n    @pl.function(type=pl.FunctionType.InCore)\n    def k(self, a: pl.Tensor[[16, 16], pl.FP32]):' \
  $'        s = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)\n        ls = pl.move(s, target_memory=pl.Mem.LeftScale)' > "$tmp/scale.py"
expect 1 "scale.py:9:9: error: tile 'ls' needs 1024 bytes, more than the 0 bytes of LeftScale on a2a3" \
  "$tmp/out.pto" -- "$ptoc" "$tmp/scale.py" -o "$tmp/out.pto"

# Usage errors exit 2.
expect 2 "unknown flag" "$tmp/out.pto" -- "$ptoc" --no-such-flag "$kernel" -o "$tmp/out.pto"
expect 2 "--emit" "$tmp/out.pto" -- "$ptoc" --emit=elf "$kernel" -o "$tmp/out.pto"
expect 2 "--backend" "$tmp/out.pto" -- "$ptoc" --backend=a9 "$kernel" -o "$tmp/out.pto"
expect 2 "--pipe-sync-removal needs --emit=syncplan" "$tmp/out.pto" -- \
  "$ptoc" --pipe-sync-removal "$kernel" -o "$tmp/out.pto"
for ranks in 0 -1 1025 1000000; do
  expect 2 "--ranks must be between 1 and 1024" "$tmp/out" -- \
    "$ptoc_sim" "$kernel" --entry=ring --ranks=$ranks -o "$tmp/out"
done
expect 2 "--ranks" "$tmp/out" -- "$ptoc_sim" "$kernel" --entry=ring --ranks=4294967296 -o "$tmp/out"

if [[ $failures -ne 0 ]]; then
  echo "$failures bad-input case(s) failed"
  exit 1
fi
echo "all bad-input cases passed"

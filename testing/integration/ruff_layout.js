// Judges the layout of ptoc's printed text with ruff's own formatter (the
// WASM build of ruff, @astral-sh/ruff-wasm-nodejs), in one process:
//
//   node ruff_layout.js RUFF_MODULE_DIR LINE_LENGTH MIN_UNCHANGED FILE...
//
// PyPTO prints each statement on one line and post-formats the text with
// `ruff format --line-length 200` (python/pypto/ir/formatter.py). A file
// counts as unchanged when ruff, at LINE_LENGTH, leaves it byte for byte
// as it is twice:
// with PyPTO's settings (its pyproject.toml [tool.ruff.format]), and with
// magic trailing commas ignored, i.e. the layout ruff gives the same text
// written one statement a line, which is what PyPTO prints (its printer
// writes no trailing commas; a one-element tuple's comma is never magic).
// Prints the counts, the first difference of each changed file grouped by
// what ruff changed, and exits 1 when fewer than MIN_UNCHANGED files are
// unchanged (2 on a usage error or a file ruff cannot format).
"use strict";
const fs = require("fs");

const [moduleDir, lineLengthText, minText, ...files] = process.argv.slice(2);
if (moduleDir === undefined || !/^\d+$/.test(lineLengthText || "") || !/^\d+$/.test(minText || "")) {
  console.error("usage: node ruff_layout.js RUFF_MODULE_DIR LINE_LENGTH MIN_UNCHANGED FILE...");
  process.exit(2);
}
const ruff = require(moduleDir);

function workspace(skipMagicTrailingComma) {
  return new ruff.Workspace(
    {
      "line-length": Number(lineLengthText),
      "target-version": "py310",
      format: {
        "quote-style": "double",
        "skip-magic-trailing-comma": skipMagicTrailingComma,
        "line-ending": "lf",
      },
    },
    ruff.PositionEncoding.Utf16,
  );
}
const pypto = workspace(false);
const canonical = workspace(true);

// The kind of statement a printed line starts.
function kindOf(line) {
  const t = line.trim();
  if (t === "") return "blank line";
  if (t.startsWith("@")) return "decorator";
  const m = /^(def|class|for|while|if|else|with|return|import)\b/.exec(t);
  if (m) return m[1];
  if (/^[\w, ()]+:\s/.test(t)) return "annotated assignment";
  if (/^[\w, ()[\]]+ = /.test(t)) return "assignment";
  if (/^[)\]}]/.test(t)) return "closing bracket";
  return "expression";
}

// The first hunk where `a` and `b` (arrays of lines) differ: [i, endA, endB),
// the hunk ending where three lines agree again.
function firstHunk(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const same = (x, y) => {
    for (let k = 0; k < 3; k++) {
      if (x + k >= a.length || y + k >= b.length) return x + k >= a.length && y + k >= b.length;
      if (a[x + k] !== b[y + k]) return false;
    }
    return true;
  };
  for (let span = 1; span < 400; span++) {
    for (let x = i; x <= i + span; x++) {
      const y = i + span - (x - i);
      if (x <= a.length && y <= b.length && same(x, y)) return [i, x, y];
    }
  }
  return [i, a.length, b.length];
}

function describe(before, after) {
  const verb = before.length > after.length ? "joined" : before.length < after.length ? "split" : "changed";
  return `${verb}: ${kindOf(before[0] === undefined ? "" : before[0])}`;
}

let judged = 0;
let unchangedPypto = 0;
let unchanged = 0;
const groups = new Map(); // description -> {count, file, before, after}
for (const file of files) {
  const text = fs.readFileSync(file, "utf8");
  let viaPypto;
  let viaCanonical;
  try {
    viaPypto = pypto.format(text);
    viaCanonical = canonical.format(text);
  } catch (e) {
    console.error(`${file}: ruff cannot format it: ${e}`);
    process.exit(2);
  }
  judged++;
  if (viaPypto === text) unchangedPypto++;
  if (viaPypto === text && viaCanonical === text) {
    unchanged++;
    continue;
  }
  const formatted = viaPypto !== text ? viaPypto : viaCanonical;
  const a = text.split("\n");
  const b = formatted.split("\n");
  const [i, endA, endB] = firstHunk(a, b);
  const before = a.slice(i, endA);
  const after = b.slice(i, endB);
  const key = describe(before, after);
  const g = groups.get(key) || { count: 0, file, line: i + 1, before, after };
  g.count++;
  groups.set(key, g);
}

const clip = (lines) => lines.slice(0, 8).map((l) => (l.length > 160 ? l.slice(0, 157) + "..." : l));
const sorted = [...groups.entries()].sort((x, y) => y[1].count - x[1].count || (x[0] < y[0] ? -1 : 1));
if (sorted.length > 0) console.log(`first differences of the changed files, grouped (${sorted.length} groups):`);
for (const [key, g] of sorted) {
  console.log(`${String(g.count).padStart(6)}  ${key}  [${g.file}:${g.line}]`);
  for (const l of clip(g.before)) console.log(`        - ${l}`);
  for (const l of clip(g.after)) console.log(`        + ${l}`);
}
console.log(`ruff ${ruff.Workspace.version()}, line length ${lineLengthText}: ${judged} programs judged`);
console.log(`unchanged with PyPTO's settings: ${unchangedPypto}`);
console.log(`unchanged (also with magic trailing commas ignored): ${unchanged} of ${judged}, floor ${minText}`);
if (unchanged < Number(minText)) {
  console.log("FAILED: below the floor");
  process.exit(1);
}

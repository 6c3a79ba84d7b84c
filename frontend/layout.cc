#include "frontend/layout.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "frontend/layout_doc.h"

namespace ptoc {
namespace {

// The flat text read back as runs of text and bracket pairs.
struct Piece;
using Pieces = std::vector<Piece>;
struct Piece {
  std::string text;  // a run of text, when `open` is 0
  char open = 0;     // else a bracket pair: '(', '[' or '{'
  // The bracket follows an operand: a call's arguments or a subscript.
  bool call = false;
  bool trailing_comma = false;  // written after the last element: `(a,)`
  std::vector<Pieces> elements;
};

char Closer(char open) { return open == '(' ? ')' : open == '[' ? ']' : '}'; }

bool EndsOperand(char c) {
  return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ')' || c == ']';
}

// The end of the string literal starting at s[i] (a quote).
size_t StringEnd(absl::string_view s, size_t i) {
  const char quote = s[i];
  const bool triple = s.substr(i, 3) == std::string(3, quote);
  size_t j = i + (triple ? 3 : 1);
  while (j < s.size()) {
    if (s[j] == '\\') {
      j += 2;
    } else if (triple ? s.substr(j, 3) == std::string(3, quote) : s[j] == quote) {
      return j + (triple ? 3 : 1);
    } else {
      ++j;
    }
  }
  return s.size();
}

// Reads `s` from `*i` up to the bracket `close` (to the end when `close` is
// 0), one element per comma inside brackets, or also at the top level
// when `split_top`.
std::vector<Pieces> ReadElements(absl::string_view s, size_t* i, char close, bool split_top,
                                 bool* trailing_comma) {
  std::vector<Pieces> elements(1);
  auto append_text = [&](absl::string_view t) {
    Pieces& e = elements.back();
    if (e.empty() || e.back().open != 0) e.emplace_back();
    e.back().text.append(t.data(), t.size());
  };
  while (*i < s.size()) {
    const char c = s[*i];
    if (close != 0 && c == close) {
      ++*i;
      break;
    }
    if (c == '"' || c == '\'') {
      const size_t end = StringEnd(s, *i);
      append_text(s.substr(*i, end - *i));
      *i = end;
    } else if (c == '#') {  // a comment runs to the end of the line
      append_text(s.substr(*i));
      *i = s.size();
    } else if (c == '(' || c == '[' || c == '{') {
      Piece p;
      p.open = c;
      p.call = c != '{' && *i > 0 && EndsOperand(s[*i - 1]);
      ++*i;
      p.elements = ReadElements(s, i, Closer(c), false, &p.trailing_comma);
      elements.back().push_back(std::move(p));
    } else if (c == ',' && (close != 0 || split_top)) {
      ++*i;
      if (*i < s.size() && s[*i] == ' ') ++*i;
      elements.emplace_back();
    } else {
      append_text(s.substr(*i, 1));
      ++*i;
    }
  }
  if (elements.back().empty()) {
    elements.pop_back();
    if (!elements.empty()) *trailing_comma = true;
  }
  return elements;
}

Pieces ReadPieces(absl::string_view s) {
  size_t i = 0;
  bool trailing_comma = false;
  std::vector<Pieces> elements = ReadElements(s, &i, 0, false, &trailing_comma);
  return elements.empty() ? Pieces{} : std::move(elements[0]);
}

// Binary operators as the printer spaces them, with Python's precedence
// (higher binds tighter); the longer spellings first.
struct BinaryOperator {
  absl::string_view spelling;
  int precedence;
};
constexpr BinaryOperator kBinaryOperators[] = {
    {" not in ", 4}, {" is not ", 4}, {" and ", 2}, {" or ", 1}, {" in ", 4}, {" is ", 4},
    {" == ", 4},     {" != ", 4},     {" <= ", 4},  {" >= ", 4}, {" << ", 8}, {" >> ", 8},
    {" // ", 10},    {" < ", 4},      {" > ", 4},   {" | ", 5},  {" ^ ", 6},  {" & ", 7},
    {" + ", 9},      {" - ", 9},      {" * ", 10},  {" / ", 10}, {" % ", 10}, {" @ ", 10},
};

// An element split at its binary operators: operands[k] op[k] operands[k+1].
struct Chain {
  std::vector<Pieces> operands = {{}};
  std::vector<const BinaryOperator*> ops;
};

Chain SplitChain(const Pieces& pieces) {
  Chain chain;
  auto append_text = [&](absl::string_view t) {
    if (t.empty()) return;
    Pieces& operand = chain.operands.back();
    if (operand.empty() || operand.back().open != 0) operand.emplace_back();
    operand.back().text.append(t.data(), t.size());
  };
  for (const Piece& p : pieces) {
    if (p.open != 0) {
      chain.operands.back().push_back(p);
      continue;
    }
    absl::string_view text = p.text;
    size_t start = 0;
    for (size_t i = 0; i < text.size();) {
      if (text[i] == '"' || text[i] == '\'') {
        i = StringEnd(text, i);
        continue;
      }
      const BinaryOperator* found = nullptr;
      for (const BinaryOperator& op : kBinaryOperators) {
        if (text.substr(i, op.spelling.size()) == op.spelling) {
          found = &op;
          break;
        }
      }
      if (found == nullptr) {
        ++i;
        continue;
      }
      append_text(text.substr(start, i - start));
      chain.ops.push_back(found);
      chain.operands.emplace_back();
      i += found->spelling.size();
      start = i;
    }
    append_text(text.substr(start));
  }
  return chain;
}

int Build(Doc& d, const Pieces& pieces);

// operands[first..last] of `chain`: broken before each operator of the
// lowest precedence among them, a group of its own around each side that
// holds tighter operators (ruff's layout of binary expressions).
int BuildChain(Doc& d, const Chain& chain, size_t first, size_t last) {
  auto side = [&](size_t a, size_t b) {
    if (a == b) return Build(d, chain.operands[a]);
    const int g = d.NewGroup();
    return d.Group(g, {BuildChain(d, chain, a, b)});
  };
  int lowest = 100;
  for (size_t k = first; k < last; ++k) lowest = std::min(lowest, chain.ops[k]->precedence);
  std::vector<int> kids;
  size_t start = first;
  for (size_t k = first; k < last; ++k) {
    if (chain.ops[k]->precedence != lowest) continue;
    kids.push_back(side(start, k));
    kids.push_back(d.Line());
    kids.push_back(d.Text(absl::StrCat(absl::StripAsciiWhitespace(chain.ops[k]->spelling), " ")));
    start = k + 1;
  }
  kids.push_back(side(start, last));
  return d.Concat(std::move(kids));
}

// An expression: a group breaking at its binary operators, if it has any.
int BuildExpr(Doc& d, const Pieces& pieces) {
  const Chain chain = SplitChain(pieces);
  if (chain.ops.empty()) return Build(d, pieces);
  const int g = d.NewGroup();
  return d.Group(g, {BuildChain(d, chain, 0, chain.ops.size())});
}

// The elements joined by ", " (a break in the enclosing group), then the
// trailing comma: always after a lone element written with one, else when
// `comma_group` breaks, and never added to a single element.
std::vector<int> Joined(Doc& d, const std::vector<Pieces>& elements, bool trailing_comma,
                        int comma_group) {
  std::vector<int> out;
  for (size_t k = 0; k < elements.size(); ++k) {
    if (k > 0) {
      out.push_back(d.Text(","));
      out.push_back(d.Line());
    }
    out.push_back(BuildExpr(d, elements[k]));
  }
  if (elements.size() > 1) {
    out.push_back(d.IfBreak(",", comma_group));
  } else if (trailing_comma) {
    out.push_back(d.Text(","));
  }
  return out;
}

// A bracket pair breaks after its opening bracket and before its closing
// one. A call's arguments and a subscript's elements are a group of their
// own inside (one line if they fit there, else one a line); a list, tuple
// or dict breaks one element a line at once.
int BuildBracket(Doc& d, const Piece& p) {
  const std::string close(1, Closer(p.open));
  if (p.elements.empty()) return d.Text(absl::StrCat(std::string(1, p.open), close));
  const int outer = d.NewGroup();
  int content;
  if (p.call) {
    const int inner = d.NewGroup();
    content = d.Group(inner, Joined(d, p.elements, p.trailing_comma, inner));
  } else {
    content = d.Concat(Joined(d, p.elements, p.trailing_comma, outer));
  }
  return d.Group(outer, {d.Text(std::string(1, p.open)), d.Indent({d.SoftLine(), content}),
                         d.SoftLine(), d.Text(close)});
}

int Build(Doc& d, const Pieces& pieces) {
  std::vector<int> kids;
  for (const Piece& p : pieces) kids.push_back(p.open == 0 ? d.Text(p.text) : BuildBracket(d, p));
  return d.Concat(std::move(kids));
}

// The position of the first `needle` in `s` outside brackets and string
// literals, or npos.
size_t FindTopLevel(absl::string_view s, absl::string_view needle) {
  int depth = 0;
  for (size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '"' || c == '\'') {
      i = StringEnd(s, i);
      continue;
    }
    if (depth == 0 && s.substr(i, needle.size()) == needle) return i;
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    ++i;
  }
  return absl::string_view::npos;
}

bool IsName(absl::string_view s, bool dotted) {
  if (s.empty() || absl::ascii_isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c)) && c != '_' && !(dotted && c == '.')) {
      return false;
    }
  }
  return true;
}

// How ruff treats the value of an assignment, a return, a loop's iterable
// or a condition.
enum class ValueKind {
  kPrimary,   // a dotted name with calls and subscripts after it
  kSimple,    // a name, a number, a string
  kBrackets,  // a list, tuple or dict of its own
  kOther,     // an operator expression: parenthesized when it breaks
};

ValueKind Classify(absl::string_view value, const Pieces& parts) {
  if (parts.empty()) return ValueKind::kSimple;
  if (!SplitChain(parts).ops.empty()) return ValueKind::kOther;
  if (parts.size() == 1 && parts[0].open != 0) return ValueKind::kBrackets;
  bool primary = parts[0].open == 0 && IsName(parts[0].text, true);
  for (size_t k = 1; primary && k < parts.size(); ++k) primary = parts[k].open != 0 && parts[k].call;
  if (primary && (parts.size() > 1 || absl::StrContains(parts[0].text, '.'))) {
    return ValueKind::kPrimary;
  }
  if (parts.size() == 1 && (IsName(value, false) ||
                            absl::ascii_isdigit(static_cast<unsigned char>(value[0])) ||
                            ((value[0] == '"' || value[0] == '\'') &&
                             StringEnd(value, 0) == value.size()))) {
    return ValueKind::kSimple;
  }
  return ValueKind::kOther;
}

// Parentheses around `inner` that show only when it breaks.
int ParenthesizeIfBreaks(Doc& d, int inner) {
  const int g = d.NewGroup();
  return d.Group(g, {d.IfBreak("(", g), d.Indent({d.SoftLine(), inner}), d.SoftLine(),
                     d.IfBreak(")", g)});
}

// `inner` inside parentheses, on lines of its own.
int Parenthesized(Doc& d, int inner) {
  const int g = d.NewGroup();
  return d.FixedGroup(g, true, {d.Text("("), d.Indent({d.SoftLine(), inner}), d.SoftLine(),
                                d.Text(")")});
}

std::string Indented(int indent, absl::string_view text) {
  return absl::StrCat(std::string(indent, ' '), text);
}

// True when every line of `text` fits in `width` columns.
bool AllLinesFit(absl::string_view text, int width) {
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == absl::string_view::npos) end = text.size();
    if (TextWidth(text.substr(start, end - start)) > width) return false;
    start = end + 1;
  }
  return true;
}

// The column after `prefix` laid out before `follow` more columns that
// cannot break.
int ColumnAfter(Doc& d, int prefix, int follow, int indent, int width) {
  std::string probe = d.Render(d.Concat({prefix, d.Text(std::string(follow, ' '))}), indent, width);
  probe.pop_back();
  const size_t line = probe.rfind('\n');
  return static_cast<int>(probe.size() - (line == std::string::npos ? 0 : line + 1)) - follow;
}

// Ruff's precedence levels for choosing where to split: `and` and `or` are
// one level.
int SplitLevel(const BinaryOperator* op) { return std::max(op->precedence, 2); }

// Whether ruff may leave out the parentheses it would put around an
// operator expression that breaks (Black's "omitting optional
// parentheses"): it has brackets, one operator of its loosest level, and
// starts with a bracket (not a call's) or ends with a non-empty bracket
// that is not a subscript.
bool CanOmitParentheses(const Pieces& parts, const Chain& chain) {
  bool brackets = false;
  for (const Piece& p : parts) brackets = brackets || p.open != 0;
  int loosest = 100, count = 0;
  for (const BinaryOperator* op : chain.ops) {
    if (SplitLevel(op) < loosest) {
      loosest = SplitLevel(op);
      count = 0;
    }
    if (SplitLevel(op) == loosest) ++count;
  }
  const Pieces& first = chain.operands.front();
  const Pieces& last = chain.operands.back();
  const bool starts = !first.empty() && first[0].open != 0 && !first[0].call &&
                      !first[0].elements.empty();
  const bool ends = !last.empty() && last.back().open != 0 && !last.back().elements.empty() &&
                    !(last.back().call && last.back().open == '[');
  return brackets && count <= 1 && (starts || ends);
}

// Whether `parts` fit without parentheses from `column` on, with each of
// their brackets broken and overflowing as it likes: the text before,
// between and after the brackets must fit.
bool FitsAroundBrackets(const Pieces& parts, int column, int indent, int suffix, int width) {
  for (const Piece& p : parts) {
    if (p.open == 0 || p.elements.empty()) {
      column += p.open == 0 ? TextWidth(p.text) : 2;
    } else if (++column <= width) {
      column = indent + 1;  // the closing bracket, on a line of its own
      continue;
    }
    if (column > width) return false;
  }
  return column + suffix <= width;
}

// An operator expression after `prefix`, as ruff parenthesizes it when it
// breaks: without parentheses when it may omit them and its brackets then
// make it fit; else inside parentheses that show when it breaks.
int OperatorValue(Doc& d, int prefix, const Pieces& parts, int suffix, int indent, int width) {
  const Chain chain = SplitChain(parts);
  if (CanOmitParentheses(parts, chain) &&
      FitsAroundBrackets(parts, ColumnAfter(d, prefix, 1, indent, width), indent, suffix, width)) {
    // What precedes it still measures the parentheses ruff could add.
    const int g = d.NewGroup();
    return d.Concat({d.FixedGroup(g, false, {d.IfBreak("(", g), d.SoftLine()}), Build(d, parts)});
  }
  return ParenthesizeIfBreaks(d, BuildExpr(d, parts));
}

// `prefix value suffix` where `prefix` is a name target or a keyword (and
// a loop's targets), as ruff lays it out: a call or subscript breaks after
// its first bracket when the line fits up to there; else a call or a
// simple value goes inside parentheses when it then fits on its own lines
// even with every bracket broken; else it breaks where it can.
std::string LayoutLast(Doc& d, int prefix, absl::string_view value, absl::string_view suffix,
                       int indent, int width) {
  const Pieces parts = ReadPieces(value);
  const int suffix_width = TextWidth(suffix);
  int value_doc = BuildExpr(d, parts);
  switch (Classify(value, parts)) {
    case ValueKind::kPrimary:
    case ValueKind::kSimple: {
      const int first = d.FirstLineWidth(value_doc);
      const int head = ColumnAfter(d, prefix, first, indent, width);
      if (head + first > width && head + 1 <= width && indent + 1 + suffix_width <= width &&
          AllLinesFit(d.Render(value_doc, indent + 4, width, /*break_all=*/true), width)) {
        value_doc = Parenthesized(d, value_doc);
      }
      break;
    }
    case ValueKind::kBrackets:
      break;
    case ValueKind::kOther:
      value_doc = OperatorValue(d, prefix, parts, suffix_width, indent, width);
      break;
  }
  return d.Render(d.Concat({prefix, value_doc, d.Text(std::string(suffix))}), indent, width);
}

// The left side of an assignment: a tuple of targets gets parentheses
// when it breaks.
int BuildTargets(Doc& d, absl::string_view lhs) {
  size_t i = 0;
  bool trailing_comma = false;
  std::vector<Pieces> elements = ReadElements(lhs, &i, 0, true, &trailing_comma);
  if (elements.size() <= 1) return Build(d, ReadPieces(lhs));
  const int g = d.NewGroup();
  return d.Group(g, {d.IfBreak("(", g), d.Indent({d.SoftLine(), d.Concat(Joined(d, elements, false, g))}),
                     d.SoftLine(), d.IfBreak(")", g)});
}

// An assignment whose left side has brackets of its own (an annotation,
// a tuple of targets, a subscript), as ruff prefers it ("right to left"):
// a call or subscript breaks after its first bracket when the line fits up
// to there; else a call or a simple value is parenthesized when the line
// fits up to the " = ("; else the left side breaks first, as brackets do.
std::string LayoutRightToLeft(absl::string_view lhs, absl::string_view value, int indent,
                              int width) {
  Doc d;
  const Pieces parts = ReadPieces(value);
  const int value_doc = BuildExpr(d, parts);
  const std::string prefix = absl::StrCat(lhs, " = ");
  const int head = indent + TextWidth(prefix);
  const ValueKind kind = Classify(value, parts);
  if (kind == ValueKind::kPrimary && head + d.FirstLineWidth(value_doc) <= width) {
    return d.Render(d.Concat({d.Text(prefix), value_doc}), indent, width);
  }
  if ((kind == ValueKind::kPrimary || kind == ValueKind::kSimple) && head + 1 <= width) {
    return d.Render(d.Concat({d.Text(prefix), Parenthesized(d, value_doc)}), indent, width);
  }
  const int left = d.Concat({BuildTargets(d, lhs), d.Text(" = ")});
  const int right = kind == ValueKind::kOther ? OperatorValue(d, left, parts, 0, indent, width)
                                              : value_doc;
  return d.Render(d.Concat({left, right}), indent, width);
}

// `keyword` + the rest of `flat` up to the final ':' of a compound
// statement's header, when `flat` is one.
bool SplitHeader(absl::string_view flat, absl::string_view keyword, absl::string_view* rest) {
  if (!absl::StartsWith(flat, keyword) || !absl::EndsWith(flat, ":")) return false;
  *rest = flat.substr(keyword.size(), flat.size() - keyword.size() - 1);
  return true;
}

}  // namespace

std::string LayoutStatement(int depth, absl::string_view flat, int width) {
  const int indent = 4 * depth;
  if (indent + TextWidth(flat) <= width) return absl::StrCat(Indented(indent, flat), "\n");
  Doc d;
  absl::string_view rest;
  if (SplitHeader(flat, "for ", &rest)) {
    const size_t in = FindTopLevel(rest, " in ");
    if (in != absl::string_view::npos) {
      // The targets' tuple breaks as brackets do.
      const int targets = d.Concat(
          {d.Text("for "), Build(d, ReadPieces(rest.substr(0, in))), d.Text(" in ")});
      return LayoutLast(d, targets, rest.substr(in + 4), ":", indent, width);
    }
  }
  for (absl::string_view keyword : {"if ", "while "}) {
    if (SplitHeader(flat, keyword, &rest)) {
      return LayoutLast(d, d.Text(std::string(keyword)), rest, ":", indent, width);
    }
  }
  rest = flat;
  if (absl::ConsumePrefix(&rest, "return ")) {
    size_t i = 0;
    bool trailing_comma = false;
    std::vector<Pieces> elements = ReadElements(rest, &i, 0, true, &trailing_comma);
    if (elements.size() <= 1) return LayoutLast(d, d.Text("return "), rest, "", indent, width);
    // A returned tuple gets parentheses when it breaks.
    const int g = d.NewGroup();
    const int tuple =
        d.Group(g, {d.IfBreak("(", g), d.Indent({d.SoftLine(), d.Concat(Joined(d, elements, false, g))}),
                    d.SoftLine(), d.IfBreak(")", g)});
    return d.Render(d.Concat({d.Text("return "), tuple}), indent, width);
  }
  const size_t assign = FindTopLevel(flat, " = ");
  if (assign != absl::string_view::npos) {
    const absl::string_view lhs = flat.substr(0, assign);
    const absl::string_view value = flat.substr(assign + 3);
    const size_t colon = FindTopLevel(lhs, ": ");
    const bool annotated =
        colon != absl::string_view::npos && lhs.substr(colon).find('[') != absl::string_view::npos;
    const bool tuple = FindTopLevel(lhs, ",") != absl::string_view::npos;
    const bool subscript = colon == absl::string_view::npos && absl::EndsWith(lhs, "]");
    if (annotated || tuple || subscript) return LayoutRightToLeft(lhs, value, indent, width);
    return LayoutLast(d, d.Text(std::string(flat.substr(0, assign + 3))), value, "", indent, width);
  }
  // An expression statement, a decorator, `with`: Python breaks an
  // operator expression only inside brackets, so only they break.
  return d.Render(Build(d, ReadPieces(flat)), indent, width);
}

std::string LayoutSignature(int depth, absl::string_view name,
                            const std::vector<std::string>& params, absl::string_view returns,
                            int width, absl::string_view stub_body) {
  Doc d;
  const int g = d.NewGroup();
  std::vector<int> sig;
  if (params.empty()) {
    sig.push_back(d.Text("()"));
  } else {
    // One parameter takes the trailing comma when the signature breaks;
    // several are a group of their own inside the parentheses.
    std::vector<Pieces> elements;
    for (const std::string& p : params) elements.push_back(ReadPieces(p));
    int content;
    if (elements.size() == 1) {
      content = d.Concat({BuildExpr(d, elements[0]), d.IfBreak(",", g)});
    } else {
      const int inner = d.NewGroup();
      content = d.Group(inner, Joined(d, elements, false, inner));
    }
    sig = {d.Text("("), d.Indent({d.SoftLine(), content}), d.SoftLine(), d.Text(")")};
  }
  if (!returns.empty()) {
    sig.push_back(d.Text(" -> "));
    sig.push_back(Build(d, ReadPieces(returns)));
  }
  const int root =
      d.Concat({d.Text(absl::StrCat("def ", name)), d.Group(g, std::move(sig)),
                d.Text(stub_body.empty() ? std::string(":") : absl::StrCat(": ", stub_body))});
  return d.Render(root, 4 * depth, width);
}

}  // namespace ptoc

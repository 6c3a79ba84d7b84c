#include "frontend/lexer.h"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/ir.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace {

bool IsNameStart(char c) { return absl::ascii_isalpha(c) || c == '_'; }
bool IsNameChar(char c) { return absl::ascii_isalnum(c) || c == '_'; }

// The offset of the first byte of `s` that is not part of well-formed UTF-8,
// or npos. Python reads source files as UTF-8 and refuses others; ptoc must
// too, since comments and string literals travel in protobuf `string`
// fields, which must be UTF-8 for a written .pb to read back.
size_t FirstInvalidUtf8(absl::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len;
    unsigned min;  // the smallest code point that needs this length
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      len = 2, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4, min = 0x10000;
    } else {
      return i;
    }
    if (i + len > s.size()) return i;
    unsigned code = c & (0x7F >> len);
    for (size_t k = 1; k < len; ++k) {
      const unsigned char next = static_cast<unsigned char>(s[i + k]);
      if ((next & 0xC0) != 0x80) return i;
      code = (code << 6) | (next & 0x3F);
    }
    if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return i;
    i += len;
  }
  return absl::string_view::npos;
}

// Operators, longest first so that `//` wins over `/`.
constexpr absl::string_view kOperators[] = {
    "->", "//", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "<",
    ">",  "@",  ":",  "=",  ",",  ".",  "(", ")", "[", "]", "{", "}", "~",
};

class Lexer {
 public:
  Lexer(absl::string_view text, absl::string_view filename, std::vector<Comment>* comments)
      : text_(text), file_(filename), comments_(comments) {}

  absl::StatusOr<std::vector<Token>> Run();

 private:
  int col() const { return static_cast<int>(pos_ - line_start_) + 1; }
  bool AtEnd() const { return pos_ >= text_.size(); }
  char Peek(size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  absl::Status Error(int line, int col, absl::string_view message) const {
    return ErrorAt(Location{file_, line, col}, message);
  }
  // Skips a `#` comment up to the end of its line, recording it.
  void SkipComment() {
    const int start_col = col();
    const size_t start = pos_ + 1;
    while (!AtEnd() && Peek() != '\n') ++pos_;
    if (comments_ == nullptr) return;
    absl::string_view text = text_.substr(start, pos_ - start);
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    if (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    comments_->push_back(Comment{line_, start_col, std::string(text)});
  }
  void Emit(TokenKind kind, std::string text, int line, int col) {
    Token t;
    t.kind = kind;
    t.text = std::move(text);
    t.line = line;
    t.col = col;
    out_.push_back(std::move(t));
  }
  void NewLine() {
    ++pos_;
    ++line_;
    line_start_ = pos_;
  }

  // At the start of a logical line: skips blank and comment-only lines and
  // emits INDENT / DEDENT for the first line that has a token.
  absl::Status LexIndentation();
  absl::Status LexNumber();
  absl::Status LexString();
  absl::Status LexOperator();

  absl::string_view text_;
  std::string file_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
  std::vector<int> indents_ = {0};
  std::vector<Token> open_brackets_;
  std::vector<Token> out_;
  std::vector<Comment>* comments_;
};

absl::Status Lexer::LexIndentation() {
  while (!AtEnd()) {
    int width = 0;
    size_t p = pos_;
    for (; p < text_.size(); ++p) {
      char c = text_[p];
      if (c == ' ') {
        ++width;
      } else if (c == '\t') {
        width = (width / 8 + 1) * 8;  // Python's tab stops
      } else if (c != '\r' && c != '\f') {
        break;
      }
    }
    pos_ = p;
    if (AtEnd()) return absl::OkStatus();
    if (Peek() == '#') SkipComment();
    if (AtEnd()) return absl::OkStatus();
    if (Peek() == '\n') {
      NewLine();
      continue;
    }
    if (width > indents_.back()) {
      indents_.push_back(width);
      Emit(TokenKind::kIndent, "", line_, col());
      return absl::OkStatus();
    }
    while (width < indents_.back()) {
      indents_.pop_back();
      Emit(TokenKind::kDedent, "", line_, col());
    }
    if (width != indents_.back()) {
      return Error(line_, col(), "unindent does not match any outer indentation level");
    }
    return absl::OkStatus();
  }
  return absl::OkStatus();
}

absl::Status Lexer::LexNumber() {
  const size_t start = pos_;
  const int start_col = col();
  bool is_float = false;
  // Digits with Python's single underscores between them (`1_000`).
  auto digits = [&](auto is_digit) {
    bool any = false;
    while (is_digit(Peek()) || (any && Peek() == '_' && is_digit(Peek(1)))) {
      if (Peek() != '_') any = true;
      ++pos_;
    }
    return any;
  };
  auto dec = [](char c) { return absl::ascii_isdigit(c) != 0; };
  const char radix = Peek() == '0' ? absl::ascii_tolower(Peek(1)) : 0;
  if (radix == 'x' || radix == 'o' || radix == 'b') {  // 0x1F, 0o17, 0b101
    pos_ += 2;
    int base = radix == 'x' ? 16 : radix == 'o' ? 8 : 2;
    const size_t digits_start = pos_;
    bool any = digits([base](char c) {
      if (base == 16) return absl::ascii_isxdigit(c) != 0;
      return c >= '0' && c < '0' + base;
    });
    if (!any || IsNameChar(Peek()) || Peek() == '.') {
      return Error(line_, start_col, "malformed number");
    }
    uint64_t v = 0;
    for (size_t i = digits_start; i < pos_; ++i) {
      const char c = text_[i];
      if (c == '_') continue;
      const int d = absl::ascii_isdigit(c) ? c - '0' : absl::ascii_tolower(c) - 'a' + 10;
      if (v > (static_cast<uint64_t>(INT64_MAX) - d) / base) {
        return Error(line_, start_col, "integer literal is too large");
      }
      v = v * base + d;
    }
    Emit(TokenKind::kInt, std::string(text_.substr(start, pos_ - start)), line_, start_col);
    out_.back().int_value = static_cast<int64_t>(v);
    return absl::OkStatus();
  }
  digits(dec);
  if (Peek() == '.') {
    is_float = true;
    ++pos_;
    digits(dec);
  }
  if (Peek() == 'e' || Peek() == 'E') {
    is_float = true;
    ++pos_;
    if (Peek() == '+' || Peek() == '-') ++pos_;
    if (!digits(dec)) {
      return Error(line_, start_col, "malformed number");
    }
  }
  if (IsNameChar(Peek()) || Peek() == '.') {
    return Error(line_, start_col, "malformed number");
  }
  std::string spelling(text_.substr(start, pos_ - start));
  spelling.erase(std::remove(spelling.begin(), spelling.end(), '_'), spelling.end());
  if (is_float) {
    double v = 0;
    if (!absl::SimpleAtod(spelling, &v)) {
      return Error(line_, start_col, "malformed number");
    }
    Emit(TokenKind::kFloat, spelling, line_, start_col);
    out_.back().float_value = v;
  } else {
    int64_t v = 0;
    if (!absl::SimpleAtoi(spelling, &v)) {
      return Error(line_, start_col, "integer literal is too large");
    }
    Emit(TokenKind::kInt, spelling, line_, start_col);
    out_.back().int_value = v;
  }
  return absl::OkStatus();
}

absl::Status Lexer::LexString() {
  const char quote = Peek();
  const int start_col = col();
  const int start_line = line_;
  // A triple-quoted string (a docstring) may span lines.
  const bool triple = Peek(1) == quote && Peek(2) == quote;
  pos_ += triple ? 3 : 1;
  std::string value;
  while (true) {
    if (AtEnd() || (Peek() == '\n' && !triple)) {
      return Error(start_line, start_col, "unterminated string literal");
    }
    char c = Peek();
    if (c == '\n') {
      value += c;
      NewLine();
      continue;
    }
    ++pos_;
    if (c == quote && (!triple || (Peek() == quote && Peek(1) == quote))) {
      if (triple) pos_ += 2;
      break;
    }
    if (c != '\\') {
      value += c;
      continue;
    }
    if (AtEnd()) return Error(start_line, start_col, "unterminated string literal");
    char e = Peek();
    if (e == '\n') {  // a line continuation inside the string
      NewLine();
      continue;
    }
    switch (e) {
      case 'n':
        value += '\n';
        break;
      case 't':
        value += '\t';
        break;
      case 'r':
        value += '\r';
        break;
      case 'x': {  // \xHH, as Python reads it: the code point U+00HH
        int code = 0;
        for (int k = 1; k <= 2; ++k) {
          const char h = Peek(k);
          if (!absl::ascii_isxdigit(h)) {
            return Error(line_, col() - 1, "'\\x' needs two hex digits");
          }
          code = code * 16 +
                 (absl::ascii_isdigit(h) ? h - '0' : absl::ascii_tolower(h) - 'a' + 10);
        }
        pos_ += 2;
        if (code < 0x80) {
          value += static_cast<char>(code);
        } else {  // two bytes of UTF-8
          value += static_cast<char>(0xC0 | (code >> 6));
          value += static_cast<char>(0x80 | (code & 0x3F));
        }
        break;
      }
      case '\\':
      case '\'':
      case '"':
        value += e;
        break;
      default:
        return Error(line_, col() - 1,
                     absl::StrCat("unsupported escape sequence '\\",
                                  absl::CHexEscape(absl::string_view(&e, 1)), "'"));
    }
    ++pos_;
  }
  Emit(TokenKind::kString, std::move(value), start_line, start_col);
  return absl::OkStatus();
}

absl::Status Lexer::LexOperator() {
  for (absl::string_view op : kOperators) {
    if (text_.substr(pos_, op.size()) != op) continue;
    Emit(TokenKind::kOp, std::string(op), line_, col());
    pos_ += op.size();
    const Token& t = out_.back();
    if (op == "(" || op == "[" || op == "{") {
      open_brackets_.push_back(t);
    } else if (op == ")" || op == "]" || op == "}") {
      static constexpr absl::string_view kPairs = "()[]{}";
      if (open_brackets_.empty()) {
        return Error(t.line, t.col, absl::StrCat("unmatched '", op, "'"));
      }
      const Token& open = open_brackets_.back();
      if (kPairs[kPairs.find(open.text) + 1] != op[0]) {
        return Error(t.line, t.col,
                     absl::StrCat("closing '", op, "' does not match '", open.text,
                                  "' at line ", open.line, " column ", open.col));
      }
      open_brackets_.pop_back();
    }
    return absl::OkStatus();
  }
  char c = Peek();
  return Error(line_, col(),
               absl::StrCat("unexpected character '",
                            absl::CHexEscape(absl::string_view(&c, 1)), "'"));
}

absl::StatusOr<std::vector<Token>> Lexer::Run() {
  if (const size_t bad = FirstInvalidUtf8(text_); bad != absl::string_view::npos) {
    const size_t line_begin = text_.rfind('\n', bad == 0 ? 0 : bad - 1);
    const size_t begin = line_begin == absl::string_view::npos ? 0 : line_begin + 1;
    const int line = 1 + static_cast<int>(std::count(text_.begin(), text_.begin() + begin, '\n'));
    const char byte = text_[bad];
    return Error(line, static_cast<int>(bad - begin) + 1,
                 absl::StrCat("the source is not valid UTF-8 (byte '\\x",
                              absl::BytesToHexString(absl::string_view(&byte, 1)), "')"));
  }
  bool at_line_start = true;
  while (!AtEnd()) {
    if (at_line_start && open_brackets_.empty()) {
      RETURN_IF_ERROR(LexIndentation());
      at_line_start = false;
      continue;
    }
    const char c = Peek();
    if (c == '\n') {
      // Inside brackets a newline joins lines; outside it ends one.
      if (open_brackets_.empty()) {
        Emit(TokenKind::kNewline, "", line_, col());
        at_line_start = true;
      }
      NewLine();
      continue;
    }
    absl::Status st;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
      ++pos_;
    } else if (c == '#') {
      SkipComment();
    } else if (IsNameStart(c)) {
      const size_t start = pos_;
      const int start_col = col();
      while (IsNameChar(Peek())) ++pos_;
      Emit(TokenKind::kName, std::string(text_.substr(start, pos_ - start)), line_,
           start_col);
    } else if (absl::ascii_isdigit(c) || (c == '.' && absl::ascii_isdigit(Peek(1)))) {
      st = LexNumber();
    } else if (c == '"' || c == '\'') {
      st = LexString();
    } else {
      st = LexOperator();
    }
    if (!st.ok()) return st;
  }
  if (!open_brackets_.empty()) {
    const Token& open = open_brackets_.back();
    return Error(open.line, open.col, absl::StrCat("'", open.text, "' was never closed"));
  }
  if (!out_.empty() && out_.back().kind != TokenKind::kNewline) {
    Emit(TokenKind::kNewline, "", line_, col());
  }
  while (indents_.size() > 1) {
    indents_.pop_back();
    Emit(TokenKind::kDedent, "", line_, col());
  }
  Emit(TokenKind::kEnd, "", line_, col());
  return std::move(out_);
}

}  // namespace

std::string DescribeToken(const Token& t) {
  switch (t.kind) {
    case TokenKind::kNewline:
      return "end of line";
    case TokenKind::kIndent:
      return "an indented block";
    case TokenKind::kDedent:
      return "the end of the block";
    case TokenKind::kEnd:
      return "end of file";
    case TokenKind::kString:
      return absl::StrCat("\"", absl::CHexEscape(t.text), "\"");
    default:
      return absl::StrCat("'", absl::CHexEscape(t.text), "'");
  }
}

absl::StatusOr<std::vector<Token>> Lex(absl::string_view text,
                                       absl::string_view filename,
                                       std::vector<Comment>* comments) {
  return Lexer(text, filename, comments).Run();
}

}  // namespace ptoc

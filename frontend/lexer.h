// Tokens of the text format (a Python subset): names, numbers, strings,
// operators, and the NEWLINE / INDENT / DEDENT structure of Python.
#ifndef PTOC_FRONTEND_LEXER_H_
#define PTOC_FRONTEND_LEXER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace ptoc {

enum class TokenKind {
  kName,  // identifiers and keywords (`for`, `and`, `True`, ...)
  kInt,
  kFloat,
  kString,
  kOp,       // operators and punctuation: `+`, `//`, `->`, `(`, ...
  kNewline,  // end of a logical line
  kIndent,
  kDedent,
  kEnd,  // end of input; always the last token
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  // kName: the identifier. kOp: the spelling. kString: the decoded value.
  // kInt / kFloat: the spelling.
  std::string text;
  int64_t int_value = 0;   // kInt
  double float_value = 0;  // kFloat
  int line = 0;            // 1-based
  int col = 0;             // 1-based, in bytes
};

// A `#` comment: where it starts and its text without the `#` and at most
// one space after it (PyPTO's comment extractor strips the same).
struct Comment {
  int line = 0;  // 1-based
  int col = 0;   // 1-based, in bytes
  std::string text;
};

// The token as a diagnostic names it: "'foo'", "end of line", ...
std::string DescribeToken(const Token& t);

// Splits `text` into tokens. Newlines inside brackets are ignored (implicit
// line joining); blank and comment-only lines produce no tokens. Comments,
// in source order, go to `comments` when it is not null. Errors are
// diagnostics located in `filename`, whose text must already be registered
// with SourceFiles for the diagnostic to quote it.
absl::StatusOr<std::vector<Token>> Lex(absl::string_view text,
                                       absl::string_view filename,
                                       std::vector<Comment>* comments = nullptr);

}  // namespace ptoc

#endif  // PTOC_FRONTEND_LEXER_H_

#ifndef PTOC_FRONTEND_STRING_LITERAL_H_
#define PTOC_FRONTEND_STRING_LITERAL_H_

#include <string>

#include "absl/strings/string_view.h"

namespace ptoc {

// How a string literal spells a control character that has no short escape
// (\n, \t and \r have one in both languages).
enum class ControlEscape {
  kPythonHex,    // \x1f, as the text format (Python) writes it
  kJsonUnicode,  // \u001f, as JSON requires
};

// `s` as a double-quoted literal: quotes and backslashes escaped, control
// characters spelled as `control` says.
std::string QuoteString(absl::string_view s,
                        ControlEscape control = ControlEscape::kPythonHex);

}  // namespace ptoc

#endif  // PTOC_FRONTEND_STRING_LITERAL_H_

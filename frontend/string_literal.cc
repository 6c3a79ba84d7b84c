#include "frontend/string_literal.h"

#include "absl/strings/str_format.h"

namespace ptoc {

std::string QuoteString(absl::string_view s, ControlEscape control) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c >= 0x20 && c != 0x7f) {
          out.push_back(static_cast<char>(c));
        } else if (control == ControlEscape::kPythonHex) {
          out += absl::StrFormat("\\x%02x", c);
        } else {
          out += absl::StrFormat("\\u%04x", c);
        }
    }
  }
  return out + "\"";
}

}  // namespace ptoc

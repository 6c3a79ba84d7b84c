#include "testing/fuzz/mutator.h"

#include <algorithm>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace {

// Integers worth trying where the input has one: the edges of the sizes and
// types the verifier checks.
constexpr const char* kBoundaryIntegers[] = {
    "0", "1", "-1", "2", "7", "16", "255", "256", "65535", "65536", "196608",
    "2147483647", "2147483648", "4294967296", "4611686018427387904",
    "9223372036854775807", "-9223372036854775808", "99999999999999999999",
};

absl::StatusOr<std::string> Unescape(absl::string_view quoted, int line) {
  std::string out;
  for (size_t i = 0; i < quoted.size(); ++i) {
    if (quoted[i] != '\\') {
      out += quoted[i];
      continue;
    }
    if (++i == quoted.size()) break;
    if (quoted[i] == 'x') {
      int value = 0;
      if (i + 2 >= quoted.size() || !absl::SimpleHexAtoi(quoted.substr(i + 1, 2), &value)) {
        return absl::InvalidArgumentError(absl::StrCat("dictionary line ", line, ": bad \\x"));
      }
      out += static_cast<char>(value);
      i += 2;
    } else {
      out += quoted[i];
    }
  }
  return out;
}

}  // namespace

absl::StatusOr<std::vector<std::string>> ParseFuzzDictionary(absl::string_view text) {
  std::vector<std::string> tokens;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] == '#') continue;
    const size_t open = line.find('"');
    if (open == absl::string_view::npos || line.size() < open + 2 || line.back() != '"') {
      return absl::InvalidArgumentError(
          absl::StrCat("dictionary line ", line_number, ": expected \"token\""));
    }
    ASSIGN_OR_RETURN(std::string token,
                     Unescape(line.substr(open + 1, line.size() - open - 2), line_number));
    tokens.push_back(std::move(token));
  }
  return tokens;
}

uint64_t StableHash(absl::string_view bytes) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ULL;
  return h;
}

std::string Mutator::Mutate(absl::string_view input, Rng& rng) const {
  std::string s(input);
  const int edits = 1 + rng.Below(4);
  for (int i = 0; i < edits; ++i) EditOnce(s, rng);
  return s;
}

void Mutator::EditOnce(std::string& s, Rng& rng) const {
  // A position in [0, s.size()] (an insertion point).
  auto at = [&]() { return static_cast<size_t>(rng.Below(static_cast<int>(s.size()) + 1)); };
  switch (rng.Below(9)) {
    case 0: {  // erase a short range
      if (s.empty()) return;
      const size_t p = at() % s.size();
      s.erase(p, 1 + rng.Below(8));
      return;
    }
    case 1: {  // insert random bytes, sometimes outside ASCII
      std::string bytes;
      for (int n = 1 + rng.Below(4); n > 0; --n) {
        bytes += static_cast<char>(rng.Chance(20) ? rng.Below(256) : 32 + rng.Below(95));
      }
      s.insert(at(), bytes);
      return;
    }
    case 2: {  // flip a bit
      if (s.empty()) return;
      s[at() % s.size()] ^= static_cast<char>(1 << rng.Below(8));
      return;
    }
    case 3:  // insert a dictionary token
      if (!dictionary_.empty()) s.insert(at(), rng.Pick(dictionary_));
      return;
    case 4: {  // copy a range of the input elsewhere
      if (s.empty()) return;
      const size_t from = at() % s.size();
      const std::string piece = s.substr(from, 1 + rng.Below(64));
      s.insert(at(), piece);
      return;
    }
    case 5: {  // splice: a range of another input in place of a range of this one
      if (others_.empty()) return;
      const std::string& other = rng.Pick(others_);
      if (other.empty()) return;
      const size_t from = static_cast<size_t>(rng.Below(static_cast<int>(other.size())));
      const size_t p = at();
      s.replace(p, rng.Below(64), other.substr(from, 1 + rng.Below(128)));
      return;
    }
    case 6: {  // a decimal integer of the input becomes a boundary value
      std::vector<size_t> starts;
      for (size_t i = 0; i < s.size(); ++i) {
        if (absl::ascii_isdigit(s[i]) && (i == 0 || !absl::ascii_isalnum(s[i - 1]))) {
          starts.push_back(i);
        }
      }
      if (starts.empty()) return;
      const size_t p = rng.Pick(starts);
      size_t end = p;
      while (end < s.size() && absl::ascii_isdigit(s[end])) ++end;
      s.replace(p, end - p, kBoundaryIntegers[rng.Below(std::size(kBoundaryIntegers))]);
      return;
    }
    case 7: {  // delete or duplicate a whole line (statements, decorators)
      std::vector<size_t> starts = {0};
      for (size_t i = 0; i + 1 < s.size(); ++i) {
        if (s[i] == '\n') starts.push_back(i + 1);
      }
      const size_t p = rng.Pick(starts);
      size_t end = s.find('\n', p);
      end = end == std::string::npos ? s.size() : end + 1;
      const std::string line = s.substr(p, end - p);
      if (rng.Chance(50)) {
        s.erase(p, end - p);
      } else {
        s.insert(rng.Pick(starts), line);
      }
      return;
    }
    default: {  // overwrite a byte with a dictionary token's first byte or a random one
      if (s.empty()) return;
      const size_t p = at() % s.size();
      if (!dictionary_.empty() && rng.Chance(50)) {
        const std::string& token = rng.Pick(dictionary_);
        if (!token.empty()) s[p] = token[0];
      } else {
        s[p] = static_cast<char>(rng.Below(256));
      }
      return;
    }
  }
}

}  // namespace ptoc

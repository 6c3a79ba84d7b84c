// Helpers shared by the GoogleTest units over PyPTO's language
// (frontend/pypto_*_test.cc): parse, verify, print to a fixed point, survive the
// .pb, and report the first error. Failures are reported with EXPECT_*, so
// a test goes on to its next case.
#ifndef PTOC_FRONTEND_TESTING_PYPTO_TEST_UTIL_H_
#define PTOC_FRONTEND_TESTING_PYPTO_TEST_UTIL_H_

#include <memory>
#include <string>

#include "ir/ir.h"

namespace ptoc {
namespace pypto_test {

// The two import lines every printed program starts with.
extern const char kImports[];
// kImports and `@pl.program` / `class P:`; a test appends the functions.
extern const char kProgramHead[];

// Parses and verifies `text`; null (after a failed expectation) when
// either fails.
std::unique_ptr<Program> ParseVerified(const std::string& text);

// Parses and verifies `text`, prints it, checks that the print re-parses,
// re-verifies and prints the same (print(parse(print(x))) == print(x)),
// and that the .pb reads back to the same print. Returns the program (null
// when it did not parse) and sets *printed to its print.
std::unique_ptr<Program> RoundTripProgram(const std::string& text, std::string* printed);

// RoundTripProgram's print ("" when `text` does not parse).
std::string RoundTrip(const std::string& text);

// The parse error of `text` (a failed expectation, and "", if it parses).
std::string ParseError(const std::string& text);

// The parse error of `text`, else its verifier error (a failed
// expectation when it verifies).
std::string FirstError(const std::string& text);

// The parse or verifier error of `text`; "" when it is accepted, and then
// it must print to a fixed point.
std::string Check(const std::string& text);

// The type, as text, of the first variable named `name` (functions in
// order), or "<no variable NAME>".
std::string TypeOf(const Program& p, const std::string& name);

}  // namespace pypto_test
}  // namespace ptoc

#endif  // PTOC_FRONTEND_TESTING_PYPTO_TEST_UTIL_H_

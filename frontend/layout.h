// Line layout of printed statements as ruff's formatter lays them out
// (`ruff format --line-length 200`, which PyPTO runs over its printer's
// output). The printer writes each statement on one line; this splits the
// ones that do not fit the way ruff splits them: the brackets are groups
// that break from the outside in, at the first one whose contents do not
// fit up to the next place the line could break (the right-hand bracket
// split); a call's arguments and a subscript's elements then go on one
// indented line if they fit, else one a line with a trailing comma; a
// list, tuple or dict goes one element a line at once; one element never
// gets a comma added. testing/integration/ruff_layout_test.sh checks the
// result against ruff itself.
#ifndef PTOC_FRONTEND_LAYOUT_H_
#define PTOC_FRONTEND_LAYOUT_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace ptoc {

// ruff's line length in PyPTO's printer.
inline constexpr int kLineLength = 200;

// `flat`, a statement on one line as Python (without its indentation),
// laid out at `depth` levels of four spaces in lines of `width` columns:
// the lines, each ending "\n".
std::string LayoutStatement(int depth, absl::string_view flat, int width = kLineLength);

// `def name(param, ...) -> returns:` (no arrow when `returns` is empty):
// the parameters and the return annotation are one group, as ruff groups
// them, so a signature that does not fit breaks at its parameters first.
// `stub_body`: the body ruff keeps after the colon (`...`), or empty.
std::string LayoutSignature(int depth, absl::string_view name,
                            const std::vector<std::string>& params, absl::string_view returns,
                            int width = kLineLength, absl::string_view stub_body = "");

}  // namespace ptoc

#endif  // PTOC_FRONTEND_LAYOUT_H_

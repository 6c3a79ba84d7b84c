// The in-memory IR -> the text format. print(parse(print(x))) == print(x).
#ifndef PTOC_FRONTEND_PRINTER_H_
#define PTOC_FRONTEND_PRINTER_H_

#include <string>

#include "ir/ir.h"

namespace ptoc {

struct PrintOptions {
  // Name every local variable by its order of definition (v0, v1, ...), so
  // that programs equal up to renaming of locals print the same text.
  bool canonical_names = false;
  // The line length statements are laid out in, as ruff's formatter lays
  // them out (frontend/layout.h); PyPTO's is 200.
  int line_length = 200;
};

std::string PrintProgram(const Program& program, const PrintOptions& options = {});

// One expression / type in the text format's spelling (for diagnostics).
std::string PrintExpr(const Expr& e);

}  // namespace ptoc

#endif  // PTOC_FRONTEND_PRINTER_H_

// The cost table of the timing model (pipe-sync.md §5.2): a data file per
// backend (runtime/cost/<backend>.costs, built into the tools; --cost-table
// overrides it), one `key = formula` a line. A formula is arithmetic over
// numbers, ceil() and the variables of the machine op (B, R, U, M, K, N,
// k0, r; any other name is an error at its column), evaluated to whole
// cycles (rounded up, at least 1 for ops). An element-wise instruction the
// file does not cost gets its row's estimate from ir/tile_elementwise.def.
#ifndef PTOC_RUNTIME_COST_TABLE_H_
#define PTOC_RUNTIME_COST_TABLE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace ptoc {
namespace sim {

class CostTable {
 public:
  struct Node;  // a parsed formula

  // Parses `text` (named `file` in diagnostics: `file:line:col: error:`).
  static absl::StatusOr<CostTable> Parse(absl::string_view text, absl::string_view file);
  // The built-in table of `backend` ("a2a3" | "a5").
  static absl::StatusOr<CostTable> Builtin(absl::string_view backend);
  // --cost-table=FILE.
  static absl::StatusOr<CostTable> Load(const std::string& path);

  bool Has(absl::string_view key) const { return formulas_.count(std::string(key)) > 0; }
  // The value of formula `key` with `vars`; `fallback` when the table has no
  // such key.
  double Eval(absl::string_view key, const std::map<std::string, double>& vars,
              double fallback) const;
  // Eval rounded up to whole cycles.
  int64_t Cycles(absl::string_view key, const std::map<std::string, double>& vars,
                 int64_t fallback) const;
  // "pto-isa" for the built-in tables, else the file's name.
  const std::string& name() const { return name_; }

 private:
  // The estimate of ir/tile_elementwise.def for each element-wise
  // instruction the file has no fitted row for.
  absl::Status AddElementwiseEstimates();

  std::map<std::string, std::shared_ptr<const Node>> formulas_;
  std::string name_;
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_COST_TABLE_H_

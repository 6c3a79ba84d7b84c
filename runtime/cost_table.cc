#include "runtime/cost_table.h"

#include "ir/registry.h"

#include <cctype>
#include <cmath>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "ir/file_util.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace sim {

extern const char kCostsA2A3[];
extern const char kCostsA5[];

struct CostTable::Node {
  char op = 0;  // 'n' number, 'v' variable, 'c' ceil, or + - * /
  double number = 0;
  std::string var;
  std::shared_ptr<const Node> a, b;

  double Eval(const std::map<std::string, double>& vars) const {
    switch (op) {
      case 'n': return number;
      case 'v': {
        auto it = vars.find(var);
        return it == vars.end() ? 0 : it->second;
      }
      case 'c': return std::ceil(a->Eval(vars));
      case '+': return a->Eval(vars) + b->Eval(vars);
      case '-': return a->Eval(vars) - b->Eval(vars);
      case '*': return a->Eval(vars) * b->Eval(vars);
      default: {
        const double d = b->Eval(vars);
        return d == 0 ? 0 : a->Eval(vars) / d;
      }
    }
  }
};

namespace {

using NodePtr = std::shared_ptr<const CostTable::Node>;

// The variables a formula may use: what TimingModel binds for a machine op.
bool IsVariable(absl::string_view name) {
  for (absl::string_view v : {"B", "R", "U", "M", "K", "N", "k0", "r"}) {
    if (name == v) return true;
  }
  return false;
}

// A recursive-descent parser of one formula.
class FormulaParser {
 public:
  // `where`: "file:line:"; the formula of `key` starts at column `column`.
  FormulaParser(absl::string_view key, absl::string_view text, std::string where,
                size_t column)
      : key_(key), text_(text), where_(std::move(where)), column_(column) {}

  absl::StatusOr<NodePtr> Parse() {
    ASSIGN_OR_RETURN(NodePtr e, Sum());
    Skip();
    if (pos_ != text_.size()) return Error("unexpected text");
    return e;
  }

 private:
  void Skip() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }
  static constexpr int kMaxNesting = 64;

  absl::Status Error(absl::string_view what) const { return ErrorAt(pos_, what); }
  absl::Status ErrorAt(size_t at, absl::string_view what) const {
    return absl::InvalidArgumentError(
        absl::StrCat(where_, column_ + at, ": error: ", what, " in the formula of ", key_,
                     ": '", text_, "'"));
  }
  static NodePtr Make(char op, NodePtr a, NodePtr b) {
    auto n = std::make_shared<CostTable::Node>();
    n->op = op;
    n->a = std::move(a);
    n->b = std::move(b);
    return n;
  }
  absl::StatusOr<NodePtr> Sum() {
    absl::StatusOr<NodePtr> left = Product();
    while (left.ok()) {
      Skip();
      if (pos_ >= text_.size() || (text_[pos_] != '+' && text_[pos_] != '-')) break;
      const char op = text_[pos_++];
      ASSIGN_OR_RETURN(NodePtr right, Product());
      left = Make(op, *left, right);
    }
    return left;
  }
  absl::StatusOr<NodePtr> Product() {
    absl::StatusOr<NodePtr> left = Atom();
    while (left.ok()) {
      Skip();
      if (pos_ >= text_.size() || (text_[pos_] != '*' && text_[pos_] != '/')) break;
      const char op = text_[pos_++];
      ASSIGN_OR_RETURN(NodePtr right, Atom());
      left = Make(op, *left, right);
    }
    return left;
  }
  // Nesting (parentheses, ceil) is bounded so that a hostile table cannot
  // exhaust the stack.
  absl::StatusOr<NodePtr> Atom() {
    if (depth_ >= kMaxNesting) return Error("formula nested too deeply");
    ++depth_;
    absl::StatusOr<NodePtr> atom = AtomAtDepth();
    --depth_;
    return atom;
  }
  absl::StatusOr<NodePtr> AtomAtDepth() {
    Skip();
    if (pos_ >= text_.size()) return Error("a value expected");
    const char c = text_[pos_];
    if (c == '(') {
      ++pos_;
      ASSIGN_OR_RETURN(NodePtr e, Sum());
      Skip();
      if (pos_ >= text_.size() || text_[pos_] != ')') return Error("')' expected");
      ++pos_;
      return e;
    }
    auto n = std::make_shared<CostTable::Node>();
    const size_t start = pos_;
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
      while (pos_ < text_.size() &&
             (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.')) {
        ++pos_;
      }
      n->op = 'n';
      if (!absl::SimpleAtod(text_.substr(start, pos_ - start), &n->number)) {
        return Error("a malformed number");
      }
      return NodePtr(n);
    }
    if (!std::isalpha(static_cast<unsigned char>(c))) return Error("a value expected");
    while (pos_ < text_.size() && std::isalnum(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    const std::string name(text_.substr(start, pos_ - start));
    Skip();
    if (name == "ceil") {
      if (pos_ >= text_.size() || text_[pos_] != '(') return Error("'(' expected after ceil");
      ASSIGN_OR_RETURN(NodePtr arg, Atom());
      return Make('c', arg, nullptr);
    }
    // A name the timing model never binds would read as 0 and silently
    // zero the cost: an error at the name.
    if (!IsVariable(name)) {
      return ErrorAt(start, absl::StrCat("unknown variable '", name,
                                         "' (the variables are B, R, U, M, K, N, k0 and r)"));
    }
    n->op = 'v';
    n->var = name;
    return NodePtr(n);
  }

  absl::string_view key_;
  absl::string_view text_;
  std::string where_;
  size_t column_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

absl::StatusOr<CostTable> CostTable::Parse(absl::string_view text, absl::string_view file) {
  CostTable table;
  table.name_ = std::string(file);
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_no;
    const size_t hash = line.find('#');
    if (hash != absl::string_view::npos) line = line.substr(0, hash);
    if (absl::StripAsciiWhitespace(line).empty()) continue;
    const size_t eq = line.find('=');
    const std::string key(absl::StripAsciiWhitespace(line.substr(0, eq)));
    if (eq == absl::string_view::npos || key.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          file, ":", line_no, ":1: error: expected `key = formula`, not '", line, "'"));
    }
    const absl::string_view rhs = line.substr(eq + 1);
    const size_t lead = rhs.size() - absl::StripLeadingAsciiWhitespace(rhs).size();
    FormulaParser parser(key, absl::StripAsciiWhitespace(rhs),
                         absl::StrCat(file, ":", line_no, ":"), eq + 2 + lead);
    ASSIGN_OR_RETURN(NodePtr formula, parser.Parse());
    table.formulas_[key] = formula;
  }
  return table;
}

absl::StatusOr<CostTable> CostTable::Builtin(absl::string_view backend) {
  ASSIGN_OR_RETURN(CostTable t,
                   Parse(backend == "a5" ? kCostsA5 : kCostsA2A3,
                         backend == "a5" ? "runtime/cost/a5.costs" : "runtime/cost/a2a3.costs"));
  t.name_ = "pto-isa";
  RETURN_IF_ERROR(t.AddElementwiseEstimates());
  return t;
}

absl::StatusOr<CostTable> CostTable::Load(const std::string& path) {
  ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  ASSIGN_OR_RETURN(CostTable t, Parse(text, path));
  RETURN_IF_ERROR(t.AddElementwiseEstimates());
  return t;
}

absl::Status CostTable::AddElementwiseEstimates() {
  for (const ElementwiseOp& e : ElementwiseOps()) {
    const std::string key(e.instruction);
    if (Has(key)) continue;
    ASSIGN_OR_RETURN(CostTable row,
                     Parse(absl::StrCat(key, " = ", e.cost, "\n"), "ir/tile_elementwise.def"));
    formulas_[key] = row.formulas_.at(key);
  }
  return absl::OkStatus();
}

double CostTable::Eval(absl::string_view key, const std::map<std::string, double>& vars,
                       double fallback) const {
  auto it = formulas_.find(std::string(key));
  return it == formulas_.end() ? fallback : it->second->Eval(vars);
}

int64_t CostTable::Cycles(absl::string_view key, const std::map<std::string, double>& vars,
                          int64_t fallback) const {
  // A formula may give NaN, infinity or more cycles than any op takes (a
  // hostile --cost-table): costs are clamped to [0, kMaxOpCycles], which keeps
  // a run's sums (at most 10^7 steps) far from int64 overflow.
  constexpr double kMaxOpCycles = 1e9;
  const double v = Eval(key, vars, static_cast<double>(fallback));
  if (!(v > 0)) return 0;
  if (v >= kMaxOpCycles) return static_cast<int64_t>(kMaxOpCycles);
  return static_cast<int64_t>(std::ceil(v - 1e-9));
}

}  // namespace sim
}  // namespace ptoc

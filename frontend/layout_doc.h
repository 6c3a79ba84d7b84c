// A document in the style of Wadler's "prettier printer", the kind ruff's
// formatter builds and prints: text, groups that print flat when they fit
// and broken otherwise, line breaks that follow their innermost group, and
// text printed only when a given group is broken (a trailing comma). Used
// by frontend/layout.cc; the printing rule is ruff's: a group is flat when it,
// and what follows it up to the next place the line may break, fits.
#ifndef PTOC_FRONTEND_LAYOUT_DOC_H_
#define PTOC_FRONTEND_LAYOUT_DOC_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace ptoc {

// Display columns of UTF-8 text: one per code point, two for the wide
// (East Asian) ranges, as ruff measures.
int TextWidth(absl::string_view text);

class Doc {
 public:
  // Each builder returns the new node's id.
  int Text(std::string s);
  int Concat(std::vector<int> kids);
  // Group ids are made first, so that an IfBreak inside can name its group.
  int NewGroup() { return groups_++; }
  int Group(int id, std::vector<int> kids);
  // A group whose mode is decided already: it prints flat (or broken)
  // whatever fits, while what precedes it still measures it as a group
  // not yet printed (up to its first line break).
  int FixedGroup(int id, bool broken, std::vector<int> kids);
  // The kids, with every line they break indented four more columns.
  int Indent(std::vector<int> kids);
  int SoftLine();  // nothing when flat
  int Line();      // a space when flat
  int IfBreak(std::string s, int group);

  // The width of `node`'s first line with every group in it broken.
  int FirstLineWidth(int node) const;

  // Prints `root` starting at column `indent` (which it is indented by) in
  // lines of `width` columns, ending with "\n". With `break_all`, every
  // group breaks.
  std::string Render(int root, int indent, int width, bool break_all = false) const;

 private:
  enum class Kind { kText, kConcat, kGroup, kIndent, kSoftLine, kLine, kIfBreak };
  struct Node {
    Kind kind;
    std::string text;       // kText; kIfBreak: what prints when `group` is broken
    std::vector<int> kids;  // kConcat, kGroup, kIndent
    int group = -1;         // kGroup: its id; kIfBreak: the group it asks about
    int fixed = -1;         // kGroup: 0 / 1 when decided flat / broken
  };
  struct Cmd {
    int node;
    int indent;
    bool flat;
  };

  int Add(Node n);
  bool Fits(const Node& group, int remaining, const std::vector<Cmd>& rest,
            const std::vector<signed char>& broken) const;

  std::vector<Node> nodes_;
  int groups_ = 0;
};

}  // namespace ptoc

#endif  // PTOC_FRONTEND_LAYOUT_DOC_H_

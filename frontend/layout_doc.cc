#include "frontend/layout_doc.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

namespace ptoc {

int TextWidth(absl::string_view text) {
  int width = 0;
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = text[i];
    const int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    uint32_t cp = len == 1 ? c : c & (0x3F >> (len - 1));
    for (int k = 1; k < len && i + k < text.size(); ++k) cp = (cp << 6) | (text[i + k] & 0x3F);
    const bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                      (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                      (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                      (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD);
    width += wide ? 2 : 1;
    i += len;
  }
  return width;
}

int Doc::Add(Node n) {
  nodes_.push_back(std::move(n));
  return static_cast<int>(nodes_.size()) - 1;
}

int Doc::Text(std::string s) { return Add({Kind::kText, std::move(s), {}, -1}); }
int Doc::Concat(std::vector<int> kids) { return Add({Kind::kConcat, "", std::move(kids), -1}); }
int Doc::Group(int id, std::vector<int> kids) {
  return Add({Kind::kGroup, "", std::move(kids), id});
}
int Doc::FixedGroup(int id, bool broken, std::vector<int> kids) {
  Node n{Kind::kGroup, "", std::move(kids), id};
  n.fixed = broken ? 1 : 0;
  return Add(std::move(n));
}
int Doc::Indent(std::vector<int> kids) { return Add({Kind::kIndent, "", std::move(kids), -1}); }
int Doc::SoftLine() { return Add({Kind::kSoftLine, "", {}, -1}); }
int Doc::Line() { return Add({Kind::kLine, "", {}, -1}); }
int Doc::IfBreak(std::string s, int group) {
  return Add({Kind::kIfBreak, std::move(s), {}, group});
}

int Doc::FirstLineWidth(int node) const {
  int width = 0;
  std::vector<int> todo = {node};
  while (!todo.empty()) {
    const Node& n = nodes_[todo.back()];
    todo.pop_back();
    if (n.kind == Kind::kSoftLine || n.kind == Kind::kLine) return width;
    if (n.kind == Kind::kText) width += TextWidth(n.text);
    todo.insert(todo.end(), n.kids.rbegin(), n.kids.rend());
  }
  return width;
}

std::string Doc::Render(int root, int indent, int width, bool break_all) const {
  std::vector<Cmd> stack = {{root, indent, false}};
  std::vector<signed char> broken(groups_, -1);
  std::string out(indent, ' ');
  int column = indent;
  while (!stack.empty()) {
    const Cmd cmd = stack.back();
    stack.pop_back();
    const Node& node = nodes_[cmd.node];
    switch (node.kind) {
      case Kind::kText:
        out += node.text;
        column += TextWidth(node.text);
        break;
      case Kind::kConcat:
      case Kind::kIndent:
      case Kind::kGroup: {
        bool flat = cmd.flat;
        if (node.kind == Kind::kGroup) {
          if (node.fixed >= 0) {
            flat = node.fixed == 0;
          } else if (!flat && !break_all) {
            flat = Fits(node, width - column, stack, broken);
          }
          broken[node.group] = flat ? 0 : 1;
        }
        const int depth = cmd.indent + (node.kind == Kind::kIndent ? 4 : 0);
        for (auto it = node.kids.rbegin(); it != node.kids.rend(); ++it) {
          stack.push_back({*it, depth, flat});
        }
        break;
      }
      case Kind::kSoftLine:
      case Kind::kLine:
        if (cmd.flat) {
          if (node.kind == Kind::kLine) {
            out += ' ';
            ++column;
          }
        } else {
          absl::StrAppend(&out, "\n", std::string(cmd.indent, ' '));
          column = cmd.indent;
        }
        break;
      case Kind::kIfBreak:
        if (broken[node.group] == 1) {
          out += node.text;
          column += TextWidth(node.text);
        }
        break;
    }
  }
  return out + "\n";
}

// Whether `group` printed flat, and what follows it up to the first place
// the line may break (`rest`, in the modes it will print in), fit in
// `remaining` columns.
bool Doc::Fits(const Node& group, int remaining, const std::vector<Cmd>& rest,
               const std::vector<signed char>& broken) const {
  std::vector<Cmd> todo;
  for (auto it = group.kids.rbegin(); it != group.kids.rend(); ++it) todo.push_back({*it, 0, true});
  size_t next_rest = rest.size();
  while (remaining >= 0) {
    if (todo.empty()) {
      if (next_rest == 0) return true;
      todo.push_back(rest[--next_rest]);
    }
    const Cmd cmd = todo.back();
    todo.pop_back();
    const Node& node = nodes_[cmd.node];
    switch (node.kind) {
      case Kind::kText:
        remaining -= TextWidth(node.text);
        break;
      case Kind::kConcat:
      case Kind::kIndent:
      case Kind::kGroup:
        for (auto it = node.kids.rbegin(); it != node.kids.rend(); ++it) {
          todo.push_back({*it, 0, cmd.flat});
        }
        break;
      case Kind::kSoftLine:
      case Kind::kLine:
        if (!cmd.flat) return true;
        if (node.kind == Kind::kLine) --remaining;
        break;
      case Kind::kIfBreak: {
        const bool is_broken = broken[node.group] >= 0 ? broken[node.group] == 1 : !cmd.flat;
        if (is_broken) remaining -= TextWidth(node.text);
        break;
      }
    }
  }
  return false;
}

}  // namespace ptoc

// Leading comments, attached to statements as PyPTO's parser attaches them
// (python/pypto/language/parser/ast_parser.py, parse_statement and
// _drain_pending_comments): a statement takes the waiting comments on and
// before its lines; a compound statement takes those on its header and the
// ones before it less indented than its body, leaving the rest to its first
// body statement; a docstring's lines lead the next statement.
#include <string>
#include <utility>
#include <vector>

#include "frontend/parser_impl.h"

namespace ptoc {
namespace parser_internal {

void Parser::StartFunctionComments(int header_line) {
  pending_comments_.clear();
  for (const Comment& c : comments_) {
    if (c.line > header_line) pending_comments_[c.line].emplace_back(c.col, c.text);
  }
}

std::vector<std::string> Parser::DrainComments() {
  std::vector<std::string> leading;
  if (pending_comments_.empty()) return leading;
  size_t j = pos_;
  while (j + 1 < tokens_.size() && tokens_[j].kind != TokenKind::kNewline) ++j;
  const int stmt_line = Peek().line;
  const int end_line = tokens_[j].line;
  const bool compound = j + 2 < tokens_.size() && tokens_[j + 1].kind == TokenKind::kIndent;
  if (!compound) {
    for (auto it = pending_comments_.begin();
         it != pending_comments_.end() && it->first <= end_line;) {
      for (auto& [col, text] : it->second) leading.push_back(std::move(text));
      it = pending_comments_.erase(it);
    }
    return leading;
  }
  // `end_line` is the header's last line; the body starts at tokens_[j + 2].
  const Token& body = tokens_[j + 2];
  for (auto it = pending_comments_.begin();
       it != pending_comments_.end() && it->first < body.line;) {
    if (it->first > end_line) break;  // after the header: the body's
    std::vector<std::pair<int, std::string>> kept;
    for (auto& [col, text] : it->second) {
      if (it->first >= stmt_line || col < body.col) {
        leading.push_back(std::move(text));
      } else {
        kept.emplace_back(col, std::move(text));
      }
    }
    if (kept.empty()) {
      it = pending_comments_.erase(it);
    } else {
      it->second = std::move(kept);
      ++it;
    }
  }
  return leading;
}

void Parser::RequeueComments(std::vector<std::string> lines, int col) {
  if (lines.empty()) return;
  const int line = tokens_[pos_ == 0 ? 0 : pos_ - 1].line + 1;
  std::vector<std::pair<int, std::string>> entries;
  for (std::string& text : lines) entries.emplace_back(col, std::move(text));
  std::vector<std::pair<int, std::string>>& waiting = pending_comments_[line];
  entries.insert(entries.end(), std::make_move_iterator(waiting.begin()),
                 std::make_move_iterator(waiting.end()));
  waiting = std::move(entries);
}

void Parser::DropCommentsBefore(const Token& next, int col) {
  for (auto it = pending_comments_.begin();
       it != pending_comments_.end() && it->first < next.line;) {
    std::vector<std::pair<int, std::string>> kept;
    for (auto& entry : it->second) {
      if (entry.first <= col) kept.push_back(std::move(entry));
    }
    if (kept.empty()) {
      it = pending_comments_.erase(it);
    } else {
      it->second = std::move(kept);
      ++it;
    }
  }
}

}  // namespace parser_internal
}  // namespace ptoc

// SyncPlanner::Recorded: the recorded kernel with its plan, for ptoc-sim's
// pipe model (runtime/pipe_check.h), which replays it on every execution.
#include <algorithm>
#include <tuple>

#include "codegen/sync_plan.h"

namespace ptoc {
namespace codegen {

std::vector<SyncPlanner::RecordedItem> SyncPlanner::Recorded(const std::set<int>& drop) const {
  std::function<std::vector<RecordedItem>(const std::vector<int>&)> block =
      [&](const std::vector<int>& nodes) {
        std::vector<RecordedItem> items;
        for (int n : nodes) {
          const Node& node = nodes_[n];
          RecordedItem item;
          item.kind = static_cast<RecordedItem::Kind>(static_cast<int>(node.kind));
          item.step = node.step;
          item.accesses = node.accesses;
          item.loc = node.loc;
          item.skip = node.skip;
          if (node.kind == Node::Kind::kGap) {
            for (const SyncInstr& i : gaps_[node.gap]) {
              if (drop.count(i.unit) == 0) item.sync.push_back(i);
            }
            std::stable_sort(item.sync.begin(), item.sync.end(),
                             [](const SyncInstr& a, const SyncInstr& b) {
                               auto key = [](const SyncInstr& i) {
                                 return std::make_tuple(i.slot, static_cast<int>(i.src),
                                                        static_cast<int>(i.dst), i.id);
                               };
                               return key(a) < key(b);
                             });
          }
          for (const std::vector<int>& b : node.blocks) item.blocks.push_back(block(b));
          items.push_back(std::move(item));
        }
        return items;
      };
  return block(root_);
}

}  // namespace codegen
}  // namespace ptoc

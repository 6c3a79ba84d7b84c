// The cost table knows every element-wise instruction: a fitted row of
// runtime/cost/<backend>.costs, else the estimate of its row in
// ir/tile_elementwise.def (never the fallback of one cycle).
#include "runtime/cost_table.h"

#include <map>
#include <string>

#include "gtest/gtest.h"
#include "ir/registry.h"

namespace ptoc {
namespace sim {
namespace {

const std::map<std::string, double> kTileVars = {{"B", 2048}, {"R", 8}, {"U", 0}};

TEST(CostTableTest, EveryElementwiseInstructionHasACost) {
  for (const char* backend : {"a2a3", "a5"}) {
    absl::StatusOr<CostTable> table = CostTable::Builtin(backend);
    ASSERT_TRUE(table.ok()) << table.status();
    for (const ElementwiseOp& e : ElementwiseOps()) {
      EXPECT_TRUE(table->Has(e.instruction)) << backend << " " << e.instruction;
      EXPECT_GT(table->Cycles(e.instruction, kTileVars, -1), 8) << backend << " " << e.instruction;
    }
  }
}

TEST(CostTableTest, AFittedRowWinsOverTheEstimate) {
  absl::StatusOr<CostTable> table = CostTable::Builtin("a2a3");
  ASSERT_TRUE(table.ok());
  // a2a3.costs fits TADD = 10 + 2 * R + 14 + 16 * U; TABS has no row there.
  EXPECT_EQ(table->Cycles("TADD", kTileVars, -1), 10 + 2 * 8 + 14);
  EXPECT_EQ(table->Cycles("TABS", kTileVars, -1), 10 + 8 + 13);
}

}  // namespace
}  // namespace sim
}  // namespace ptoc

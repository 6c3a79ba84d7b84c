#include "ir/enums.h"

#include <algorithm>

namespace ptoc {
namespace {

// Also spelled under the other module: AtomicType is `pl.` and `pld.`.
struct Entry {
  PyptoEnum e;
  bool both_modules;
};

const std::vector<Entry>& Table() {
  static const std::vector<Entry>* table = new std::vector<Entry>{
      {{"pl", "Level", {"AIV", "AIC", "CORE_GROUP", "CHIP_DIE", "CHIP", "HOST", "CLUSTER_0",
                        "CLUSTER_1", "CLUSTER_2", "GLOBAL", "L2CACHE", "PROCESSOR", "UMA",
                        "NODE", "POD", "CLOS1", "CLOS2"}},
       false},
      {{"pl", "Role", {"Orchestrator", "SubWorker"}}, false},
      {{"pl", "SplitMode", {"NONE", "UP_DOWN", "LEFT_RIGHT"}}, false},
      {{"pl", "ScopeMode", {"AUTO", "MANUAL"}}, false},
      {{"pl", "PadValue", {"null", "zero", "max", "min"}}, false},
      {{"pl", "PipeType", {"MTE1", "MTE2", "MTE3", "M", "V", "S", "FIX", "ALL"}}, false},
      {{"pl", "CoreType", {"VECTOR", "CUBE"}}, false},
      {{"pl", "TensorLayout", {"ND", "DN", "NZ", "MX_A_ZZ", "MX_B_NN"}}, false},
      {{"pl", "AtomicType", {"None_", "Add"}}, true},
      {{"pld", "ReduceOp", {"Sum", "Max", "Min", "Prod"}}, false},
      // ArgDirection as pl.adir.<name> (python/pypto/language/arg_direction.py).
      {{"pl", "adir", {"input", "output", "output_existing", "inout", "no_dep", "scalar"}},
       false},
  };
  return *table;
}

}  // namespace

bool PyptoEnum::Has(absl::string_view value) const {
  return std::find(values.begin(), values.end(), value) != values.end();
}

const PyptoEnum* FindPyptoEnum(absl::string_view module, absl::string_view type) {
  for (const Entry& entry : Table()) {
    if (entry.e.type == type && (entry.e.module == module || entry.both_modules)) {
      return &entry.e;
    }
  }
  return nullptr;
}

const PyptoEnum* FindPyptoEnum(absl::string_view type) {
  for (const Entry& entry : Table()) {
    if (entry.e.type == type) return &entry.e;
  }
  return nullptr;
}

}  // namespace ptoc

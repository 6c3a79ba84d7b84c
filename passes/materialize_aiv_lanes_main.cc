// `materialize_aiv_lanes IN.pb -o OUT.pb`: the materialize-aiv-lanes pass alone.
#include "driver/tool.h"

int main(int argc, char** argv) {
  return ptoc::RunPassTool(argc, argv, "materialize-aiv-lanes");
}

// `hoist_output_returns IN.pb -o OUT.pb`: the hoist-output-returns pass alone.
#include "driver/tool.h"

int main(int argc, char** argv) {
  return ptoc::RunPassTool(argc, argv, "hoist-output-returns");
}

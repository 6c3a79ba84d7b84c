// `infer_tile_memory_space IN.pb -o OUT.pb`: the infer-tile-memory-space pass alone.
#include "driver/tool.h"

int main(int argc, char** argv) {
  return ptoc::RunPassTool(argc, argv, "infer-tile-memory-space");
}

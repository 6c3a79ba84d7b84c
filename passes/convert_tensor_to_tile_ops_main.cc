// `convert_tensor_to_tile_ops IN.pb -o OUT.pb`: the convert-tensor-to-tile-ops pass alone.
#include "driver/tool.h"

int main(int argc, char** argv) {
  return ptoc::RunPassTool(argc, argv, "convert-tensor-to-tile-ops");
}

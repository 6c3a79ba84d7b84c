// `canonicalize_tile_slice IN.pb -o OUT.pb`: the canonicalize-tile-slice pass alone.
#include "driver/tool.h"

int main(int argc, char** argv) {
  return ptoc::RunPassTool(argc, argv, "canonicalize-tile-slice");
}

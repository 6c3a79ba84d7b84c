// `stamp_tfree_split IN.pb -o OUT.pb`: the stamp-tfree-split pass alone.
#include "driver/tool.h"

int main(int argc, char** argv) {
  return ptoc::RunPassTool(argc, argv, "stamp-tfree-split");
}

// `insert_comm_fence IN.pb -o OUT.pb`: the insert-comm-fence pass alone.
#include "driver/tool.h"

int main(int argc, char** argv) {
  return ptoc::RunPassTool(argc, argv, "insert-comm-fence");
}

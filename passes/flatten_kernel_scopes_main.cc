// `flatten_kernel_scopes IN.pb -o OUT.pb`: the flatten-kernel-scopes pass alone.
#include "driver/tool.h"

int main(int argc, char** argv) {
  return ptoc::RunPassTool(argc, argv, "flatten-kernel-scopes");
}

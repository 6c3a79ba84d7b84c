// `lower_batch_matmul IN.pb -o OUT.pb`: the lower-batch-matmul pass alone.
#include "driver/tool.h"

int main(int argc, char** argv) {
  return ptoc::RunPassTool(argc, argv, "lower-batch-matmul");
}

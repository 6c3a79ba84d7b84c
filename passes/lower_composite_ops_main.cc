// `lower_composite_ops IN.pb -o OUT.pb`: the lower-composite-ops pass alone.
#include "driver/tool.h"

int main(int argc, char** argv) { return ptoc::RunPassTool(argc, argv, "lower-composite-ops"); }

// `check_comm_contract IN.pb -o OUT.pb`: the check-comm-contract pass alone.
#include "driver/tool.h"

int main(int argc, char** argv) {
  return ptoc::RunPassTool(argc, argv, "check-comm-contract");
}

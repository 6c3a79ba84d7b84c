// Tracing of the tools: glog's VLOG, switched on by --v=N (and per source
// file by --vmodule=insert_comm_fence=2,...), printed to standard error.
// Off by default: without --v a tool prints nothing more and writes no log
// files.
#ifndef PTOC_DRIVER_TRACING_H_
#define PTOC_DRIVER_TRACING_H_

#include "absl/status/status.h"

namespace ptoc {

// Starts glog with the levels of --v and --vmodule; call once the flags are
// parsed (ParseCommandLine does). `argv0` names the program in the log. A
// malformed --vmodule is an error (the message says why).
absl::Status StartTracing(const char* argv0);

}  // namespace ptoc

#endif  // PTOC_DRIVER_TRACING_H_

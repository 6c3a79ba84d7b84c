// The `ptoc` driver: text or .pb in, the pipeline in one process, .pto /
// .cpp / .pb / text out. See architecture.md for the command line.
#ifndef PTOC_DRIVER_DRIVER_H_
#define PTOC_DRIVER_DRIVER_H_

namespace ptoc {

// main() of ptoc; returns the process exit code.
int RunPtocDriver(int argc, char** argv);

}  // namespace ptoc

#endif  // PTOC_DRIVER_DRIVER_H_

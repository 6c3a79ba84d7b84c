// Where a call of the device API is in the source. Every instruction
// template and intrinsic takes one as a defaulted last argument, so the
// host simulator knows the line of the emitted .cpp that made the call (and
// from it the kernel line: the `// file.py:LINE` comment above it).
#ifndef PTO_COMMON_CALL_SITE_HPP_
#define PTO_COMMON_CALL_SITE_HPP_

namespace pto {
namespace sim {

struct CallSite {
  const char* file;
  int line;

  // Used as a default argument: the place of the call that uses the default.
  static constexpr CallSite Here(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
    return CallSite{file, line};
  }
};

}  // namespace sim
}  // namespace pto

#endif  // PTO_COMMON_CALL_SITE_HPP_

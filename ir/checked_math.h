// Overflow-checked arithmetic for shapes, offsets, strides and sizes.
//
// Every computation on a dimension, an offset, a stride or a byte count goes
// through CheckedInt: an int64 that remembers when an operation on it did
// not fit (and stays so through later operations), so that a hostile shape
// becomes a diagnostic at its statement instead of a wrapped value in the
// output.
//
//   CheckedInt bytes = CheckedInt(rows) * cols * elem;
//   absl::StatusOr<int64_t> v = FitOrError(bytes, loc, "the tile's size in bytes");
#ifndef PTOC_IR_CHECKED_MATH_H_
#define PTOC_IR_CHECKED_MATH_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"

namespace ptoc {

class CheckedInt {
 public:
  constexpr CheckedInt(int64_t v) : value_(v) {}  // NOLINT: implicit on purpose
  static constexpr CheckedInt Overflowed() { return CheckedInt(0, true); }

  bool ok() const { return !overflow_; }
  // The value; meaningful only when ok().
  int64_t value() const { return value_; }

  friend CheckedInt operator+(CheckedInt a, CheckedInt b) {
    int64_t r;
    return a.overflow_ || b.overflow_ || __builtin_add_overflow(a.value_, b.value_, &r)
               ? Overflowed() : CheckedInt(r);
  }
  friend CheckedInt operator-(CheckedInt a, CheckedInt b) {
    int64_t r;
    return a.overflow_ || b.overflow_ || __builtin_sub_overflow(a.value_, b.value_, &r)
               ? Overflowed() : CheckedInt(r);
  }
  friend CheckedInt operator*(CheckedInt a, CheckedInt b) {
    int64_t r;
    return a.overflow_ || b.overflow_ || __builtin_mul_overflow(a.value_, b.value_, &r)
               ? Overflowed() : CheckedInt(r);
  }
  CheckedInt& operator+=(CheckedInt o) { return *this = *this + o; }
  CheckedInt& operator*=(CheckedInt o) { return *this = *this * o; }

 private:
  constexpr CheckedInt(int64_t v, bool overflow) : value_(v), overflow_(overflow) {}
  int64_t value_ = 0;
  bool overflow_ = false;
};

// `v` rounded up to a multiple of `m` (m > 0; v >= 0).
CheckedInt RoundUp(CheckedInt v, int64_t m);

// The value of `v`, or an error at `loc`: "<what> does not fit in 64 bits".
absl::StatusOr<int64_t> FitOrError(CheckedInt v, const Location& loc, absl::string_view what);

// The message of that error, for callers that report it their own way.
std::string DoesNotFitMessage(absl::string_view what);

}  // namespace ptoc

#endif  // PTOC_IR_CHECKED_MATH_H_

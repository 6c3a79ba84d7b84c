#include "runtime/mask_ops.h"

#include "runtime/values.h"

namespace ptoc {
namespace sim {

std::vector<double> CompareBlock(int mode, DType dtype, const std::vector<double>& a,
                                 const std::vector<double>* b, double scalar, int64_t rows,
                                 int64_t cols, int64_t mask_cols) {
  const double s = RoundToDType(scalar, dtype);
  std::vector<double> mask(static_cast<size_t>(rows * mask_cols), 0.0);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols && c / 8 < mask_cols; ++c) {
      const double x = a[static_cast<size_t>(r * cols + c)];
      const double y = b != nullptr ? (*b)[static_cast<size_t>(r * cols + c)] : s;
      bool bit = false;
      switch (mode) {
        case 0: bit = x == y; break;
        case 1: bit = !(x == y); break;
        case 2: bit = x < y; break;
        case 3: bit = x <= y; break;
        case 4: bit = x > y; break;
        default: bit = x >= y; break;
      }
      if (!bit) continue;
      double& byte = mask[static_cast<size_t>(r * mask_cols + c / 8)];
      byte = static_cast<double>(static_cast<int64_t>(byte) | (int64_t{1} << (c % 8)));
    }
  }
  return mask;
}

std::vector<double> SelectBlock(const std::vector<double>& mask, int64_t mask_cols,
                                int mask_bits, DType dtype, const std::vector<double>& lhs,
                                const std::vector<double>* rhs, double scalar, int64_t rows,
                                int64_t cols) {
  const double s = RoundToDType(scalar, dtype);
  std::vector<double> out(static_cast<size_t>(rows * cols), 0.0);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      const size_t i = static_cast<size_t>(r * cols + c);
      const int64_t at = c / mask_bits;
      // The element's bits as the device holds them (two's complement).
      const uint64_t bits = at < mask_cols ? static_cast<uint64_t>(static_cast<int64_t>(
                                                 mask[static_cast<size_t>(r * mask_cols + at)]))
                                           : 0;
      const bool set = (bits >> (c % mask_bits)) & 1;
      out[i] = set ? lhs[i] : (rhs != nullptr ? (*rhs)[i] : s);
    }
  }
  return out;
}

}  // namespace sim
}  // namespace ptoc

// The compare and select instructions' arithmetic, shared by ptoc-sim
// (tile_ops.cc) and ptoc-run-cpp's device hooks (device/tile_hooks.cc):
// a packed predicate mask of a bit per element, row r of the compared
// block in row r of the mask, bit c % 8 of byte c / 8 (as pto-isa's CPU
// simulation of TCMP / TCMPS writes it and TSEL / TSELS read it).
#ifndef PTOC_RUNTIME_MASK_OPS_H_
#define PTOC_RUNTIME_MASK_OPS_H_

#include <cstdint>
#include <vector>

#include "ir/types.h"

namespace ptoc {
namespace sim {

// TCMP / TCMPS: the rows x mask_cols mask of the rows x cols row-major
// block `a` compared with `b` (the same shape) or, when `b` is null, with
// `scalar` (in `a`'s element type `dtype`), by pto-isa's CmpMode `mode`
// (0 eq, 1 ne, 2 lt, 3 le, 4 gt, 5 ge; a NaN is unequal to everything).
// Bytes past a row's bits are 0.
std::vector<double> CompareBlock(int mode, DType dtype, const std::vector<double>& a,
                                 const std::vector<double>* b, double scalar, int64_t rows,
                                 int64_t cols, int64_t mask_cols);

// TSEL / TSELS: element [r, c] of `lhs` where bit c of mask row r is set,
// else of `rhs` (the same shape) or, when `rhs` is null, `scalar` (in the
// result's element type `dtype`). The mask is rows x mask_cols elements of
// `mask_bits` bits each (TSELS reads element c / bits, bit c % bits).
std::vector<double> SelectBlock(const std::vector<double>& mask, int64_t mask_cols,
                                int mask_bits, DType dtype, const std::vector<double>& lhs,
                                const std::vector<double>* rhs, double scalar, int64_t rows,
                                int64_t cols);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_MASK_OPS_H_

// Tensor contents on disk: `DIR/<param>.<rank>.txt`, whitespace-separated
// element values in row-major order (one row of the last dimension per line
// when written).
#ifndef PTOC_RUNTIME_TENSOR_FILES_H_
#define PTOC_RUNTIME_TENSOR_FILES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/types.h"

namespace ptoc {
namespace sim {

std::string TensorFilePath(const std::string& dir, const std::string& param, int rank);

// The encoded bytes of the file's `elements` values of `dtype`, or
// std::nullopt when the file does not exist. A file with another number of
// values, or a value that is not a number, is an error.
absl::StatusOr<std::optional<std::vector<uint8_t>>> ReadTensorFile(const std::string& path,
                                                                   int64_t elements,
                                                                   DType dtype);

// The seeded input pattern of a tensor with no file: small multiples of
// 1/4 in [-2, 2] (exact in every float dtype, so references are exact),
// different per rank and per parameter.
std::vector<uint8_t> SeededPattern(uint64_t seed, int rank, int param, int64_t elements,
                                   DType dtype);

// Writes the `bytes` of a tensor of `shape` x `dtype`.
absl::Status WriteTensorFile(const std::string& path, const std::vector<int64_t>& shape,
                             DType dtype, const std::vector<uint8_t>& bytes);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_TENSOR_FILES_H_

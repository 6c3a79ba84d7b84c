#include "runtime/tensor_files.h"

#include <fstream>
#include <sstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "ir/file_util.h"
#include "runtime/scheduler.h"
#include "runtime/values.h"

namespace ptoc {
namespace sim {

std::string TensorFilePath(const std::string& dir, const std::string& param, int rank) {
  return absl::StrCat(dir, "/", param, ".", rank, ".txt");
}

absl::StatusOr<std::optional<std::vector<uint8_t>>> ReadTensorFile(const std::string& path,
                                                                   int64_t elements,
                                                                   DType dtype) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::optional<std::vector<uint8_t>>();
  std::stringstream stream;
  stream << in.rdbuf();
  const std::string text = stream.str();
  std::vector<absl::string_view> words =
      absl::StrSplit(text, absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty());
  if (static_cast<int64_t>(words.size()) != elements) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": error: expected ", elements,
                                                   " values, found ", words.size()));
  }
  const int esize = DTypeBytes(dtype);
  std::vector<uint8_t> bytes(elements * esize);
  for (int64_t i = 0; i < elements; ++i) {
    int64_t integer = 0;
    double real = 0;
    if (!IsFloatDType(dtype) && absl::SimpleAtoi(words[i], &integer)) {
      EncodeInt(integer, dtype, &bytes[i * esize]);
    } else if (absl::SimpleAtod(words[i], &real)) {
      EncodeElement(real, dtype, &bytes[i * esize]);
    } else {
      return absl::InvalidArgumentError(absl::StrCat(path, ": error: value ", i + 1, " '",
                                                     words[i], "' is not a number"));
    }
  }
  return std::optional<std::vector<uint8_t>>(std::move(bytes));
}

std::vector<uint8_t> SeededPattern(uint64_t seed, int rank, int param, int64_t elements,
                                   DType dtype) {
  Rng rng(seed * 1000003ull + static_cast<uint64_t>(rank) * 7919ull +
          static_cast<uint64_t>(param) * 104729ull);
  const int esize = DTypeBytes(dtype);
  std::vector<uint8_t> bytes(elements * esize);
  for (int64_t i = 0; i < elements; ++i) {
    int64_t step = static_cast<int64_t>(rng.Below(17)) - 8;  // -8 .. 8
    if (IsFloatDType(dtype)) {
      EncodeElement(step / 4.0, dtype, &bytes[i * esize]);
    } else {
      EncodeInt(dtype == DType::kBOOL ? step > 0 : step, dtype, &bytes[i * esize]);
    }
  }
  return bytes;
}

absl::Status WriteTensorFile(const std::string& path, const std::vector<int64_t>& shape,
                             DType dtype, const std::vector<uint8_t>& bytes) {
  const int esize = DTypeBytes(dtype);
  const int64_t elements = static_cast<int64_t>(bytes.size()) / esize;
  const int64_t row = shape.empty() || shape.back() == 0 ? 1 : shape.back();
  std::string text;
  for (int64_t i = 0; i < elements; ++i) {
    std::string value = IsFloatDType(dtype)
                            ? FormatElement(DecodeElement(&bytes[i * esize], dtype), dtype)
                            : absl::StrCat(DecodeInt(&bytes[i * esize], dtype));
    absl::StrAppend(&text, value, (i + 1) % row == 0 ? "\n" : " ");
  }
  return WriteFileAtomically(path, text);
}

}  // namespace sim
}  // namespace ptoc

// Run-time values of the simulated machine: scalars, references to GM
// tensors, on-chip tiles; and the byte encoding of every dtype in GM
// (fp16 and bf16 rounded to nearest even, as on the device).
#ifndef PTOC_RUNTIME_VALUES_H_
#define PTOC_RUNTIME_VALUES_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/types.h"

namespace ptoc {
namespace sim {

// Float <-> 16-bit formats, round to nearest even.
uint16_t FloatToHalf(float f);
float HalfToFloat(uint16_t h);
uint16_t FloatToBf16(float f);
float Bf16ToFloat(uint16_t b);

// `v` as the device would hold it in `dtype` (fp32/fp16/bf16 rounding;
// integers truncated toward zero and wrapped to their width).
double RoundToDType(double v, DType dtype);
// `v` converted to `to` by a TCVT of rounding mode `mode` (pto-isa's
// RoundMode: 0 none, 1 rint, 2 round, 3 floor, 4 ceil, 5 trunc, 6 odd):
// into an integer type the mode picks the integer; into a float type the
// value is rounded to nearest even whatever the mode (a documented
// simplification: values the tests feed are exact in every float type).
double ConvertForCast(double v, int mode, DType to);

// One element of `dtype` in GM bytes (little endian).
void EncodeElement(double v, DType dtype, uint8_t* out);
double DecodeElement(const uint8_t* in, DType dtype);
// Exact forms for integer dtypes (INT64 / INDEX do not fit a double).
void EncodeInt(int64_t v, DType dtype, uint8_t* out);
int64_t DecodeInt(const uint8_t* in, DType dtype);

// A tile: a row-major array of element values, already rounded to its dtype.
// The layout (view) does not change the logical values; it is kept for the
// checks that depend on it (the a5 NZ push).
struct TileData {
  std::vector<int64_t> shape;
  DType dtype = DType::kFP32;
  MemorySpace memory = MemorySpace::kVec;
  TileView view;
  std::vector<double> data;
  // A tile returned by a tpop: the ring it came from and its sequence
  // number, which the matching tfree names. -1: not popped.
  int fifo_ring = -1;
  uint64_t fifo_seq = 0;
  int fifo_split = 0;  // the split code of that tpop

  int64_t NumElements() const;
};

// A value bound to an IR variable.
struct Value {
  enum class Kind : uint8_t { kNone, kInt, kFloat, kBool, kTensor, kTile, kCommCtx, kArray };
  Kind kind = Kind::kNone;
  // kInt: the value; kBool: 0 or 1; kTensor: the allocation index;
  // kCommCtx: the rank whose context it is.
  int64_t i = 0;
  double f = 0;  // kFloat
  std::shared_ptr<const TileData> tile;  // kTile
  // kArray: a kernel's pl.Array of integers, shared by every value bound to
  // it (`arr[i] = v` writes it in place, as PyPTO's lowering does).
  std::shared_ptr<std::vector<int64_t>> array;

  static Value Int(int64_t v);
  static Value Float(double v);
  static Value Bool(bool v);
  static Value Tensor(int alloc);
  static Value Tile(std::shared_ptr<const TileData> t);
  static Value CommCtx(int rank);
  static Value Array(int64_t extent);  // zeroed

  bool is_number() const { return kind == Kind::kInt || kind == Kind::kFloat || kind == Kind::kBool; }
  double AsDouble() const { return kind == Kind::kFloat ? f : static_cast<double>(i); }
  int64_t AsInt() const { return kind == Kind::kFloat ? static_cast<int64_t>(f) : i; }
  bool AsBool() const { return kind == Kind::kFloat ? f != 0 : i != 0; }
};

// A value in the dump / input file format: integers exactly, floats with
// enough digits to read back the same fp32.
std::string FormatElement(double v, DType dtype);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_VALUES_H_

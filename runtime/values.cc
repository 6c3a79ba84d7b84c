#include "runtime/values.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "absl/strings/str_format.h"

namespace ptoc {
namespace sim {
namespace {

uint32_t FloatBits(float f) {
  uint32_t x;
  std::memcpy(&x, &f, sizeof x);
  return x;
}

float BitsFloat(uint32_t x) {
  float f;
  std::memcpy(&f, &x, sizeof f);
  return f;
}

// Truncates toward zero, saturating at the int64 range (the cast of an
// out-of-range double is undefined).
int64_t TruncToInt64(double v) {
  if (std::isnan(v)) return 0;
  if (v >= 9.2233720368547758e18) return std::numeric_limits<int64_t>::max();
  if (v <= -9.2233720368547758e18) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(v);
}

// Wraps `v` to the width and signedness of the integer dtype.
int64_t WrapInt(int64_t v, DType dtype) {
  switch (dtype) {
    case DType::kINT8: return static_cast<int8_t>(v);
    case DType::kINT16: return static_cast<int16_t>(v);
    case DType::kINT32: return static_cast<int32_t>(v);
    case DType::kUINT8: return static_cast<uint8_t>(v);
    case DType::kUINT16: return static_cast<uint16_t>(v);
    case DType::kUINT32: return static_cast<uint32_t>(v);
    case DType::kBOOL: return v != 0;
    default: return v;
  }
}

}  // namespace

uint16_t FloatToHalf(float f) {
  uint32_t x = FloatBits(f);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t exp = (x >> 23) & 0xffu;
  uint32_t mant = x & 0x7fffffu;
  if (exp == 0xffu) return static_cast<uint16_t>(sign | 0x7c00u | (mant != 0 ? 0x200u : 0));
  int e = static_cast<int>(exp) - 127 + 15;
  if (e >= 31) return static_cast<uint16_t>(sign | 0x7c00u);
  if (e <= 0) {
    if (e < -10) return static_cast<uint16_t>(sign);
    // A half subnormal: value = M * 2^(e - 14) units of 2^-24.
    uint32_t m = mant | 0x800000u;
    uint32_t shift = static_cast<uint32_t>(14 - e);
    uint32_t h = m >> shift;
    uint32_t rem = m & ((1u << shift) - 1);
    uint32_t half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1u))) ++h;
    return static_cast<uint16_t>(sign | h);
  }
  uint32_t h = (static_cast<uint32_t>(e) << 10) | (mant >> 13);
  uint32_t rem = mant & 0x1fffu;
  // A carry out of the mantissa correctly bumps the exponent (up to inf).
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;
  return static_cast<uint16_t>(sign | h);
}

float HalfToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t mant = h & 0x3ffu;
  if (exp == 0) {
    float v = std::ldexp(static_cast<float>(mant), -24);
    return sign != 0 ? -v : v;
  }
  if (exp == 31) return BitsFloat(sign | 0x7f800000u | (mant << 13));
  return BitsFloat(sign | ((exp - 15 + 127) << 23) | (mant << 13));
}

uint16_t FloatToBf16(float f) {
  uint32_t x = FloatBits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);
  uint32_t lsb = (x >> 16) & 1u;
  x += 0x7fffu + lsb;
  return static_cast<uint16_t>(x >> 16);
}

float Bf16ToFloat(uint16_t b) { return BitsFloat(static_cast<uint32_t>(b) << 16); }

double RoundToDType(double v, DType dtype) {
  switch (dtype) {
    case DType::kFP32: return static_cast<float>(v);
    case DType::kFP16: return HalfToFloat(FloatToHalf(static_cast<float>(v)));
    case DType::kBF16: return Bf16ToFloat(FloatToBf16(static_cast<float>(v)));
    default: return static_cast<double>(WrapInt(TruncToInt64(v), dtype));
  }
}

double ConvertForCast(double v, int mode, DType to) {
  if (!IsIntegerDType(to) || std::isnan(v) || std::isinf(v)) return RoundToDType(v, to);
  double i = v;
  switch (mode) {
    case 2: i = std::round(v); break;
    case 3: i = std::floor(v); break;
    case 4: i = std::ceil(v); break;
    case 5: i = std::trunc(v); break;
    case 6: {  // to odd: truncate, then set the last bit when inexact
      i = std::trunc(v);
      if (i != v && std::fmod(i, 2.0) == 0) i += v > 0 ? 1 : -1;
      break;
    }
    default: i = std::nearbyint(v); break;  // none, rint: to nearest even
  }
  return RoundToDType(i, to);
}

void EncodeInt(int64_t v, DType dtype, uint8_t* out) {
  int64_t w = WrapInt(v, dtype);
  std::memcpy(out, &w, DTypeBytes(dtype));  // little endian: the low bytes
}

int64_t DecodeInt(const uint8_t* in, DType dtype) {
  switch (dtype) {
    case DType::kINT8: return static_cast<int8_t>(in[0]);
    case DType::kUINT8: return in[0];
    case DType::kBOOL: return in[0] != 0;
    case DType::kINT16: { int16_t v; std::memcpy(&v, in, 2); return v; }
    case DType::kUINT16: { uint16_t v; std::memcpy(&v, in, 2); return v; }
    case DType::kINT32: { int32_t v; std::memcpy(&v, in, 4); return v; }
    case DType::kUINT32: { uint32_t v; std::memcpy(&v, in, 4); return v; }
    default: { int64_t v; std::memcpy(&v, in, 8); return v; }
  }
}

void EncodeElement(double v, DType dtype, uint8_t* out) {
  switch (dtype) {
    case DType::kFP32: {
      float f = static_cast<float>(v);
      std::memcpy(out, &f, 4);
      return;
    }
    case DType::kFP16: {
      uint16_t h = FloatToHalf(static_cast<float>(v));
      std::memcpy(out, &h, 2);
      return;
    }
    case DType::kBF16: {
      uint16_t b = FloatToBf16(static_cast<float>(v));
      std::memcpy(out, &b, 2);
      return;
    }
    default: EncodeInt(TruncToInt64(v), dtype, out);
  }
}

double DecodeElement(const uint8_t* in, DType dtype) {
  switch (dtype) {
    case DType::kFP32: {
      float f;
      std::memcpy(&f, in, 4);
      return f;
    }
    case DType::kFP16: {
      uint16_t h;
      std::memcpy(&h, in, 2);
      return HalfToFloat(h);
    }
    case DType::kBF16: {
      uint16_t b;
      std::memcpy(&b, in, 2);
      return Bf16ToFloat(b);
    }
    default: return static_cast<double>(DecodeInt(in, dtype));
  }
}

int64_t TileData::NumElements() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

Value Value::Int(int64_t v) {
  Value r;
  r.kind = Kind::kInt;
  r.i = v;
  return r;
}

Value Value::Float(double v) {
  Value r;
  r.kind = Kind::kFloat;
  r.f = v;
  return r;
}

Value Value::Bool(bool v) {
  Value r;
  r.kind = Kind::kBool;
  r.i = v ? 1 : 0;
  return r;
}

Value Value::Tensor(int alloc) {
  Value r;
  r.kind = Kind::kTensor;
  r.i = alloc;
  return r;
}

Value Value::Tile(std::shared_ptr<const TileData> t) {
  Value r;
  r.kind = Kind::kTile;
  r.tile = std::move(t);
  return r;
}

Value Value::CommCtx(int rank) {
  Value r;
  r.kind = Kind::kCommCtx;
  r.i = rank;
  return r;
}

Value Value::Array(int64_t extent) {
  Value r;
  r.kind = Kind::kArray;
  r.array = std::make_shared<std::vector<int64_t>>(static_cast<size_t>(extent), 0);
  return r;
}

std::string FormatElement(double v, DType dtype) {
  if (!IsFloatDType(dtype)) return absl::StrFormat("%d", TruncToInt64(v));
  return absl::StrFormat("%.9g", v);
}

}  // namespace sim
}  // namespace ptoc

// What the Ascend compiler (bisheng/CCE) provides built in and a host C++
// compiler does not: the address-space and kernel keywords, and the 16-bit
// float types. Under CCE (__CCE__ defined) this header adds nothing.
#ifndef PTO_COMMON_HOST_COMPAT_HPP_
#define PTO_COMMON_HOST_COMPAT_HPP_

#include <cstdint>
#include <cstring>

#if !defined(__CCE__)

#ifndef __gm__
#define __gm__
#endif
#ifndef __global__
#define __global__
#endif
#ifndef AICORE
#define AICORE
#endif

// IEEE 754 binary16; arithmetic goes through float.
struct half {
  uint16_t bits = 0;

  half() = default;
  half(float f) : bits(FromFloat(f)) {}  // NOLINT: implicit, as on the device
  operator float() const { return ToFloat(bits); }  // NOLINT

  static uint16_t FromFloat(float f) {
    uint32_t x;
    std::memcpy(&x, &f, sizeof x);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const uint32_t abs = x & 0x7fffffffu;
    if (abs >= 0x7f800000u) {  // inf or nan
      return static_cast<uint16_t>(sign | 0x7c00u | (abs > 0x7f800000u ? 0x200u : 0u));
    }
    if (abs >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // overflow
    if (abs < 0x38800000u) {  // subnormal half (or zero)
      if (abs < 0x33000000u) return static_cast<uint16_t>(sign);
      const uint32_t mant = (abs & 0x7fffffu) | 0x800000u;
      const int shift = 126 - static_cast<int>(abs >> 23);
      uint32_t h = mant >> (shift + 1);
      const uint32_t rest = mant & ((1u << (shift + 1)) - 1u);
      const uint32_t halfway = 1u << shift;
      if (rest > halfway || (rest == halfway && (h & 1u))) ++h;
      return static_cast<uint16_t>(sign | h);
    }
    uint32_t h = ((abs - 0x38000000u) >> 13);
    const uint32_t rest = abs & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;
    return static_cast<uint16_t>(sign | h);
  }

  static float ToFloat(uint16_t h) {
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    uint32_t x;
    if (exp == 0x1fu) {
      x = sign | 0x7f800000u | (mant << 13);
    } else if (exp != 0) {
      x = sign | ((exp + 112u) << 23) | (mant << 13);
    } else if (mant == 0) {
      x = sign;
    } else {  // subnormal: normalize
      exp = 113;
      while ((mant & 0x400u) == 0) {
        mant <<= 1;
        --exp;
      }
      x = sign | (exp << 23) | ((mant & 0x3ffu) << 13);
    }
    float f;
    std::memcpy(&f, &x, sizeof f);
    return f;
  }
};

// bfloat16: the upper half of a binary32, rounded to nearest even.
struct bfloat16_t {
  uint16_t bits = 0;

  bfloat16_t() = default;
  bfloat16_t(float f) : bits(FromFloat(f)) {}  // NOLINT
  operator float() const {  // NOLINT
    const uint32_t x = static_cast<uint32_t>(bits) << 16;
    float f;
    std::memcpy(&f, &x, sizeof f);
    return f;
  }

  static uint16_t FromFloat(float f) {
    uint32_t x;
    std::memcpy(&x, &f, sizeof x);
    if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);
    x += 0x7fffu + ((x >> 16) & 1u);
    return static_cast<uint16_t>(x >> 16);
  }
};

#endif  // !__CCE__

#endif  // PTO_COMMON_HOST_COMPAT_HPP_

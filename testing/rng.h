#ifndef PTOC_TESTING_RNG_H_
#define PTOC_TESTING_RNG_H_

#include <cstdint>
#include <vector>

namespace ptoc {

// splitmix64: tiny, fast and the same stream on every platform, so a seed
// names one generated program everywhere.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  int Below(int n) { return static_cast<int>(Next() % static_cast<uint64_t>(n)); }
  bool Chance(int percent) { return Below(100) < percent; }
  template <typename T>
  const T& Pick(const std::vector<T>& v) { return v[Below(static_cast<int>(v.size()))]; }

 private:
  uint64_t state_;
};

}  // namespace ptoc

#endif  // PTOC_TESTING_RNG_H_

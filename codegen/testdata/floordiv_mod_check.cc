// Checks the C++ target's floor division and modulo against Python's
// results (the table was computed with Python's // and %). The helpers come
// from a generated .cpp, included with -include by floordiv_mod.py.
#include <cstdint>
#include <cstdio>
#include <limits>

struct Case {
  int64_t a, b, floordiv, mod;
};

// (a, b, a // b, a % b) in Python.
constexpr Case kCases[] = {
    {-9LL, -4LL, 2LL, -1LL},
    {-9LL, -3LL, 3LL, 0LL},
    {-9LL, -1LL, 9LL, 0LL},
    {-9LL, 1LL, -9LL, 0LL},
    {-9LL, 3LL, -3LL, 0LL},
    {-9LL, 4LL, -3LL, 3LL},
    {-9LL, 7LL, -2LL, 5LL},
    {-7LL, -4LL, 1LL, -3LL},
    {-7LL, -3LL, 2LL, -1LL},
    {-7LL, -1LL, 7LL, 0LL},
    {-7LL, 1LL, -7LL, 0LL},
    {-7LL, 3LL, -3LL, 2LL},
    {-7LL, 4LL, -2LL, 1LL},
    {-7LL, 7LL, -1LL, 0LL},
    {-6LL, -4LL, 1LL, -2LL},
    {-6LL, -3LL, 2LL, 0LL},
    {-6LL, -1LL, 6LL, 0LL},
    {-6LL, 1LL, -6LL, 0LL},
    {-6LL, 3LL, -2LL, 0LL},
    {-6LL, 4LL, -2LL, 2LL},
    {-6LL, 7LL, -1LL, 1LL},
    {-5LL, -4LL, 1LL, -1LL},
    {-5LL, -3LL, 1LL, -2LL},
    {-5LL, -1LL, 5LL, 0LL},
    {-5LL, 1LL, -5LL, 0LL},
    {-5LL, 3LL, -2LL, 1LL},
    {-5LL, 4LL, -2LL, 3LL},
    {-5LL, 7LL, -1LL, 2LL},
    {-1LL, -4LL, 0LL, -1LL},
    {-1LL, -3LL, 0LL, -1LL},
    {-1LL, -1LL, 1LL, 0LL},
    {-1LL, 1LL, -1LL, 0LL},
    {-1LL, 3LL, -1LL, 2LL},
    {-1LL, 4LL, -1LL, 3LL},
    {-1LL, 7LL, -1LL, 6LL},
    {0LL, -4LL, 0LL, 0LL},
    {0LL, -3LL, 0LL, 0LL},
    {0LL, -1LL, 0LL, 0LL},
    {0LL, 1LL, 0LL, 0LL},
    {0LL, 3LL, 0LL, 0LL},
    {0LL, 4LL, 0LL, 0LL},
    {0LL, 7LL, 0LL, 0LL},
    {1LL, -4LL, -1LL, -3LL},
    {1LL, -3LL, -1LL, -2LL},
    {1LL, -1LL, -1LL, 0LL},
    {1LL, 1LL, 1LL, 0LL},
    {1LL, 3LL, 0LL, 1LL},
    {1LL, 4LL, 0LL, 1LL},
    {1LL, 7LL, 0LL, 1LL},
    {5LL, -4LL, -2LL, -3LL},
    {5LL, -3LL, -2LL, -1LL},
    {5LL, -1LL, -5LL, 0LL},
    {5LL, 1LL, 5LL, 0LL},
    {5LL, 3LL, 1LL, 2LL},
    {5LL, 4LL, 1LL, 1LL},
    {5LL, 7LL, 0LL, 5LL},
    {6LL, -4LL, -2LL, -2LL},
    {6LL, -3LL, -2LL, 0LL},
    {6LL, -1LL, -6LL, 0LL},
    {6LL, 1LL, 6LL, 0LL},
    {6LL, 3LL, 2LL, 0LL},
    {6LL, 4LL, 1LL, 2LL},
    {6LL, 7LL, 0LL, 6LL},
    {7LL, -4LL, -2LL, -1LL},
    {7LL, -3LL, -3LL, -2LL},
    {7LL, -1LL, -7LL, 0LL},
    {7LL, 1LL, 7LL, 0LL},
    {7LL, 3LL, 2LL, 1LL},
    {7LL, 4LL, 1LL, 3LL},
    {7LL, 7LL, 1LL, 0LL},
    {9LL, -4LL, -3LL, -3LL},
    {9LL, -3LL, -3LL, 0LL},
    {9LL, -1LL, -9LL, 0LL},
    {9LL, 1LL, 9LL, 0LL},
    {9LL, 3LL, 3LL, 0LL},
    {9LL, 4LL, 2LL, 1LL},
    {9LL, 7LL, 1LL, 2LL},
    {-1099511627779LL, -4LL, 274877906944LL, -3LL},
    {-1099511627779LL, -3LL, 366503875926LL, -1LL},
    {-1099511627779LL, -1LL, 1099511627779LL, 0LL},
    {-1099511627779LL, 1LL, -1099511627779LL, 0LL},
    {-1099511627779LL, 3LL, -366503875927LL, 2LL},
    {-1099511627779LL, 4LL, -274877906945LL, 1LL},
    {-1099511627779LL, 7LL, -157073089683LL, 2LL},
    {1099511627781LL, -4LL, -274877906946LL, -3LL},
    {1099511627781LL, -3LL, -366503875927LL, 0LL},
    {1099511627781LL, -1LL, -1099511627781LL, 0LL},
    {1099511627781LL, 1LL, 1099511627781LL, 0LL},
    {1099511627781LL, 3LL, 366503875927LL, 0LL},
    {1099511627781LL, 4LL, 274877906945LL, 1LL},
    {1099511627781LL, 7LL, 157073089683LL, 0LL},
};

// Checks both helpers at type T on a case whose `a` fits T; returns the
// number of failures (0 or 1).
template <typename T>
int Check(const Case& c, const char* type) {
  if (c.a < std::numeric_limits<T>::min() || c.a > std::numeric_limits<T>::max()) return 0;
  const T q = ptoc_floordiv<T>(static_cast<T>(c.a), static_cast<T>(c.b));
  const T r = ptoc_mod<T>(static_cast<T>(c.a), static_cast<T>(c.b));
  if (q == c.floordiv && r == c.mod) return 0;
  std::printf("%s: %lld // %lld = %lld, %% = %lld; Python says %lld and %lld\n", type,
              static_cast<long long>(c.a), static_cast<long long>(c.b),
              static_cast<long long>(q), static_cast<long long>(r),
              static_cast<long long>(c.floordiv), static_cast<long long>(c.mod));
  return 1;
}

int main() {
  int failures = 0;
  for (const Case& c : kCases) {
    failures += Check<int64_t>(c, "int64") + Check<int32_t>(c, "int32");
  }
  std::printf("%d failures\n", failures);
  return failures == 0 ? 0 : 1;
}

// Pairwise summation of a strided run of floats (as NumPy's): error O(log n) instead of O(n),
// in double whatever T is, four independent accumulators at the leaves (reduce.cpp, and
// broadcast.cpp's sum_to_shape).
#pragma once
#include <cstdint>

#include "strided_loop.hpp"

namespace fx::rt::detail {

template <class T> double pairwise_sum(const char* p, int64_t s, int64_t n) {
  if (n <= 128) {
    double acc[4] = {0, 0, 0, 0};
    int64_t i = 0;
    for (; i + 4 <= n; i += 4)
      for (int k = 0; k < 4; ++k) acc[k] += static_cast<double>(at<T>(const_cast<char*>(p), s, i + k));
    for (; i < n; ++i) acc[0] += static_cast<double>(at<T>(const_cast<char*>(p), s, i));
    return (acc[0] + acc[1]) + (acc[2] + acc[3]);
  }
  int64_t half = n / 2 / 8 * 8;
  return pairwise_sum<T>(p, s, half) + pairwise_sum<T>(p + half * s, s, n - half);
}

}  // namespace fx::rt::detail

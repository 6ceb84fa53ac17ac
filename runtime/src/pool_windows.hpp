// The maxima of the k x k windows of max_pool2d, one row of windows at a time (nn.cpp,
// adjoint_nn.cpp). Each window is visited row by row, left to right, and a later element wins
// when it is larger or NaN: a NaN anywhere makes the window's maximum NaN (as NumPy's max).
// The loops run across the windows of the row, so they have no branch the compiler must keep.
#pragma once
#include <cstdint>

namespace fx::rt::detail {

template <class T> inline bool wins_over(T v, T best) { return v > best || v != v; }

// best[ow] = the maximum of window ow of the row of windows starting at `rows` (the first of
// its k image rows of width W); OW windows.
template <class T> void window_maxima(const T* rows, int64_t W, int64_t k, int64_t OW, T* best) {
  for (int64_t ow = 0; ow < OW; ++ow) best[ow] = rows[ow * k];
  for (int64_t i = 0; i < k; ++i)
    for (int64_t j = i == 0 ? 1 : 0; j < k; ++j) {
      const T* at = rows + i * W + j;
      for (int64_t ow = 0; ow < OW; ++ow) {
        const T v = at[ow * k];
        best[ow] = wins_over(v, best[ow]) ? v : best[ow];
      }
    }
}

// Whether v is its window's maximum `best` (NaN when best is); without a branch.
template <class T> inline bool is_window_max(T v, T best) { return (v == best) | ((v != v) & (best != best)); }

}  // namespace fx::rt::detail

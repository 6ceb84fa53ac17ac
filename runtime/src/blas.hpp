// Row-major cblas gemm for double and float, and the thread count each product runs with.
#pragma once
#include <cblas.h>

#include <climits>
#include <cstdint>
#include <string>
#include <type_traits>

#include "fluxion/runtime/error.hpp"

namespace fx::rt::detail {

inline int blas_int(int64_t v, const char* what) {
  if (v > INT_MAX) tensor_error(std::string(what) + ": dimension " + std::to_string(v) + " is too large for BLAS");
  return static_cast<int>(v);
}

// Sets OpenBLAS's thread count for a product of m x k by k x n: set_blas_threads' count when
// the product is large enough to pay for waking the pool, one thread otherwise (linalg.cpp).
void pick_blas_threads(int64_t m, int64_t n, int64_t k);

// C (m x n, leading dimension ldc) = alpha op(A) op(B) + beta C. With beta = 0, C is only
// written (its old contents may be anything, NaN included); beta = 1 accumulates into it.
template <class T>
void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, T alpha, const T* a, int64_t lda,
          const T* b, int64_t ldb, T beta, T* c, int64_t ldc, const char* what) {
  static_assert(std::is_same_v<T, double> || std::is_same_v<T, float>);
  pick_blas_threads(m, n, k);
  const CBLAS_TRANSPOSE ta = trans_a ? CblasTrans : CblasNoTrans, tb = trans_b ? CblasTrans : CblasNoTrans;
  if constexpr (std::is_same_v<T, double>)
    cblas_dgemm(CblasRowMajor, ta, tb, blas_int(m, what), blas_int(n, what), blas_int(k, what), alpha, a,
                blas_int(lda, what), b, blas_int(ldb, what), beta, c, blas_int(ldc, what));
  else
    cblas_sgemm(CblasRowMajor, ta, tb, blas_int(m, what), blas_int(n, what), blas_int(k, what), alpha, a,
                blas_int(lda, what), b, blas_int(ldb, what), beta, c, blas_int(ldc, what));
}

}  // namespace fx::rt::detail

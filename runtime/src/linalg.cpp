// Matrix products: every float product is one BLAS call per matrix of the batch (gemm, or gemv /
// dot when an operand is a vector), reading strided operands in place where BLAS can (a
// transposed view is a BLAS "Trans" operand) and copying them to row-major otherwise.
#include "fluxion/runtime/linalg.hpp"

#include <algorithm>
#include <atomic>
#include <optional>

#include "fluxion/runtime/broadcast.hpp"
#include "fluxion/runtime/construct.hpp"
#include "fluxion/runtime/convert.hpp"
#include "fluxion/runtime/elementwise.hpp"
#include "fluxion/runtime/reduce.hpp"
#include "fluxion/runtime/shape_ops.hpp"
#include "blas.hpp"
#include "strided_loop.hpp"
#include "tensor_internal.hpp"

namespace fx::rt {

namespace {

// How BLAS reads a rows x cols matrix with element strides (s0, s1): row-major as stored
// (trans = false) or as the transpose of a row-major matrix (trans = true), with leading
// dimension ld. nullopt when neither fits (negative or zero strides, interleaved layouts).
struct BlasMatrix {
  bool trans;
  int64_t ld;
};

std::optional<BlasMatrix> blas_layout(int64_t rows, int64_t cols, int64_t s0, int64_t s1) {
  if ((cols == 1 || s1 == 1) && (rows == 1 || s0 >= std::max<int64_t>(cols, 1)))
    return BlasMatrix{false, rows == 1 ? std::max<int64_t>(cols, 1) : s0};
  if ((rows == 1 || s0 == 1) && (cols == 1 || s1 >= std::max<int64_t>(rows, 1)))
    return BlasMatrix{true, cols == 1 ? std::max<int64_t>(rows, 1) : s1};
  return std::nullopt;
}

// The outer product's rows, c[i][j] = a[i * sa] * b[j] for a contiguous b: a weight gradient
// at batch 1 writes m * n numbers (25,088 for a 784-32 layer) and is bound by the stores. The
// runtime is built for baseline x86-64 (SSE2, 16-byte stores); where the machine has AVX2 the
// clone the loader picks stores 32 bytes at a time. Each element is the one rounding of a * b
// in both (the "avx2" target has no FMA to contract anything into).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define FX_AVX2_CLONE __attribute__((target_clones("avx2", "default")))
#else
#define FX_AVX2_CLONE
#endif
FX_AVX2_CLONE void outer_rows(const double* a, int64_t sa, const double* b, int64_t m, int64_t n, double* c) {
  for (int64_t i = 0; i < m; ++i) {
    const double ai = a[i * sa];
    double* row = c + i * n;
    for (int64_t j = 0; j < n; ++j) row[j] = ai * b[j];
  }
}
FX_AVX2_CLONE void outer_rows(const float* a, int64_t sa, const float* b, int64_t m, int64_t n, float* c) {
  for (int64_t i = 0; i < m; ++i) {
    const float ai = a[i * sa];
    float* row = c + i * n;
    for (int64_t j = 0; j < n; ++j) row[j] = ai * b[j];
  }
}

// A matrix operand of one product: pointer to element (0, 0), extents and element strides.
template <class T> struct Mat {
  const T* p;
  int64_t rows, cols, s0, s1;
};

int blas_int(int64_t v) { return detail::blas_int(v, "matmul"); }

template <class T> void gemm_blas(Mat<T> a, Mat<T> b, T* c) {
  const int64_t m = a.rows, k = a.cols, n = b.cols;
  if (m == 0 || n == 0) return;
  detail::pick_blas_threads(m, n, k);
  if (k == 0) {
    std::fill(c, c + m * n, T(0));
    return;
  }
  BlasMatrix la = *blas_layout(a.rows, a.cols, a.s0, a.s1);
  BlasMatrix lb = *blas_layout(b.rows, b.cols, b.s0, b.s1);
  auto trans = [](bool t) { return t ? CblasTrans : CblasNoTrans; };
  if (m == 1 && n == 1) {  // inner product
    int64_t inc_a = k == 1 ? 1 : a.s1, inc_b = k == 1 ? 1 : b.s0;
    if constexpr (std::is_same_v<T, double>)
      *c = cblas_ddot(blas_int(k), a.p, blas_int(inc_a), b.p, blas_int(inc_b));
    else
      *c = cblas_sdot(blas_int(k), a.p, blas_int(inc_a), b.p, blas_int(inc_b));
    return;
  }
  if (k == 1) {  // a column times a row: the outer product, written directly. OpenBLAS's small
    // gemm kernels take about twice as long for it (a weight gradient at batch 1, x^T @ ct, is
    // one), and each element is the same single rounding of a * b either way.
    if (b.s1 == 1) {
      outer_rows(a.p, a.s0, b.p, m, n, c);
      return;
    }
    for (int64_t i = 0; i < m; ++i) {
      const T ai = a.p[i * a.s0];
      T* row = c + i * n;
      for (int64_t j = 0; j < n; ++j) row[j] = ai * b.p[j * b.s1];
    }
    return;
  }
  if (n == 1) {  // matrix @ vector: A is stored as m x k (NoTrans) or k x m (Trans)
    int64_t inc_b = k == 1 ? 1 : b.s0;
    int rows = blas_int(la.trans ? k : m), cols = blas_int(la.trans ? m : k);
    if constexpr (std::is_same_v<T, double>)
      cblas_dgemv(CblasRowMajor, trans(la.trans), rows, cols, 1.0, a.p, blas_int(la.ld), b.p,
                  blas_int(inc_b), 0.0, c, 1);
    else
      cblas_sgemv(CblasRowMajor, trans(la.trans), rows, cols, 1.0f, a.p, blas_int(la.ld), b.p,
                  blas_int(inc_b), 0.0f, c, 1);
    return;
  }
  if (m == 1) {  // row @ matrix, as B^T a: gemm would pack the whole of B on every call (a layer
    // at batch 1). B is stored as k x n (its transpose is BLAS's Trans) or n x k (NoTrans).
    int64_t inc_a = a.s1;
    int rows = blas_int(lb.trans ? n : k), cols = blas_int(lb.trans ? k : n);
    if constexpr (std::is_same_v<T, double>)
      cblas_dgemv(CblasRowMajor, trans(!lb.trans), rows, cols, 1.0, b.p, blas_int(lb.ld), a.p,
                  blas_int(inc_a), 0.0, c, 1);
    else
      cblas_sgemv(CblasRowMajor, trans(!lb.trans), rows, cols, 1.0f, b.p, blas_int(lb.ld), a.p,
                  blas_int(inc_a), 0.0f, c, 1);
    return;
  }
  detail::gemm<T>(la.trans, lb.trans, m, n, k, T(1), a.p, la.ld, b.p, lb.ld, T(0), c, n, "matmul");
}

// Integer products have no BLAS: a plain loop (i-k-j order for row-major C), wrapping like i64.
void gemm_int(Mat<int64_t> a, Mat<int64_t> b, int64_t* c) {
  const int64_t m = a.rows, k = a.cols, n = b.cols;
  std::fill(c, c + m * n, int64_t{0});
  for (int64_t i = 0; i < m; ++i)
    for (int64_t l = 0; l < k; ++l) {
      uint64_t av = static_cast<uint64_t>(a.p[i * a.s0 + l * a.s1]);
      for (int64_t j = 0; j < n; ++j)
        c[i * n + j] = static_cast<int64_t>(static_cast<uint64_t>(c[i * n + j]) +
                                            av * static_cast<uint64_t>(b.p[l * b.s0 + j * b.s1]));
    }
}

// x viewed with at least two axes: a vector becomes a row (as_row) or a column.
Tensor as_matrix(const Tensor& x, bool as_row) {
  if (x.rank() >= 2) return x;
  int64_t s = x.strides()[0];
  if (as_row) {
    int64_t strides[2] = {0, s};
    return x.view(Shape{1, x.dim(0)}, strides, 0);
  }
  int64_t strides[2] = {s, 0};
  return x.view(Shape{x.dim(0), 1}, strides, 0);
}

// x as a stack of matrices that BLAS can read in place, copying when it cannot.
Tensor blas_ready(const Tensor& x) {
  int r = x.rank();
  if (blas_layout(x.dim(r - 2), x.dim(r - 1), x.strides()[r - 2], x.strides()[r - 1]))
    return x;
  return copy(x);
}

}  // namespace

Tensor matmul(const Tensor& a, const Tensor& b) {
  if (a.rank() == 0 || b.rank() == 0)
    tensor_error("matmul: operands must have at least one dimension, got shapes " +
                 to_string(a.shape()) + " and " + to_string(b.shape()));
  if (a.dtype() == DType::Bool || b.dtype() == DType::Bool)
    tensor_error("matmul: bool operands are not supported");
  const DType dtype = promote(a.dtype(), b.dtype());
  Tensor A = as_matrix(astype(a, dtype), true), B = as_matrix(astype(b, dtype), false);
  const int ra = A.rank(), rb = B.rank();
  const int64_t m = A.dim(ra - 2), k = A.dim(ra - 1), n = B.dim(rb - 1);
  if (B.dim(rb - 2) != k)
    tensor_error("matmul: inner dimensions differ: " + to_string(a.shape()) + " @ " +
                 to_string(b.shape()));
  const Shape shape_a = A.shape(), shape_b = B.shape();
  Shape batch_a(shape_a.dims().first(ra - 2)), batch_b(shape_b.dims().first(rb - 2));
  Shape batch = broadcast_shapes(batch_a, batch_b);
  if (dtype != DType::I64) {
    A = blas_ready(A);
    B = blas_ready(B);
  }
  Shape full = batch;
  full.push_back(m);
  full.push_back(n);
  Tensor out = Tensor::empty(dtype, full);
  // Walk the batch: byte offsets of each operand's matrix, broadcast along batch axes.
  const int64_t size = itemsize(dtype);
  detail::LoopOperand oa{static_cast<char*>(A.raw_data()), {}};
  detail::LoopOperand ob{static_cast<char*>(B.raw_data()), {}};
  detail::LoopOperand oc{static_cast<char*>(out.raw_data()), {}};
  for (int i = 0; i < batch.rank(); ++i) {
    int ia = i - (batch.rank() - batch_a.rank()), ib = i - (batch.rank() - batch_b.rank());
    oa.strides[i] = ia >= 0 && batch_a[ia] != 1 ? A.strides()[ia] * size : 0;
    ob.strides[i] = ib >= 0 && batch_b[ib] != 1 ? B.strides()[ib] * size : 0;
    oc.strides[i] = out.strides()[i] * size;
  }
  const int64_t as0 = A.strides()[ra - 2], as1 = A.strides()[ra - 1];
  const int64_t bs0 = B.strides()[rb - 2], bs1 = B.strides()[rb - 1];
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      detail::for_each_run<3>(batch, {oc, oa, ob}, [&](auto p, auto s, int64_t count) {
        for (int64_t j = 0; j < count; ++j) {
          Mat<T> ma{reinterpret_cast<const T*>(p[1] + j * s[1]), m, k, as0, as1};
          Mat<T> mb{reinterpret_cast<const T*>(p[2] + j * s[2]), k, n, bs0, bs1};
          T* c = reinterpret_cast<T*>(p[0] + j * s[0]);
          if constexpr (std::is_same_v<T, int64_t>) gemm_int(ma, mb, c);
          else gemm_blas(ma, mb, c);
        }
      });
    }
  });
  // Remove the axes that stood in for vector operands.
  Shape result = batch;
  if (a.rank() >= 2) result.push_back(m);
  if (b.rank() >= 2) result.push_back(n);
  detail::set_contiguous_shape(out, result);
  return out;
}

Tensor matmul_add(Tensor acc, const Tensor& a, const Tensor& b) {
  const DType dtype = acc.dtype();
  const bool fits = (dtype == DType::F64 || dtype == DType::F32) && a.dtype() == dtype && b.dtype() == dtype &&
                    acc.rank() == 2 && a.rank() == 2 && b.rank() == 2 && a.dim(0) == acc.dim(0) &&
                    b.dim(1) == acc.dim(1) && a.dim(1) == b.dim(0) && acc.is_unique() && acc.is_contiguous();
  if (!fits) return apply_over(BinaryOp::Add, std::move(acc), matmul(a, b));
  const int64_t m = acc.dim(0), n = acc.dim(1), k = a.dim(1);
  if (m == 0 || n == 0 || k == 0) return acc;
  Tensor A = blas_ready(a), B = blas_ready(b);
  BlasMatrix la = *blas_layout(m, k, A.strides()[0], A.strides()[1]);
  BlasMatrix lb = *blas_layout(k, n, B.strides()[0], B.strides()[1]);
  detail::pick_blas_threads(m, n, k);
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, double> || std::is_same_v<T, float>)
      detail::gemm<T>(la.trans, lb.trans, m, n, k, T(1), static_cast<const T*>(A.raw_data()), la.ld,
                      static_cast<const T*>(B.raw_data()), lb.ld, T(1), static_cast<T*>(acc.raw_data()), n,
                      "matmul_add");
  });
  return acc;
}

Tensor dot(const Tensor& a, const Tensor& b) {
  if (a.rank() == 0 || b.rank() == 0) return mul(a, b);
  if (a.rank() > 2 || b.rank() > 2)
    tensor_error("dot: operands of rank > 2 are not supported (got shapes " +
                 to_string(a.shape()) + " and " + to_string(b.shape()) + "); use matmul");
  return matmul(a, b);
}

Tensor outer(const Tensor& a, const Tensor& b) {
  return mul(reshape(a, Shape{-1, 1}), reshape(b, Shape{1, -1}));
}

Tensor trace(const Tensor& x) {
  if (x.rank() != 2)
    tensor_error("trace: expected a 2-D tensor, got shape " + to_string(x.shape()));
  return sum(diag(x));
}

Tensor diag(const Tensor& x, int64_t k) {
  if (x.rank() == 1) {
    int64_t n = x.dim(0);
    // k == INT64_MIN has no negation; it is far too large anyway.
    int64_t offset = k == INT64_MIN ? INT64_MAX : (k < 0 ? -k : k);
    if (offset > INT64_MAX / 2 - n) tensor_error("diag: offset " + std::to_string(k) + " is too large");
    int64_t size = n + offset;
    Tensor out = Tensor::zeroed(x.dtype(), Shape{size, size});
    // The diagonal of `out` as a strided view, then one strided copy.
    int64_t start = k >= 0 ? k : -k * size;
    int64_t strides[1] = {size + 1};
    if (n > 0) detail::assign(out.view(Shape{n}, strides, start), x);
    return out;
  }
  if (x.rank() == 2) {
    int64_t rows = x.dim(0), cols = x.dim(1);
    int64_t len = k >= 0 ? std::min(rows, cols - std::min(k, cols)) : std::min(rows + std::max(k, -rows), cols);
    len = std::max<int64_t>(len, 0);
    int64_t s0 = x.strides()[0], s1 = x.strides()[1];
    int64_t start = len == 0 ? 0 : (k >= 0 ? k * s1 : -k * s0);
    int64_t strides[1] = {s0 + s1};
    return x.view(Shape{len}, strides, start);
  }
  tensor_error("diag: expected a 1-D or 2-D tensor, got shape " + to_string(x.shape()));
}

namespace {
// The count set_blas_threads asked for (0: never called, OpenBLAS keeps its own setting), and
// the one OpenBLAS was last told (0: not yet).
std::atomic<int> g_blas_threads{0};
std::atomic<int> g_blas_threads_set{0};
}  // namespace

void set_blas_threads(int threads) { g_blas_threads.store(threads < 1 ? 1 : threads); }

namespace detail {

void pick_blas_threads(int64_t m, int64_t n, int64_t k) {
  const int most = g_blas_threads.load(std::memory_order_relaxed);
  if (most == 0) return;
  const int wanted = static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k) >=
                             static_cast<double>(kBlasThreadedWork)
                         ? most
                         : 1;
  if (g_blas_threads_set.exchange(wanted, std::memory_order_relaxed) != wanted) openblas_set_num_threads(wanted);
}

}  // namespace detail

}  // namespace fx::rt

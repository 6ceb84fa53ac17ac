// Linear algebra: matrix products (through OpenBLAS for floats), dot, outer, trace, diag.
#pragma once
#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

// NumPy's matmul: 1-D @ 1-D is the inner product (rank 0), a 1-D left operand acts as a row
// and a 1-D right operand as a column (that axis is removed from the result), and operands of
// rank > 2 are stacks of matrices whose leading axes broadcast. Dtypes promote; bool is an error.
// TensorError "matmul: inner dimensions differ: (2, 3) @ (4, 5)".
Tensor matmul(const Tensor& a, const Tensor& b);
// acc + a @ b for matrices a (m, k) and b (k, n) and acc (m, n): the product is added into acc's
// storage by the one BLAS call (gemm with beta 1) when nothing else holds acc and all three are
// of acc's float dtype; otherwise the plain sum (with matmul's and add's errors).
Tensor matmul_add(Tensor acc, const Tensor& a, const Tensor& b);

// NumPy's dot for ranks 0..2: a product with a scalar, otherwise matmul.
Tensor dot(const Tensor& a, const Tensor& b);

// outer(a, b)[i, j] = a.flat[i] * b.flat[j].
Tensor outer(const Tensor& a, const Tensor& b);

// Sum of the main diagonal of a 2-D tensor (dtype as sum: bool -> i64).
Tensor trace(const Tensor& x);

// 1-D -> the square 2-D tensor with x on diagonal k; 2-D -> its diagonal k (a view).
// k > 0 is above the main diagonal, k < 0 below.
Tensor diag(const Tensor& x, int64_t k = 0);

// The number of threads OpenBLAS may use for one large product: a product of at least
// kBlasThreadedWork multiply-adds (m * n * k) runs on `threads`, a smaller one on one thread,
// because waking a pool costs more than it saves on small matrices (the models of the examples
// and benchmarks are mostly such products). Until it is called, OpenBLAS keeps its own setting
// (OPENBLAS_NUM_THREADS); the CLI calls it with 1 unless that is set, or with --threads N.
inline constexpr int64_t kBlasThreadedWork = int64_t{1} << 22;
void set_blas_threads(int threads);

}  // namespace fx::rt

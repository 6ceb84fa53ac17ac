// ADBench's GMM objective (../shared/reference/ADBENCH.md §1), written once for any scalar type
// T (double for the hand-written peer, adouble for ADOL-C). Parameters are one flat vector in
// ADBench's gradient layout: [alpha (K) | means (K d) | icf (K d(d+1)/2: q then l)].
#pragma once
#include <cmath>
#include <vector>

#include "bench_io.hpp"

namespace gmm {

struct Data {
  int d = 0, k = 0, n = 0;
  std::vector<double> params, x;  // x: (n, d); the 2.5M files' single point replicated
  double gamma = 1.0;
  int m = 0;
  int icf_size() const { return d * (d + 1) / 2; }
};

inline Data read(const char* path) {
  std::vector<double> v = bench::read_numbers(path);
  Data g;
  g.d = int(v[0]), g.k = int(v[1]), g.n = int(v[2]);
  size_t np = size_t(g.k) * (1 + g.d + g.icf_size());
  g.params.assign(v.begin() + 3, v.begin() + 3 + long(np));
  size_t at = 3 + np, stored = (v.size() - at - 2) / size_t(g.d);
  for (int i = 0; i < g.n; ++i)
    for (int j = 0; j < g.d; ++j) g.x.push_back(v[at + (size_t(i) % stored) * size_t(g.d) + size_t(j)]);
  at += stored * size_t(g.d);
  g.gamma = v[at];
  g.m = int(v[at + 1]);
  return g;
}

inline double log_gamma_distrib(double a, int p) {
  double out = 0.25 * p * (p - 1) * std::log(M_PI);
  for (int j = 1; j <= p; ++j) out += std::lgamma(a + 0.5 * (1 - j));
  return out;
}

template <class T>
T log_sum_exp(const std::vector<T>& v) {
  T top = v[0];
  for (size_t i = 1; i < v.size(); ++i) top = fmax(top, v[i]);
  T s = 0.0;
  for (const T& x : v) s += exp(x - top);
  return log(s) + top;
}

template <class T>
T objective(const Data& g, const T* p) {
  using std::exp, std::log, std::fmax;
  const int d = g.d, k = g.k, icf = g.icf_size();
  const T* alpha = p;
  const T* means = p + k;
  const T* icfs = means + k * d;
  std::vector<T> beta(k), xc(d), a(alpha, alpha + k);
  T slse = 0.0;
  for (int i = 0; i < g.n; ++i) {
    for (int c = 0; c < k; ++c) {
      const T* q = icfs + c * icf;
      T sum_q = 0.0, sq = 0.0;
      for (int j = 0; j < d; ++j) {
        sum_q += q[j];
        xc[size_t(j)] = g.x[size_t(i) * size_t(d) + size_t(j)] - means[c * d + j];
      }
      // y = Q xc, Q = diag(exp(q)) + the lower part l, column by column
      for (int r = 0; r < d; ++r) {
        T y = exp(q[r]) * xc[size_t(r)];
        for (int col = 0; col < r; ++col) y += q[d + col * d - col * (col + 1) / 2 + (r - col - 1)] * xc[size_t(col)];
        sq += y * y;
      }
      beta[size_t(c)] = alpha[c] + sum_q - 0.5 * sq;
    }
    slse += log_sum_exp(beta);
  }
  T prior = 0.0;
  for (int c = 0; c < k; ++c) {
    const T* q = icfs + c * icf;
    for (int j = 0; j < d; ++j) prior += 0.5 * g.gamma * g.gamma * exp(q[j]) * exp(q[j]) - g.m * q[j];
    for (int t = d; t < icf; ++t) prior += 0.5 * g.gamma * g.gamma * q[t] * q[t];
  }
  const int n_w = d + g.m + 1;
  const double constant = n_w * d * (std::log(g.gamma) - 0.5 * std::log(2.0)) - log_gamma_distrib(0.5 * n_w, d);
  return -0.5 * g.n * d * std::log(2.0 * M_PI) + slse - double(g.n) * log_sum_exp(a) + prior - k * constant;
}

}  // namespace gmm

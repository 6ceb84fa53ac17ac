// ADBench's LSTM (BENCHMARKS.md §B, ../shared/reference/ADBENCH.md §3) for the C++ peers: the
// input file, and the loss written once for any scalar type T (double for the hand-written
// peer's primal, ADOL-C's adouble in lstm_adolc.cpp).
#pragma once
#include <cmath>

#include "bench_io.hpp"

namespace lstm {

using Vec = std::vector<double>;

struct Lstm {
  int l = 0, c = 0, b = 0;
  Vec main, extra, state, seq;  // (2l, 4b), (3, b), (2l, b), (c, b), row-major
  const double* weight(int j, int gate) const { return &main[size_t((2 * j) * 4 * b + gate * b)]; }
  const double* bias(int j, int gate) const { return &main[size_t((2 * j + 1) * 4 * b + gate * b)]; }
};

inline Lstm read(const char* path) {
  Vec v = bench::read_numbers(path);
  Lstm m;
  m.l = int(v[0]), m.c = int(v[1]), m.b = int(v[2]);
  auto take = [&, at = size_t(3)](size_t n) mutable {
    Vec out(v.begin() + long(at), v.begin() + long(at + n));
    at += n;
    return out;
  };
  m.main = take(size_t(8 * m.l * m.b));
  m.extra = take(size_t(3 * m.b));
  m.state = take(size_t(2 * m.l * m.b));
  m.seq = take(size_t(m.c * m.b));
  return m;
}

// The loss at parameters main (8lb, the file's order) and extra (3b); state and sequence from m.
template <class T>
T loss(const Lstm& m, const T* main, const T* extra) {
  using std::exp, std::log, std::tanh;
  const int b = m.b;
  auto sigmoid = [](const T& x) { return 1.0 / (1.0 + exp(-x)); };
  std::vector<T> h(m.l * b), s(m.l * b), v(b), y(b);
  for (int j = 0; j < m.l; ++j)
    for (int r = 0; r < b; ++r) {
      h[size_t(j * b + r)] = m.state[size_t(2 * j * b + r)];
      s[size_t(j * b + r)] = m.state[size_t((2 * j + 1) * b + r)];
    }
  T total = 0.0;
  for (int t = 0; t < m.c - 1; ++t) {
    for (int r = 0; r < b; ++r) v[size_t(r)] = m.seq[size_t(t * b + r)] * extra[r];
    for (int j = 0; j < m.l; ++j) {
      const T* w = main + (2 * j) * 4 * b;
      const T* bias = main + (2 * j + 1) * 4 * b;
      for (int r = 0; r < b; ++r) {
        T& hj = h[size_t(j * b + r)];
        T& sj = s[size_t(j * b + r)];
        T f = sigmoid(v[size_t(r)] * w[r] + bias[r]);
        T i = sigmoid(hj * w[b + r] + bias[b + r]);
        T o = sigmoid(v[size_t(r)] * w[2 * b + r] + bias[2 * b + r]);
        T g = tanh(hj * w[3 * b + r] + bias[3 * b + r]);
        sj = sj * f + i * g;
        hj = o * tanh(sj);
        v[size_t(r)] = hj;
      }
    }
    T e = 0.0;
    for (int r = 0; r < b; ++r) {
      y[size_t(r)] = v[size_t(r)] * extra[b + r] + extra[2 * b + r];
      e += exp(y[size_t(r)]);
    }
    T lse = log(e + 2.0);
    for (int r = 0; r < b; ++r) total += m.seq[size_t((t + 1) * b + r)] * (y[size_t(r)] - lse);
  }
  return -total / double((m.c - 1) * b);
}

}  // namespace lstm

// Hand-written C++ for ADBench's LSTM (BENCHMARKS.md §B, ../shared/reference/ADBENCH.md §3): the
// loss, and its gradient [main | extra] by hand-derived reverse mode: a forward sweep that keeps
// every gate, then the adjoints back through the steps and layers.
//   lstm FILE OUT [MIN_RUNS [MIN_SECONDS]]
#include "lstm.hpp"

namespace {

using lstm::Lstm;
using lstm::Vec;

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// The gradient's forward sweep: the loss, keeping per step and layer (8 blocks of b) the layer
// input v, the previous hidden and cell, the gates f, i, o, g and the new cell.
double recorded_loss(const Lstm& m, Vec* tape) {
  const int b = m.b;
  Vec h(m.l * b), s(m.l * b), v(b), y(b);
  for (int j = 0; j < m.l; ++j)
    for (int r = 0; r < b; ++r) {
      h[size_t(j * b + r)] = m.state[size_t(2 * j * b + r)];
      s[size_t(j * b + r)] = m.state[size_t((2 * j + 1) * b + r)];
    }
  tape->assign(size_t((m.c - 1) * m.l * 8 * b), 0.0);
  double total = 0.0;
  for (int t = 0; t < m.c - 1; ++t) {
    for (int r = 0; r < b; ++r) v[size_t(r)] = m.seq[size_t(t * b + r)] * m.extra[size_t(r)];
    for (int j = 0; j < m.l; ++j) {
      double* k = &(*tape)[size_t((t * m.l + j) * 8 * b)];
      for (int r = 0; r < b; ++r) {
        double& hj = h[size_t(j * b + r)];
        double& sj = s[size_t(j * b + r)];
        const double f = sigmoid(v[size_t(r)] * m.weight(j, 0)[r] + m.bias(j, 0)[r]);
        const double i = sigmoid(hj * m.weight(j, 1)[r] + m.bias(j, 1)[r]);
        const double o = sigmoid(v[size_t(r)] * m.weight(j, 2)[r] + m.bias(j, 2)[r]);
        const double g = std::tanh(hj * m.weight(j, 3)[r] + m.bias(j, 3)[r]);
        const double kept[8] = {v[size_t(r)], hj, sj, f, i, o, g, sj * f + i * g};
        for (int q = 0; q < 8; ++q) k[q * b + r] = kept[q];
        sj = sj * f + i * g;
        hj = o * std::tanh(sj);
        v[size_t(r)] = hj;
      }
    }
    double e = 0.0;
    for (int r = 0; r < b; ++r) e += std::exp(y[size_t(r)] = v[size_t(r)] * m.extra[size_t(b + r)] + m.extra[size_t(2 * b + r)]);
    const double lse = std::log(e + 2.0);
    for (int r = 0; r < b; ++r) total += m.seq[size_t((t + 1) * b + r)] * (y[size_t(r)] - lse);
  }
  return -total / double((m.c - 1) * b);
}

Vec gradient(const Lstm& m) {
  const int b = m.b;
  Vec tape;
  recorded_loss(m, &tape);
  Vec g(m.main.size() + m.extra.size(), 0.0);
  double* g_extra = &g[m.main.size()];
  auto g_weight = [&](int j, int gate) { return &g[size_t((2 * j) * 4 * b + gate * b)]; };
  auto g_bias = [&](int j, int gate) { return &g[size_t((2 * j + 1) * 4 * b + gate * b)]; };
  const double scale = -1.0 / double((m.c - 1) * b);
  Vec dh(m.l * b, 0.0), ds(m.l * b, 0.0), dv(b);
  for (int t = m.c - 2; t >= 0; --t) {
    const double* top = &tape[size_t((t * m.l + m.l - 1) * 8 * b)];
    double e = 0.0, z = 0.0;
    for (int r = 0; r < b; ++r) {
      const double hr = top[5 * b + r] * std::tanh(top[7 * b + r]);
      e += std::exp(hr * m.extra[size_t(b + r)] + m.extra[size_t(2 * b + r)]);
      z += m.seq[size_t((t + 1) * b + r)];
    }
    for (int r = 0; r < b; ++r) {  // y = v a_out + beta; d/dy_r of sum z (y - lse)
      const double hr = top[5 * b + r] * std::tanh(top[7 * b + r]);
      const double yr = hr * m.extra[size_t(b + r)] + m.extra[size_t(2 * b + r)];
      const double dy = scale * (m.seq[size_t((t + 1) * b + r)] - z * std::exp(yr) / (e + 2.0));
      g_extra[b + r] += dy * hr;
      g_extra[2 * b + r] += dy;
      dv[size_t(r)] = dy * m.extra[size_t(b + r)];
    }
    for (int j = m.l - 1; j >= 0; --j) {
      const double* k = &tape[size_t((t * m.l + j) * 8 * b)];
      for (int r = 0; r < b; ++r) {
        const double v = k[r], h_prev = k[b + r], s_prev = k[2 * b + r], f = k[3 * b + r], i = k[4 * b + r],
                     o = k[5 * b + r], gg = k[6 * b + r], s = k[7 * b + r];
        const double dh_r = dv[size_t(r)] + dh[size_t(j * b + r)];
        const double ts = std::tanh(s);
        const double d_o = dh_r * ts;
        const double d_s = ds[size_t(j * b + r)] + dh_r * o * (1.0 - ts * ts);
        const double dfz = d_s * s_prev * f * (1.0 - f), diz = d_s * gg * i * (1.0 - i);
        const double doz = d_o * o * (1.0 - o), dgz = d_s * i * (1.0 - gg * gg);
        ds[size_t(j * b + r)] = d_s * f;
        g_weight(j, 0)[r] += dfz * v, g_bias(j, 0)[r] += dfz;
        g_weight(j, 1)[r] += diz * h_prev, g_bias(j, 1)[r] += diz;
        g_weight(j, 2)[r] += doz * v, g_bias(j, 2)[r] += doz;
        g_weight(j, 3)[r] += dgz * h_prev, g_bias(j, 3)[r] += dgz;
        dh[size_t(j * b + r)] = diz * m.weight(j, 1)[r] + dgz * m.weight(j, 3)[r];
        dv[size_t(r)] = dfz * m.weight(j, 0)[r] + doz * m.weight(j, 2)[r];
      }
    }
    for (int r = 0; r < b; ++r) g_extra[r] += dv[size_t(r)] * m.seq[size_t(t * b + r)];  // v = z_t a_in
  }
  return g;
}

}  // namespace

int main(int argc, char** argv) {
  const bench::Runs r = bench::parse_runs(argc, argv, 2, "lstm FILE OUT [MIN_RUNS [MIN_SECONDS]]");
  const Lstm m = lstm::read(argv[1]);
  auto [f, g] = bench::time_pair("objective", [&] { return lstm::loss(m, m.main.data(), m.extra.data()); }, "gradient",
                                 [&] { return gradient(m); }, r);
  bench::write_numbers(r, "objective", {f});
  bench::write_numbers(r, "gradient", g);
}

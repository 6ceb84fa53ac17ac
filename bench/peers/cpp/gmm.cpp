// Hand-written C++ for ADBench's GMM (BENCHMARKS.md §B): the objective (gmm.hpp) and its gradient
// by hand-derived reverse mode. With w_ik = softmax_k(beta_ik), y = Q_k (x_i - mu_k):
//   dL/dalpha_k = sum_i w_ik - n softmax(alpha)_k,   dL/dmu_k = sum_i w_ik Q_k^T y,
//   dL/dq_kj = sum_i w_ik (1 - y_j exp(q_kj) xc_j) + gamma^2 exp(q_kj)^2 - m,
//   dL/dl_k(r,c) = -sum_i w_ik y_r xc_c + gamma^2 l.
//   gmm FILE OUT [MIN_RUNS [MIN_SECONDS]]
#include "gmm.hpp"

namespace {

std::vector<double> gradient(const gmm::Data& g, const std::vector<double>& p) {
  const int d = g.d, k = g.k, icf = g.icf_size();
  std::vector<double> grad(p.size(), 0.0);
  const double* alpha = p.data();
  const double* means = alpha + k;
  const double* icfs = means + k * d;
  double* g_alpha = grad.data();
  double* g_means = g_alpha + k;
  double* g_icf = g_means + k * d;
  std::vector<double> beta(k), ys(k * d), xcs(k * d), eq(k * d);
  for (int c = 0; c < k; ++c)
    for (int j = 0; j < d; ++j) eq[size_t(c * d + j)] = std::exp(icfs[c * icf + j]);
  for (int i = 0; i < g.n; ++i) {
    double top = -INFINITY;
    for (int c = 0; c < k; ++c) {
      const double* q = icfs + c * icf;
      double* xc = &xcs[size_t(c * d)];
      double* y = &ys[size_t(c * d)];
      double sum_q = 0.0, sq = 0.0;
      for (int j = 0; j < d; ++j) {
        sum_q += q[j];
        xc[j] = g.x[size_t(i) * size_t(d) + size_t(j)] - means[c * d + j];
      }
      for (int r = 0; r < d; ++r) {
        y[r] = eq[size_t(c * d + r)] * xc[r];
        for (int col = 0; col < r; ++col) y[r] += q[d + col * d - col * (col + 1) / 2 + (r - col - 1)] * xc[col];
        sq += y[r] * y[r];
      }
      beta[size_t(c)] = alpha[c] + sum_q - 0.5 * sq;
      top = std::max(top, beta[size_t(c)]);
    }
    double z = 0.0;
    for (int c = 0; c < k; ++c) z += beta[size_t(c)] = std::exp(beta[size_t(c)] - top);
    for (int c = 0; c < k; ++c) {
      const double w = beta[size_t(c)] / z;
      const double* q = icfs + c * icf;
      const double* xc = &xcs[size_t(c * d)];
      const double* y = &ys[size_t(c * d)];
      double* gq = g_icf + c * icf;
      g_alpha[c] += w;
      for (int r = 0; r < d; ++r) {
        // column r of Q^T y: exp(q_r) y_r + sum over rows below r of l(row, r) y_row
        double qty = eq[size_t(c * d + r)] * y[r];
        for (int row = r + 1; row < d; ++row) {
          const int t = d + r * d - r * (r + 1) / 2 + (row - r - 1);
          qty += q[t] * y[row];
          gq[t] -= w * y[row] * xc[r];
        }
        g_means[c * d + r] += w * qty;
        gq[r] += w * (1.0 - y[r] * eq[size_t(c * d + r)] * xc[r]);
      }
    }
  }
  double top = -INFINITY, z = 0.0;
  for (int c = 0; c < k; ++c) top = std::max(top, alpha[c]);
  for (int c = 0; c < k; ++c) z += std::exp(alpha[c] - top);
  for (int c = 0; c < k; ++c) {
    g_alpha[c] -= g.n * std::exp(alpha[c] - top) / z;
    for (int j = 0; j < d; ++j) {
      const double e = eq[size_t(c * d + j)];
      g_icf[c * icf + j] += g.gamma * g.gamma * e * e - g.m;
    }
    for (int t = d; t < icf; ++t) g_icf[c * icf + t] += g.gamma * g.gamma * icfs[c * icf + t];
  }
  return grad;
}

}  // namespace

int main(int argc, char** argv) {
  const bench::Runs r = bench::parse_runs(argc, argv, 2, "gmm FILE OUT [MIN_RUNS [MIN_SECONDS]]");
  const gmm::Data g = gmm::read(argv[1]);
  auto [f, grad] = bench::time_pair("objective", [&] { return gmm::objective(g, g.params.data()); }, "gradient",
                                    [&] { return gradient(g, g.params); }, r);
  bench::write_numbers(r, "objective", {f});
  bench::write_numbers(r, "gradient", grad);
}

// Hand-written C++ for the overhead-bound workloads of BENCHMARKS.md §A (bench/overhead/*.fx):
// each primal and its gradient derived by hand, on the same inputs.
//   overhead WORKLOAD OUT [MIN_RUNS [MIN_SECONDS [BATCH]]]   WORKLOAD: sincos loop logsumexp logreg mlp
// (and `empty`: a timed region with nothing in it, the timer's own cost, for bench/native/primal_vs_cpp.py)
//   overhead per_op|per_op_tensor OUT [MIN_RUNS [MIN_SECONDS [REPS]]]
// the chains of bench/overhead/per_op.fx and per_op_tensor.fx on plain doubles, REPS calls in a
// loop as there: what a hand-written program pays per operation (harness/per_op.py)
#include <tuple>
#include <algorithm>
#include <cstring>

#include "bench_io.hpp"

namespace {

using Vec = std::vector<double>;

double sincos(double x) { return std::sin(std::cos(x)); }
double sincos_derivative(double x) { return std::cos(std::cos(x)) * -std::sin(x); }

double power_loop(double x, int n) {
  double r = 1.0;
  for (int i = 0; i < n; ++i) r *= x;
  return r;
}
// d/dx of the loop's r, carried along it: (r x)' = r' x + r.
double power_loop_derivative(double x, int n) {
  double r = 1.0, dr = 0.0;
  for (int i = 0; i < n; ++i) {
    dr = dr * x + r;
    r *= x;
  }
  return dr;
}

double log_sum_exp(const Vec& x) {
  double s = 0.0;
  for (double v : x) s += std::exp(v);
  return std::log(s);
}
Vec log_sum_exp_gradient(const Vec& x) {  // softmax
  Vec g(x.size());
  double s = 0.0;
  for (size_t i = 0; i < x.size(); ++i) s += g[i] = std::exp(x[i]);
  for (double& v : g) v /= s;
  return g;
}

double softplus(double z) { return std::max(z, 0.0) + std::log1p(std::exp(-std::abs(z))); }

struct LogReg {
  Vec x, y, w;  // x: (batch, features) row-major
  size_t batch = 100, features = 100;
  double z(size_t i) const {
    double s = 0.0;
    for (size_t j = 0; j < features; ++j) s += x[i * features + j] * w[j];
    return s;
  }
  double loss() const {
    double total = 0.0;
    for (size_t i = 0; i < batch; ++i) {
      double zi = z(i);
      total += softplus(zi) - y[i] * zi;
    }
    return total / double(batch);
  }
  // d/dw mean(softplus(z) - y z) = x^T (sigmoid(z) - y) / batch
  Vec gradient() const {
    Vec g(features, 0.0);
    for (size_t i = 0; i < batch; ++i) {
      double d = (1.0 / (1.0 + std::exp(-z(i))) - y[i]) / double(batch);
      for (size_t j = 0; j < features; ++j) g[j] += d * x[i * features + j];
    }
    return g;
  }
};

struct Mlp {
  static constexpr size_t in = 784, hidden = 32, out = 10;
  Vec w1, b1, w2, b2, x;
  size_t batch;
  explicit Mlp(size_t b)
      : w1(bench::wave(hidden * in, 0.1, 0.05)), b1(bench::wave(hidden, 0.2, 0.1)),
        w2(bench::wave(out * hidden, 0.3, 0.2)), b2(bench::wave(out, 0.4, 0.1)), x(bench::wave(b * in, 0.5, 1.0)),
        batch(b) {}
  // Forward for image n: pre-activations and log-softmax; returns the loss term.
  double forward(size_t n, double* pre, double* logp) const {
    const double* xi = &x[n * in];
    for (size_t j = 0; j < hidden; ++j) {
      double s = b1[j];
      for (size_t i = 0; i < in; ++i) s += w1[j * in + i] * xi[i];
      pre[j] = s;
    }
    double top = -INFINITY;
    for (size_t k = 0; k < out; ++k) {
      double s = b2[k];
      for (size_t j = 0; j < hidden; ++j) s += w2[k * hidden + j] * std::max(pre[j], 0.0);
      logp[k] = s;
      top = std::max(top, s);
    }
    double z = 0.0;
    for (size_t k = 0; k < out; ++k) z += std::exp(logp[k] - top);
    for (size_t k = 0; k < out; ++k) logp[k] -= top + std::log(z);
    return -logp[n % out];  // label n mod 10
  }
  double loss() const {
    double pre[hidden], logp[out], total = 0.0;
    for (size_t n = 0; n < batch; ++n) total += forward(n, pre, logp);
    return total / double(batch);
  }
  // [w1 | b1 | w2 | b2]: dlogits = (softmax - onehot) / batch, then back through w2, relu, w1.
  Vec gradient() const {
    Vec g(hidden * in + hidden + out * hidden + out, 0.0);
    double* gw1 = g.data();
    double* gb1 = gw1 + hidden * in;
    double* gw2 = gb1 + hidden;
    double* gb2 = gw2 + out * hidden;
    double pre[hidden], logp[out];
    for (size_t n = 0; n < batch; ++n) {
      forward(n, pre, logp);
      double dh[hidden] = {};
      for (size_t k = 0; k < out; ++k) {
        double d = (std::exp(logp[k]) - (k == n % out ? 1.0 : 0.0)) / double(batch);
        gb2[k] += d;
        for (size_t j = 0; j < hidden; ++j) {
          gw2[k * hidden + j] += d * std::max(pre[j], 0.0);
          dh[j] += d * w2[k * hidden + j];
        }
      }
      const double* xi = &x[n * in];
      for (size_t j = 0; j < hidden; ++j) {
        if (pre[j] <= 0.0) continue;
        gb1[j] += dh[j];
        for (size_t i = 0; i < in; ++i) gw1[j * in + i] += dh[j] * xi[i];
      }
    }
    return g;
  }
};

// per_op.fx: y = y * (b - y), 32 times; its derivative with respect to x carried along.
constexpr int kPerOpSteps = 32;
double per_op_chain(double x, double b) {
  double y = x;
  for (int k = 0; k < kPerOpSteps; ++k) y = y * (b - y);
  return y;
}
double per_op_chain_derivative(double x, double b) {
  double y = x, dy = 1.0;
  for (int k = 0; k < kPerOpSteps; ++k) {
    dy = dy * (b - y) - y * dy;
    y = y * (b - y);
  }
  return dy;
}

// per_op_tensor.fx: a[k+2] = a[k+1] OP a[k] for k = 0..63, OP cycling through * - / +; the
// derivative of a[65] with respect to a[0] carried along.
constexpr int kPerOpTensorOps = 64;
double per_op_tensor_chain(double a0, double a1, double* derivative) {
  double p = a0, q = a1, dp = 1.0, dq = 0.0;  // a[k], a[k+1] and their derivatives
  for (int k = 0; k < kPerOpTensorOps; ++k) {
    double r, dr;
    switch (k % 4) {
      case 0: r = q * p, dr = dq * p + q * dp; break;
      case 1: r = q - p, dr = dq - dp; break;
      case 2: r = q / p, dr = (dq * p - q * dp) / (p * p); break;
      default: r = q + p, dr = dq + dp; break;
    }
    p = q, dp = dq;
    q = r, dq = dr;
  }
  if (derivative) *derivative = dq;
  return q;
}

// The loops of both programs: each call's input depends on the sum so far.
template <class F> double per_op_reps(double x, long reps, F&& f) {
  double s = 0.0;
  for (long i = 0; i < reps; ++i) s += f(x + 1e-12 * s);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const bench::Runs r = bench::parse_runs(argc, argv, 2, "overhead WORKLOAD OUT [MIN_RUNS [MIN_SECONDS [BATCH]]]");
  const std::string w = argv[1];
  double f = 0.0;
  Vec g;
  if (w == "empty") {
    volatile double x = 0.0;
    f = bench::time_runs("objective", r, [&] { return double(x); });
    g = {f};
  } else if (w == "sincos") {
    volatile double x = 0.5;  // read afresh every run
    auto [p, d] = bench::time_pair("objective", [&] { return sincos(x); }, "gradient", [&] { return sincos_derivative(x); }, r);
    f = p, g = {d};
  } else if (w == "loop") {
    volatile double x = 1.0001;
    auto [p, d] = bench::time_pair("objective", [&] { return power_loop(x, 1000); }, "gradient",
                                   [&] { return power_loop_derivative(x, 1000); }, r);
    f = p, g = {d};
  } else if (w == "logsumexp") {
    Vec x = bench::wave(100, 0.0, 1.0);
    std::tie(f, g) = bench::time_pair("objective", [&] { return log_sum_exp(x); }, "gradient", [&] { return log_sum_exp_gradient(x); }, r);
  } else if (w == "logreg") {
    LogReg m{bench::wave(100 * 100, 0.3, 1.0), Vec(100), bench::wave(100, 1.1, 0.1)};
    for (size_t i = 0; i < 100; ++i) m.y[i] = double(i % 2);
    std::tie(f, g) = bench::time_pair("objective", [&] { return m.loss(); }, "gradient", [&] { return m.gradient(); }, r);
  } else if (w == "mlp") {
    Mlp m(argc > 5 ? size_t(std::atoi(argv[5])) : 1);
    std::tie(f, g) = bench::time_pair("objective", [&] { return m.loss(); }, "gradient", [&] { return m.gradient(); }, r);
  } else if (w == "per_op" || w == "per_op_tensor") {
    const long reps = argc > 5 ? std::atol(argv[5]) : (w == "per_op" ? 100000 : 20000);
    volatile double input = w == "per_op" ? 0.3 : 0.5;  // as the programs' x, known only at run time
    const double x = input;
    if (w == "per_op") {
      auto [p, d] = bench::time_pair(
          "objective", [&] { return per_op_reps(x, reps, [](double v) { return per_op_chain(v, 1.0); }); }, "gradient",
          [&] { return per_op_reps(x, reps, [](double v) { return per_op_chain_derivative(v, 1.0); }); }, r);
      f = p, g = {d};
    } else {
      auto [p, d] = bench::time_pair(
          "objective", [&] { return per_op_reps(x, reps, [](double v) { return per_op_tensor_chain(v, 0.75, nullptr); }); },
          "gradient",
          [&] {
            return per_op_reps(x, reps, [](double v) {
              double d;
              per_op_tensor_chain(v, 0.75, &d);
              return d;
            });
          },
          r);
      f = p, g = {d};
    }
  } else {
    std::fprintf(stderr, "overhead: unknown workload %s\n", argv[1]);
    return 64;
  }
  bench::write_numbers(r, "objective", {f});
  bench::write_numbers(r, "gradient", g);
}

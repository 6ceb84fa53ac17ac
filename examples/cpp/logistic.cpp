// Embeds Fluxion: loads model.fx, calls a scalar function natively, and trains a logistic
// regression with grad(loss) on data that Fluxion reads in place (no copies). Exits 1 on a
// wrong result, so that `ctest` checks it.
#include <cmath>
#include <cstdio>
#include <vector>

#include "fluxion/fluxion.hpp"

int main() {
  try {
    fluxion::Module model = fluxion::Module::load(MODEL_FILE);
    fluxion::Function sigmoid = model.function("sigmoid");
    std::printf("sigmoid(0) = %g on the %s back end\n", sigmoid(0.0).as_float(),
                fluxion::backend_name(sigmoid.backend({0.0})));
    if (sigmoid(0.0).as_float() != 0.5) return 1;

    // 32 points in 2-D, labelled by the sign of x0 - x1.
    const int n = 32;
    std::vector<double> x(n * 2), y(n);
    for (int i = 0; i < n; ++i) {
      x[2 * i] = std::sin(1.7 * i);
      x[2 * i + 1] = std::cos(0.9 * i);
      y[i] = x[2 * i] - x[2 * i + 1] > 0 ? 1.0 : 0.0;
    }
    fluxion::TensorView xs(x.data(), {n, 2}), ys(y.data(), {n});
    fluxion::Function loss = model.function("loss"), dloss = fluxion::grad(loss);
    std::vector<double> w = {0.0, 0.0};
    double first = loss(fluxion::TensorView(w.data(), {2}), xs, ys).as_float();
    for (int step = 0; step < 100; ++step) {
      fluxion::Value g = dloss(fluxion::TensorView(w.data(), {2}), xs, ys);
      for (int k = 0; k < 2; ++k) w[k] -= 1.0 * g.as_tensor().data_as<double>()[k];
    }
    double last = loss(fluxion::TensorView(w.data(), {2}), xs, ys).as_float();
    std::printf("loss %.4f -> %.4f, w = (%.3f, %.3f)\n", first, last, w[0], w[1]);
    if (!(last < 0.5 * first) || !(w[0] > 0 && w[1] < 0)) return 1;

    try {
      loss(1.0);
      return 1;
    } catch (const fluxion::Error& e) {
      std::printf("a bad call is reported as: %s\n", e.what());
    }
    return 0;
  } catch (const fluxion::Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}

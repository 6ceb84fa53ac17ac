// Hand-written C++ for ADBench's BA (BENCHMARKS.md §B, ../shared/reference/ADBENCH.md §2): the
// residuals, and the sparse Jacobian by dual numbers, 15 tangent lanes per observation (its 11
// camera parameters, 3 point coordinates and weight), assembled in CSR.
//   ba FILE OUT [MIN_RUNS [MIN_SECONDS]]
#include "ba.hpp"

namespace {

constexpr int kLanes = 15;

// A number and its derivatives along the 15 lanes.
struct Dual {
  double v = 0.0;
  double d[kLanes] = {};
};
Dual lift(double v) { return Dual{v}; }
Dual operator+(const Dual& a, const Dual& b) {
  Dual r{a.v + b.v};
  for (int i = 0; i < kLanes; ++i) r.d[i] = a.d[i] + b.d[i];
  return r;
}
Dual operator-(const Dual& a, const Dual& b) {
  Dual r{a.v - b.v};
  for (int i = 0; i < kLanes; ++i) r.d[i] = a.d[i] - b.d[i];
  return r;
}
Dual operator*(const Dual& a, const Dual& b) {
  Dual r{a.v * b.v};
  for (int i = 0; i < kLanes; ++i) r.d[i] = a.d[i] * b.v + a.v * b.d[i];
  return r;
}
Dual operator/(const Dual& a, const Dual& b) {
  Dual r{a.v / b.v};
  for (int i = 0; i < kLanes; ++i) r.d[i] = (a.d[i] - r.v * b.d[i]) / b.v;
  return r;
}
Dual scaled(const Dual& a, double da_dv, double v) {  // f(a) with f' = da_dv, f(a) = v
  Dual r{v};
  for (int i = 0; i < kLanes; ++i) r.d[i] = da_dv * a.d[i];
  return r;
}
Dual sqrt(const Dual& a) { double s = std::sqrt(a.v); return scaled(a, 0.5 / s, s); }
Dual sin(const Dual& a) { return scaled(a, std::cos(a.v), std::sin(a.v)); }
Dual cos(const Dual& a) { return scaled(a, -std::sin(a.v), std::cos(a.v)); }
double value(const Dual& x) { return x.v; }


// The 2 x 15 block of observation i by one pass of dual numbers with 15 lanes.
void dual_block(const ba::Ba& b, int i, int c, int q, double* vals) {
  Dual cam[11], x[3], w, err[2];
  for (int t = 0; t < 11; ++t) cam[t] = lift(b.cams[size_t(11 * c + t)]), cam[t].d[t] = 1.0;
  for (int t = 0; t < 3; ++t) x[t] = lift(b.points[size_t(3 * q + t)]), x[t].d[11 + t] = 1.0;
  w = lift(b.weights[size_t(i)]), w.d[14] = 1.0;
  ba::reprojection_error(cam, x, w, &b.feats[size_t(2 * i)], err);
  for (int a = 0; a < 2; ++a)
    for (int t = 0; t < kLanes; ++t) vals[a * kLanes + t] = err[a].d[t];
}

}  // namespace

int main(int argc, char** argv) {
  return ba::run(argc, argv, "ba FILE OUT [MIN_RUNS [MIN_SECONDS]]", [](const ba::Ba& b) {
    return ba::jacobian(b, [&](int i, int c, int q, double* vals) { dual_block(b, i, c, q, vals); });
  });
}

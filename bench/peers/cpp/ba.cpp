// Hand-written C++ for ADBench's BA (BENCHMARKS.md §B, ../shared/reference/ADBENCH.md §2): the
// residuals, and the sparse Jacobian by dual numbers, 15 tangent lanes per observation (its 11
// camera parameters, 3 point coordinates and weight), assembled in CSR.
//   ba FILE OUT [MIN_RUNS [MIN_SECONDS]]
#include "bench_io.hpp"

namespace {

using Vec = std::vector<double>;
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
double value(double x) { return x; }
double value(const Dual& x) { return x.v; }

// The weighted reprojection error of one observation (ADBENCH.md §2), for T = double or Dual.
template <class T>
void reprojection_error(const T* cam, const T* x, const T& w, const double* feat, T* err) {
  using std::cos, std::sin, std::sqrt;
  T y[3] = {x[0] - cam[3], x[1] - cam[4], x[2] - cam[5]};
  const T* r = cam;
  T z[3];
  auto cross = [](const T* a, const T* b, T* out) {
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
  };
  T theta2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
  if (value(theta2) != 0.0) {
    T theta = sqrt(theta2);
    T axis[3] = {r[0] / theta, r[1] / theta, r[2] / theta}, axy[3];
    T c = cos(theta), s = sin(theta);
    cross(axis, y, axy);
    T dot = axis[0] * y[0] + axis[1] * y[1] + axis[2] * y[2];
    T one = T(1.0);
    for (int i = 0; i < 3; ++i) z[i] = y[i] * c + axy[i] * s + axis[i] * dot * (one - c);
  } else {
    T ry[3];
    cross(r, y, ry);
    for (int i = 0; i < 3; ++i) z[i] = y[i] + ry[i];
  }
  T u[2] = {z[0] / z[2], z[1] / z[2]};
  T rho = u[0] * u[0] + u[1] * u[1];
  T distortion = T(1.0) + cam[9] * rho + cam[10] * rho * rho;
  for (int a = 0; a < 2; ++a) err[a] = w * (cam[6] * (u[a] * distortion) + cam[7 + a] - T(feat[a]));
}

struct Ba {
  int n = 0, m = 0, p = 0;
  Vec cams, points, weights, feats;
};

Ba read(const char* path) {
  Vec v = bench::read_numbers(path);
  Ba b;
  b.n = int(v[0]), b.m = int(v[1]), b.p = int(v[2]);
  for (int i = 0; i < b.n; ++i) b.cams.insert(b.cams.end(), v.begin() + 3, v.begin() + 14);
  for (int i = 0; i < b.m; ++i) b.points.insert(b.points.end(), v.begin() + 14, v.begin() + 17);
  b.weights.assign(size_t(b.p), v[17]);
  for (int i = 0; i < b.p; ++i) b.feats.insert(b.feats.end(), v.begin() + 18, v.begin() + 20);
  return b;
}

Vec residuals(const Ba& b) {
  Vec out(size_t(3 * b.p));
  for (int i = 0; i < b.p; ++i) {
    reprojection_error(&b.cams[size_t(11 * (i % b.n))], &b.points[size_t(3 * (i % b.m))], b.weights[size_t(i)],
                       &b.feats[size_t(2 * i)], &out[size_t(2 * i)]);
    out[size_t(2 * b.p + i)] = 1.0 - b.weights[size_t(i)] * b.weights[size_t(i)];
  }
  return out;
}

struct Csr {
  std::vector<long> rows, cols;
  Vec vals;
};

Csr jacobian(const Ba& b) {
  Csr j;
  const long cam_base = 0, point_base = 11L * b.n, weight_base = point_base + 3L * b.m;
  j.rows.reserve(size_t(3 * b.p + 1));
  j.cols.reserve(size_t(31 * b.p));
  j.vals.reserve(size_t(31 * b.p));
  j.rows.push_back(0);
  for (int i = 0; i < b.p; ++i) {
    const int c = i % b.n, q = i % b.m;
    Dual cam[11], x[3], w, err[2];
    for (int t = 0; t < 11; ++t) cam[t] = lift(b.cams[size_t(11 * c + t)]), cam[t].d[t] = 1.0;
    for (int t = 0; t < 3; ++t) x[t] = lift(b.points[size_t(3 * q + t)]), x[t].d[11 + t] = 1.0;
    w = lift(b.weights[size_t(i)]), w.d[14] = 1.0;
    reprojection_error(cam, x, w, &b.feats[size_t(2 * i)], err);
    for (int a = 0; a < 2; ++a) {
      for (int t = 0; t < 11; ++t) j.cols.push_back(cam_base + 11L * c + t);
      for (int t = 0; t < 3; ++t) j.cols.push_back(point_base + 3L * q + t);
      j.cols.push_back(weight_base + i);
      j.vals.insert(j.vals.end(), err[a].d, err[a].d + kLanes);
      j.rows.push_back(j.rows.back() + kLanes);
    }
  }
  for (int i = 0; i < b.p; ++i) {
    j.cols.push_back(weight_base + i);
    j.vals.push_back(-2.0 * b.weights[size_t(i)]);
    j.rows.push_back(j.rows.back() + 1);
  }
  return j;
}

}  // namespace

int main(int argc, char** argv) {
  const bench::Runs r = bench::parse_runs(argc, argv, 2, "ba FILE OUT [MIN_RUNS [MIN_SECONDS]]");
  const Ba b = read(argv[1]);
  Vec f = bench::time_runs("objective", r, [&] { return residuals(b); });
  Csr j = bench::time_runs("jacobian", r, [&] { return jacobian(b); });
  bench::write_numbers(r, "objective", f);
  bench::write_numbers(r, "jacobian_rows", Vec(j.rows.begin(), j.rows.end()));
  bench::write_numbers(r, "jacobian_cols", Vec(j.cols.begin(), j.cols.end()));
  bench::write_numbers(r, "jacobian_vals", j.vals);
}

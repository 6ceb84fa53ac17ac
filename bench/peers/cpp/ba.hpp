// ADBench's BA (BENCHMARKS.md §B, ../shared/reference/ADBENCH.md §2) for the C++ peers: the
// reprojection error of one observation, written once for any scalar type T (double; dual
// numbers in ba.cpp; ADOL-C's adouble in ba_adolc.cpp) that has value(T); the input file; the
// residuals; and the sparse Jacobian in CSR around a per-observation block of derivatives.
#pragma once
#include "bench_io.hpp"

namespace ba {

using Vec = std::vector<double>;
inline double value(double x) { return x; }

// The weighted reprojection error of one observation (ADBENCH.md §2), for any scalar type T.
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

inline Ba read(const char* path) {
  Vec v = bench::read_numbers(path);
  Ba b;
  b.n = int(v[0]), b.m = int(v[1]), b.p = int(v[2]);
  for (int i = 0; i < b.n; ++i) b.cams.insert(b.cams.end(), v.begin() + 3, v.begin() + 14);
  for (int i = 0; i < b.m; ++i) b.points.insert(b.points.end(), v.begin() + 14, v.begin() + 17);
  b.weights.assign(size_t(b.p), v[17]);
  for (int i = 0; i < b.p; ++i) b.feats.insert(b.feats.end(), v.begin() + 18, v.begin() + 20);
  return b;
}

inline Vec residuals(const Ba& b) {
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

// The Jacobian of the residuals with respect to (cameras, points, weights), ADBench's layout:
// block(i, c, q, vals) writes the 2 x 15 derivatives of observation i's reprojection error
// (camera c's 11 parameters, point q's 3 coordinates, its weight), row by row.
template <class Block>
Csr jacobian(const Ba& b, Block block) {
  Csr j;
  const long point_base = 11L * b.n, weight_base = point_base + 3L * b.m;
  j.rows.reserve(size_t(3 * b.p + 1));
  j.cols.reserve(size_t(31 * b.p));
  j.vals.resize(size_t(30 * b.p));
  j.rows.push_back(0);
  for (int i = 0; i < b.p; ++i) {
    const int c = i % b.n, q = i % b.m;
    block(i, c, q, &j.vals[size_t(30 * i)]);
    for (int a = 0; a < 2; ++a) {
      for (int t = 0; t < 11; ++t) j.cols.push_back(11L * c + t);
      for (int t = 0; t < 3; ++t) j.cols.push_back(point_base + 3L * q + t);
      j.cols.push_back(weight_base + i);
      j.rows.push_back(j.rows.back() + 15);
    }
  }
  for (int i = 0; i < b.p; ++i) {
    j.cols.push_back(weight_base + i);
    j.vals.push_back(-2.0 * b.weights[size_t(i)]);
    j.rows.push_back(j.rows.back() + 1);
  }
  return j;
}

// The peers' main: FILE OUT [MIN_RUNS [MIN_SECONDS]], times the residuals and the Jacobian and
// writes them (objective, jacobian_rows, jacobian_cols, jacobian_vals).
template <class Jacobian>
int run(int argc, char** argv, const char* usage, Jacobian jacobian_of) {
  const bench::Runs r = bench::parse_runs(argc, argv, 2, usage);
  const Ba b = read(argv[1]);
  auto [f, j] = bench::time_pair("objective", [&] { return residuals(b); }, "jacobian", [&] { return jacobian_of(b); }, r);
  bench::write_numbers(r, "objective", f);
  bench::write_numbers(r, "jacobian_rows", Vec(j.rows.begin(), j.rows.end()));
  bench::write_numbers(r, "jacobian_cols", Vec(j.cols.begin(), j.cols.end()));
  bench::write_numbers(r, "jacobian_vals", j.vals);
  return 0;
}

}  // namespace ba

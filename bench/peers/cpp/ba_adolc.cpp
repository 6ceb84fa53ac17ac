// ADOL-C for ADBench's BA (BENCHMARKS.md §B): the reprojection error of ba.hpp on adoubles, taped
// once per branch of the rotation (angle zero or not: the branch is not on the tape, so each has
// its own) with the 17 inputs camera, point, weight and feature, then each observation's 2 x 15
// block by ADOL-C's jacobian driver on the tape of its branch.
//   ba_adolc FILE OUT [MIN_RUNS [MIN_SECONDS]]
#include <adolc/adolc.h>

#include "ba.hpp"

double value(const adouble& x) { return x.getValue(); }

namespace {

constexpr int kInputs = 17;  // camera (11), point (3), weight, feature (2)

// The observation's inputs, in tape order.
void inputs_of(const ba::Ba& b, int i, int c, int q, double* in) {
  for (int t = 0; t < 11; ++t) in[t] = b.cams[size_t(11 * c + t)];
  for (int t = 0; t < 3; ++t) in[11 + t] = b.points[size_t(3 * q + t)];
  in[14] = b.weights[size_t(i)];
  in[15] = b.feats[size_t(2 * i)];
  in[16] = b.feats[size_t(2 * i + 1)];
}

// Tapes the reprojection error at `in` under `tag`.
void tape(short tag, const double* in) {
  trace_on(tag);
  adouble x[kInputs], err[2];
  for (int t = 0; t < kInputs; ++t) x[t] <<= in[t];
  // The feature is an input, so it is subtracted here rather than passed as a constant.
  const double no_feature[2] = {0.0, 0.0};
  ba::reprojection_error(x, x + 11, x[14], no_feature, err);
  double out[2];
  for (int a = 0; a < 2; ++a) {
    err[a] = err[a] - x[14] * x[15 + a];
    err[a] >>= out[a];
  }
  trace_off();
}

struct Tapes {
  bool taped[2] = {false, false};  // tag 1: rotation angle not zero; tag 2: zero

  void block(const ba::Ba& b, int i, int c, int q, double* vals) {
    double in[kInputs], j0[kInputs], j1[kInputs];
    inputs_of(b, i, c, q, in);
    const short tag = in[0] * in[0] + in[1] * in[1] + in[2] * in[2] != 0.0 ? 1 : 2;
    if (!taped[tag - 1]) {
      tape(tag, in);
      taped[tag - 1] = true;
    }
    double* rows[2] = {j0, j1};
    jacobian(tag, 2, kInputs, in, rows);
    for (int t = 0; t < 15; ++t) vals[t] = j0[t], vals[15 + t] = j1[t];
  }
};

}  // namespace

int main(int argc, char** argv) {
  Tapes tapes;
  return ba::run(argc, argv, "ba_adolc FILE OUT [MIN_RUNS [MIN_SECONDS]]", [&](const ba::Ba& b) {
    return ba::jacobian(b, [&](int i, int c, int q, double* vals) { tapes.block(b, i, c, q, vals); });
  });
}

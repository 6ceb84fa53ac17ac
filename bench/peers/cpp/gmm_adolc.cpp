// ADOL-C for ADBench's GMM (BENCHMARKS.md §B): the objective of gmm.hpp on adoubles, taped once
// (before timing, the tape being reusable since the objective has no value-dependent branches
// but the max of log-sum-exp, which ADOL-C records as fmax), then the gradient by reverse
// sweeps over the tape.
//   gmm_adolc FILE OUT [MIN_RUNS [MIN_SECONDS]]
#include <adolc/adolc.h>

#include "gmm.hpp"

int main(int argc, char** argv) {
  const bench::Runs r = bench::parse_runs(argc, argv, 2, "gmm_adolc FILE OUT [MIN_RUNS [MIN_SECONDS]]");
  const gmm::Data g = gmm::read(argv[1]);
  const int n = int(g.params.size());
  const short tag = 1;
  trace_on(tag);
  std::vector<adouble> p(n);
  for (int i = 0; i < n; ++i) p[size_t(i)] <<= g.params[size_t(i)];
  adouble y = gmm::objective(g, p.data());
  double taped;
  y >>= taped;
  trace_off();
  auto [f, grad] = bench::time_pair(
      "objective",
      [&] {
        double out;
        zos_forward(tag, 1, n, 0, g.params.data(), &out);
        return out;
      },
      "gradient",
      [&] {
        std::vector<double> out(n);
        gradient(tag, n, g.params.data(), out.data());
        return out;
      },
      r);
  bench::write_numbers(r, "objective", {f});
  bench::write_numbers(r, "gradient", grad);
}

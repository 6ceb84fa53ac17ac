// ADOL-C for ADBench's LSTM (BENCHMARKS.md §B): the loss of lstm.hpp on adoubles, taped once
// (before timing; the loss has no value-dependent branches, so the tape holds for any
// parameters), then the objective by a zero-order sweep and the gradient by a reverse sweep
// over the tape.
//   lstm_adolc FILE OUT [MIN_RUNS [MIN_SECONDS]]
#include <adolc/adolc.h>

#include "lstm.hpp"

int main(int argc, char** argv) {
  const bench::Runs r = bench::parse_runs(argc, argv, 2, "lstm_adolc FILE OUT [MIN_RUNS [MIN_SECONDS]]");
  const lstm::Lstm m = lstm::read(argv[1]);
  std::vector<double> params(m.main);
  params.insert(params.end(), m.extra.begin(), m.extra.end());
  const int n = int(params.size());
  const short tag = 1;
  trace_on(tag);
  std::vector<adouble> p(n);
  for (int i = 0; i < n; ++i) p[size_t(i)] <<= params[size_t(i)];
  adouble y = lstm::loss(m, p.data(), p.data() + m.main.size());
  double taped;
  y >>= taped;
  trace_off();
  auto [f, grad] = bench::time_pair(
      "objective",
      [&] {
        double out;
        zos_forward(tag, 1, n, 0, params.data(), &out);
        return out;
      },
      "gradient",
      [&] {
        std::vector<double> out(n);
        gradient(tag, n, params.data(), out.data());
        return out;
      },
      r);
  bench::write_numbers(r, "objective", {f});
  bench::write_numbers(r, "gradient", grad);
}

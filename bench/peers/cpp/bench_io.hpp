// What every C++ peer shares with the Fluxion programs (bench/lib/timing.fx): the command line
// `OUT [MIN_RUNS [MIN_SECONDS]]` after the peer's own arguments, one `timing LABEL SECONDS` line
// per run on stdout, and the results written to OUT as text, one number per line (%.17g).
#pragma once
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace bench {

struct Runs {
  std::string out = ".";
  int min_runs = 1;
  double min_seconds = 0.0;
};

// argv[first], argv[first + 1], argv[first + 2]: OUT, MIN_RUNS, MIN_SECONDS. Without OUT, prints
// `usage` and exits with 64 (bad usage), as fluxion does.
inline Runs parse_runs(int argc, char** argv, int first, const char* usage) {
  if (argc <= first) {
    std::fprintf(stderr, "usage: %s\n", usage);
    std::exit(64);
  }
  Runs r;
  r.out = argv[first];
  if (argc > first + 1) r.min_runs = std::atoi(argv[first + 1]);
  if (argc > first + 2) r.min_seconds = std::atof(argv[first + 2]);
  return r;
}

// Runs f at least min_runs times and until min_seconds have been measured; f's result of the
// last run. The result is kept (returned) so the compiler cannot drop the work.
template <class F>
auto time_runs(const char* label, const Runs& r, F f) {
  using clock = std::chrono::steady_clock;
  int runs = 0;
  double total = 0.0;
  decltype(f()) out{};
  while (runs < r.min_runs || total < r.min_seconds) {
    auto start = clock::now();
    out = f();
    double elapsed = std::chrono::duration<double>(clock::now() - start).count();
    std::printf("timing %s %.9g\n", label, elapsed);
    total += elapsed;
    ++runs;
  }
  return out;
}

// Runs a and b in alternation, one run of each per round, until each has run min_runs times and
// each's runs add up to min_seconds (bench/lib/timing.fx time_pair: a ratio of their medians then
// compares runs made in the same stretch of time). Returns both results of the last round.
template <class A, class B>
auto time_pair(const char* label_a, A a, const char* label_b, B b, const Runs& r) {
  using clock = std::chrono::steady_clock;
  int runs = 0;
  double total_a = 0.0, total_b = 0.0;
  std::pair<decltype(a()), decltype(b())> out{};
  while (runs < r.min_runs || total_a < r.min_seconds || total_b < r.min_seconds) {
    auto start = clock::now();
    out.first = a();
    double elapsed = std::chrono::duration<double>(clock::now() - start).count();
    std::printf("timing %s %.9g\n", label_a, elapsed);
    total_a += elapsed;
    start = clock::now();
    out.second = b();
    elapsed = std::chrono::duration<double>(clock::now() - start).count();
    std::printf("timing %s %.9g\n", label_b, elapsed);
    total_b += elapsed;
    ++runs;
  }
  return out;
}

inline void write_numbers(const Runs& r, const char* name, const std::vector<double>& v) {
  std::string path = r.out + "/" + name + ".txt";
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) {
    std::perror(path.c_str());
    std::exit(1);
  }
  for (double x : v) std::fprintf(f, "%.17g\n", x);
  std::fclose(f);
}

// Every number of a text file (ADBench's inputs).
inline std::vector<double> read_numbers(const char* path) {
  FILE* f = std::fopen(path, "r");
  if (!f) {
    std::perror(path);
    std::exit(1);
  }
  std::vector<double> v;
  double x;
  while (std::fscanf(f, "%lf", &x) == 1) v.push_back(x);
  std::fclose(f);
  return v;
}

// The deterministic inputs of bench/overhead/common.fx: scale * sin(0.37 i + phase).
inline std::vector<double> wave(size_t n, double phase, double scale) {
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = scale * std::sin(0.37 * double(i) + phase);
  return v;
}

}  // namespace bench

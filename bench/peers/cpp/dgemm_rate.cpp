// BENCHMARKS.md §E: the machine's OpenBLAS dgemm rate on one thread, the bound the matrix-heavy
// steps (MLP and CNN at batch 100) are measured against. For each size n, C = A B of n x n
// matrices is repeated for at least 0.3 s after a warm-up, three times; prints the best of the
// three as `dgemm N GFLOPS` per size (the best, since other work on the machine only slows it).
//   dgemm_rate [N ...]   (default 128 256 512 1024)
#include <cblas.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
  openblas_set_num_threads(1);
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty()) sizes = {128, 256, 512, 1024};
  for (int n : sizes) {
    std::vector<double> a(size_t(n) * n), b(size_t(n) * n), c(size_t(n) * n);
    for (size_t i = 0; i < a.size(); ++i) {
      a[i] = 1.0 / double(1 + i % 7);
      b[i] = 1.0 / double(1 + i % 5);
    }
    auto product = [&] {
      cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a.data(), n, b.data(), n, 0.0, c.data(), n);
    };
    product();  // warm-up
    double best = 0.0;
    for (int trial = 0; trial < 3; ++trial) {
      long runs = 0;
      double seconds = 0.0;
      auto start = std::chrono::steady_clock::now();
      while (seconds < 0.3) {
        product();
        ++runs;
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      }
      double rate = 2.0 * n * n * n * runs / seconds / 1e9;
      if (rate > best) best = rate;
    }
    std::printf("dgemm %d %.4g\n", n, best);
  }
  return 0;
}

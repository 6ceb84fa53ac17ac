// The cost of calling a compiled scalar Fluxion function from C++ (docs/embedding.md "Cost of a
// call"): N calls of poly(x, y) through fluxion::Function against N calls of the same
// arithmetic through a C++ function pointer (which the compiler cannot inline either), and the
// same function in the interpreter for comparison. Prints ns per call (the best of 200 batches)
// and the difference.
//
// usage: embedding_call_overhead [N]
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "fluxion/fluxion.hpp"

namespace {

double poly_cpp(double x, double y) { return x * x * y + 3.0 * y; }
double (*volatile poly_pointer)(double, double) = poly_cpp;

// The best of kBatches batches of n / kBatches calls, as Python's timeit.repeat is read: on a
// shared machine a batch the scheduler interrupted measures the other processes, not the call.
constexpr long kBatches = 200;

template <class F>
double ns_per_call(long n, F&& body) {
  long per_batch = n / kBatches > 0 ? n / kBatches : 1;
  double best = 0, sink = 0;
  for (long batch = 0; batch < kBatches; ++batch) {
    auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < per_batch; ++i) sink += body(static_cast<double>(i & 1023));
    auto end = std::chrono::steady_clock::now();
    double ns = std::chrono::duration<double, std::nano>(end - start).count() / static_cast<double>(per_batch);
    if (batch == 0 || ns < best) best = ns;
  }
  if (sink == -1.0) std::puts("");  // keeps the calls
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 10000000;
  const char* program = "def poly(x, y):\n    return x * x * y + 3.0 * y\n";
  fluxion::Module native = fluxion::Module::loads(program, "poly.fx");
  fluxion::Options interp_options;
  interp_options.engine = fluxion::Engine::Interpreter;
  fluxion::Module interpreted = fluxion::Module::loads(program, "poly.fx", interp_options);
  fluxion::Function f = native.function("poly"), g = interpreted.function("poly");
  f(1.0, 2.0);  // compiles (or finds in the cache) the specialisation for (f64, f64)
  g(1.0, 2.0);
  std::printf("backend: %s\n", fluxion::backend_name(f.backend({1.0, 2.0})));
  double base = ns_per_call(n, [](double x) { return poly_pointer(x, 2.0); });
  double fx = ns_per_call(n, [&](double x) { return f(x, 2.0).as_float(); });
  double in = ns_per_call(n / 100, [&](double x) { return g(x, 2.0).as_float(); });
  std::printf("C++ function pointer:       %8.1f ns/call\n", base);
  std::printf("fluxion::Function, native:  %8.1f ns/call (overhead %.1f ns)\n", fx, fx - base);
  std::printf("fluxion::Function, interp.: %8.1f ns/call\n", in);

  // A native gradient: d/dx (a scalar result: the lock-free path) and d/dx, d/dy (a tuple).
  fluxion::Function dx = fluxion::grad(f), dxy = fluxion::grad(f, {0, 1});
  fluxion::Function dx_in = fluxion::grad(g), dxy_in = fluxion::grad(g, {0, 1});
  std::printf("backend of grad: %s, %s\n", fluxion::backend_name(dx.backend({1.0, 2.0})),
              fluxion::backend_name(dxy.backend({1.0, 2.0})));
  double grad_base = ns_per_call(n, [](double x) { return 2.0 * x * 2.0 + 0.0 * poly_pointer(x, 2.0); });
  double grad_dx = ns_per_call(n, [&](double x) { return dx(x, 2.0).as_float(); });
  double grad_dxy = ns_per_call(n / 10, [&](double x) { return dxy(x, 2.0).items()[1].as_float(); });
  double grad_in = ns_per_call(n / 100, [&](double x) { return dx_in(x, 2.0).as_float(); });
  double grad_xy_in = ns_per_call(n / 100, [&](double x) { return dxy_in(x, 2.0).items()[1].as_float(); });
  std::printf("C++ gradient by hand:       %8.1f ns/call\n", grad_base);
  std::printf("grad(poly), native:         %8.1f ns/call (overhead %.1f ns)\n", grad_dx, grad_dx - grad_base);
  std::printf("grad(poly, (0, 1)), native: %8.1f ns/call\n", grad_dxy);
  std::printf("grad(poly), interp.:        %8.1f ns/call\n", grad_in);
  std::printf("grad(poly, (0, 1)), interp.:%8.1f ns/call\n", grad_xy_in);
  return 0;
}

// Reverse mode through long loops (docs/ad.md §3): the forward loop pushes one pullback per
// iteration on a persistent list and the backward loop pops them, so n iterations cost O(n)
// time and memory — checked on a million iterations, against forward mode (a hundred thousand
// under the sanitizers, whose Debug build would take over 15 minutes for a million).
#include "ad_test_support.hpp"

namespace {

using namespace adtest;

const char* kLoops = R"(
def decay(x, n):
    s = x
    for i in range(n):
        s = s * 0.999999 + sin(s) * 0.000001
    return s

def captured(x, n):
    s = 1.0
    k = 0
    while k < n:
        s = s * (1.0 + x / float(n)) + 0.0
        k += 1
    return s

def late(x, n):
    k = 0
    while k < n:
        if k == 2:
            y = x * x
            return y + float(k)
        k += 1
    return x

def nested(x, n):
    s = x
    for i in range(n):
        for j in range(3):
            s = s + sin(s * x) * 0.001
    return s
)";

double reverse(Program& pr, Graph* f, double x, int64_t n) {
  return num(pr.apply(pr.derived(Prim::Grad, pr.value(f)), {F(x), I(n)}));
}
double forward(Program& pr, Graph* f, double x, int64_t n) {
  return num(pr.apply_prim(Prim::Jvp, {pr.value(f), T({F(x), I(n)}), T({F(1.0), I(0)})}).items()[1]);
}

#ifdef FLUXION_SANITIZED_TESTS
constexpr int64_t kLong = 100000;
#else
constexpr int64_t kLong = 1000000;
#endif

TEST(AdLoops, AMillionIterationsInReverseMode) {
  Program pr(kLoops);
  Graph* decay = pr.function("decay");
  double rev = reverse(pr, decay, 1.0, kLong);
  double fwd = forward(pr, decay, 1.0, kLong);
  EXPECT_NEAR(rev, fwd, 1e-12);
  if (kLong == 1000000) {
    EXPECT_NEAR(rev, 0.66806267708868, 1e-9);
  }
}

TEST(AdLoops, TypedLoopsToo) {
  Program pr(kLoops);
  auto& store = pr.comp->checker().store();
  Graph* decay = pr.comp->checker().specialise(pr.function("decay"), {store.f64(), store.i64()});
  pr.m.renumber();
  EXPECT_NEAR(reverse(pr, decay, 1.0, kLong), forward(pr, decay, 1.0, kLong), 1e-12);
}

TEST(AdLoops, CapturedVariablesAccumulateOverIterations) {
  Program pr(kLoops);
  Graph* captured = pr.function("captured");
  // s = (1 + x/n)^n → e^x; ds/dx = (1 + x/n)^(n-1).
  const int64_t n = 100000;
  double want = std::pow(1.0 + 0.5 / n, n - 1);
  EXPECT_NEAR(reverse(pr, captured, 0.5, n), want, 1e-9);
  EXPECT_NEAR(forward(pr, captured, 0.5, n), want, 1e-9);
}

TEST(AdLoops, NestedLoopsAndSecondOrder) {
  Program pr(kLoops);
  Graph* nested = pr.function("nested");
  double rev = reverse(pr, nested, 0.7, 2000);
  EXPECT_NEAR(rev, forward(pr, nested, 0.7, 2000), 1e-10);
  // grad(grad(f)) and derivative(grad(f)) through the loops: J∘J and T∘J.
  Value g = pr.derived(Prim::Grad, pr.value(nested));
  double jj = num(pr.apply(pr.derived(Prim::Grad, g), {F(0.7), I(2000)}));
  double tj = num(pr.apply_prim(Prim::Jvp, {g, T({F(0.7), I(2000)}), T({F(1.0), I(0)})}).items()[1]);
  EXPECT_NEAR(jj, tj, 1e-9 * (1 + std::fabs(tj)));
  const double h = 1e-5;
  double fd = (reverse(pr, nested, 0.7 + h, 2000) - reverse(pr, nested, 0.7 - h, 2000)) / (2 * h);
  EXPECT_NEAR(jj, fd, 1e-5 * (1 + std::fabs(fd)));
}

// Loop states carry variables not assigned yet (Undef) and a `return` inside the loop.
TEST(AdLoops, StatesWithUnassignedVariablesAndReturns) {
  Program pr(kLoops);
  Graph* late = pr.function("late");
  EXPECT_NEAR(reverse(pr, late, 1.5, 5), 3.0, 1e-12);
  EXPECT_NEAR(forward(pr, late, 1.5, 5), 3.0, 1e-12);
  EXPECT_NEAR(reverse(pr, late, 1.5, 1), 1.0, 1e-12);
}

// Linear, not quadratic: ten times the iterations take about ten times the work, counted in
// interpreter steps and heap values created (the pullbacks pushed and popped), not timed
// (timings: bench/complexity/).
TEST(AdLoops, ReverseModeWorkGrowsLinearly) {
  Program pr(kLoops);
  Graph* decay = pr.function("decay");
  reverse(pr, decay, 1.0, 1000);  // transforms built and cached
  auto work = [&](int64_t n) {
    fx::interp::Counters before = fx::interp::counters;
    reverse(pr, decay, 1.0, n);
    return std::pair(fx::interp::counters.steps - before.steps, fx::interp::counters.objects - before.objects);
  };
  auto [small_steps, small_objects] = work(5000);
  auto [large_steps, large_objects] = work(50000);
  EXPECT_GT(small_steps, 5000u);
  EXPECT_GT(small_objects, 5000u);  // a pullback per iteration
  EXPECT_NEAR(static_cast<double>(large_steps) / static_cast<double>(small_steps), 10.0, 0.1)
      << small_steps << " steps for 5000 iterations, " << large_steps << " for 50000";
  EXPECT_NEAR(static_cast<double>(large_objects) / static_cast<double>(small_objects), 10.0, 0.1)
      << small_objects << " heap values for 5000 iterations, " << large_objects << " for 50000";
}

}  // namespace

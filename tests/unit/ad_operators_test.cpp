// The derivative operators at run time (LANGUAGE.md §6, docs/ad.md §4): their results and
// shapes, the custom-rule and checkpoint operators, and their errors.
#include "ad_test_support.hpp"

namespace {

using namespace adtest;

const char* kFunctions = R"(
def poly(x, y):
    return x ** 3 * y ** 2

def pair(x, y):
    return (x * y, x + y)

def noisy(x):
    print("noisy", x)
    return sin(x) * x

def sin_fwd(x):
    return (sin(x), cos(x))

def sin_bwd(res, ct):
    return (ct * res * 100.0,)

def seven(p, t):
    return (sin(p[0]), 7.0 * t[0])

def ten_times(g):
    return g * 10.0
)";

struct Fixture {
  Program pr{kFunctions};
  Value fn(const char* name) { return pr.value(pr.function(name)); }
  Value d(Prim op, const Value& f, int64_t argnums = 0) { return pr.derived(op, f, argnums); }
  Value tuple_argnums(Prim op, const Value& f, std::vector<int64_t> nums) {
    std::vector<Value> a;
    for (int64_t n : nums) a.push_back(I(n));
    return pr.apply_prim(op, {f, T(a)});
  }
  std::string call(const Value& f, std::vector<Value> args) { return show(pr.apply(f, std::move(args))); }
};

TEST(AdOperators, GradValueAndGradAndArgnums) {
  Fixture t;
  Value poly = t.fn("poly");
  EXPECT_EQ(t.call(t.d(Prim::Grad, poly), {F(2.0), F(3.0)}), "108.0");
  EXPECT_EQ(t.call(t.d(Prim::Grad, poly, 1), {F(2.0), F(3.0)}), "48.0");
  EXPECT_EQ(t.call(t.tuple_argnums(Prim::Grad, poly, {1, 0}), {F(2.0), F(3.0)}), "(48.0, 108.0)");
  EXPECT_EQ(t.call(t.d(Prim::ValueAndGrad, poly), {F(2.0), F(3.0)}), "(72.0, 108.0)");
  EXPECT_EQ(t.call(t.tuple_argnums(Prim::ValueAndGrad, poly, {0, 1}), {F(2.0), F(3.0)}), "(72.0, (108.0, 48.0))");
}

TEST(AdOperators, JvpAndVjp) {
  Fixture t;
  Value poly = t.fn("poly");
  EXPECT_EQ(show(t.pr.apply_prim(Prim::Jvp, {poly, T({F(2.0), F(3.0)}), T({F(1.0), F(0.5)})})), "(72.0, 132.0)");
  Value r = t.pr.apply_prim(Prim::Vjp, {poly, F(2.0), F(3.0)});
  EXPECT_EQ(show(r.items()[0]), "72.0");
  EXPECT_EQ(show(r.items()[1]), "<function vjp.pullback>");
  EXPECT_EQ(t.call(r.items()[1], {F(1.0)}), "(108.0, 48.0)");  // one cotangent per primal, no env
  Value rp = t.pr.apply_prim(Prim::Vjp, {t.fn("pair"), F(2.0), F(3.0)});
  EXPECT_EQ(t.call(rp.items()[1], {T({F(1.0), F(0.0)})}), "(3.0, 2.0)");
  EXPECT_EQ(t.call(rp.items()[1], {T({F(0.0), F(1.0)})}), "(1.0, 1.0)");
}

TEST(AdOperators, JacobiansAreOutputMajor) {
  Fixture t;
  Value pair = t.fn("pair");
  for (Prim op : {Prim::Jacfwd, Prim::Jacrev}) {
    SCOPED_TRACE(fx::ir::prim_name(op));
    EXPECT_EQ(t.call(t.d(op, pair), {F(2.0), F(3.0)}), "(3.0, 1.0)");
    EXPECT_EQ(t.call(t.tuple_argnums(op, pair, {0, 1}), {F(2.0), F(3.0)}), "((3.0, 2.0), (1.0, 1.0))");
    EXPECT_EQ(t.call(t.d(op, t.fn("poly")), {F(2.0), F(3.0)}), "108.0");
    EXPECT_EQ(t.call(t.d(op, Value::prim(Prim::Exp)), {F(0.0)}), "1.0");
    // A tuple input: out.shape + in.shape.
    Value swap = t.pr.value([&] {
      Graph* g = t.pr.fn("swap" + std::string(fx::ir::prim_name(op)), {"p"});
      Node* a = t.pr.get(g, t.pr.p(g, 0), 0);
      Node* b = t.pr.get(g, t.pr.p(g, 0), 1);
      g->output = t.pr.tuple(g, {t.pr.op(g, Prim::Mul, {a, b}), a});
      return g;
    }());
    EXPECT_EQ(t.call(t.d(op, swap), {T({F(2.0), F(5.0)})}), "((5.0, 2.0), (1.0, 0.0))");
  }
  EXPECT_EQ(t.call(t.tuple_argnums(Prim::Hessian, t.fn("poly"), {0, 1}), {F(2.0), F(3.0)}),
            "((108.0, 72.0), (72.0, 16.0))");
  EXPECT_EQ(t.call(t.d(Prim::Hessian, t.fn("poly")), {F(2.0), F(3.0)}), "108.0");
}

TEST(AdOperators, StopGradientAndGradHook) {
  Program pr;
  // f(x) = stop_gradient(x * x) + grad_hook(x * x, h) with h(g) = g * 10
  Graph* h = pr.fn("h", {"g"});
  h->output = pr.op(h, Prim::Mul, {pr.p(h, 0), pr.k(10.0)});
  Graph* f = pr.fn("f", {"x"});
  Node* sq = pr.op(f, Prim::Mul, {pr.p(f, 0), pr.p(f, 0)});
  Node* a = pr.op(f, Prim::StopGradient, {sq});
  Node* b = pr.op(f, Prim::GradHook, {sq, pr.kg(h)});
  f->output = pr.op(f, Prim::Add, {a, b});
  EXPECT_EQ(show(pr.apply(pr.value(f), {F(3.0)})), "18.0");
  EXPECT_EQ(show(pr.apply(pr.derived(Prim::Grad, pr.value(f)), {F(3.0)})), "60.0");        // hook applied
  EXPECT_EQ(show(pr.apply(pr.derived(Prim::Derivative, pr.value(f)), {F(3.0)})), "6.0");   // forward: identity
}

TEST(AdOperators, CheckpointRecomputesInThePullback) {
  Fixture t;
  Value ck = t.pr.apply_prim(Prim::Checkpoint, {t.fn("noisy")});
  EXPECT_EQ(show(ck), "<function checkpoint(noisy)>");
  t.pr.out.str("");
  expect_near(num(t.pr.apply(t.d(Prim::Grad, ck), {F(2.0)})), std::cos(2.0) * 2.0 + std::sin(2.0));
  EXPECT_EQ(t.pr.out.str(), "noisy 2.0\nnoisy 2.0\n");  // the forward pass, then the recomputation
  t.pr.out.str("");
  expect_near(num(t.pr.apply(t.d(Prim::Grad, t.fn("noisy")), {F(2.0)})), std::cos(2.0) * 2.0 + std::sin(2.0));
  EXPECT_EQ(t.pr.out.str(), "noisy 2.0\n");
  expect_near(num(t.pr.apply(t.d(Prim::Grad, t.d(Prim::Grad, ck)), {F(2.0)})),
              -std::sin(2.0) * 2.0 + 2.0 * std::cos(2.0));
  expect_near(num(t.pr.apply(t.d(Prim::Derivative, ck), {F(2.0)})), std::cos(2.0) * 2.0 + std::sin(2.0));
}

TEST(AdOperators, CustomVjpUsesItsRulesInReverseModeOnly) {
  Fixture t;
  Value s = t.pr.apply_prim(Prim::CustomVjp, {Value::prim(Prim::Sin), t.fn("sin_fwd"), t.fn("sin_bwd")});
  expect_near(num(t.pr.apply(s, {F(1.0)})), std::sin(1.0));
  expect_near(num(t.pr.apply(t.d(Prim::Grad, s), {F(1.0)})), 100.0 * std::cos(1.0));
  // Forward mode differentiates f's own body: jvp, derivative and hessian work.
  expect_near(num(t.pr.apply(t.d(Prim::Derivative, s), {F(1.0)})), std::cos(1.0));
  expect_near(num(t.pr.apply_prim(Prim::Jvp, {s, T({F(1.0)}), T({F(2.0)})}).items()[1]), 2.0 * std::cos(1.0));
  expect_near(num(t.pr.apply(t.d(Prim::Hessian, s), {F(1.0)})), -100.0 * std::sin(1.0));  // jacfwd(jacrev)
}

TEST(AdOperators, CustomJvpUsesItsRuleInBothModes) {
  Fixture t;
  Value s = t.pr.apply_prim(Prim::CustomJvp, {Value::prim(Prim::Sin), t.fn("seven")});
  expect_near(num(t.pr.apply(t.d(Prim::Derivative, s), {F(1.0)})), 7.0);
  expect_near(num(t.pr.apply(t.d(Prim::Jacfwd, s), {F(1.0)})), 7.0);
  expect_near(num(t.pr.apply(t.d(Prim::Grad, s), {F(1.0)})), 7.0);  // reverse: the rule, transposed
}

TEST(AdOperators, DerivativesOfDerivedFunctionsAndOfPullbacks) {
  Fixture t;
  // grad(lambda x: vjp(sin, x)[1](1.0)[0]) = -sin
  Graph* g = t.pr.fn("through_vjp", {"x"});
  Node* r = t.pr.op(g, Prim::Vjp, {t.pr.kp(Prim::Sin), t.pr.p(g, 0)});
  Node* cts = t.pr.call(g, t.pr.get(g, r, 1), {t.pr.k(1.0)});
  g->output = t.pr.get(g, cts, 0);
  expect_near(num(t.pr.apply(t.d(Prim::Grad, t.pr.value(g)), {F(0.5)})), -std::sin(0.5));
  expect_near(num(t.pr.apply(t.d(Prim::Derivative, t.pr.value(g)), {F(0.5)})), -std::sin(0.5));
  // The derived values print as what they are.
  EXPECT_EQ(show(t.d(Prim::Grad, t.d(Prim::Jacfwd, t.fn("poly")))), "<function grad(jacfwd(poly))>");
}

TEST(AdOperators, Errors) {
  Fixture t;
  EXPECT_NE(t.pr.apply_error(t.d(Prim::Grad, t.fn("pair")), {F(1.0), F(2.0)})
                .find("must return a scalar f64 to take its gradient, found (f64, f64)"),
            std::string::npos);
  EXPECT_NE(t.pr.apply_error(t.d(Prim::Grad, t.fn("poly"), 2), {F(1.0), F(2.0)})
                .find("grad: argnums 2 is out of range for a call with 2 arguments"),
            std::string::npos);
  EXPECT_NE(t.pr.apply_error(t.d(Prim::Derivative, t.fn("poly")), {F(1.0), F(2.0)}).find("one argument"),
            std::string::npos);
  EXPECT_NE(t.pr.apply_error(t.d(Prim::Grad, t.fn("poly")), {F(1.0)}).find("poly() takes 2 arguments, found 1"),
            std::string::npos);
  try {
    t.pr.apply_prim(Prim::Grad, {F(1.0), I(0)});
    ADD_FAILURE();
  } catch (const fx::RuntimeError& e) {
    EXPECT_EQ(e.message, "grad expects a function, found f64");
  }
  try {
    t.pr.apply_prim(Prim::Grad, {t.fn("poly"), F(0.0)});
    ADD_FAILURE();
  } catch (const fx::RuntimeError& e) {
    EXPECT_EQ(e.message, "grad: argnums must be an i64 or a tuple of i64, found f64");
  }
  try {
    t.pr.apply_prim(Prim::Jvp, {t.fn("poly"), T({F(1.0), F(2.0)}), T({F(1.0)})});
    ADD_FAILURE();
  } catch (const fx::RuntimeError& e) {
    EXPECT_NE(e.message.find("tuples of the same length, found (f64, f64) and (f64,)"), std::string::npos) << e.message;
  }
}

}  // namespace

// Derivative rules (src/ad/rules/): every primitive of ops.def has the rules its derivative
// column declares (RULES: a JVP and a VJP rule; ZERO: zero-derivative rules; NONE: no rules;
// the tensor rules are checked in ad_tensor_rules_test.cpp); every scalar
// primitive without a discrete result is in the numerical list, whose rules agree with central
// finite differences (JVP) and with their JVP (VJP: <ȳ, J·ẋ> = <Jᵀ·ȳ, ẋ>), at random points with
// a fixed seed. Each check
// builds a tiny closed graph G(env, a, b) = p(a, b), transforms it and runs it.
#include <functional>
#include <random>
#include <set>

#include "ad/registry.hpp"
#include "ad_test_support.hpp"

namespace {

using namespace adtest;


struct PrimEntry {
  Prim prim;
  const char* name;
};
const PrimEntry kAllPrims[] = {
#define FX_PRIM(Enum, text, arity, flags, family, derivative) {Prim::Enum, text},
#include "ir/ops.def"
#undef FX_PRIM
};

// The derivative column of ops.def is what the rules do. NONE: effects (the transforms copy
// them), trigamma (its derivative, polygamma(2, x), is not implemented: a located error,
// tests/errors/ad/trigamma_in_grad.fx) and tree_map (tests/errors/ad/tree_map_in_grad.fx).
TEST(AdRules, EveryPrimitiveHasTheRulesItsDerivativeColumnDeclares) {
  fx::ad::Registry r;
  fx::ad::register_all_rules(r);
  for (const PrimEntry& p : kAllPrims) {
    switch (fx::ir::prim_info(p.prim).derivative) {
      case fx::ir::PrimDerivative::NONE:
        EXPECT_FALSE(r.has_jvp(p.prim) || r.has_vjp(p.prim)) << p.name << " is declared NONE but has rules";
        break;
      case fx::ir::PrimDerivative::ZERO:
      case fx::ir::PrimDerivative::RULES:
        EXPECT_TRUE(r.has_jvp(p.prim)) << "no JVP rule for " << p.name;
        EXPECT_TRUE(r.has_vjp(p.prim)) << "no VJP rule for " << p.name;
        EXPECT_EQ(r.at(p.prim).zero_derivative, fx::ir::prim_info(p.prim).derivative == fx::ir::PrimDerivative::ZERO)
            << p.name << ": its rules and its derivative column (ZERO or RULES) disagree";
        break;
    }
  }
}

TEST(AdRules, TheNonDifferentiablePrimitivesHaveZeroRules) {
  fx::ad::Registry r;
  fx::ad::register_all_rules(r);
  for (Prim p : {Prim::Lt, Prim::Le, Prim::Gt, Prim::Ge, Prim::Eq, Prim::Ne, Prim::Not, Prim::Floor, Prim::Ceil,
                 Prim::Sign, Prim::FloorDiv, Prim::ToI64, Prim::VariantTag, Prim::StopGradient, Prim::ZerosLike,
                 Prim::ListEmpty, Prim::ListIsEmpty, Prim::ToStr})
    EXPECT_TRUE(r.at(p).zero_derivative) << fx::ir::prim_name(p);
}

// ------------------------------------------------------------------ numerical checks
struct Scalar {
  Prim prim;
  int arity;
  // Draws a point where the primitive is smooth.
  std::function<std::vector<double>(std::mt19937&, int)> point;
};

double uniform(std::mt19937& g, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(g); }

// Away from the kinks of abs/relu/max/min/floor, and from the poles of tan/log.
std::vector<double> away_from_zero(std::mt19937& g, int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) {
    double x = uniform(g, 0.2, 2.0);
    v.push_back(uniform(g, 0, 1) < 0.5 ? -x : x);
  }
  if (n == 2 && std::fabs(v[0] - v[1]) < 0.2) v[1] += 0.5;
  return v;
}

std::vector<double> positive(std::mt19937& g, int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(uniform(g, 0.3, 3.0));
  return v;
}

// a mod b with a / b away from an integer (where mod jumps).
std::vector<double> mod_point(std::mt19937& g, int) {
  double b = uniform(g, 0.5, 2.0) * (uniform(g, 0, 1) < 0.5 ? -1 : 1);
  double q = std::floor(uniform(g, -3, 3)) + uniform(g, 0.2, 0.8);
  return {q * b, b};
}

const std::vector<Scalar>& scalar_prims() {
  static const std::vector<Scalar> kScalars = {
      {Prim::Add, 2, away_from_zero},      {Prim::Sub, 2, away_from_zero},   {Prim::Mul, 2, away_from_zero},
      {Prim::Div, 2, away_from_zero},      {Prim::Mod, 2, mod_point},        {Prim::Pow, 2, positive},
      {Prim::Neg, 1, away_from_zero},      {Prim::Exp, 1, away_from_zero},   {Prim::Log, 1, positive},
      {Prim::Log1p, 1, positive},          {Prim::Expm1, 1, away_from_zero}, {Prim::Sin, 1, away_from_zero},
      {Prim::Cos, 1, away_from_zero},      {Prim::Tan, 1, [](std::mt19937& g, int) { return std::vector<double>{uniform(g, -1.2, 1.2)}; }},
      {Prim::Tanh, 1, away_from_zero},     {Prim::Sqrt, 1, positive},        {Prim::Sigmoid, 1, away_from_zero},
      {Prim::Softplus, 1, away_from_zero}, {Prim::Abs, 1, away_from_zero},   {Prim::Relu, 1, away_from_zero},
      {Prim::Maximum, 2, away_from_zero},  {Prim::Minimum, 2, away_from_zero}, {Prim::ToF64, 1, away_from_zero},
      {Prim::Lgamma, 1, positive},         {Prim::Digamma, 1, positive},     {Prim::Erf, 1, away_from_zero},
      {Prim::Erfc, 1, away_from_zero},
      // lgamma and digamma left of 0, between the poles.
      {Prim::Lgamma, 1, [](std::mt19937& g, int) { return std::vector<double>{-uniform(g, 0.1, 0.9) - 1}; }},
      {Prim::Digamma, 1, [](std::mt19937& g, int) { return std::vector<double>{-uniform(g, 0.1, 0.9)}; }},
      // Zero derivatives, checked the same way (finite differences are 0 away from jumps).
      {Prim::Floor, 1, [](std::mt19937& g, int) { return std::vector<double>{std::floor(uniform(g, -3, 3)) + 0.5}; }},
      {Prim::Ceil, 1, [](std::mt19937& g, int) { return std::vector<double>{std::floor(uniform(g, -3, 3)) + 0.5}; }},
      {Prim::Sign, 1, away_from_zero},
      {Prim::FloorDiv, 2, mod_point},
  };
  return kScalars;
}

// The scalar primitives whose result is discrete (a bool, an i64 or a str): no numerical check.
const std::set<Prim> kDiscreteResult = {Prim::Lt, Prim::Le,  Prim::Gt,   Prim::Ge,   Prim::Eq,
                                        Prim::Ne, Prim::Not, Prim::ToI64, Prim::ToStr};

// The scalar primitives: ops.def's SCALAR family, matmul excepted (tensors only,
// ad_tensor_rules_test.cpp).
bool is_scalar_prim(Prim p) {
  return fx::ir::prim_info(p).family == fx::ir::PrimFamily::SCALAR && p != Prim::MatMul;
}

// A new scalar primitive must get a numerical check: scalar_prims() lists every scalar
// primitive except those with a discrete result, as ad_tensor_rules_test.cpp does for tensors.
TEST(AdRules, EveryScalarPrimitiveHasANumericalCheckOrADiscreteResult) {
  std::set<Prim> checked;
  for (const Scalar& s : scalar_prims()) checked.insert(s.prim);
  for (const PrimEntry& p : kAllPrims) {
    if (!is_scalar_prim(p.prim)) continue;
    if (fx::ir::prim_info(p.prim).derivative == fx::ir::PrimDerivative::NONE) {
      EXPECT_FALSE(checked.count(p.prim)) << p.name << " is listed without derivative and checked numerically";
    } else if (kDiscreteResult.count(p.prim)) {
      EXPECT_FALSE(checked.count(p.prim)) << p.name << " is listed as discrete and checked numerically";
    } else {
      EXPECT_TRUE(checked.count(p.prim)) << "no numerical check for " << p.name << ": add it to scalar_prims()";
    }
  }
}

// A closed graph G(env, a[, b]) = p(a[, b]) and its transforms.
struct Tiny {
  Program pr;
  Graph* g;
  Graph* t;
  Graph* j;
  explicit Tiny(const Scalar& s) {
    g = pr.fn("tiny", {"$env", "a", "b"});
    if (s.arity == 1) g->params.pop_back(), g->param_types.pop_back(), g->param_defaults.pop_back();
    std::vector<Node*> args{pr.p(g, 1)};
    if (s.arity == 2) args.push_back(pr.p(g, 2));
    g->output = pr.op(g, s.prim, args);
    fx::ad::Context& cx = pr.s().ad();
    t = cx.forward(g);
    j = cx.reverse(g);
    fx::ir::verify(pr.m, "AD of " + std::string(fx::ir::prim_name(s.prim)));
  }
  double f(const std::vector<double>& x) {
    std::vector<Value> args{T({})};
    for (double v : x) args.push_back(F(v));
    return num(pr.run(g, args));
  }
  // (y, dy) by the JVP rule.
  double jvp(const std::vector<double>& x, const std::vector<double>& dx) {
    std::vector<Value> args{T({}), T({})};
    for (size_t i = 0; i < x.size(); ++i) args.push_back(F(x[i])), args.push_back(F(dx[i]));
    return num(pr.run(t, args).items().at(1));
  }
  // Jᵀ·ȳ by the VJP rule.
  std::vector<double> vjp(const std::vector<double>& x, double ct) {
    std::vector<Value> args{T({})};
    for (double v : x) args.push_back(F(v));
    Value r = pr.run(j, args);
    Value cts = pr.apply(r.items().at(1), {F(ct)});
    std::vector<double> out;
    for (size_t i = 1; i < cts.items().size(); ++i) out.push_back(num(cts.items()[i]));
    return out;
  }
};

TEST(AdRules, ScalarRulesAgreeWithFiniteDifferencesAndWithEachOther) {
  std::mt19937 gen(20240611);
  for (const Scalar& s : scalar_prims()) {
    SCOPED_TRACE(fx::ir::prim_name(s.prim));
    Tiny tiny(s);
    for (int trial = 0; trial < 5; ++trial) {
      std::vector<double> x = s.point(gen, s.arity);
      std::vector<double> dx;
      for (int i = 0; i < s.arity; ++i) dx.push_back(uniform(gen, -1, 1));
      const double h = 1e-6;
      std::vector<double> xp = x, xm = x;
      for (int i = 0; i < s.arity; ++i) xp[i] += h * dx[i], xm[i] -= h * dx[i];
      double fd = (tiny.f(xp) - tiny.f(xm)) / (2 * h);
      double jv = tiny.jvp(x, dx);
      EXPECT_NEAR(jv, fd, 1e-5 * (1 + std::fabs(fd))) << "JVP vs finite differences at trial " << trial;
      double ct = uniform(gen, -1, 1);
      std::vector<double> vj = tiny.vjp(x, ct);
      ASSERT_EQ(vj.size(), x.size());
      double lhs = ct * jv, rhs = 0;
      for (size_t i = 0; i < x.size(); ++i) rhs += vj[i] * dx[i];
      EXPECT_NEAR(lhs, rhs, 1e-10 * (1 + std::fabs(lhs))) << "<ȳ, J·ẋ> vs <Jᵀ·ȳ, ẋ> at trial " << trial;
    }
  }
}

// JAX's conventions at the non-differentiable points.
TEST(AdRules, ValuesAtNonDifferentiablePoints) {
  auto d = [](Prim p, std::vector<double> x, size_t wrt) {
    Tiny tiny({p, static_cast<int>(x.size()), nullptr});
    std::vector<double> dx(x.size(), 0.0);
    dx[wrt] = 1.0;
    double fwd = tiny.jvp(x, dx);
    double rev = tiny.vjp(x, 1.0).at(wrt);
    EXPECT_TRUE(fwd == rev || (std::isnan(fwd) && std::isnan(rev))) << fx::ir::prim_name(p);
    return fwd;
  };
  EXPECT_EQ(d(Prim::Relu, {0.0}, 0), 0.0);
  EXPECT_EQ(d(Prim::Abs, {0.0}, 0), 0.0);
  EXPECT_EQ(d(Prim::Sign, {0.0}, 0), 0.0);
  EXPECT_EQ(d(Prim::Sqrt, {0.0}, 0), INFINITY);
  EXPECT_EQ(d(Prim::Maximum, {1.5, 1.5}, 0), 0.5);
  EXPECT_EQ(d(Prim::Maximum, {1.5, 1.5}, 1), 0.5);
  EXPECT_EQ(d(Prim::Minimum, {1.5, 1.5}, 1), 0.5);
  EXPECT_EQ(d(Prim::Floor, {2.0}, 0), 0.0);
  EXPECT_EQ(d(Prim::Ceil, {2.0}, 0), 0.0);
  EXPECT_EQ(d(Prim::Mod, {7.5, 2.0}, 0), 1.0);
  EXPECT_EQ(d(Prim::Mod, {7.5, 2.0}, 1), -3.0);   // -floor(a / b)
  EXPECT_EQ(d(Prim::Mod, {-7.5, 2.0}, 1), 4.0);
  EXPECT_EQ(d(Prim::FloorDiv, {7.5, 2.0}, 0), 0.0);
  EXPECT_EQ(d(Prim::Pow, {0.0, 0.0}, 0), 0.0);    // x ** 0 is constant
  EXPECT_EQ(d(Prim::Pow, {0.0, 2.0}, 1), 0.0);    // d/db at a = 0
  EXPECT_EQ(d(Prim::Pow, {3.0, 2.0}, 0), 6.0);
}

TEST(AdRules, IntegerArgumentsOfPowDoNotRaiseNegativePowers) {
  Tiny tiny({Prim::Pow, 2, nullptr});
  Value r = tiny.pr.run(tiny.t, {T({}), T({}), I(3), F(1.0), I(0), I(0)});
  EXPECT_EQ(num(r.items()[1]), 0.0);
}

TEST(AdRules, APrimitiveWithoutRulesIsALoudErrorNamingIt) {
  // Every primitive has its rules today; the error a missing one raises still names it.
  try {
    fx::ad::Registry::missing(Prim::MatMul, {});
    ADD_FAILURE() << "no error";
  } catch (const fx::RuntimeError& e) {
    EXPECT_NE(e.message.find("'matmul'"), std::string::npos) << e.message;
    EXPECT_NE(e.message.find("derivative rule"), std::string::npos) << e.message;
  }
}

}  // namespace

// The AD transforms end to end: Fluxion functions (parsed and lowered, untyped or typed) are
// differentiated by graphs that apply the derivative operators, and the results are checked
// against finite differences and against each other (reverse vs forward mode), also nested
// (J∘J, T∘J, J∘T, T∘T) through loops, recursion and closures.
#include "ad_test_support.hpp"

namespace {

using namespace adtest;

// ------------------------------------------------------------------ harness
// op(f, argnums) applied as a function value; argnums a tuple of all n arguments when n > 0.
Value op_all(Program& pr, Prim op, const Value& f, size_t n) {
  Graph* d = pr.fn("make_all" + std::to_string(pr.next_line), {"f"});
  std::vector<Node*> nums;
  for (size_t i = 0; i < n; ++i) nums.push_back(pr.ki(static_cast<int64_t>(i)));
  d->output = pr.op(d, op, {pr.p(d, 0), pr.tuple(d, nums)});
  return pr.run(d, {f});
}

std::vector<Value> floats(const std::vector<double>& x) {
  std::vector<Value> v;
  for (double d : x) v.push_back(F(d));
  return v;
}

// jvp(f, primals, tangents) → (y, dy).
Value jvp(Program& pr, const Value& f, const std::vector<double>& x, const std::vector<double>& dx) {
  Graph* d = pr.fn("apply_jvp" + std::to_string(pr.next_line), {"f", "p", "t"});
  d->output = pr.op(d, Prim::Jvp, {pr.p(d, 0), pr.p(d, 1), pr.p(d, 2)});
  return pr.run(d, {f, T(floats(x)), T(floats(dx))});
}

std::vector<double> fd_gradient(Program& pr, const Value& f, const std::vector<double>& x) {
  std::vector<double> g;
  for (size_t i = 0; i < x.size(); ++i) {
    const double h = 1e-5 * (1 + std::fabs(x[i]));
    std::vector<double> xp = x, xm = x;
    xp[i] += h;
    xm[i] -= h;
    g.push_back((num(pr.apply(f, floats(xp))) - num(pr.apply(f, floats(xm)))) / (2 * h));
  }
  return g;
}

// grad by J, each partial by T, and finite differences agree; returns the gradient.
std::vector<double> check_gradient(Program& pr, const Value& f, const std::vector<double>& x, double tol = 1e-6) {
  Value g = pr.apply(op_all(pr, Prim::Grad, f, x.size()), floats(x));
  std::vector<double> fd = fd_gradient(pr, f, x);
  std::vector<double> out;
  for (size_t i = 0; i < x.size(); ++i) {
    double rev = num(g.items().at(i));
    std::vector<double> e(x.size(), 0.0);
    e[i] = 1.0;
    double fwd = num(jvp(pr, f, x, e).items().at(1));
    EXPECT_NEAR(rev, fwd, 1e-10 * (1 + std::fabs(fwd))) << "reverse vs forward, argument " << i;
    EXPECT_NEAR(rev, fd[i], tol * (1 + std::fabs(fd[i]))) << "reverse vs finite differences, argument " << i;
    out.push_back(rev);
  }
  return out;
}

// x → grad(f, i)(x...), a function of the same arguments (reverse mode inside).
Graph* partial_rev(Program& pr, Graph* f, size_t n, size_t i) {
  std::vector<std::string> names;
  for (size_t k = 0; k < n; ++k) names.push_back("x" + std::to_string(k));
  Graph* g = pr.fn("partial_rev" + std::to_string(pr.next_line), names);
  Node* d = pr.op(g, Prim::Grad, {pr.kg(f), pr.ki(static_cast<int64_t>(i))});
  g->output = pr.call(g, d, g->params);
  return g;
}

// x → jvp(f, x, e_i)[1] (forward mode inside).
Graph* partial_fwd(Program& pr, Graph* f, size_t n, size_t i) {
  std::vector<std::string> names;
  for (size_t k = 0; k < n; ++k) names.push_back("x" + std::to_string(k));
  Graph* g = pr.fn("partial_fwd" + std::to_string(pr.next_line), names);
  std::vector<Node*> e;
  for (size_t k = 0; k < n; ++k) e.push_back(pr.k(k == i ? 1.0 : 0.0));
  Node* r = pr.op(g, Prim::Jvp, {pr.kg(f), pr.tuple(g, g->params), pr.tuple(g, e)});
  g->output = pr.get(g, r, 1);
  return g;
}

// Second derivatives four ways — J∘J, T∘J (of partial_rev), J∘T, T∘T (of partial_fwd) —
// against finite differences of the first, and against hessian(f).
void check_second_order(Program& pr, Graph* f, const std::vector<double>& x) {
  size_t n = x.size();
  Value h = pr.apply(op_all(pr, Prim::Hessian, pr.value(f), n), floats(x));
  for (size_t i = 0; i < n; ++i) {
    SCOPED_TRACE("second derivatives along argument " + std::to_string(i));
    std::vector<double> rev = check_gradient(pr, pr.value(partial_rev(pr, f, n, i)), x, 1e-5);
    std::vector<double> fwd = check_gradient(pr, pr.value(partial_fwd(pr, f, n, i)), x, 1e-5);
    for (size_t j = 0; j < n; ++j) {
      EXPECT_NEAR(rev[j], fwd[j], 1e-9 * (1 + std::fabs(rev[j])));
      EXPECT_NEAR(num(h.items().at(i).items().at(j)), rev[j], 1e-9 * (1 + std::fabs(rev[j])));
    }
  }
}

// The same checks on the untyped function and on its typed (f64) specialisation.
void check_source_function(const std::string& src, const std::string& name, const std::vector<double>& x,
                           double tol = 1e-6) {
  {
    SCOPED_TRACE("untyped " + name);
    Program pr(src);
    check_gradient(pr, pr.value(pr.function(name)), x, tol);
    check_second_order(pr, pr.function(name), x);
  }
  {
    SCOPED_TRACE("typed " + name);
    Program pr(src);
    Graph* typed = pr.typed(name, x.size());
    check_gradient(pr, pr.value(typed), x, tol);
    check_second_order(pr, typed, x);
  }
}

// ------------------------------------------------------------------ first order
TEST(AdTransform, StraightLineCode) {
  check_source_function(R"(
def f(x, y):
    a = x ** 3
    b = sin(y) * exp(x / 4.0)
    c = sqrt(x * x + y * y) - log1p(abs(y)) + tanh(x - y) * sigmoid(y)
    return a * b + c / (1.0 + max(x, y)) - softplus(-x) + min(x, y) ** 2 + relu(x - 1.0)
)", "f", {1.3, -0.7});
}

TEST(AdTransform, BranchesAndConditionalExpressions) {
  const char* src = R"(
def f(x, y):
    if x > y:
        z = x * y
    elif x < -1.0:
        z = x - y * y
    else:
        z = sin(x)
    w = z * 2.0 if z > 0.0 and y < 3.0 else z / 3.0
    return w + (x if x > 0.5 or y > 0.5 else y)
)";
  check_source_function(src, "f", {1.5, 0.5});
  check_source_function(src, "f", {-2.0, 0.45});
  check_source_function(src, "f", {0.2, 0.4});
}

TEST(AdTransform, LoopsWithBreakContinueAndReturn) {
  const char* src = R"(
def f(x, y):
    total = 0.0
    for i in range(10):
        v = x * float(i) - y
        if v < 0.0:
            continue
        if total > 20.0:
            break
        total += v * v
    k = 0
    while k < 3:
        total = total * 0.5 + x
        if total > 1000.0:
            return total
        k += 1
    return total
)";
  check_source_function(src, "f", {1.25, 2.0});
  check_source_function(src, "f", {0.3, -1.0});
}

TEST(AdTransform, RecursionAndMutualRecursionOfNestedDefs) {
  const char* src = R"(
def fact(n):
    return 1.0 if n <= 1.0 else n * fact(n - 1.0)

def f(x, y):
    def even(k, v):
        if k == 0:
            return v * y
        return odd(k - 1, v * x)
    def odd(k, v):
        if k == 0:
            return v + y
        return even(k - 1, sin(v))
    return even(5, x) + fact(x + 3.0)
)";
  check_source_function(src, "f", {0.7, 1.1});
}

TEST(AdTransform, ClosuresCapturedValuesAndFunctionsAsValues) {
  const char* src = R"(
def make_scaler(k):
    def scale(x):
        return k * x
    return scale

def compose(f, g):
    return lambda x: f(g(x))

def f(x, y):
    s = make_scaler(x * y)
    h = compose(s, sin)
    t = compose(exp, lambda z: z * x)
    return h(y) + t(0.5) + s(s(2.0))
)";
  check_source_function(src, "f", {0.6, -0.4});
}

TEST(AdTransform, TuplesStructsAndEnums) {
  const char* src = R"(
struct P:
    w: f64
    b: f64
    n: i64

enum Tree:
    Leaf(v: f64)
    Node(l: Tree, r: Tree)

def total(t, x):
    match t:
        case Leaf(v):
            return v * x
        case Node(l, r):
            return total(l, x) * total(r, x)

def f(x, y):
    p = P(x, y, 3)
    p.w = p.w * p.b
    a, b = (p.w + float(p.n), (x, y))
    t = Node(Leaf(x), Node(Leaf(y), Leaf(a)))
    return total(t, b[1]) + a * b[0]
)";
  check_source_function(src, "f", {0.9, 1.3});
}

// ------------------------------------------------------------------ structured derivatives
TEST(AdTransform, StructuredCotangentsHaveTheValuesStructure) {
  Program pr(R"(
struct P:
    w: f64
    n: i64

def f(p, t):
    return p.w * t[0] * float(p.n) + t[1]
)");
  const fx::ir::StructDecl* decl = pr.m.struct_by_name.at("P");
  Value p = Value::make_struct(decl, {F(2.0), I(3)});
  Value g = pr.apply(op_all(pr, Prim::Grad, pr.value(pr.function("f")), 2), {p, T({F(5.0), I(7)})});
  EXPECT_EQ(show(g), "(P(w=15.0, n=0), (6.0, 0))");
}

// ------------------------------------------------------------------ operators
TEST(AdTransform, PerturbationConfusionIsImpossible) {
  // confusion(x) = x * grad(lambda y: x + y)(1.0)
  Program p2;
  Graph* c = p2.fn("confusion", {"x"});
  Graph* lam = p2.fn("lambda", {"y"}, c, GraphRole::Lambda);
  lam->output = p2.op(lam, Prim::Add, {p2.p(c, 0), p2.p(lam, 0)});
  Node* g = p2.op(c, Prim::Grad, {p2.kg(lam), p2.ki(0)});
  Node* inner = p2.call(c, g, {p2.k(1.0)});
  c->output = p2.op(c, Prim::Mul, {p2.p(c, 0), inner});
  Value gc = p2.apply(p2.derived(Prim::Grad, p2.value(c)), {F(3.0)});
  EXPECT_EQ(show(gc), "1.0");
  Value dc = p2.apply(p2.derived(Prim::Derivative, p2.value(c)), {F(3.0)});
  EXPECT_EQ(show(dc), "1.0");
}

TEST(AdTransform, ThirdDerivativeOfSin) {
  Program pr;
  Value d = Value::prim(Prim::Sin);
  for (int i = 0; i < 3; ++i) d = pr.derived(Prim::Derivative, d);
  EXPECT_EQ(show(pr.apply(d, {F(0.0)})), "-1.0");
  Value g = Value::prim(Prim::Cos);
  for (int i = 0; i < 3; ++i) g = pr.derived(Prim::Grad, g);
  expect_near(num(pr.apply(g, {F(0.5)})), std::sin(0.5));
}

}  // namespace

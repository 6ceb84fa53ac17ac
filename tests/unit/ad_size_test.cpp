// The transforms' output is linear in the size of their input (docs/ad.md): generated
// programs of 10, 100 and 1000 statements, with branches and loops, are closure converted and
// transformed, and size(T)/size(g) and size(J)/size(g) stay under a constant across sizes.
#include <iostream>
#include <random>

#include "ad_test_support.hpp"

namespace {

using namespace adtest;

// A random straight-line / branching / looping program of about `statements` statements
// over a few f64 variables (deterministic for a seed).
std::string generate(size_t statements, unsigned seed) {
  std::mt19937 gen(seed);
  auto pick = [&](size_t n) { return static_cast<size_t>(std::uniform_int_distribution<size_t>(0, n - 1)(gen)); };
  const std::vector<std::string> vars = {"x", "a", "b", "c"};
  auto var = [&] { return vars[pick(vars.size())]; };
  auto expr = [&] {
    switch (pick(6)) {
      case 0: return var() + " + " + var();
      case 1: return var() + " * 0.5 - " + var();
      case 2: return "sin(" + var() + ") * " + var();
      case 3: return var() + " / (1.0 + " + var() + " * " + var() + ")";
      case 4: return "exp(-" + var() + " * " + var() + ")";
      default: return "max(" + var() + ", " + var() + ") + tanh(" + var() + ")";
    }
  };
  std::string src = "def f(x):\n    a = x\n    b = x * 2.0\n    c = 1.0\n";
  size_t count = 3;
  while (count < statements) {
    size_t kind = pick(10);
    if (kind < 6) {
      src += "    " + var() + " = " + expr() + "\n";
      count += 1;
    } else if (kind < 8) {
      src += "    if " + var() + " > " + var() + ":\n";
      src += "        " + var() + " = " + expr() + "\n";
      src += "        " + var() + " = " + expr() + "\n";
      src += "    else:\n";
      src += "        " + var() + " = " + expr() + "\n";
      count += 4;
    } else {
      src += "    for i in range(3):\n";
      src += "        " + var() + " = " + expr() + "\n";
      src += "        if " + var() + " > 2.0:\n";
      src += "            " + var() + " = " + var() + " * 0.5\n";
      count += 4;
    }
  }
  return src + "    return a + b + c + x\n";
}

size_t size_of(const Graph* g) { return g->params.size() + g->body.size(); }

struct Sizes {
  size_t primal = 0, forward = 0, reverse = 0;
};

Sizes measure(Program& pr, Graph* f) {
  fx::ad::Context& cx = pr.s().ad();
  Sizes s;
  std::vector<const Graph*> tree;
  for (const auto& g : pr.m.graphs)
    if (g->nested_in(f)) tree.push_back(g.get());
  for (const Graph* h : tree) {
    s.primal += size_of(h);
    Graph* c = cx.convert(h).graph;
    s.forward += size_of(cx.forward(c));
    Graph* j = cx.reverse(c);
    s.reverse += size_of(j);
    for (const Node* n : j->body)  // the pullback graph
      for (const Node* x : n->inputs)
        if (x->holds_graph() && cx.is_generated(x->as_graph()) && x->as_graph()->name.find("[back]") != std::string::npos)
          s.reverse += size_of(x->as_graph());
  }
  return s;
}

TEST(AdSize, TransformedIrIsLinearInThePrimalIr) {
  std::vector<double> forward_ratio, reverse_ratio;
  for (size_t n : {10, 100, 1000}) {
    SCOPED_TRACE(std::to_string(n) + " statements");
    Program pr(generate(n, 7 + static_cast<unsigned>(n)));
    Graph* f = pr.function("f");
    Sizes s = measure(pr, f);
    fx::ir::verify(pr.m, "AD of a generated program");
    double fr = double(s.forward) / double(s.primal), rr = double(s.reverse) / double(s.primal);
    forward_ratio.push_back(fr);
    reverse_ratio.push_back(rr);
    std::cout << n << " statements: primal " << s.primal << ", T " << s.forward << ", J " << s.reverse << "\n";
    EXPECT_LE(fr, 12.0) << s.forward << " forward nodes for " << s.primal;
    EXPECT_LE(rr, 12.0) << s.reverse << " reverse nodes for " << s.primal;
    // And the derivative is right.
    Value g = pr.apply(pr.derived(Prim::Grad, pr.value(f)), {F(0.3)});
    Value d = pr.apply(pr.derived(Prim::Derivative, pr.value(f)), {F(0.3)});
    EXPECT_NEAR(num(g), num(d), 1e-9 * (1 + std::fabs(num(d))));
  }
  // Not growing with the program: the largest ratio within 1.5x of the smallest.
  for (const auto* r : {&forward_ratio, &reverse_ratio})
    EXPECT_LE(*std::max_element(r->begin(), r->end()), 1.5 * *std::min_element(r->begin(), r->end()));
}

}  // namespace

// Closure conversion (src/ad/closure_convert.cpp) and the transforms applied to their own
// output: every result is a closed top-level graph that passes ir::verify and computes what
// the original computes.
#include "ad/closure_convert.hpp"
#include "ad/print.hpp"
#include "ad_test_support.hpp"

namespace {

using namespace adtest;

const char* kSource = R"(
def outer(a, b):
    c = a * b
    def inner(x):
        def innermost(y):
            return y * c + a
        return innermost(x) + b
    def even(n, v):
        if n == 0:
            return v
        return odd(n - 1, v * a)
    def odd(n, v):
        return even(n - 1, v + c)
    return inner(2.0) + even(4, 1.0)

def keywords(x, y):
    return x - y

def calls_with_keywords(a):
    return keywords(y=a, x=10.0)
)";

const Graph* nested(Program& pr, const Graph* root, const std::string& name) {
  for (const auto& g : pr.m.graphs)
    if (g->name == name && g->nested_in(root)) return g.get();
  ADD_FAILURE() << "no nested graph " << name;
  return nullptr;
}

std::vector<std::string> names(const std::vector<const Node*>& nodes) {
  std::vector<std::string> out;
  for (const Node* n : nodes) out.push_back(n->name);
  return out;
}

TEST(AdClosureConversion, FreeVariablesIncludeThoseOfNestedGraphsAndSiblings) {
  Program pr(kSource);
  Graph* outer = pr.function("outer");
  EXPECT_TRUE(fx::ad::free_variables(pr.m, outer).empty());
  // innermost uses c and a; inner uses b and, through innermost, c and a (by node id).
  EXPECT_EQ(names(fx::ad::free_variables(pr.m, nested(pr, outer, "innermost"))), (std::vector<std::string>{"a", "c"}));
  EXPECT_EQ(names(fx::ad::free_variables(pr.m, nested(pr, outer, "inner"))),
            (std::vector<std::string>{"a", "b", "c"}));
  // even refers to its sibling odd, which uses c: mutual recursion shares the free variables.
  EXPECT_EQ(names(fx::ad::free_variables(pr.m, nested(pr, outer, "even"))), (std::vector<std::string>{"a", "c"}));
  EXPECT_EQ(names(fx::ad::free_variables(pr.m, nested(pr, outer, "odd"))), (std::vector<std::string>{"a", "c"}));
}

TEST(AdClosureConversion, ConvertedGraphsAreClosedCachedAndEquivalent) {
  Program pr(kSource);
  fx::ad::Context& cx = pr.s().ad();
  Graph* outer = pr.function("outer");
  const fx::ad::Converted& conv = cx.convert(outer);
  EXPECT_EQ(&conv, &cx.convert(outer));
  EXPECT_EQ(conv.graph->parent, nullptr);
  ASSERT_EQ(conv.graph->params.size(), 3u);
  EXPECT_EQ(conv.graph->params[0]->name, "$env");
  for (const auto& g : pr.m.graphs) {
    if (!cx.is_converted(g.get())) continue;
    EXPECT_EQ(g->parent, nullptr) << g->name;
    for (const Node* n : g->body)
      for (const Node* x : n->inputs)
        if (!x->is_constant()) {
          EXPECT_EQ(x->graph, g.get()) << g->name << " uses a node of another graph";
        }
  }
  fx::ir::verify(pr.m, "closure conversion");
  // cc(outer)(env, a, b) computes outer(a, b).
  Value native = pr.apply(pr.value(outer), {F(1.5), F(-0.5)});
  Value closed = pr.run(conv.graph, {T({}), F(1.5), F(-0.5)});
  EXPECT_EQ(show(native), show(closed));
}

TEST(AdClosureConversion, KeywordCallsOfKnownFunctionsBecomePositional) {
  Program pr(kSource);
  fx::ad::Context& cx = pr.s().ad();
  Graph* c = cx.convert(pr.function("calls_with_keywords")).graph;
  for (const Node* n : c->body) EXPECT_TRUE(n->keywords.empty());
  EXPECT_EQ(show(pr.run(c, {T({}), F(4.0)})), "6.0");
  EXPECT_EQ(show(pr.apply(pr.derived(Prim::Grad, pr.value(pr.function("calls_with_keywords"))), {F(4.0)})), "-1.0");
}

// T and J of their own output, statically: J(J(G)), T(J(G)), J(T(G)), T(T(G)).
TEST(AdClosureConversion, TransformsApplyToTheirOwnOutput) {
  Program pr(kSource);
  fx::ad::Context& cx = pr.s().ad();
  Graph* g = cx.convert(pr.function("outer")).graph;
  Graph* t = cx.forward(g);
  Graph* j = cx.reverse(g);
  Graph* jj = cx.reverse(j);
  Graph* tj = cx.forward(j);
  Graph* jt = cx.reverse(t);
  Graph* tt = cx.forward(t);
  fx::ir::verify(pr.m, "nested transforms");
  const double a = 1.5, b = -0.5;
  std::string y = show(pr.apply(pr.value(pr.function("outer")), {F(a), F(b)}));
  // J(J(G))(env, a, b) = ((y, pullback), pullback of that).
  EXPECT_EQ(show(pr.run(jj, {T({}), F(a), F(b)}).items()[0].items()[0]), y);
  // T(J(G))(env, denv, a, da, b, db) = ((y, pullback), (dy, dpullback)).
  Value rtj = pr.run(tj, {T({}), T({}), F(a), F(1.0), F(b), F(0.0)});
  EXPECT_EQ(show(rtj.items()[0].items()[0]), y);
  Value rt = pr.run(t, {T({}), T({}), F(a), F(1.0), F(b), F(0.0)});
  EXPECT_EQ(show(rtj.items()[1].items()[0]), show(rt.items()[1]));
  // J(T(G)): its forward result is T(G)'s.
  EXPECT_EQ(show(pr.run(jt, {T({}), T({}), F(a), F(1.0), F(b), F(0.0)}).items()[0]), show(rt));
  // T(T(G)): (primal pair, tangent pair).
  Value rtt = pr.run(tt, {T({}), T({}), T({}), T({}), F(a), F(1.0), F(1.0), F(0.0), F(b), F(0.0), F(0.0), F(0.0)});
  EXPECT_EQ(show(rtt.items()[0]), show(rt));
  // The pullback of J(G) against T(G): <1, J e_a> = (J^T 1)_a.
  Value rj = pr.run(j, {T({}), F(a), F(b)});
  Value cts = pr.apply(rj.items()[1], {F(1.0)});
  expect_near(num(cts.items()[1]), num(rt.items()[1]));
}

TEST(AdClosureConversion, TheAdStageShowsConversionAndBothTransforms) {
  Program pr(kSource);
  fx::ad::Context& cx = pr.s().ad();
  std::string text = fx::ad::print_ad_stage(cx, pr.function("outer"));
  for (const char* part : {"# cc(outer): closure conversion", "graph @outer[cc]", "graph @inner[cc]",
                           "# T(cc(outer)): forward mode", "graph @outer[cc][T]", "# J(cc(outer)): reverse mode",
                           "graph @outer[cc][J]", "graph @outer[cc][J][back]", "make_closure(@outer[cc][J][back]",
                           "# T and J of cc(innermost), nested in outer",
                           // Calls of known closures use their transforms directly (no jfn/tfn).
                           "make_closure(@inner[cc][J]", "make_closure(@inner[cc][T]"})
    EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
  fx::ir::verify(pr.m, "the ad stage");
}

TEST(AdClosureConversion, KeywordCallsOfUnknownFunctionsAreALocatedError) {
  Program pr;
  Graph* f = pr.fn("f", {"g", "x"});
  Node* call = pr.call(f, pr.p(f, 0), {pr.p(f, 1)});
  call->keywords = {"x"};
  f->output = call;
  Graph* id = pr.fn("id", {"x"});
  id->output = pr.p(id, 0);
  std::string message = pr.apply_error(pr.derived(Prim::Grad, pr.value(f), 1), {pr.value(id), F(1.0)});
  EXPECT_NE(message.find("keyword arguments"), std::string::npos) << message;
  EXPECT_EQ(show(pr.apply(pr.value(f), {pr.value(id), F(1.0)})), "1.0");  // not differentiated: fine
}

}  // namespace

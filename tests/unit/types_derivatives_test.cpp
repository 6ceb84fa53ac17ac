// Unit tests of the type rules of the derivative operators (src/types/derivative_*.cpp,
// src/types/tangents.cpp; LANGUAGE.md §6): derived function types, what calling them
// returns, the compile errors, and which clone a differentiated function value points at.
// The IR is built by hand, as the lowering emits it (argnums as an i64 constant or a
// make_tuple of them), so these tests do not depend on the front end.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "support/diagnostics.hpp"
#include "types/annotation.hpp"
#include "types/checker.hpp"
#include "types/tangents.hpp"
#include "types_test_support.hpp"

namespace {

using fx::CompileError;
using fx::ir::Graph;
using fx::ir::GraphRole;
using fx::ir::Node;
using fx::ir::Prim;
using fx::types::Type;
using fx::types::to_string;

using fx::types::testing::error_of;

struct Program : fx::types::testing::HandBuiltProgram {
  Node* f64(double v) { return m.constant(v, loc(1)); }
  Node* op(Graph* g, Prim p, std::vector<Node*> args, uint32_t line = 2) { return m.apply_prim(g, p, args, loc(line, 5)); }
  Node* call(Graph* g, Node* fn, std::vector<Node*> args, uint32_t line = 3) {
    args.insert(args.begin(), fn);
    return m.apply(g, args, loc(line, 7));
  }
  Node* fn(Graph* g) { return m.constant(g, loc(1)); }
  // argnums as the lowering emits it: an i64 constant, or a make_tuple of them in g.
  Node* argnums(Graph* g, std::vector<int64_t> nums, bool tuple) {
    if (!tuple) return m.int_const(nums.at(0));
    std::vector<Node*> items;
    for (int64_t n : nums) items.push_back(m.int_const(n));
    return op(g, Prim::MakeTuple, items);
  }

  // The type of `op(f, argnums)(args...)` in a new top-level graph whose parameters have
  // types `args`, or the error it reports.
  std::string derived_call(Prim p, Graph* f, std::vector<const Type*> args, std::vector<int64_t> nums = {0},
                           bool tuple = false) {
    Graph* h = graph("h" + std::to_string(counter++), {});
    std::vector<Node*> params;
    for (size_t i = 0; i < args.size(); ++i) params.push_back(m.add_param(h, "a" + std::to_string(i), loc(1)));
    std::vector<Node*> op_args{fn(f)};
    bool has_argnums = p == Prim::Grad || p == Prim::ValueAndGrad || p == Prim::Jacfwd || p == Prim::Jacrev ||
                       p == Prim::Hessian;
    if (has_argnums) op_args.push_back(argnums(h, nums, tuple));
    Node* d = op(h, p, op_args);
    h->output = call(h, d, params);
    return result_of(h, args);
  }
  std::string result_of(Graph* h, std::vector<const Type*> args) {
    const Type* t = nullptr;
    std::string err = error_of([&] { t = checker.specialise(h, args)->output->type; });
    if (err.empty()) {
      m.renumber();
      fx::ir::verify(m, "type inference");
    }
    return err.empty() ? to_string(t) : err;
  }
};

// f(x, y) = x * x * y
Graph* poly(Program& p) {
  Graph* f = p.graph("f", {"x", "y"});
  Node* xx = p.op(f, Prim::Mul, {f->params[0], f->params[0]});
  f->output = p.op(f, Prim::Mul, {xx, f->params[1]});
  return f;
}

// sq(x) = x * x
Graph* square(Program& p, const std::string& name = "sq") {
  Graph* f = p.graph(name, {"x"});
  f->output = p.op(f, Prim::Mul, {f->params[0], f->params[0]});
  return f;
}

// ------------------------------------------------------------ tangent types

TEST(Tangents, TangentAndJacobianTypes) {
  Program p;
  auto& T = p.T();
  fx::types::Annotations annotations(T, p.m);
  const Type* pair = T.tuple({T.f64(), T.i64()});
  EXPECT_EQ(fx::types::tangent_type(T, T.f64()), T.f64());
  EXPECT_EQ(fx::types::tangent_type(T, pair), pair) << "integers carry a zero of their own type";
  EXPECT_EQ(fx::types::tangent_type(T, T.tuple({T.f64(), T.prim_fn(Prim::Sin)})), nullptr);
  EXPECT_EQ(fx::types::not_differentiable_reason(T.f64()), "");
  EXPECT_EQ(fx::types::not_differentiable_reason(pair), "");
  EXPECT_NE(fx::types::not_differentiable_reason(T.i64()).find("float"), std::string::npos);
  EXPECT_NE(fx::types::not_differentiable_reason(T.boolean()), "");
  std::string why;
  const Type* two = T.tuple({T.f64(), T.f64()});
  EXPECT_EQ(fx::types::jacobian_type(T, annotations, T.f64(), T.f64(), &why), T.f64());
  EXPECT_EQ(fx::types::jacobian_type(T, annotations, two, T.f64(), &why), two);
  EXPECT_EQ(to_string(fx::types::jacobian_type(T, annotations, two, two, &why)), "((f64, f64), (f64, f64))");
  EXPECT_EQ(fx::types::jacobian_type(T, annotations, T.prim_fn(Prim::Sin), T.f64(), &why), nullptr);
  EXPECT_NE(why.find("function"), std::string::npos);
  EXPECT_EQ(fx::types::jacobian_type(T, annotations, pair, T.f64(), &why), nullptr);
  EXPECT_EQ(why, "the output has a part of type i64, which has no derivative; return floats only");
}

TEST(Tangents, DerivedTypesAreInternedAndPrinted) {
  Program p;
  auto& T = p.T();
  Graph* f = poly(p);
  const Type* cf = T.closure(f, nullptr);
  fx::types::Argnums one{{1}, false};
  EXPECT_EQ(T.derived(Prim::Grad, {cf}), T.derived(Prim::Grad, {cf}));
  EXPECT_NE(T.derived(Prim::Grad, {cf}), T.derived(Prim::Grad, {cf}, one));
  EXPECT_NE(T.derived(Prim::Grad, {cf}), T.derived(Prim::Jacrev, {cf}));
  EXPECT_EQ(to_string(T.derived(Prim::Grad, {cf})), "grad(<function f>)");
  EXPECT_EQ(to_string(T.derived(Prim::Grad, {cf}, one)), "grad(<function f>, argnums=1)");
  EXPECT_EQ(to_string(T.derived(Prim::Hessian, {cf}, fx::types::Argnums{{0, 1}, true})),
            "hessian(<function f>, argnums=(0, 1))");
  EXPECT_EQ(to_string(T.derived(Prim::Vjp, {cf, T.f64()})), "<pullback of <function f>>");
  EXPECT_TRUE(fx::types::is_function(T.derived(Prim::Checkpoint, {cf})));
  EXPECT_EQ(join(T, T.derived(Prim::Grad, {cf}), T.derived(Prim::Checkpoint, {cf}))->kind, fx::types::TypeKind::Union);
}

// ------------------------------------------------------------ derived functions

TEST(Derived, GradFamily) {
  Program p;
  auto& T = p.T();
  Graph* f = poly(p);
  std::vector<const Type*> ff{T.f64(), T.f64()};
  EXPECT_EQ(p.derived_call(Prim::Grad, f, ff), "f64");
  EXPECT_EQ(p.derived_call(Prim::Grad, f, ff, {0, 1}, true), "(f64, f64)");
  EXPECT_EQ(p.derived_call(Prim::Grad, f, ff, {1}, true), "(f64,)");
  EXPECT_EQ(p.derived_call(Prim::ValueAndGrad, f, ff, {1}), "(f64, f64)");
  EXPECT_EQ(p.derived_call(Prim::ValueAndGrad, f, ff, {0, 1}, true), "(f64, (f64, f64))");
  EXPECT_EQ(p.derived_call(Prim::Jacfwd, f, ff, {1}), "f64");
  EXPECT_EQ(p.derived_call(Prim::Jacrev, f, ff, {1, 0}, true), "(f64, f64)");
  EXPECT_EQ(p.derived_call(Prim::Hessian, f, ff), "f64");
  EXPECT_EQ(p.derived_call(Prim::Hessian, f, ff, {0, 1}, true), "((f64, f64), (f64, f64))");
  // A tuple argument's gradient has its structure; an integer inside it gets an i64 zero.
  Graph* first = p.graph("first", {"t"});
  first->output = p.op(first, Prim::TupleGet, {first->params[0], p.m.int_const(0)});
  EXPECT_EQ(p.derived_call(Prim::Grad, first, {T.tuple({T.f64(), T.i64()})}), "(f64, i64)");
  // An integer argument that is not differentiated is fine.
  EXPECT_EQ(p.derived_call(Prim::Grad, f, {T.f64(), T.i64()}), "f64");
}

TEST(Derived, GradErrors) {
  Program p;
  auto& T = p.T();
  Graph* f = poly(p);
  std::vector<const Type*> ff{T.f64(), T.f64()};
  EXPECT_EQ(p.derived_call(Prim::Grad, f, {T.i64(), T.f64()}),
            "3:7: grad: cannot differentiate with respect to argument 0 of type i64; integers carry no derivative: "
            "pass a float (e.g. 2.0 instead of 2) or convert with float()");
  EXPECT_EQ(p.derived_call(Prim::Grad, f, {T.f64(), T.i64()}, {0, 1}, true).substr(0, 70),
            "3:7: grad: cannot differentiate with respect to argument 1 of type i64");
  EXPECT_EQ(p.derived_call(Prim::Grad, f, ff, {2}),
            "3:7: grad: argnums 2 is out of range: grad(<function f>, argnums=2) is called with 2 arguments");
  EXPECT_EQ(p.derived_call(Prim::ValueAndGrad, f, ff, {0, 5}, true).substr(0, 40),
            "3:7: value_and_grad: argnums 5 is out of");
  EXPECT_EQ(p.derived_call(Prim::Grad, f, ff, {-1}),
            "2:5: grad: argnums -1 is out of range: arguments are counted from 0");
  // Outputs that are not a scalar float.
  Graph* pair = p.graph("pair", {"x"});
  pair->output = p.op(pair, Prim::MakeTuple, {pair->params[0], pair->params[0]});
  EXPECT_EQ(p.derived_call(Prim::Grad, pair, {T.f64()}),
            "3:7: grad needs a function returning a scalar float, found (f64, f64); use jacrev or vjp for other "
            "outputs");
  EXPECT_EQ(p.derived_call(Prim::Jacrev, pair, {T.f64()}), "(f64, f64)");
  Graph* positive = p.graph("positive", {"x"});
  positive->output = p.op(positive, Prim::Gt, {positive->params[0], p.f64(0.0)});
  EXPECT_EQ(p.derived_call(Prim::Grad, positive, {T.f64()}).substr(0, 67),
            "3:7: grad needs a function returning a scalar float, found bool; us");
  // grad of a non-function.
  Graph* h = p.graph("h", {});
  h->output = p.op(h, Prim::Grad, {p.f64(3.0), p.m.int_const(0)});
  EXPECT_EQ(p.result_of(h, {}), "2:5: grad needs a function to differentiate, found f64");
  // argnums that is not a constant.
  Graph* k = p.graph("k", {"n"});
  k->output = p.op(k, Prim::Grad, {p.fn(f), k->params[0]});
  EXPECT_EQ(p.result_of(k, {T.i64()}),
            "2:5: grad: argnums must be a constant integer or a tuple of constant integers, found i64");
  // Keyword arguments to a derived function.
  Graph* kw = p.graph("kw", {"x"});
  Node* d = p.op(kw, Prim::Grad, {p.fn(square(p)), p.m.int_const(0)});
  kw->output = p.call(kw, d, {kw->params[0]});
  kw->output->keywords = {"x"};
  EXPECT_EQ(p.result_of(kw, {T.f64()}),
            "3:7: grad(<function sq>) takes positional arguments only, found keyword argument 'x'");
}

TEST(Derived, DerivativeAndCheckpoint) {
  Program p;
  auto& T = p.T();
  Graph* sq = square(p);
  EXPECT_EQ(p.derived_call(Prim::Derivative, sq, {T.f64()}), "f64");
  EXPECT_EQ(p.derived_call(Prim::Checkpoint, sq, {T.i64()}), "i64") << "checkpoint(f) behaves as f";
  EXPECT_EQ(p.derived_call(Prim::Derivative, sq, {T.i64()}).substr(0, 77),
            "3:7: derivative: cannot differentiate with respect to an argument of type i64");
  EXPECT_EQ(p.derived_call(Prim::Derivative, poly(p), {T.f64(), T.f64()}),
            "3:7: derivative(f) is for functions of one argument, but it is called with 2 arguments; use grad, "
            "jacfwd or jvp");
}

// grad(grad(sq))(x), and a derived function joined with a closure in a tuple.
TEST(Derived, DerivedFunctionsAreFirstClass) {
  Program p;
  auto& T = p.T();
  Graph* sq = square(p);
  Graph* h = p.graph("h", {"x"});
  Node* g1 = p.op(h, Prim::Grad, {p.fn(sq), p.m.int_const(0)});
  Node* g2 = p.op(h, Prim::Grad, {g1, p.m.int_const(0)});
  Node* d = p.op(h, Prim::Derivative, {g2});
  Node* value = p.call(h, d, {h->params[0]});
  h->output = p.op(h, Prim::MakeTuple, {value, g2});
  EXPECT_EQ(p.result_of(h, {T.f64()}), "(f64, grad(grad(<function sq>)))");
  // jvp of a derived function.
  Graph* j = p.graph("j", {"x"});
  Node* g = p.op(j, Prim::Grad, {p.fn(sq), p.m.int_const(0)});
  Node* primals = p.op(j, Prim::MakeTuple, {j->params[0]});
  Node* tangents = p.op(j, Prim::MakeTuple, {p.f64(1.0)});
  j->output = p.op(j, Prim::Jvp, {g, primals, tangents});
  EXPECT_EQ(p.result_of(j, {T.f64()}), "(f64, f64)");
}

TEST(Derived, JvpRules) {
  Program p;
  Graph* f = poly(p);
  auto jvp = [&](std::vector<Node*> primals, std::vector<Node*> tangents, bool tuples = true) {
    Graph* h = p.graph("h" + std::to_string(p.counter++), {});
    Node* pr = tuples ? p.op(h, Prim::MakeTuple, primals) : primals.at(0);
    Node* tg = tuples ? p.op(h, Prim::MakeTuple, tangents) : tangents.at(0);
    h->output = p.op(h, Prim::Jvp, {p.fn(f), pr, tg}, 4);
    return p.result_of(h, {});
  };
  EXPECT_EQ(jvp({p.f64(2.0), p.f64(3.0)}, {p.f64(1.0), p.f64(0.0)}), "(f64, f64)");
  EXPECT_EQ(jvp({p.f64(2.0), p.f64(3.0)}, {p.f64(1.0)}),
            "4:5: jvp needs one tangent per primal: 2 primals and 1 tangent given");
  EXPECT_EQ(jvp({p.f64(2.0), p.f64(3.0)}, {p.f64(1.0), p.m.int_const(1)}),
            "4:5: jvp: tangent 1 must have the type of its primal, f64, found i64");
  EXPECT_EQ(jvp({p.f64(2.0)}, {p.f64(1.0)}, false),
            "4:5: jvp takes its primals as a tuple, found f64; write jvp(f, (x,), (t,)) for one argument");
}

TEST(Derived, VjpAndPullbacks) {
  Program p;
  auto& T = p.T();
  Graph* f = poly(p);
  auto pullback = [&](Node* (*ct)(Program&, Graph*)) {
    Graph* h = p.graph("h" + std::to_string(p.counter++), {"x", "y"});
    Node* r = p.op(h, Prim::Vjp, {p.fn(f), h->params[0], h->params[1]});
    Node* pb = p.op(h, Prim::TupleGet, {r, p.m.int_const(1)});
    Node* cts = p.call(h, pb, {ct(p, h)}, 5);
    h->output = p.op(h, Prim::MakeTuple, {r, cts});
    return p.result_of(h, {T.f64(), T.i64()});
  };
  EXPECT_EQ(pullback([](Program& p, Graph*) { return p.f64(1.0); }),
            "((f64, <pullback of <function f>>), (f64, i64))");
  EXPECT_EQ(pullback([](Program& p, Graph* h) { return p.op(h, Prim::MakeTuple, {p.f64(1.0), p.f64(1.0)}); }),
            "5:7: this pullback expects a cotangent of type f64 (the type of the function's output), found (f64, "
            "f64)");
}

TEST(Derived, GradHookAndStopGradient) {
  Program p;
  auto& T = p.T();
  Graph* twice = p.graph("twice", {"g"});
  twice->output = p.op(twice, Prim::Mul, {p.f64(2.0), twice->params[0]});
  Graph* flag = p.graph("flag", {"g"});
  flag->output = p.op(flag, Prim::Gt, {flag->params[0], p.f64(0.0)});
  auto hooked = [&](Graph* hook) {
    Graph* h = p.graph("h" + std::to_string(p.counter++), {"x"});
    Node* s = p.op(h, Prim::StopGradient, {h->params[0]});
    h->output = p.op(h, Prim::GradHook, {s, p.fn(hook)}, 6);
    return p.result_of(h, {T.f64()});
  };
  EXPECT_EQ(hooked(twice), "f64");
  EXPECT_EQ(hooked(flag),
            "6:5: grad_hook: the hook <function flag> is called with the cotangent, of type f64, and must return one "
            "of the same type, but returns bool");
}

// custom_vjp(sq, fwd, bwd)(x): fwd(x) = (x * x, x), bwd(res, ct) = (2 res ct,) or a bad bwd.
TEST(Derived, CustomRulesAreChecked) {
  Program p;
  auto& T = p.T();
  Graph* sq = square(p);
  Graph* fwd = p.graph("fwd", {"x"});
  fwd->output = p.op(fwd, Prim::MakeTuple, {p.op(fwd, Prim::Mul, {fwd->params[0], fwd->params[0]}), fwd->params[0]});
  Graph* bwd = p.graph("bwd", {"res", "ct"});
  bwd->output = p.op(bwd, Prim::MakeTuple, {p.op(bwd, Prim::Mul, {bwd->params[0], bwd->params[1]})});
  Graph* bad_bwd = p.graph("bad_bwd", {"res", "ct"});
  bad_bwd->output = p.op(bad_bwd, Prim::MakeTuple, {bad_bwd->params[1], p.f64(0.0)});
  auto custom = [&](Graph* back) {
    Graph* h = p.graph("h" + std::to_string(p.counter++), {"x"});
    Node* c = p.op(h, Prim::CustomVjp, {p.fn(sq), p.fn(fwd), p.fn(back)});
    Node* g = p.op(h, Prim::Grad, {c, p.m.int_const(0)});
    h->output = p.call(h, g, {h->params[0]});
    return p.result_of(h, {T.f64()});
  };
  EXPECT_EQ(custom(bwd), "f64");
  EXPECT_EQ(custom(bad_bwd),
            "3:7: custom_vjp: the bwd function <function bad_bwd> must return a tuple with one cotangent per argument "
            "(1 argument here), found (f64, f64)");
  // custom_jvp(sq, rule): rule((x,), (t,)) = (x * x, 10 t) is fine; returning (y,) is not.
  Graph* rule = p.graph("rule", {"primals", "tangents"});
  Node* x = p.op(rule, Prim::TupleGet, {rule->params[0], p.m.int_const(0)});
  Node* t = p.op(rule, Prim::TupleGet, {rule->params[1], p.m.int_const(0)});
  rule->output = p.op(rule, Prim::MakeTuple, {p.op(rule, Prim::Mul, {x, x}), p.op(rule, Prim::Mul, {p.f64(10.0), t})});
  Graph* bad_rule = p.graph("bad_rule", {"primals", "tangents"});
  bad_rule->output = p.op(bad_rule, Prim::MakeTuple, {p.f64(1.0)});
  auto custom_jvp = [&](Graph* r) {
    Graph* h = p.graph("h" + std::to_string(p.counter++), {"x"});
    Node* c = p.op(h, Prim::CustomJvp, {p.fn(sq), p.fn(r)});
    h->output = p.call(h, c, {h->params[0]});
    return p.result_of(h, {T.f64()});
  };
  EXPECT_EQ(custom_jvp(rule), "f64");
  EXPECT_EQ(custom_jvp(bad_rule),
            "3:7: custom_jvp: the rule <function bad_rule> must return a pair (output, tangent), found (f64,)");
}

// main() = (sq(3), grad(sq)(2.0)), specialised: sq[i64], sq[f64] and main[].
Graph* specialised_square_program(Program& p) {
  Graph* sq = square(p);
  Graph* h = p.graph("main", {});
  Node* a = p.call(h, p.fn(sq), {p.m.int_const(3)});
  Node* d = p.op(h, Prim::Grad, {p.fn(sq), p.m.int_const(0)});
  Node* b = p.call(h, d, {p.f64(2.0)});
  h->output = p.op(h, Prim::MakeTuple, {a, b});
  return p.checker.specialise(h, {});
}

// The `sq` given to grad points at sq[f64], the clone that is differentiated, although sq[i64]
// is inferred first; the call of grad(sq) resolves it to that clone again (closure_at).
TEST(Derived, DifferentiatedValuePointsAtTheDerivativesClone) {
  Program p;
  Graph* c = specialised_square_program(p);
  EXPECT_EQ(to_string(c->output->type), "(i64, f64)");
  ASSERT_EQ(c->body.size(), 5u);
  EXPECT_EQ(c->body[0]->callee()->as_graph()->name, "sq[i64]");
  ASSERT_TRUE(c->body[1]->arg(0)->holds_graph());
  EXPECT_EQ(c->body[1]->arg(0)->as_graph()->name, "sq[f64]");
  EXPECT_EQ(to_string(c->body[1]->type), "grad(<function sq>)");
  // The call of the derived function resolves its function to the clone for this call.
  ASSERT_TRUE(c->body[2]->is_prim_apply(Prim::ClosureAt));
  EXPECT_EQ(c->body[2]->arg(0), c->body[1]);
  ASSERT_EQ(c->body[2]->num_args(), 2u);
  EXPECT_EQ(c->body[2]->arg(1)->as_graph()->name, "sq[f64]");
  EXPECT_EQ(c->body[3]->callee(), c->body[2]);
  ASSERT_EQ(p.checker.call_targets(c->body[3]).size(), 1u);
  EXPECT_EQ(p.checker.call_targets(c->body[3])[0]->name, "sq[f64]");
}

// ------------------------------------------------------------ the type-checking verifier

// "where: message" of the InternalError `work` throws, or "" when it throws none.
template <typename Work>
std::string internal_error_of(Work&& work) {
  try {
    work();
  } catch (const fx::InternalError& e) {
    return e.where + ": " + e.message;
  }
  return "";
}

TEST(TypeVerifier, AcceptsWhatSpecialisationMade) {
  Program p;
  specialised_square_program(p);
  EXPECT_EQ(internal_error_of([&] { p.checker.verify_types("test", fx::types::ExpansionNodes::Typed); }), "");
}

TEST(TypeVerifier, RejectsAPrimitiveTypedAgainstItsRule) {
  Program p;
  Graph* h = p.graph("main", {});
  h->output = p.op(h, Prim::Mul, {p.m.int_const(2), p.m.int_const(3)});
  Graph* c = p.checker.specialise(h, {});
  EXPECT_EQ(internal_error_of([&] { p.checker.verify_types("test", fx::types::ExpansionNodes::Typed); }), "");
  c->output->type = p.T().f64();  // mul(i64, i64) is an i64
  std::string e = internal_error_of([&] { p.checker.verify_types("test", fx::types::ExpansionNodes::Typed); });
  EXPECT_NE(e.find("type verifier after test"), std::string::npos) << e;
  EXPECT_NE(e.find("is typed f64, but mul of its operands gives i64"), std::string::npos) << e;
}

TEST(TypeVerifier, RejectsACallTypedAgainstItsCallee) {
  Program p;
  Graph* c = specialised_square_program(p);
  c->body[0]->type = p.T().f64();  // sq[i64](3) returns an i64
  std::string e = internal_error_of([&] { p.checker.verify_types("test", fx::types::ExpansionNodes::Typed); });
  EXPECT_NE(e.find("is typed f64, but @sq[i64] returns i64"), std::string::npos) << e;
}

TEST(TypeVerifier, RejectsClosureAtOfAnotherFunction) {
  Program p;
  Graph* c = specialised_square_program(p);
  Graph* other = p.checker.specialise(square(p, "cube"), {p.T().f64()});
  Node* at = c->body[2];
  ASSERT_TRUE(at->is_prim_apply(Prim::ClosureAt));
  at->inputs[2] = p.m.constant(other);
  std::string e = internal_error_of([&] { p.checker.verify_types("test", fx::types::ExpansionNodes::Typed); });
  EXPECT_NE(e.find("lists @cube[f64], which grad(<function sq>) does not call"), std::string::npos) << e;
}

TEST(TypeVerifier, RejectsAnUntypedNode) {
  Program p;
  Graph* c = specialised_square_program(p);
  c->body[1]->type = nullptr;
  EXPECT_NE(internal_error_of([&] { p.checker.verify_types("test", fx::types::ExpansionNodes::Typed); }).find("has no type"), std::string::npos);
}

}  // namespace

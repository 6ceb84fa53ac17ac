// Shared by the AD unit tests (tests/unit/ad_*_test.cpp): a module with builder shorthands,
// run through one interpreter Session (so that the AD caches are shared between calls).
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <unistd.h>
#include <string>
#include <vector>

#include "ad/context.hpp"
#include "driver/compilation.hpp"
#include "interp/format.hpp"
#include "interp/interp.hpp"
#include "ir/ir.hpp"
#include "support/diagnostics.hpp"

namespace adtest {

using fx::interp::Kind;
using fx::interp::Value;
using fx::ir::Graph;
using fx::ir::GraphRole;
using fx::ir::Node;
using fx::ir::Prim;

inline Value F(double d) { return Value::real(d); }
inline Value I(int64_t i) { return Value::integer(i); }
inline Value T(std::vector<Value> items) { return Value::tuple(std::move(items)); }
inline std::string show(const Value& v) { return fx::interp::format_value(v); }

// Source text loaded through the driver (parsed and lowered; typed on request).
inline std::unique_ptr<fx::driver::Compilation> load_source(const std::string& text) {
  static int counter = 0;
  auto path = std::filesystem::temp_directory_path() /
              ("fluxion_ad_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".fx");
  std::ofstream(path) << text;
  auto c = std::make_unique<fx::driver::Compilation>();
  try {
    c->load_file(path.string());
  } catch (const fx::CompileError& e) {  // shown by gtest, unlike the bare struct
    std::filesystem::remove(path);
    throw std::runtime_error("compile error at line " + std::to_string(e.loc.line) + ": " + e.message);
  }
  std::filesystem::remove(path);
  return c;
}

// The AD engine's tests run what its transforms build while the program runs (the CLI and the
// embedding API expand every derivative ahead of time instead: interp::Options::runtime_ad).
inline fx::interp::Options runtime_ad_options() {
  fx::interp::Options o;
  o.runtime_ad = true;
  return o;
}

struct Program {
  std::unique_ptr<fx::driver::Compilation> comp;  // when built from source
  std::unique_ptr<fx::ir::Module> own;
  fx::ir::Module& m;
  fx::SourceFile file{"test.fx", std::string(4000, '\n')};
  uint32_t next_line = 1;
  std::ostringstream out;
  fx::interp::Options options = runtime_ad_options();
  std::unique_ptr<fx::interp::Session> session;

  Program() : own(std::make_unique<fx::ir::Module>()), m(*own) {}
  // Functions written in Fluxion; the tests then build the graphs that differentiate them.
  explicit Program(const std::string& source) : comp(load_source(source)), m(comp->module()) {}

  Graph* function(const std::string& name) {
    Graph* g = m.find_function(name);
    EXPECT_NE(g, nullptr) << name;
    return g;
  }
  // The typed specialisation of a source function for f64 arguments.
  Graph* typed(const std::string& name, size_t f64_args) {
    auto& store = comp->checker().store();
    std::vector<const fx::types::Type*> types(f64_args, store.f64());
    Graph* g = comp->checker().specialise(function(name), types);
    m.renumber();
    return g;
  }

  fx::SourceLoc loc() { return fx::SourceLoc{&file, next_line++, 1}; }

  Graph* fn(const std::string& name, std::vector<std::string> params, Graph* parent = nullptr,
            GraphRole role = GraphRole::Function) {
    Graph* g = m.new_graph(name, parent, loc(), role);
    for (auto& p : params) m.add_param(g, p, loc());
    if (!parent) {
      m.functions[name] = g;
      m.function_order.push_back(g);
    }
    return g;
  }
  Node* p(Graph* g, size_t i) { return g->params.at(i); }
  Node* op(Graph* g, Prim pr, std::vector<Node*> args) { return m.apply_prim(g, pr, std::move(args), loc()); }
  Node* call(Graph* g, Node* callee, std::vector<Node*> args) {
    std::vector<Node*> inputs{callee};
    inputs.insert(inputs.end(), args.begin(), args.end());
    return m.apply(g, std::move(inputs), loc());
  }
  Node* k(double v) { return m.constant(v); }
  Node* ki(int64_t v) { return m.constant(v); }
  Node* kb(bool v) { return m.constant(v); }
  Node* ks(const std::string& s) { return m.constant(s); }
  Node* kg(Graph* g) { return m.constant(g); }
  Node* kp(Prim pr) { return m.constant(pr); }
  Node* undef() { return m.constant(fx::ir::Undef{}); }
  Node* tuple(Graph* g, std::vector<Node*> xs) { return op(g, Prim::MakeTuple, std::move(xs)); }
  Node* get(Graph* g, Node* t, int64_t i) { return op(g, Prim::TupleGet, {t, ki(i)}); }

  fx::interp::Session& s() {
    if (!session) session = std::make_unique<fx::interp::Session>(m, options, out);
    return *session;
  }
  // g as a function value (a top-level graph).
  Value value(Graph* g) { return Value::closure(g, {}); }
  // op(f, argnums) for a function-valued derivative operator (grad, jacfwd, ...), as a value.
  Value derived(Prim op, const Value& f, int64_t argnums = 0) {
    Graph* d = fn("make_" + std::string(fx::ir::prim_name(op)) + std::to_string(next_line), {"f"});
    std::vector<Node*> args{p(d, 0)};
    if (op == Prim::Grad || op == Prim::ValueAndGrad || op == Prim::Jacfwd || op == Prim::Jacrev ||
        op == Prim::Hessian)
      args.push_back(ki(argnums));
    d->output = this->op(d, op, args);
    return run(d, {f});
  }
  // The value of op(args...) for any primitive (custom_vjp(f, fwd, bwd), jvp(f, p, t), ...).
  Value apply_prim(Prim op, std::vector<Value> args) {
    std::vector<std::string> names;
    for (size_t i = 0; i < args.size(); ++i) names.push_back("a" + std::to_string(i));
    Graph* d = fn("apply_" + std::string(fx::ir::prim_name(op)) + std::to_string(next_line), names);
    d->output = this->op(d, op, d->params);
    return run(d, std::move(args));
  }
  // The run-time error message of calling f; "" when it succeeds.
  std::string apply_error(const Value& f, std::vector<Value> args) {
    try {
      apply(f, std::move(args));
    } catch (const fx::RuntimeError& e) {
      return e.message;
    }
    return "";
  }
  Value run(Graph* g, std::vector<Value> args = {}) {
    fx::ir::verify(m, "test");
    return s().call(g, args);
  }
  Value apply(const Value& f, std::vector<Value> args) { return s().call_value(f, std::move(args)); }
  // The run-time error message of running g; "" when it succeeds.
  std::string error(Graph* g, std::vector<Value> args = {}) {
    try {
      run(g, std::move(args));
    } catch (const fx::RuntimeError& e) {
      return e.message;
    }
    return "";
  }
};

inline double num(const Value& v) {
  EXPECT_TRUE(v.is_number()) << show(v);
  return v.is_number() ? v.to_double() : NAN;
}

inline void expect_near(double got, double want, double tol = 1e-9) {
  if (std::isinf(want)) {
    EXPECT_EQ(got, want);
  } else {
    EXPECT_NEAR(got, want, tol * (1 + std::fabs(want)));
  }
}

}  // namespace adtest

// The C++ embedding API (include/fluxion/, docs/embedding.md): calls, engines, views of caller
// memory, owned results, derivatives, located errors, threads.
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <cmath>
#include <functional>
#include <thread>
#include <vector>

#include "fluxion/fluxion.hpp"

namespace {

const char* kProgram = R"(struct Linear:
    w: Tensor[f64, 1]
    b: f64

def square(x):
    return x * x

def poly(x, y):
    return x * x * y + 3.0 * y

def count(n):
    s = 0
    for i in range(n):
        s = s + i
    return s

def total(v):
    return sum(v * v)

def first(v):
    return v

def predict(p, x):
    return sum(p.w * x) + p.b

def halve(n):
    return 10 // n

def deep(n):
    return deep(n + 1)

def reduce(v):
    return sum(v)

def pair(x, v):
    return (x * v, sum(v) * x)

def shift(p, d):
    return Linear(w=p.w + d[0], b=p.b * d[1])

def slope(x):
    return grad(square)(x) * x

enum Shape:
    Circle(r: f64)
    Square(s: f64)

def circle(r):
    return Circle(r)
)";

fluxion::Options test_options() {
  fluxion::Options o;
  o.cache_dir = ::testing::TempDir() + "/fluxion-api-cache";
  return o;
}

fluxion::Module program() { return fluxion::Module::loads(kProgram, "prog.fx", test_options()); }

TEST(Api, ScalarCallsRunNatively) {
  fluxion::Module m = program();
  fluxion::Function poly = m.function("poly");
  EXPECT_EQ(poly.backend({1.0, 2.0}), fluxion::Backend::Native);
  EXPECT_DOUBLE_EQ(poly(3.0, 2.0).as_float(), 24.0);
  EXPECT_DOUBLE_EQ(poly(1.0, 1.0).as_float(), 4.0);
  EXPECT_EQ(m.function("count")(int64_t{5}).as_int(), 10);
}

TEST(Api, InterpreterEngineGivesTheSameResults) {
  fluxion::Options o = test_options();
  o.engine = fluxion::Engine::Interpreter;
  fluxion::Module m = fluxion::Module::loads(kProgram, "prog.fx", o);
  fluxion::Function poly = m.function("poly");
  EXPECT_EQ(poly.backend({1.0, 2.0}), fluxion::Backend::Interpreter);
  EXPECT_DOUBLE_EQ(poly(3.0, 2.0).as_float(), 24.0);
}

TEST(Api, NativeEngineNamesWhatItCannotCompile) {
  fluxion::Options o = test_options();
  o.engine = fluxion::Engine::Native;
  fluxion::Module m = fluxion::Module::loads(kProgram, "prog.fx", o);
  EXPECT_DOUBLE_EQ(m.function("poly")(3.0, 2.0).as_float(), 24.0);
  try {
    m.function("circle")(1.0);  // an enum value does not cross between host and native code
    ADD_FAILURE() << "an enum result ran with Engine::Native";
  } catch (const fluxion::Error& e) {
    EXPECT_EQ(e.file(), "prog.fx");
    EXPECT_NE(e.message().find("the native back end does not support"), std::string::npos) << e.what();
  }
  // Derivatives compile; a vjp's pullback (a function) cannot cross to the host natively.
  EXPECT_DOUBLE_EQ(fluxion::grad(m.function("poly"))(3.0, 2.0).as_float(), 12.0);
  EXPECT_THROW(fluxion::vjp(m.function("poly"), {3.0, 2.0}), fluxion::Error);
  // With Engine::Auto the interpreter runs it.
  fluxion::Module auto_engine = program();
  EXPECT_EQ(auto_engine.function("circle").backend({1.0}), fluxion::Backend::Interpreter);
  EXPECT_EQ(auto_engine.function("circle")(1.0).struct_name(), "Circle");
}

// The peak resident memory of the process, in bytes.
long peak_rss() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss * 1024L;
}

TEST(Api, TensorsAreViewedNotCopied) {
  fluxion::Module m = program();
  std::vector<double> data = {1.0, 2.0, 3.0, 4.0};
  fluxion::Function total = m.function("total");
  EXPECT_EQ(total.backend({fluxion::TensorView(data.data(), {4})}), fluxion::Backend::Native);
  EXPECT_DOUBLE_EQ(total(fluxion::TensorView(data.data(), {4})).as_float(), 30.0);
  // Every other element, through a stride: no copy is needed either.
  EXPECT_DOUBLE_EQ(total(fluxion::TensorView(fluxion::DType::F64, data.data(), {2}, {2})).as_float(), 10.0);
  EXPECT_EQ(data, (std::vector<double>{1.0, 2.0, 3.0, 4.0}));
  // 10^8 bytes read by native code: the process's peak memory does not grow by a copy.
  fluxion::Function reduce = m.function("reduce");
  EXPECT_EQ(reduce.backend({fluxion::TensorView(data.data(), {4})}), fluxion::Backend::Native);
  std::vector<double> big(12'500'000, 1.0);
  long before = peak_rss();
  EXPECT_DOUBLE_EQ(reduce(fluxion::TensorView(big.data(), {int64_t(big.size())})).as_float(), 12'500'000.0);
  EXPECT_LT(peak_rss() - before, 50'000'000L);
}

TEST(Api, TuplesAndStructsCrossNatively) {
  fluxion::Module m = program();
  std::vector<double> v = {1.0, 2.0}, w = {1.0, 2.0};
  fluxion::Function pair = m.function("pair");
  ASSERT_EQ(pair.backend({2.0, fluxion::TensorView(v.data(), {2})}), fluxion::Backend::Native);
  fluxion::Value r = pair(2.0, fluxion::TensorView(v.data(), {2}));
  ASSERT_EQ(r.items().size(), 2u);
  EXPECT_DOUBLE_EQ(r.items()[0].as_tensor().data_as<double>()[1], 4.0);
  EXPECT_NE(r.items()[0].as_tensor().data(), static_cast<const void*>(v.data()));
  EXPECT_DOUBLE_EQ(r.items()[1].as_float(), 6.0);
  // A struct and a tuple in, a struct out; its tensor field is the caller's.
  fluxion::Value p = fluxion::Value::structure("Linear", {{"w", fluxion::TensorView(w.data(), {2})}, {"b", 0.5}});
  fluxion::Function shift = m.function("shift");
  std::vector<fluxion::Value> args = {p, fluxion::Value::tuple({1.0, 4.0})};
  ASSERT_EQ(shift.backend(args), fluxion::Backend::Native);
  fluxion::Value q = shift.call(args);
  ASSERT_EQ(q.struct_name(), "Linear");
  EXPECT_DOUBLE_EQ(q.field("b").as_float(), 2.0);
  EXPECT_DOUBLE_EQ(q.field("w").as_tensor().data_as<double>()[0], 2.0);
  EXPECT_DOUBLE_EQ(q.field("w").as_tensor().data_as<double>()[1], 3.0);
  EXPECT_EQ(w, (std::vector<double>{1.0, 2.0}));
  EXPECT_EQ(m.function("predict").backend({p, fluxion::TensorView(v.data(), {2})}), fluxion::Backend::Native);
  EXPECT_DOUBLE_EQ(m.function("predict")(p, fluxion::TensorView(v.data(), {2})).as_float(), 5.5);
}

TEST(Api, ResultsOwnTheirMemory) {
  fluxion::Module m = program();
  std::vector<double> data = {1.0, 2.0};
  fluxion::Value r = m.function("first")(fluxion::TensorView(data.data(), {2}));
  ASSERT_EQ(r.kind(), fluxion::Value::Kind::Tensor);
  EXPECT_NE(r.as_tensor().data(), static_cast<const void*>(data.data()));
  data[0] = 100.0;
  EXPECT_DOUBLE_EQ(r.as_tensor().data_as<double>()[0], 1.0);
}

TEST(Api, ResultsOutliveTheModule) {
  fluxion::Value r;
  {
    fluxion::Module m = program();
    std::vector<double> data = {1.0, 2.0};
    r = m.eval("[1.0, 2.0] * 3.0");
  }
  ASSERT_EQ(r.as_tensor().shape(), std::vector<int64_t>{2});
  EXPECT_DOUBLE_EQ(r.as_tensor().data_as<double>()[1], 6.0);
}

TEST(Api, StructsByName) {
  fluxion::Module m = program();
  std::vector<double> w = {1.0, 2.0}, x = {3.0, 4.0};
  fluxion::Value p = fluxion::Value::structure("Linear", {{"b", 0.5}, {"w", fluxion::TensorView(w.data(), {2})}});
  EXPECT_DOUBLE_EQ(m.function("predict")(p, fluxion::TensorView(x.data(), {2})).as_float(), 11.5);
  fluxion::Value g = fluxion::grad(m.function("predict"))(p, fluxion::TensorView(x.data(), {2}));
  ASSERT_EQ(g.struct_name(), "Linear");
  EXPECT_DOUBLE_EQ(g.field("b").as_float(), 1.0);
  EXPECT_DOUBLE_EQ(g.field("w").as_tensor().data_as<double>()[1], 4.0);
}

TEST(Api, Derivatives) {
  fluxion::Module m = program();
  fluxion::Function poly = m.function("poly");
  EXPECT_DOUBLE_EQ(fluxion::grad(poly)(3.0, 2.0).as_float(), 12.0);
  EXPECT_DOUBLE_EQ(fluxion::grad(poly, 1)(3.0, 2.0).as_float(), 12.0);
  fluxion::Value both = fluxion::grad(poly, {0, 1})(3.0, 2.0);
  EXPECT_DOUBLE_EQ(both.items()[0].as_float(), 12.0);
  EXPECT_DOUBLE_EQ(both.items()[1].as_float(), 12.0);
  fluxion::Value vg = fluxion::value_and_grad(m.function("square"))(3.0);
  EXPECT_DOUBLE_EQ(vg.items()[0].as_float(), 9.0);
  EXPECT_DOUBLE_EQ(vg.items()[1].as_float(), 6.0);
  EXPECT_DOUBLE_EQ(fluxion::grad(fluxion::grad(m.function("square")))(5.0).as_float(), 2.0);
  fluxion::Value h = fluxion::hessian(poly, {0, 1})(1.0, 2.0);
  EXPECT_DOUBLE_EQ(h.items()[0].items()[0].as_float(), 4.0);
  EXPECT_DOUBLE_EQ(h.items()[0].items()[1].as_float(), 2.0);
  fluxion::Value t = fluxion::jvp(poly, {3.0, 2.0}, {1.0, 0.0});
  EXPECT_DOUBLE_EQ(t.items()[0].as_float(), 24.0);
  EXPECT_DOUBLE_EQ(t.items()[1].as_float(), 12.0);
  auto [out, pullback] = fluxion::vjp(poly, {3.0, 2.0});
  EXPECT_DOUBLE_EQ(out.as_float(), 24.0);
  fluxion::Value cts = pullback(1.0);
  EXPECT_DOUBLE_EQ(cts.items()[0].as_float(), 12.0);
  EXPECT_DOUBLE_EQ(cts.items()[1].as_float(), 12.0);
  std::vector<double> v = {1.0, 2.0};
  fluxion::Value j = fluxion::jacrev(m.function("total"))(fluxion::TensorView(v.data(), {2}));
  EXPECT_DOUBLE_EQ(j.as_tensor().data_as<double>()[1], 4.0);
}

fluxion::Error error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const fluxion::Error& e) {
    return e;
  }
  ADD_FAILURE() << "no fluxion::Error";
  return fluxion::Error(fluxion::Error::Kind::Internal, "", 0, 0, "", "");
}

TEST(Api, BadInputGivesLocatedErrors) {
  fluxion::Module m = program();
  fluxion::Error count = error_of([&] { m.function("poly")(1.0); });
  EXPECT_EQ(count.kind(), fluxion::Error::Kind::Compile);
  EXPECT_EQ(count.file(), "prog.fx");
  EXPECT_EQ(count.line(), 8);
  EXPECT_NE(count.message().find("takes 2 arguments, got 1"), std::string::npos) << count.what();

  std::vector<double> w = {1.0};
  fluxion::Error structure = error_of([&] { m.function("predict")(1.0, fluxion::TensorView(w.data(), {1})); });
  EXPECT_EQ(structure.file(), "prog.fx");
  EXPECT_GT(structure.line(), 0);

  fluxion::Error field = error_of([&] { m.function("predict")(fluxion::Value::structure("Linear", {{"b", 1.0}}), 1.0); });
  EXPECT_NE(field.message().find("needs field 'w'"), std::string::npos) << field.what();

  fluxion::Error runtime = error_of([&] { m.function("halve")(int64_t{0}); });
  EXPECT_EQ(runtime.kind(), fluxion::Error::Kind::Runtime);
  EXPECT_EQ(runtime.line(), 27);
  EXPECT_NE(std::string(runtime.what()).find("prog.fx:27:"), std::string::npos) << runtime.what();

  fluxion::Error syntax = error_of([] { fluxion::Module::loads("def f(x):\n    return x +\n", "bad.fx"); });
  EXPECT_EQ(syntax.file(), "bad.fx");
  EXPECT_EQ(syntax.line(), 2);
  EXPECT_NE(std::string(syntax.what()).find("bad.fx:2:"), std::string::npos);

  EXPECT_THROW(m.function("nope"), fluxion::Error);
}

TEST(Api, CallsGoOnAfterAnError) {
  for (fluxion::Engine engine : {fluxion::Engine::Auto, fluxion::Engine::Interpreter}) {
    fluxion::Options o = test_options();
    o.engine = engine;
    fluxion::Module m = fluxion::Module::loads(kProgram, "prog.fx", o);
    fluxion::Error e = error_of([&] { m.function("deep")(int64_t{0}); });
    EXPECT_NE(e.message().find("recursion deeper than 10000 calls"), std::string::npos) << e.what();
    EXPECT_DOUBLE_EQ(m.function("poly")(3.0, 2.0).as_float(), 24.0);
    EXPECT_DOUBLE_EQ(fluxion::grad(m.function("square"))(3.0).as_float(), 6.0);
  }
}

TEST(Api, ReadingAValueAsAnotherKindIsAnError) {
  fluxion::Value f(1.5), t = fluxion::Value::tuple({1.0, int64_t{2}});
  EXPECT_DOUBLE_EQ(t.items()[1].as_float(), 2.0);  // an int reads as a float
  EXPECT_THROW(f.items(), fluxion::Error);
  EXPECT_THROW(f.field("w"), fluxion::Error);
  EXPECT_THROW(t.as_tensor(), fluxion::Error);
  EXPECT_THROW(t.as_function(), fluxion::Error);
  try {
    f.as_bool();
    ADD_FAILURE() << "a float read as a bool";
  } catch (const fluxion::Error& e) {
    EXPECT_EQ(e.message(), "expected a bool, found a float");
  }
  EXPECT_EQ(t.to_string(), "(1.0, 2)");
}

TEST(Api, OneModuleFromSeveralThreads) {
  fluxion::Module m = program();
  fluxion::Function poly = m.function("poly"), g = fluxion::grad(poly), total = m.function("total");
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        double x = t + i * 0.01;
        if (std::abs(poly(x, 2.0).as_float() - (2 * x * x + 6.0)) > 1e-12) ++wrong[t];
        if (i % 20 == 0 && std::abs(g(x, 2.0).as_float() - 4 * x) > 1e-12) ++wrong[t];
        std::vector<double> v = {x, 1.0};  // a native tensor call: each thread counts its own references
        if (std::abs(total(fluxion::TensorView(v.data(), {2})).as_float() - (x * x + 1.0)) > 1e-12) ++wrong[t];
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong, std::vector<int>(4, 0));
}

// The central finite difference of scalar f at x along coordinate i (of a tuple of scalars).
double central_difference(const std::function<double(std::vector<double>)>& f, std::vector<double> x, size_t i) {
  const double h = 1e-6;
  std::vector<double> up = x, down = x;
  up[i] += h;
  down[i] -= h;
  return (f(up) - f(down)) / (2 * h);
}

TEST(Api, DerivativesRunNatively) {
  fluxion::Module m = program();
  fluxion::Options interp_options = test_options();
  interp_options.engine = fluxion::Engine::Interpreter;
  fluxion::Module reference = fluxion::Module::loads(kProgram, "prog.fx", interp_options);
  fluxion::Function poly = m.function("poly");
  auto poly_at = [&](std::vector<double> x) { return poly(x[0], x[1]).as_float(); };
  // grad with argnums, against finite differences and the interpreter.
  fluxion::Function g = fluxion::grad(poly, {0, 1});
  ASSERT_EQ(g.backend({1.5, -0.5}), fluxion::Backend::Native);
  fluxion::Value both = g(1.5, -0.5);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_NEAR(both.items()[i].as_float(), central_difference(poly_at, {1.5, -0.5}, i), 1e-6);
    EXPECT_DOUBLE_EQ(both.items()[i].as_float(), fluxion::grad(reference.function("poly"), {0, 1})(1.5, -0.5).items()[i].as_float());
  }
  EXPECT_EQ(fluxion::grad(reference.function("poly"), {0, 1}).backend({1.5, -0.5}), fluxion::Backend::Interpreter);
  // The other operators, each natively, each as the interpreter computes it.
  struct Case {
    const char* name;
    fluxion::Function native, interpreted;
    std::vector<fluxion::Value> args;
  };
  std::vector<double> v = {1.0, -2.0, 0.5};
  fluxion::TensorView view(v.data(), {3});
  auto both_ways = [&](const char* name, auto op, const char* fn, std::vector<fluxion::Value> args) {
    return Case{name, op(m.function(fn)), op(reference.function(fn)), std::move(args)};
  };
  std::vector<Case> cases = {
      both_ways("grad", [](const fluxion::Function& f) { return fluxion::grad(f, 1); }, "poly", {3.0, 2.0}),
      both_ways("value_and_grad", [](const fluxion::Function& f) { return fluxion::value_and_grad(f); }, "square", {3.0}),
      both_ways("grad(grad)", [](const fluxion::Function& f) { return fluxion::grad(fluxion::grad(f)); }, "square", {5.0}),
      both_ways("hessian", [](const fluxion::Function& f) { return fluxion::hessian(f, {0, 1}); }, "poly", {1.0, 2.0}),
      both_ways("jacfwd", [](const fluxion::Function& f) { return fluxion::jacfwd(f, {0, 1}); }, "poly", {1.0, 2.0}),
      both_ways("jacrev of a tensor", [](const fluxion::Function& f) { return fluxion::jacrev(f); }, "total", {view}),
      both_ways("grad of a tensor", [](const fluxion::Function& f) { return fluxion::grad(f); }, "total", {view}),
      both_ways("grad of a function with grad inside", [](const fluxion::Function& f) { return fluxion::grad(f); },
                "slope", {3.0}),
  };
  for (Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(c.native.backend(c.args), fluxion::Backend::Native);
    fluxion::Value a = c.native.call(c.args), b = c.interpreted.call(c.args);
    EXPECT_EQ(a.to_string(), b.to_string());
  }
  EXPECT_EQ(v, (std::vector<double>{1.0, -2.0, 0.5}));  // the view was only read
  // jvp and vjp apply the operator in one call.
  fluxion::Value t = fluxion::jvp(poly, {3.0, 2.0}, {1.0, 0.0});
  EXPECT_DOUBLE_EQ(t.items()[1].as_float(), 12.0);
  auto [out, pullback] = fluxion::vjp(poly, {3.0, 2.0});
  EXPECT_DOUBLE_EQ(pullback(1.0).items()[1].as_float(), 12.0);
}

// Each native specialisation expands its derivatives into the one program (one Expander for the
// module): what earlier specialisations compiled, and what runs in the interpreter, still works.
TEST(Api, LaterSpecialisationsLeaveEarlierOnesWorking) {
  fluxion::Module m = program();
  fluxion::Function poly = m.function("poly"), total = m.function("total");
  fluxion::Function g0 = fluxion::grad(poly), g1 = fluxion::grad(poly, 1), jf = fluxion::jacfwd(total);
  std::vector<double> v = {1.0, 2.0};
  fluxion::TensorView view(v.data(), {2});
  for (int round = 0; round < 2; ++round) {
    SCOPED_TRACE(round);
    EXPECT_DOUBLE_EQ(g0(3.0, 2.0).as_float(), 12.0);
    EXPECT_DOUBLE_EQ(m.function("slope")(3.0).as_float(), 18.0);
    EXPECT_DOUBLE_EQ(poly(int64_t{3}, 2.0).as_float(), 24.0);  // a new signature after the expansion
    EXPECT_DOUBLE_EQ(g1(3.0, 2.0).as_float(), 12.0);
    // jacfwd of a tensor function is not compiled yet: the interpreter runs the expanded code.
    fluxion::Value j = jf(view);
    EXPECT_DOUBLE_EQ(j.as_tensor().data_as<double>()[1], 4.0);
    EXPECT_DOUBLE_EQ(m.function("halve")(int64_t{5}).as_int(), 2);
    EXPECT_EQ(m.eval("grad(poly)(3.0, 2.0)").to_string(), "12.0");
  }
  EXPECT_EQ(g0.backend({3.0, 2.0}), fluxion::Backend::Native);
}

// A derivative the expansion cannot build ahead of time (tests/errors/cli/expanded_not_yet.fx)
// is a located compile error, with every engine, and the module goes on working: what does
// not reach the construct still runs, natively where it can.
TEST(Api, ADerivativeTheExpansionCannotBuildIsALocatedError) {
  const char* program = R"(def mapped(x):
    t = tree_map(grad(sin), (x, 2.0 * x))
    return t[0] * t[1] * x

def twice_mapped(x):
    return 2.0 * mapped(x)

def poly(x, y):
    return x * x * y + 3.0 * y
)";
  for (fluxion::Engine engine : {fluxion::Engine::Auto, fluxion::Engine::Interpreter, fluxion::Engine::Native}) {
    SCOPED_TRACE(static_cast<int>(engine));
    fluxion::Options o = test_options();
    o.engine = engine;
    fluxion::Module m = fluxion::Module::loads(program, "gap.fx", o);
    fluxion::Function poly = m.function("poly");
    EXPECT_DOUBLE_EQ(fluxion::grad(poly)(3.0, 2.0).as_float(), 12.0);  // expanded first
    // A derived function used as a value (mapped over a tuple): no static form (docs/ad.md §10).
    for (const char* name : {"mapped", "mapped", "twice_mapped"}) {  // again: the same error
      fluxion::Error e = error_of([&] { m.function(name)(0.5); });
      EXPECT_EQ(e.file(), "gap.fx");
      EXPECT_EQ(e.line(), 2);
      EXPECT_NE(e.message().find("cannot expand this derivative ahead of time: a derived function used as a value"),
                std::string::npos)
          << e.what();
    }
    EXPECT_DOUBLE_EQ(fluxion::grad(poly)(3.0, 2.0).as_float(), 12.0);
    EXPECT_DOUBLE_EQ(fluxion::grad(poly, 1)(3.0, 2.0).as_float(), 12.0);
    EXPECT_DOUBLE_EQ(poly(int64_t{1}, 2.0).as_float(), 8.0);
    if (engine != fluxion::Engine::Interpreter) EXPECT_EQ(poly.backend({int64_t{1}, 2.0}), fluxion::Backend::Native);
  }
}

TEST(Api, SourceAndEmitC) {
  fluxion::Module m = program();
  EXPECT_EQ(m.function("square").source(), "def square(x):\n    return x * x\n");
  EXPECT_NE(m.function("square").emit_c({1.0}).find("fx_call"), std::string::npos);
  EXPECT_NE(fluxion::grad(m.function("square")).source().find("square"), std::string::npos);
  // A derivative's C: the derivative code, behind the same fx_call entry.
  std::string derivative = fluxion::grad(m.function("square")).emit_c({1.0});
  EXPECT_NE(derivative.find("fx_call"), std::string::npos);
  EXPECT_NE(derivative, m.function("square").emit_c({1.0}));
  // d/dx x * x, inlined into the entry (the gradient is plain code: docs/opt.md "Derivative
  // code"): x + x, with no call of a derivative function left.
  EXPECT_NE(derivative.find(" + "), std::string::npos) << derivative;
  EXPECT_EQ(derivative.find("grad"), std::string::npos) << derivative;
}

}  // namespace

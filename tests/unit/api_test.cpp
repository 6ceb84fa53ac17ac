// The C++ embedding API (include/fluxion/, docs/embedding.md): calls, engines, views of caller
// memory, owned results, derivatives, located errors, threads.
#include <gtest/gtest.h>

#include <cmath>
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
  std::vector<double> data = {1.0, 2.0};
  try {
    m.function("total")(fluxion::TensorView(data.data(), {2}));
    ADD_FAILURE() << "a tensor function ran with Engine::Native";
  } catch (const fluxion::Error& e) {
    EXPECT_EQ(e.file(), "prog.fx");
    EXPECT_NE(e.message().find("the native back end does not support"), std::string::npos) << e.what();
  }
}

TEST(Api, TensorsAreViewedNotCopied) {
  fluxion::Module m = program();
  std::vector<double> data = {1.0, 2.0, 3.0, 4.0};
  fluxion::Function total = m.function("total");
  EXPECT_EQ(total.backend({fluxion::TensorView(data.data(), {4})}), fluxion::Backend::Interpreter);
  EXPECT_DOUBLE_EQ(total(fluxion::TensorView(data.data(), {4})).as_float(), 30.0);
  // Every other element, through a stride: no copy is needed either.
  EXPECT_DOUBLE_EQ(total(fluxion::TensorView(fluxion::DType::F64, data.data(), {2}, {2})).as_float(), 10.0);
  EXPECT_EQ(data, (std::vector<double>{1.0, 2.0, 3.0, 4.0}));
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
  fluxion::Function poly = m.function("poly"), g = fluxion::grad(poly);
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        double x = t + i * 0.01;
        if (std::abs(poly(x, 2.0).as_float() - (2 * x * x + 6.0)) > 1e-12) ++wrong[t];
        if (i % 20 == 0 && std::abs(g(x, 2.0).as_float() - 4 * x) > 1e-12) ++wrong[t];
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong, std::vector<int>(4, 0));
}

TEST(Api, SourceAndEmitC) {
  fluxion::Module m = program();
  EXPECT_EQ(m.function("square").source(), "def square(x):\n    return x * x\n");
  EXPECT_NE(m.function("square").emit_c({1.0}).find("fx_call"), std::string::npos);
  EXPECT_NE(fluxion::grad(m.function("square")).source().find("square"), std::string::npos);
  EXPECT_THROW(fluxion::grad(m.function("square")).emit_c({1.0}), fluxion::Error);
}

}  // namespace

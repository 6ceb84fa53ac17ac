// What the host passes and gets back at the edge of the C++ embedding API (docs/embedding.md
// "Values", "Errors", "Which engine runs a call"): every kind of bad input is a located
// fluxion::Error, for a plain call and a derivative alike; non-contiguous views are read in
// place; values native code cannot carry (enums, strings, functions) and check_nan take the
// documented ways.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "fluxion/fluxion.hpp"

namespace {

const char* kProgram = R"(struct Linear:
    w: Tensor[f64, 1]
    b: f64

def poly(x, y):
    return x * x * y + 3.0 * y

def dot(a: Tensor[f64, 1], b: Tensor[f64, 1]):
    return sum(a * b)

def predict(p, x):
    return sum(p.w * x) + p.b

def total(v):
    return sum(v * v)

def logarithm(x):
    return log(x)

enum Shape:
    Circle(r: f64)
    Square(s: f64)

def circle(r):
    return Circle(r)

def area(s):
    match s:
        case Circle(r):
            return 3.0 * r * r
        case Square(s):
            return s * s

def greeting(x):
    return "hello"

def apply_twice(f, x):
    return f(f(x))

def square(x):
    return x * x
)";

fluxion::Options options(fluxion::Engine engine = fluxion::Engine::Auto) {
  fluxion::Options o;
  o.cache_dir = ::testing::TempDir() + "/fluxion-api-host-input-cache";
  o.engine = engine;
  return o;
}

fluxion::Module program(fluxion::Engine engine = fluxion::Engine::Auto) {
  return fluxion::Module::loads(kProgram, "prog.fx", options(engine));
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

// The error is located in prog.fx at `line` and says `words`.
void expect_located(const fluxion::Error& e, int line, const std::string& words) {
  EXPECT_EQ(e.file(), "prog.fx") << e.what();
  EXPECT_EQ(e.line(), line) << e.what();
  EXPECT_NE(e.message().find(words), std::string::npos) << e.what();
  EXPECT_EQ(std::string(e.what()).rfind("prog.fx:" + std::to_string(line) + ":", 0), 0u) << e.what();
}

TEST(ApiHostInput, WrongArgumentCount) {
  fluxion::Module m = program();
  expect_located(error_of([&] { m.function("poly")(1.0); }), 5, "poly() takes 2 arguments, got 1");
  expect_located(error_of([&] { m.function("poly")(1.0, 2.0, 3.0); }), 5, "poly() takes 2 arguments, got 3");
  expect_located(error_of([&] { fluxion::grad(m.function("poly"))(1.0); }), 5, "needs every argument of poly");
}

TEST(ApiHostInput, FloatWhereAStructIsExpected) {
  fluxion::Module m = program();
  std::vector<double> x = {1.0, 2.0};
  for (const fluxion::Function& f : {m.function("predict"), fluxion::grad(m.function("predict"), {1})})
    expect_located(error_of([&] { f(1.0, fluxion::TensorView(x.data(), {2})); }), 12,
                   "cannot access field 'w' of f64: expected a struct");
}

TEST(ApiHostInput, WrongRankAndDtypeAreRefusedAlikeByCallsAndDerivatives) {
  fluxion::Module m = program();
  std::vector<double> matrix = {1.0, 2.0, 3.0, 4.0}, v = {1.0, 2.0};
  std::vector<float> single = {1.0f, 2.0f};
  for (const fluxion::Function& f : {m.function("dot"), fluxion::grad(m.function("dot"))}) {
    expect_located(error_of([&] { f(fluxion::TensorView(matrix.data(), {2, 2}), fluxion::TensorView(v.data(), {2})); }),
                   8, "argument 'a' of dot expects Tensor[f64, 1], found Tensor[f64, 2]");
    // Nothing is converted: an f32 array is not an f64 tensor (docs/embedding.md "Errors").
    expect_located(error_of([&] { f(fluxion::TensorView(single.data(), {2}), fluxion::TensorView(v.data(), {2})); }),
                   8, "argument 'a' of dot expects Tensor[f64, 1], found Tensor[f32, 1]");
  }
  // A struct's field of the wrong rank.
  fluxion::Value p = fluxion::Value::structure("Linear", {{"w", fluxion::TensorView(matrix.data(), {2, 2})}, {"b", 0.0}});
  expect_located(error_of([&] { m.function("predict")(p, fluxion::TensorView(v.data(), {2})); }), 11,
                 "field 'w' of Linear is declared Tensor[f64, 1], got Tensor[f64, 2]");
}

TEST(ApiHostInput, SyntaxErrorInLoads) {
  fluxion::Error e = error_of([] { fluxion::Module::loads("def f(x):\n    return x +\n", "bad.fx", options()); });
  EXPECT_EQ(e.kind(), fluxion::Error::Kind::Compile);
  EXPECT_EQ(e.file(), "bad.fx");
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(std::string(e.what()).rfind("bad.fx:2:", 0), 0u) << e.what();
}

// Strides in elements, zero and negative included, are read in place: nothing is copied.
TEST(ApiHostInput, NonContiguousViewsAreReadInPlace) {
  fluxion::Module m = program();
  fluxion::Function total = m.function("total");
  std::vector<double> v = {1.0, 100.0, 2.0, 100.0, 3.0, 100.0};
  fluxion::TensorView every_other(fluxion::DType::F64, v.data(), {3}, {2});
  fluxion::TensorView reversed(fluxion::DType::F64, v.data() + 4, {3}, {-2});
  fluxion::TensorView broadcast(fluxion::DType::F64, v.data(), {4}, {0});
  EXPECT_DOUBLE_EQ(total(every_other).as_float(), 14.0);
  EXPECT_EQ(total.backend({every_other}), fluxion::Backend::Native);
  EXPECT_DOUBLE_EQ(total(reversed).as_float(), 14.0);
  EXPECT_DOUBLE_EQ(total(broadcast).as_float(), 4.0);
  fluxion::Value g = fluxion::grad(total)(reversed);  // d/dv sum(v*v) = 2v, in the view's order
  EXPECT_EQ(g.as_tensor().shape(), std::vector<int64_t>{3});
  EXPECT_DOUBLE_EQ(g.as_tensor().data_as<double>()[0], 6.0);
  EXPECT_DOUBLE_EQ(g.as_tensor().data_as<double>()[2], 2.0);
  EXPECT_EQ(v, (std::vector<double>{1.0, 100.0, 2.0, 100.0, 3.0, 100.0}));  // nothing written
}

// check_nan compiles the checked variant (as `fluxion run --check-nan` does), whose report is
// the interpreter's, at the same place.
TEST(ApiHostInput, CheckNanRunsNatively) {
  fluxion::Options checked = options();
  checked.check_nan = true;
  fluxion::Module m = fluxion::Module::loads(kProgram, "prog.fx", checked);
  fluxion::Function logarithm = m.function("logarithm");
  EXPECT_EQ(logarithm.backend({2.0}), fluxion::Backend::Native);
  EXPECT_DOUBLE_EQ(logarithm(1.0).as_float(), 0.0);
  EXPECT_EQ(fluxion::grad(logarithm).backend({2.0}), fluxion::Backend::Native);
  EXPECT_DOUBLE_EQ(fluxion::grad(logarithm)(2.0).as_float(), 0.5);
  fluxion::Error native = error_of([&] { logarithm(-1.0); });

  checked.engine = fluxion::Engine::Interpreter;
  fluxion::Module interpreted = fluxion::Module::loads(kProgram, "prog.fx", checked);
  fluxion::Error reference = error_of([&] { interpreted.function("logarithm")(-1.0); });
  EXPECT_EQ(native.kind(), fluxion::Error::Kind::Runtime);
  EXPECT_EQ(std::string(native.what()), std::string(reference.what()));
  expect_located(native, 18, "nan");
  // Without check_nan the nan is a value.
  EXPECT_TRUE(std::isnan(program().function("logarithm")(-1.0).as_float()));
}

// Enum values and functions have no slots in native calls: with Engine::Auto such calls run
// in the interpreter (the documented fallback); Engine::Native names what is missing. The host
// cannot build an enum value yet: passing one is a located error.
TEST(ApiHostInput, EnumsAndFunctionsCrossThroughTheInterpreter) {
  fluxion::Module m = program();
  fluxion::Value circle = m.function("circle")(2.0);  // a variant comes back as a struct named after it
  EXPECT_EQ(circle.struct_name(), "Circle");
  EXPECT_DOUBLE_EQ(circle.field("r").as_float(), 2.0);
  EXPECT_EQ(m.function("circle").backend({2.0}), fluxion::Backend::Interpreter);
  expect_located(error_of([&] { m.function("area")(circle); }), 27, "argument 1 (s) of area(): the program has no struct named 'Circle'");
  fluxion::Function square = m.function("square");
  EXPECT_DOUBLE_EQ(m.function("apply_twice")(square, 3.0).as_float(), 81.0);
  EXPECT_EQ(m.function("apply_twice").backend({square, 3.0}), fluxion::Backend::Interpreter);

  fluxion::Module native = program(fluxion::Engine::Native);
  expect_located(error_of([&] { native.function("circle")(2.0); }), 24,
                 "the native back end does not support a value of type Shape passed between the host and native code");
  expect_located(error_of([&] { native.function("apply_twice")(native.function("square"), 3.0); }), 37,
                 "the native back end does not support a function passed as an argument by the host");
}

// A string has no host value: returning one is a located error, not a crash.
TEST(ApiHostInput, AStringResultIsALocatedError) {
  fluxion::Module m = program();
  expect_located(error_of([&] { m.function("greeting")(1.0); }), 34, "greeting() returns a value of type");
  EXPECT_DOUBLE_EQ(m.function("poly")(3.0, 2.0).as_float(), 24.0);  // the module goes on working
}

}  // namespace

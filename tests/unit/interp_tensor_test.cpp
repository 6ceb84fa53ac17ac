// The interpreter's tensor values and primitives (docs/tensors.md "Interpreter"): programs run
// through the driver, and primitives applied to values directly (the adjoint primitives and
// the AD support values, which programs do not write).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "driver/compilation.hpp"
#include "fluxion/runtime/runtime.hpp"
#include "interp/format.hpp"
#include "interp/interp.hpp"
#include "interp/value.hpp"
#include "ir/ir.hpp"
#include "support/diagnostics.hpp"

namespace {

namespace rt = fx::rt;
using fx::interp::Kind;
using fx::interp::Value;
using fx::ir::Prim;

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("fluxion_interp_tensor_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

// Runs main() of `source`; returns what it printed, or "error: LINE: MESSAGE".
std::string run(const std::string& source) {
  static int counter = 0;
  std::string path = temp_path(std::to_string(counter++) + ".fx");
  std::ofstream(path) << source;
  std::ostringstream out;
  try {
    fx::driver::Compilation c;
    c.load_file(path);
    c.run_main(out);
  } catch (const fx::RuntimeError& e) {
    out << "error: " << e.loc.line << ": " << e.message;
  } catch (const fx::CompileError& e) {
    out << "compile error: " << e.loc.line << ": " << e.message;
  }
  std::filesystem::remove(path);
  return out.str();
}

// Applies primitive p to values in a fresh module.
Value prim(Prim p, std::vector<Value> args) {
  fx::ir::Module m;
  fx::ir::Graph* g = m.new_graph("f", nullptr, {}, fx::ir::GraphRole::Function);
  std::vector<fx::ir::Node*> params;
  for (size_t i = 0; i < args.size(); ++i) params.push_back(m.add_param(g, "a" + std::to_string(i), {}));
  g->output = m.apply_prim(g, p, params, {});
  m.renumber();
  std::ostringstream out;
  return fx::interp::call_graph(m, g, args, {}, out);
}

std::string prim_error(Prim p, std::vector<Value> args) {
  try {
    prim(p, std::move(args));
  } catch (const fx::RuntimeError& e) {
    return e.message;
  }
  return "";
}

Value T(rt::NestedData d) { return Value::tensor(rt::from_nested(d)); }
Value T32(rt::NestedData d) { return Value::tensor(rt::astype(rt::from_nested(d), rt::DType::F32)); }
Value F(double d) { return Value::real(d); }
Value I(int64_t i) { return Value::integer(i); }
Value S(const std::string& s) { return Value::str(s); }
std::string show(const Value& v) { return fx::interp::format_value(v); }
rt::DType dtype(const Value& v) { return v.as_tensor().dtype(); }

// ------------------------------------------------------------------ values
TEST(InterpTensor, PrintsAsNestedLists) {
  EXPECT_EQ(show(T({{1.0, 2.0}, {3.0, 4.0}})), "[[1.0, 2.0], [3.0, 4.0]]");
  EXPECT_EQ(show(Value::tensor(rt::scalar_tensor(rt::Scalar(0.1f)))), "0.1");  // rank 0: its element
  EXPECT_EQ(show(Value::tuple({T({1, 2}), F(1.0)})), "([1, 2], 1.0)");
  EXPECT_EQ(run("def main():\n    print([[True, False]], zeros((2, 0)), astype([0.1], f32))\n"),
            "[[True, False]] [[], []] [0.1]\n");
}

TEST(InterpTensor, EqualityOfValuesHoldingTensors) {
  EXPECT_TRUE(fx::interp::values_equal(Value::tuple({T({1.0, 2.0})}), Value::tuple({T({1, 2})})));
  EXPECT_FALSE(fx::interp::values_equal(T({1.0, 2.0}), T({1.0, 3.0})));
  EXPECT_FALSE(fx::interp::values_equal(T({1.0, 2.0}), T({{1.0, 2.0}})));  // shapes differ
  EXPECT_FALSE(fx::interp::values_equal(T({NAN}), T({NAN})));
  EXPECT_FALSE(fx::interp::values_equal(T({1.0}), F(1.0)));
  // `==` on tensors is elementwise.
  EXPECT_EQ(show(prim(Prim::Eq, {T({1.0, 2.0}), F(2.0)})), "[False, True]");
}

TEST(InterpTensor, NonFiniteValues) {
  EXPECT_TRUE(fx::interp::has_non_finite(F(INFINITY)));
  EXPECT_FALSE(fx::interp::has_non_finite(T({1.0, 2.0})));
  EXPECT_TRUE(fx::interp::has_non_finite(Value::tuple({I(1), T({1.0, NAN})})));
  EXPECT_TRUE(fx::interp::has_non_finite(T32({-INFINITY})));
  EXPECT_FALSE(fx::interp::has_non_finite(T({1, 2})));
}

// ------------------------------------------------------------------ elementwise
TEST(InterpTensor, WeakScalarsTakeTheTensorsDtype) {
  EXPECT_EQ(dtype(prim(Prim::Mul, {F(2.0), T32({1.0, 2.0})})), rt::DType::F32);   // f64 scalar, f32 tensor
  EXPECT_EQ(dtype(prim(Prim::Add, {T32({1.0}), I(1)})), rt::DType::F32);          // i64 scalar, float tensor
  EXPECT_EQ(dtype(prim(Prim::Add, {T({1, 2}), I(1)})), rt::DType::I64);
  EXPECT_EQ(dtype(prim(Prim::Mul, {T({1, 2}), F(0.5)})), rt::DType::F64);         // f64 scalar, i64 tensor
  EXPECT_EQ(dtype(prim(Prim::Eq, {T({true, false}), Value::boolean(true)})), rt::DType::Bool);
  EXPECT_EQ(dtype(prim(Prim::Add, {T32({1.0}), T({1.0})})), rt::DType::F64);      // tensors promote
  // An f32 scalar is a rank-0 f32 tensor, accepted wherever scalars are.
  Value half = Value::tensor(rt::scalar_tensor(rt::Scalar(0.5f)));
  Value sum = prim(Prim::Add, {half, F(1.0)});
  ASSERT_EQ(sum.kind(), Kind::Tensor);
  EXPECT_EQ(dtype(sum), rt::DType::F32);
  EXPECT_EQ(show(sum), "1.5");
  EXPECT_EQ(show(prim(Prim::Lt, {half, F(1.0)})), "True");
  EXPECT_EQ(prim(Prim::ToF64, {half}).kind(), Kind::Float);
}

TEST(InterpTensor, ElementwiseBroadcasting) {
  EXPECT_EQ(show(prim(Prim::Add, {T({{1.0}, {2.0}}), T({10.0, 20.0})})), "[[11.0, 21.0], [12.0, 22.0]]");
  EXPECT_EQ(show(prim(Prim::Neg, {T({1, -2})})), "[-1, 2]");
  EXPECT_EQ(show(prim(Prim::Maximum, {T({1.0, 5.0}), F(3.0)})), "[3.0, 5.0]");
  EXPECT_EQ(show(prim(Prim::Exp, {T({0.0})})), "[1.0]");
  EXPECT_EQ(show(prim(Prim::Not, {T({true, false})})), "[False, True]");
  EXPECT_EQ(show(prim(Prim::ToI64, {T({1.7, -1.7})})), "[1, -1]");
  EXPECT_EQ(show(prim(Prim::MatMul, {T({{1.0, 2.0}}), T({3.0, 4.0})})), "[11.0]");
  EXPECT_EQ(show(prim(Prim::MatMul, {T({1.0, 2.0}), T({3.0, 4.0})})), "11.0");  // rank 0: an f64 scalar
  EXPECT_EQ(prim_error(Prim::Add, {T({1.0, 2.0}), T({1.0, 2.0, 3.0})}), "cannot broadcast shapes (2,) and (3,)");
  EXPECT_EQ(prim_error(Prim::Not, {T({1.0})}), "'not' expects a bool or a bool tensor, found Tensor[f64, (1,)]");
  EXPECT_EQ(prim_error(Prim::Add, {T({1.0}), Value::none()}), "'add' expects tensors or numbers, found None");
}

TEST(InterpTensor, RuntimeErrorsAreLocated) {
  // Call signatures forget extents, so these are found when the program runs.
  EXPECT_EQ(run("def at(x, i):\n    return x[i]\ndef main():\n    print(at(zeros(3), 5))\n"),
            "error: 2: index 5 is out of range for axis 0 of size 3");
  EXPECT_EQ(run("def mm(x, y):\n    return x @ y\ndef main():\n    print(mm(ones((2, 3)), ones((4, 5))))\n"),
            "error: 2: matmul: inner dimensions differ: (2, 3) @ (4, 5)");
}

// ------------------------------------------------------------------ the families
TEST(InterpTensor, ConstructionIndexingReductions) {
  EXPECT_EQ(run(R"(def main():
    x = arange(6)
    m = reshape(astype(x, f64), (2, 3))
    print(m[1], m[:, 1], m[1, ::-1], m[-1, -1], len(m), m.shape, m.ndim, m.T.shape)
    print(sum(m), sum(m, axis=0), mean(m, axis=1, keepdims=True), max(m), argmax(x))
    print(full((2,), 7), eye(2), [[1, 2], [3, 4]][1], arange(1.0, 2.0, 0.5))
    print(concat((x, x), 0).shape, stack((x, x), 1).shape, where(x > 2, x, 0), clip(x, 1, 3))
)"),
            "[3.0, 4.0, 5.0] [1.0, 4.0] [5.0, 4.0, 3.0] 5.0 2 (2, 3) 2 (3, 2)\n"
            "15.0 [3.0, 5.0, 7.0] [[1.0], [4.0]] 5.0 5\n"
            "[7, 7] [[1.0, 0.0], [0.0, 1.0]] [3, 4] [1.0, 1.5]\n"
            "(12,) (6, 2) [0, 0, 0, 3, 4, 5] [1, 1, 2, 3, 3, 3]\n");
}

TEST(InterpTensor, IndexedAssignment) {
  EXPECT_EQ(run(R"(def main():
    x = zeros((2, 3))
    x[0, 1] = 5.0
    x[1] = [1.0, 2.0, 3.0]
    x[:, 2] = 9
    print(x)
)"),
            "[[0.0, 5.0, 9.0], [1.0, 2.0, 9.0]]\n");
  EXPECT_EQ(prim_error(Prim::SetIndex, {T({1, 2, 3}), S("i"), I(0), F(0.5)}),
            "cannot assign f64 values into a tensor of dtype i64");
  EXPECT_EQ(show(prim(Prim::SetIndex, {T({1.0, 2.0, 3.0}), S("s110"), I(1), I(3), T({7.0, 8.0})})), "[1.0, 7.0, 8.0]");
  EXPECT_EQ(prim_error(Prim::SetIndex, {T({1.0}), S("i"), I(1), F(0.5)}), "index 1 is out of range for axis 0 of size 1");
}

TEST(InterpTensor, AssignmentDoesNotAlias) {
  EXPECT_EQ(run(R"(def main():
    x = zeros(3)
    y = x
    x[0] = 5.0
    z = x
    for i in range(3):
        x[i] = x[i] + 1.0
    print(x, y, z)
)"),
            "[6.0, 1.0, 1.0] [0.0, 0.0, 0.0] [5.0, 0.0, 0.0]\n");
  // A closure captures the value at its creation.
  EXPECT_EQ(run(R"(def main():
    x = zeros(2)
    f = lambda: x[0]
    x[0] = 3.0
    print(f(), x[0])
)"),
            "0.0 3.0\n");
}

// Updates in a loop are in place: counted in bytes of tensor storage allocated, not timed
// (timings: bench/complexity/). A copy per update would allocate the whole tensor each time.
TEST(InterpTensor, UpdatesInALoopDoNotCopyTheTensor) {
  auto program = [](int64_t n) {
    return "def main():\n    x = zeros(1000)\n    for i in range(" + std::to_string(n) +
           "):\n        x[i % 1000] = x[i % 1000] + 1.0\n    print(sum(x))\n";
  };
  auto bytes = [&](int64_t n, const std::string& expect) {
    int64_t before = rt::allocated_bytes();
    EXPECT_EQ(run(program(n)), expect);
    return rt::allocated_bytes() - before;
  };
  int64_t small = bytes(10000, "10000.0\n"), large = bytes(100000, "100000.0\n");
  // The same storage at 10^4 and 10^5 updates: the zeros, sum's result, nothing per update
  // (a copy per update would be 8000 bytes each: 8 * 10^8 bytes for 10^5 updates).
  EXPECT_EQ(large, small) << small << " bytes for 10^4 updates, " << large << " for 10^5";
  EXPECT_LT(small, 100000) << "the zeros(1000) is 8000 bytes";
}

TEST(InterpTensor, UpdatesDoNotCopyTheTensor) {
  // n updates of a tensor of n elements: the storage allocated is linear in n in place,
  // quadratic with a copy per update.
  auto bytes = [&](int64_t n) {
    std::string program = "def main():\n    x = zeros(" + std::to_string(n) + ")\n    for i in range(" +
                          std::to_string(n) + "):\n        x[i] = 1.0\n    print(sum(x))\n";
    int64_t before = rt::allocated_bytes();
    EXPECT_EQ(run(program), std::to_string(n) + ".0\n");
    return rt::allocated_bytes() - before;
  };
  int64_t small = bytes(2000), large = bytes(20000);
  EXPECT_LT(large, 2 * 8 * 20000) << small << " bytes for 2000 updates, " << large << " for 20000";
  EXPECT_LT(large, 12 * small) << small << " bytes for 2000 updates, " << large << " for 20000";
}

// Reverse mode through a loop that reads elements and rows of captured tensors: each iteration's
// cotangent of xs is a lazy one-hot (interp/value.hpp), added into the accumulated one in O(1),
// so the tensor storage allocated grows linearly with n. A dense cotangent per iteration (what
// the reverse rule of x[t] writes into zeros_like(x)) would be quadratic: 8 n^2 bytes.
TEST(InterpTensor, ReverseModeReadingCapturedTensorsIsLinear) {
  auto bytes = [&](int64_t n) {
    std::string program = R"(def f(w, xs, m):
    h = 0.0
    for t in range(len(xs)):
        h = tanh(h * w + xs[t] + stop_gradient(xs[t]) + sum(m[t]))
    return h

def main():
    n = )" + std::to_string(n) + R"(
    g = grad(f, (0, 1, 2))(0.5, ones(n) * 0.01, ones((n, 4)) * 0.01)
    print(g[1][n - 1] == g[2][n - 1, 0], g[0] > 0.0)
)";
    int64_t before = rt::allocated_bytes();
    EXPECT_EQ(run(program), "True True\n");
    return rt::allocated_bytes() - before;
  };
  int64_t small = bytes(2000), large = bytes(20000);
  EXPECT_LT(large, 12 * small) << small << " bytes for 2000 iterations, " << large << " for 20000";
  // About 170 bytes per iteration (the inputs, their products and the cotangents once); a
  // dense cotangent per iteration would be 8 * 20000 * 5 bytes each time.
  EXPECT_LT(large, 400 * 20000) << large << " bytes for 20000 iterations";
}

TEST(InterpTensor, ComprehensionsAppendRows) {
  EXPECT_EQ(run(R"(def main():
    a = [i * 2 for i in range(5)]
    b = [[float(i), 1.0] for i in range(3) if i != 1]
    c = [x for x in range(0)]
    print(a, b, c, len(a))
)"),
            "[0, 2, 4, 6, 8] [[0.0, 1.0], [2.0, 1.0]] [] 5\n");
}

TEST(InterpTensor, RandomNumbersAreReproducible) {
  EXPECT_EQ(run(R"(def main():
    k = key(0)
    k1, k2 = split(k)
    print(normal(k1, 3) == normal(k1, 3), uniform(k2, (2, 2)).shape, k.shape)
)"),
            "[True, True, True] (2, 2) (2,)\n");
}

TEST(InterpTensor, NeuralNetworkKernels) {
  EXPECT_EQ(run(R"(def main():
    x = ones((1, 1, 4, 4))
    w = ones((2, 1, 3, 3))
    print(conv2d(x, w, padding=1)[0, 0, 0], max_pool2d(x, 2).shape, softmax([0.0, 0.0]), one_hot(arange(2), 3))
)"),
            "[4.0, 6.0, 6.0, 4.0] (1, 1, 2, 2) [0.5, 0.5] [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]\n");
}

// ------------------------------------------------------------------ files
struct Files : ::testing::Test {
  std::vector<std::string> paths;
  std::string path(const std::string& name) {
    paths.push_back(temp_path(name));
    return paths.back();
  }
  ~Files() override {
    for (const auto& p : paths) std::filesystem::remove(p);
  }
};

TEST_F(Files, SaveAndLoadTensorsStructsTuples) {
  std::string npy = path("x.npy"), npz = path("m.npz"), tup = path("t.npz");
  EXPECT_EQ(run("struct Linear:\n    w: Tensor[f64]\n    b: Tensor[f64]\n"
                "struct Model:\n    l1: Linear\n    scale: f64\n"
                "def main():\n"
                "    m = Model(l1=Linear(w=ones((2, 2)), b=zeros(2)), scale=0.5)\n"
                "    save(\"" + npy + "\", [1.0, 2.0])\n"
                "    save(\"" + npz + "\", m)\n"
                "    save(\"" + tup + "\", (arange(3), ones(1)))\n"
                "    print(load(\"" + npy + "\"))\n"
                "    z = Model(l1=Linear(w=zeros((2, 2)), b=ones(2)), scale=0.0)\n"
                "    print(load(\"" + npz + "\", z))\n"
                "    print(load(\"" + tup + "\", (zeros(3), zeros(1))))\n"),
            "[1.0, 2.0]\nModel(l1=Linear(w=[[1.0, 1.0], [1.0, 1.0]], b=[0.0, 0.0]), scale=0.5)\n"
            "error: 15: " + tup + ": entry 'arr_0' holds i64 data, expected f64");
  // The entry names: fields joined with '.', tuple elements arr_i (NumPy's np.savez names).
  std::vector<std::string> names;
  for (const auto& e : rt::load_npz(npz)) names.push_back(e.name);
  EXPECT_EQ(names, (std::vector<std::string>{"l1.w", "l1.b", "scale"}));
  names.clear();
  for (const auto& e : rt::load_npz(tup)) names.push_back(e.name);
  EXPECT_EQ(names, (std::vector<std::string>{"arr_0", "arr_1"}));
}

TEST_F(Files, LoadChecksDtypeAndShape) {
  std::string ints = path("i.npy"), pair = path("p.npz");
  rt::save_npy(ints, rt::arange(3));
  rt::NamedTensor entries[] = {{"arr_0", rt::zeros(rt::Shape{2})}, {"arr_1", rt::zeros(rt::Shape{3})}};
  rt::save_npz(pair, entries);
  EXPECT_EQ(run("def main():\n    print(load(\"" + ints + "\"))\n"),
            "error: 2: " + ints + " holds i64 data, expected f64; declare the element type: `x: Tensor[i64] = load(path)` or load(path, dtype=i64)");
  EXPECT_EQ(run("def main():\n    print(load(\"" + pair + "\", (zeros(2), zeros(4))))\n"),
            "error: 2: " + pair + ": entry 'arr_1' has shape (3,), expected (4,)");
  EXPECT_EQ(run("def main():\n    print(load(\"" + pair + "\", (zeros(2), zeros(3), zeros(1))))\n"),
            "error: 2: " + pair + " has no entry 'arr_2' (it holds: arr_0, arr_1)");
}

// ------------------------------------------------------------------ AD support
TEST(InterpTensor, AdjointPrimitivesOnEveryMix) {
  Value m = T({{1.0, 2.0}, {3.0, 4.0}});
  EXPECT_EQ(show(prim(Prim::Unbroadcast, {m, T({0.0, 0.0})})), "[4.0, 6.0]");
  EXPECT_EQ(show(prim(Prim::Unbroadcast, {m, F(0.0)})), "10.0");
  EXPECT_EQ(show(prim(Prim::Unbroadcast, {m, m})), show(m));
  EXPECT_EQ(show(prim(Prim::Unbroadcast, {F(2.0), F(0.0)})), "2.0");
  EXPECT_EQ(show(prim(Prim::Unbroadcast, {F(2.0), T({0.0, 0.0})})), "[2.0, 2.0]");
  EXPECT_EQ(dtype(prim(Prim::Unbroadcast, {m, T32({0.0, 0.0})})), rt::DType::F32);
  EXPECT_EQ(show(prim(Prim::BroadcastLike, {T({1.0, 2.0}), m})), "[[1.0, 2.0], [1.0, 2.0]]");
  EXPECT_EQ(show(prim(Prim::BroadcastLike, {F(3.0), T({0.0, 0.0})})), "[3.0, 3.0]");
  EXPECT_EQ(show(prim(Prim::BroadcastLike, {F(3.0), F(0.0)})), "3.0");
  EXPECT_EQ(show(prim(Prim::ExpandReduced, {T({1.0, 2.0}), m, I(1), Value::boolean(false)})),
            "[[1.0, 1.0], [2.0, 2.0]]");
  EXPECT_EQ(show(prim(Prim::ExpandReduced, {F(1.0), m, Value::none(), Value::boolean(false)})),
            "[[1.0, 1.0], [1.0, 1.0]]");
  EXPECT_EQ(show(prim(Prim::MatMulVjpA, {T({1.0, 0.0}), m, T({0.0, 0.0})})), "[1.0, 3.0]");
  EXPECT_EQ(show(prim(Prim::PoolWeights, {m, I(2)})), "[[0.0, 0.0], [0.0, 1.0]]");
  EXPECT_EQ(show(prim(Prim::Upsample, {T({{1.0}}), I(2), m})), "[[1.0, 1.0], [1.0, 1.0]]");
  EXPECT_EQ(show(prim(Prim::PoolSum, {m, I(2)})), "[[10.0]]");
  EXPECT_EQ(prim_error(Prim::BroadcastLike, {T({1.0, 2.0, 3.0}), m}), "cannot broadcast shape (3,) to (2, 2)");
}

TEST(InterpTensor, ZerosLikeAndAddTangent) {
  EXPECT_EQ(show(prim(Prim::ZerosLike, {Value::tuple({T32({1.0, 2.0}), T({1, 2}), F(1.0)})})), "([0.0, 0.0], [0, 0], 0.0)");
  EXPECT_EQ(dtype(prim(Prim::ZerosLike, {T32({1.0})})), rt::DType::F32);
  EXPECT_EQ(show(prim(Prim::AddTangent, {T({1.0, 2.0}), T({{1.0}, {2.0}})})), "[[2.0, 3.0], [3.0, 4.0]]");
  EXPECT_EQ(show(prim(Prim::AddTangent, {F(0.0), T({1.0, 2.0})})), "[1.0, 2.0]");
  EXPECT_EQ(show(prim(Prim::AddTangent, {T({0, 0}), T({1.5, 2.5})})), "[0, 0]");  // an i64 tangent stays zero
  EXPECT_EQ(prim_error(Prim::AddTangent, {T({1.0}), Value::tuple({F(1.0)})}),
            "cannot add derivatives of different structures: Tensor[f64, (1,)] and (f64,)");
}

}  // namespace

// Jacobians of tensor functions (docs/ad.md §5, LANGUAGE.md §6): jacfwd / jacrev give
// out.shape + in.shape, one entry per pair of elements, and agree with each other and with
// central finite differences; hessian = jacfwd(jacrev(f)) is rank 2r for f: rank r -> scalar;
// structures of tensors nest output-major as in JAX. Run untyped, straight through the
// interpreter, so the templates are tested without the type checker's help.
#include "ad_test_support.hpp"
#include "fluxion/runtime/tensor.hpp"

namespace {

using namespace adtest;
namespace rt = fx::rt;

const char* kFunctions = R"(
def square_map(x):
    return [x[0] * x[1], sin(x[2]) * x[0], exp(x[1]) - x[2] * x[2]]

def wide(x):
    return [x[0] * x[1] * x[2], tanh(x[0] - x[2])]

def matmul_self(m):
    return m @ m

def soft(m):
    return softmax(m * 2.0, 1)

def cube_sum(v):
    return sum(v ** 3.0)

def quad(x, a):
    return x @ (a @ x)

def mixed(s, v):
    return (s * sum(v), s * v * v)

def scalar_to_vec(s):
    return [s, s * s, sin(s)]

def through_loop(v):
    acc = v
    for i in range(3):
        acc = acc * v + 1.0
    return acc
)";

// A tensor value from its extents and row-major elements.
Value tensor(std::vector<int64_t> dims, std::vector<double> xs) {
  rt::Tensor t = rt::Tensor::zeroed(rt::DType::F64, rt::Shape(std::span<const int64_t>(dims)));
  EXPECT_EQ(static_cast<size_t>(t.numel()), xs.size());
  std::copy(xs.begin(), xs.end(), t.data<double>());
  return Value::tensor(std::move(t));
}

std::vector<int64_t> dims_of(const Value& v) {
  if (v.kind() != Kind::Tensor) return {};
  rt::Shape d = v.as_tensor().shape();
  return {d.begin(), d.end()};
}

// The elements of an f64 or an f64 tensor (any strides), row-major.
std::vector<double> flat(const Value& v) {
  if (v.is_number()) return {v.to_double()};
  EXPECT_EQ(v.kind(), Kind::Tensor) << show(v);
  if (v.kind() != Kind::Tensor) return {};
  const rt::Tensor& t = v.as_tensor();
  std::vector<double> out;
  std::vector<int64_t> idx(static_cast<size_t>(t.rank()), 0);
  const double* base = t.data<double>();
  for (int64_t n = 0; n < t.numel(); ++n) {
    int64_t off = 0;
    for (size_t a = 0; a < idx.size(); ++a) off += idx[a] * t.strides()[a];
    out.push_back(base[off]);
    for (size_t a = idx.size(); a-- > 0;) {
      if (++idx[a] < t.dim(static_cast<int>(a))) break;
      idx[a] = 0;
    }
  }
  return out;
}

struct Fixture {
  Program pr{kFunctions};
  Value fn(const char* name) { return pr.value(pr.function(name)); }
  Value d(Prim op, const Value& f, int64_t argnums = 0) { return pr.derived(op, f, argnums); }
  Value tuple_argnums(Prim op, const Value& f, std::vector<int64_t> nums) {
    std::vector<Value> a;
    for (int64_t n : nums) a.push_back(I(n));
    return pr.apply_prim(op, {f, T(a)});
  }
  Value call(const Value& f, std::vector<Value> args) { return pr.apply(f, std::move(args)); }

  // Central differences of f at the tensor x: J[i][j] = d out_i / d x_j, row-major in i.
  std::vector<double> finite_differences(const Value& f, const std::vector<int64_t>& dims, const std::vector<double>& x) {
    const double h = 1e-6;
    std::vector<std::vector<double>> columns;
    for (size_t j = 0; j < x.size(); ++j) {
      std::vector<double> up = x, down = x;
      up[j] += h;
      down[j] -= h;
      std::vector<double> a = flat(call(f, {tensor(dims, up)}));
      std::vector<double> b = flat(call(f, {tensor(dims, down)}));
      for (size_t i = 0; i < a.size(); ++i) a[i] = (a[i] - b[i]) / (2 * h);
      columns.push_back(a);
    }
    std::vector<double> out;
    for (size_t i = 0; i < columns.at(0).size(); ++i)
      for (size_t j = 0; j < x.size(); ++j) out.push_back(columns[j][i]);
    return out;
  }

  // jacfwd == jacrev == finite differences, with shape out.shape + in.shape.
  void check(const char* name, std::vector<int64_t> dims, std::vector<double> x) {
    SCOPED_TRACE(name);
    Value f = fn(name);
    std::vector<int64_t> out_dims = dims_of(call(f, {tensor(dims, x)}));
    std::vector<int64_t> want_dims = out_dims;
    want_dims.insert(want_dims.end(), dims.begin(), dims.end());
    Value jf = call(d(Prim::Jacfwd, f), {tensor(dims, x)});
    Value jr = call(d(Prim::Jacrev, f), {tensor(dims, x)});
    EXPECT_EQ(dims_of(jf), want_dims) << show(jf);
    EXPECT_EQ(dims_of(jr), want_dims) << show(jr);
    std::vector<double> a = flat(jf), b = flat(jr), fd = finite_differences(f, dims, x);
    ASSERT_EQ(a.size(), fd.size());
    ASSERT_EQ(b.size(), fd.size());
    for (size_t i = 0; i < fd.size(); ++i) {
      expect_near(a[i], b[i], 1e-12);
      expect_near(a[i], fd[i], 1e-6);
    }
  }
};

TEST(AdJacobian, VectorFunctionsAgreeWithFiniteDifferences) {
  Fixture t;
  t.check("square_map", {3}, {0.5, -1.25, 2.0});
  t.check("wide", {3}, {0.3, 1.7, -0.4});
  t.check("through_loop", {2}, {0.5, -1.5});
}

TEST(AdJacobian, MatrixToMatrixIsRankFour) {
  Fixture t;
  t.check("matmul_self", {2, 2}, {1.0, 2.0, -0.5, 3.0});
  t.check("matmul_self", {3, 3}, {1.0, 2.0, 0.0, -0.5, 3.0, 1.0, 0.25, 0.0, -2.0});
  t.check("soft", {2, 3}, {0.1, -0.2, 0.3, 1.0, 0.0, -1.0});
  // d(M M)_ij / dM_kl = delta_ik M_lj + M_ik delta_jl, at M = [[1, 2], [3, 4]]: entry (0, 1, 0, 0) = M_01 = 2.
  Value j = t.call(t.d(Prim::Jacfwd, t.fn("matmul_self")), {tensor({2, 2}, {1.0, 2.0, 3.0, 4.0})});
  EXPECT_EQ(flat(j).at(4), 2.0);  // (0, 1, 0, 0) in row-major order of (2, 2, 2, 2)
}

TEST(AdJacobian, ScalarInOrOut) {
  Fixture t;
  for (Prim op : {Prim::Jacfwd, Prim::Jacrev}) {
    SCOPED_TRACE(fx::ir::prim_name(op));
    EXPECT_EQ(show(t.call(t.d(op, t.fn("scalar_to_vec")), {F(0.0)})), "[1.0, 0.0, 1.0]");
    EXPECT_EQ(show(t.call(t.d(op, t.fn("cube_sum")), {tensor({2}, {1.0, 2.0})})), "[3.0, 12.0]");
  }
}

TEST(AdJacobian, HessiansOfTensorFunctions) {
  Fixture t;
  EXPECT_EQ(show(t.call(t.d(Prim::Hessian, t.fn("cube_sum")), {tensor({2}, {1.0, 2.0})})),
            "[[6.0, 0.0], [0.0, 12.0]]");
  Value h4 = t.call(t.d(Prim::Hessian, t.fn("cube_sum")), {tensor({1, 2}, {1.0, 2.0})});
  EXPECT_EQ(dims_of(h4), (std::vector<int64_t>{1, 2, 1, 2}));
  EXPECT_EQ(flat(h4), (std::vector<double>{6.0, 0.0, 0.0, 12.0}));
  // x @ A @ x has Hessian A + A.T whatever x is.
  Value a = tensor({2, 2}, {1.0, 2.0, 0.0, 3.0});
  for (std::vector<double> x : {std::vector<double>{5.0, -1.0}, std::vector<double>{0.0, 0.0}})
    EXPECT_EQ(show(t.call(t.d(Prim::Hessian, t.fn("quad")), {tensor({2}, x), a})), "[[2.0, 2.0], [2.0, 6.0]]");
  // Every composition of the two modes gives the same Hessian.
  Value f = t.fn("cube_sum");
  Value v = tensor({3}, {1.0, -2.0, 0.5});
  std::string want = show(t.call(t.d(Prim::Hessian, f), {v}));
  EXPECT_EQ(want, "[[6.0, 0.0, 0.0], [0.0, -12.0, 0.0], [0.0, 0.0, 3.0]]");
  for (Prim outer : {Prim::Jacfwd, Prim::Jacrev})
    for (Prim inner : {Prim::Jacfwd, Prim::Jacrev}) EXPECT_EQ(show(t.call(t.d(outer, t.d(inner, f)), {v})), want);
}

TEST(AdJacobian, TuplesOfScalarsAndTensorsNestOutputMajor) {
  Fixture t;
  Value v = tensor({2}, {1.0, 2.0});
  for (Prim op : {Prim::Jacfwd, Prim::Jacrev}) {
    SCOPED_TRACE(fx::ir::prim_name(op));
    // out = (s * sum(v), s * v * v); in = (s, v):
    //   d out0 = (sum(v), s * ones), d out1 = (v * v, diag(2 s v)).
    EXPECT_EQ(show(t.call(t.tuple_argnums(op, t.fn("mixed"), {0, 1}), {F(3.0), v})),
              "((3.0, [3.0, 3.0]), ([1.0, 4.0], [[6.0, 0.0], [0.0, 12.0]]))");
    EXPECT_EQ(show(t.call(t.tuple_argnums(op, t.fn("mixed"), {1}), {F(3.0), v})),
              "(([3.0, 3.0],), ([[6.0, 0.0], [0.0, 12.0]],))");
    EXPECT_EQ(show(t.call(t.d(op, t.fn("mixed"), 0), {F(3.0), v})), "(3.0, [1.0, 4.0])");
  }
}

// The Jacobians loop over tensor elements instead of unrolling them: the graphs that
// jacfwd, jacrev and hessian build for a vector of length 3 and one of length 300 have the
// same number of nodes (and they are not rebuilt for the new length).
TEST(AdJacobian, IrSizeDoesNotDependOnTensorExtents) {
  auto ir_size = [](Prim op, int64_t n) {
    Fixture t;
    Value d = t.d(op, t.fn("cube_sum"));
    std::vector<double> x(static_cast<size_t>(n), 0.5);
    Value j = t.call(d, {tensor({n}, x)});
    EXPECT_EQ(dims_of(j).size(), op == Prim::Hessian ? 2u : 1u);
    const size_t graphs = t.pr.m.graphs.size();
    const size_t nodes = t.pr.m.nodes.size();
    t.call(d, {tensor({n + 1}, std::vector<double>(static_cast<size_t>(n + 1), 0.25))});
    EXPECT_EQ(t.pr.m.graphs.size(), graphs) << "rebuilt for another length";
    EXPECT_EQ(t.pr.m.nodes.size(), nodes) << "rebuilt for another length";
    return nodes;
  };
  for (Prim op : {Prim::Jacfwd, Prim::Jacrev, Prim::Hessian}) {
    SCOPED_TRACE(fx::ir::prim_name(op));
    EXPECT_EQ(ir_size(op, 3), ir_size(op, 300));
  }
}

TEST(AdJacobian, EmptyTensors) {
  Fixture t;
  for (Prim op : {Prim::Jacfwd, Prim::Jacrev}) {
    Value j = t.call(t.d(op, t.fn("matmul_self")), {tensor({0, 0}, {})});
    EXPECT_EQ(dims_of(j), (std::vector<int64_t>{0, 0, 0, 0})) << fx::ir::prim_name(op);
  }
}

}  // namespace

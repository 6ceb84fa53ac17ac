// Derivative rules of the tensor primitives (src/ad/rules/tensor_*.cpp, docs/tensors.md
// "Derivatives"): every primitive of ops.def's sections "Tensors" and "Tensor adjoints" (and
// matmul, and the binary elementwise primitives with broadcasting operands) has an entry in the
// table below — argument generators: shapes, domains, constant operands — or is listed as
// having no derivative. Each case builds G(env, x...) = p(...), and checks at random points
// (fixed seed), with a random cotangent ȳ and tangents ẋ:
//   <ȳ, J·ẋ> (the JVP rule) against central finite differences of <ȳ, G(x)>, and
//   <ȳ, J·ẋ> against <Jᵀ·ȳ, ẋ> (the VJP rule).
// It then checks the second-order graph G2(x, ȳ) = Jᵀ(x)·ȳ the same way: every primitive a
// VJP rule emits must itself have correct rules, so that nested derivatives (hessians) work.
#include <functional>
#include <optional>
#include <random>
#include <set>

#include "ad/registry.hpp"
#include "ad_test_support.hpp"
#include "fluxion/runtime/construct.hpp"

namespace {

using namespace adtest;
namespace rt = fx::rt;

// ------------------------------------------------------------------ the table
// A differentiable input: a plain f64 (scalar) or an f64 tensor of `shape`, drawn from [lo, hi]
// with a random sign when `signed_`.
struct In {
  std::vector<int64_t> shape;
  bool scalar = false;
  double lo = 0.3, hi = 2.0;
  bool signed_ = true;
};
In t(std::vector<int64_t> shape) { return In{std::move(shape)}; }
In pos(std::vector<int64_t> shape) { return In{std::move(shape), false, 0.3, 2.0, false}; }
In s() { return In{{}, true}; }
In range(std::vector<int64_t> shape, double lo, double hi) { return In{std::move(shape), false, lo, hi, false}; }
In srange(double lo, double hi) { return In{{}, true, lo, hi, false}; }

// Builds the output of G from its graph and differentiable parameters.
using Build = std::function<Node*(Program&, Graph*, const std::vector<Node*>&)>;
struct Case {
  std::string label;
  std::vector<In> ins;
  Build build;
  // Finite-difference step and tolerances (an f32 result is rounded to ~1e-7 relative).
  double h = 1e-6, fd_tol = 1e-5, vjp_tol = 1e-9;
  bool second_order = true;
};
struct Entry {
  Prim prim;
  std::vector<Case> cases;
};

// Shorthands for builders.
Node* shape_tuple(Program& pr, Graph* g, std::vector<int64_t> dims) {
  std::vector<Node*> xs;
  for (int64_t d : dims) xs.push_back(pr.ki(d));
  return pr.tuple(g, xs);
}
Node* zeros(Program& pr, Graph* g, std::vector<int64_t> dims) {
  return pr.op(g, Prim::Zeros, {shape_tuple(pr, g, std::move(dims))});
}
Node* none(Program& pr) { return pr.m.constant(fx::ir::NoneVal{}); }
// A bool tensor of `shape` from a fixed pattern.
Node* bools(Program& pr, Graph* g, std::vector<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<Node*> xs;
  for (int64_t i = 0; i < n; ++i) xs.push_back(pr.kb((i * 7 + 3) % 3 != 0));
  return pr.op(g, Prim::Reshape, {pr.op(g, Prim::MakeTensor, xs), shape_tuple(pr, g, shape)});
}
// p(x0, ..., xn-1, extra...): the parameters then constant operands.
Build apply(Prim p, std::function<std::vector<Node*>(Program&, Graph*)> extra = nullptr) {
  return [p, extra](Program& pr, Graph* g, const std::vector<Node*>& xs) {
    std::vector<Node*> args = xs;
    if (extra) {
      std::vector<Node*> more = extra(pr, g);
      args.insert(args.end(), more.begin(), more.end());
    }
    return pr.op(g, p, args);
  };
}
Build with_ints(Prim p, std::vector<int64_t> ints) {
  return apply(p, [ints](Program& pr, Graph*) {
    std::vector<Node*> v;
    for (int64_t i : ints) v.push_back(pr.ki(i));
    return v;
  });
}
// A reduction op(x, axis, keepdims); axis -99 stands for None.
Build reduction(Prim p, int64_t axis, bool keepdims) {
  return apply(p, [axis, keepdims](Program& pr, Graph*) {
    return std::vector<Node*>{axis == -99 ? none(pr) : pr.ki(axis), pr.kb(keepdims)};
  });
}
std::vector<Case> reduction_cases(Prim p, bool positive) {
  auto in = [positive](std::vector<int64_t> sh) { return positive ? range(std::move(sh), 0.5, 1.5) : t(std::move(sh)); };
  return {{"all", {in({3, 4})}, reduction(p, -99, false)},
          {"axis 1", {in({3, 4})}, reduction(p, 1, false)},
          {"axis -1 keepdims", {in({2, 3, 4})}, reduction(p, -1, true)},
          {"axis 0 keepdims", {in({3, 4})}, reduction(p, 0, true)},
          {"all keepdims", {in({2, 3})}, reduction(p, -99, true)}};
}
// Binary elementwise: equal shapes and every broadcasting pattern; `b` draws the second operand.
std::vector<Case> binary_cases(Prim p, In (*a)(std::vector<int64_t>), In (*b)(std::vector<int64_t>)) {
  auto sa = a({});
  sa.scalar = true;
  auto sb = b({});
  sb.scalar = true;
  return {{"(2,3)+(2,3)", {a({2, 3}), b({2, 3})}, apply(p)},
          {"(3,1)+(1,4)", {a({3, 1}), b({1, 4})}, apply(p)},
          {"scalar+(2,3)", {sa, b({2, 3})}, apply(p)},
          {"(2,3)+scalar", {a({2, 3}), sb}, apply(p)},
          {"(4,)+(2,4)", {a({4}), b({2, 4})}, apply(p)},
          {"(2,4)+(4,)", {a({2, 4}), b({4})}, apply(p)},
          {"scalar+scalar", {sa, sb}, apply(p)}};
}
std::vector<Case> unary_cases(Prim p, In (*a)(std::vector<int64_t>)) {
  return {{"(2,3)", {a({2, 3})}, apply(p)}, {"(4,)", {a({4})}, apply(p)}};
}
In t_(std::vector<int64_t> sh) { return t(std::move(sh)); }
In pos_(std::vector<int64_t> sh) { return pos(std::move(sh)); }

const std::vector<Entry>& table() {
  static const std::vector<Entry> kTable = [] {
    std::vector<Entry> v;
    for (Prim p : {Prim::Add, Prim::Sub, Prim::Mul, Prim::Maximum, Prim::Minimum}) v.push_back({p, binary_cases(p, t_, t_)});
    v.push_back({Prim::Div, binary_cases(Prim::Div, t_, pos_)});
    v.push_back({Prim::Mod, binary_cases(Prim::Mod, t_, pos_)});
    v.push_back({Prim::Pow, binary_cases(Prim::Pow, pos_, t_)});
    for (Prim p : {Prim::Neg, Prim::Exp, Prim::Sin, Prim::Tanh, Prim::Sigmoid, Prim::Softplus, Prim::Abs, Prim::Relu,
                   Prim::ToF64})
      v.push_back({p, unary_cases(p, t_)});
    for (Prim p : {Prim::Log, Prim::Sqrt, Prim::Log1p, Prim::Lgamma}) v.push_back({p, unary_cases(p, pos_)});
    for (Prim p : {Prim::Erf, Prim::Erfc}) v.push_back({p, unary_cases(p, t_)});
    // digamma's second derivative would need trigamma's rules, which it has not (ops.def).
    v.push_back({Prim::Digamma,
                 {{"(2,3)", {pos({2, 3})}, apply(Prim::Digamma), 1e-6, 1e-5, 1e-9, false},
                  {"(4,)", {pos({4})}, apply(Prim::Digamma), 1e-6, 1e-5, 1e-9, false}}});
    v.push_back({Prim::MatMul,
                 {{"(2,3)@(3,4)", {t({2, 3}), t({3, 4})}, apply(Prim::MatMul)},
                  {"(3,)@(3,4)", {t({3}), t({3, 4})}, apply(Prim::MatMul)},
                  {"(2,3)@(3,)", {t({2, 3}), t({3})}, apply(Prim::MatMul)},
                  {"(3,)@(3,)", {t({3}), t({3})}, apply(Prim::MatMul)},
                  {"(2,2,3)@(3,4)", {t({2, 2, 3}), t({3, 4})}, apply(Prim::MatMul)},
                  {"(3,4)@(2,4,2)", {t({3, 4}), t({2, 4, 2})}, apply(Prim::MatMul)}}});
    v.push_back({Prim::Dot,
                 {{"(2,3).(3,)", {t({2, 3}), t({3})}, apply(Prim::Dot)},
                  {"(3,).(3,)", {t({3}), t({3})}, apply(Prim::Dot)},
                  {"(2,3).(3,2)", {t({2, 3}), t({3, 2})}, apply(Prim::Dot)},
                  // Untyped, a scalar operand goes through matmul_vjp_a, whose reverse rule emits
                  // matmul (rank >= 1 only): typed programs take mul's rules for a scalar operand
                  // (tensor_linalg.cpp), so only untyped IR stops at first order here.
                  {"scalar.(3,)", {s(), t({3})}, apply(Prim::Dot), 1e-6, 1e-5, 1e-9, false}}});
    v.push_back({Prim::Full, {{"(2,3)", {s()}, [](Program& pr, Graph* g, const std::vector<Node*>& xs) {
                                 return pr.op(g, Prim::Full, {shape_tuple(pr, g, {2, 3}), xs[0]});
                               }}}});
    v.push_back({Prim::MakeTensor,
                 {{"scalars", {s(), s(), s()}, apply(Prim::MakeTensor)},
                  {"rows", {t({3}), t({3})}, apply(Prim::MakeTensor)}}});
    auto append2 = [](Program& pr, Graph* g, const std::vector<Node*>& xs) {
      Node* acc = pr.op(g, Prim::RowsAppend, {pr.op(g, Prim::RowsEmpty, {}), xs[0]});
      return pr.op(g, Prim::RowsAppend, {acc, xs[1]});
    };
    v.push_back({Prim::RowsAppend,
                 {{"scalars", {s(), s()}, append2},
                  {"vectors", {t({3}), t({3})}, append2},
                  {"onto a matrix", {t({2, 3}), t({3})}, apply(Prim::RowsAppend)}}});
    auto astype = [](const char* dtype) {
      return apply(Prim::AsType, [dtype](Program& pr, Graph*) { return std::vector<Node*>{pr.ks(dtype)}; });
    };
    v.push_back({Prim::AsType, {{"f64", {t({2, 3})}, astype("f64")}, {"f32", {t({3})}, astype("f32"), 1e-2, 1e-4, 1e-6}}});
    auto index = [](const char* spec, std::vector<int64_t> ops) {
      return apply(Prim::Index, [spec, ops](Program& pr, Graph*) {
        std::vector<Node*> v{pr.ks(spec)};
        for (int64_t o : ops) v.push_back(pr.ki(o));
        return v;
      });
    };
    v.push_back({Prim::Index,
                 {{"x[1]", {t({3, 4})}, index("i", {1})},
                  {"x[1::2]", {t({5, 2})}, index("s101", {1, 2})},
                  {"x[-1, 0:2]", {t({3, 4})}, index("i,s110", {-1, 0, 2})},
                  {"x[:, 1]", {t({2, 3, 2})}, index("s000,i", {1})},
                  {"x[1, 2]", {t({3, 4})}, index("i,i", {1, 2})},
                  {"x[None, 1]", {t({3, 4})}, index("n,i", {1})}}});
    // Index arrays (gathers; their adjoint scatter-adds, repeated indices included) and masks.
    auto gather = [](const char* spec, std::vector<int64_t> ids, std::vector<int64_t> before) {
      return apply(Prim::Index, [spec, ids, before](Program& pr, Graph* g) {
        std::vector<Node*> v{pr.ks(spec)};
        for (int64_t o : before) v.push_back(pr.ki(o));
        std::vector<Node*> elems;
        for (int64_t i : ids) elems.push_back(pr.ki(i));
        v.push_back(pr.op(g, Prim::MakeTensor, elems));
        return v;
      });
    };
    auto masked = [](std::vector<int64_t> cond) {
      return [cond](Program& pr, Graph* g, const std::vector<Node*>& xs) {
        return pr.op(g, Prim::Index, {xs[0], pr.ks("i"), bools(pr, g, cond)});
      };
    };
    v.push_back({Prim::Index,
                 {{"x[[2, 0, 2]]", {t({3, 4})}, gather("i", {2, 0, 2}, {})},
                  {"x[1, [3, 3, 0]]", {t({3, 4})}, gather("i,i", {3, 3, 0}, {1})},
                  {"x[mask]", {t({2, 3})}, masked({2, 3})}}});
    auto set_index = [](const char* spec, std::vector<int64_t> ops) {
      return [spec, ops](Program& pr, Graph* g, const std::vector<Node*>& xs) {
        std::vector<Node*> args{xs[0], pr.ks(spec)};
        for (int64_t o : ops) args.push_back(pr.ki(o));
        args.push_back(xs[1]);
        return pr.op(g, Prim::SetIndex, args);
      };
    };
    v.push_back({Prim::SetIndex,
                 {{"x[1] = row", {t({3, 4}), t({4})}, set_index("i", {1})},
                  {"x[0:2, 1] = scalar", {t({3, 4}), s()}, set_index("s110,i", {0, 2, 1})},
                  {"x[2, 3] = scalar", {t({3, 4}), s()}, set_index("i,i", {2, 3})},
                  {"x[::2] = broadcast row", {t({4, 3}), t({3})}, set_index("s001", {2})}}});
    v.push_back({Prim::Clip,
                 {{"scalar bounds", {range({2, 3}, -2, 2), srange(-1, -0.2), srange(0.2, 1)}, apply(Prim::Clip)},
                  {"tensor bounds", {range({2, 3}, -2, 2), range({3}, -1, -0.2), srange(0.2, 1)}, apply(Prim::Clip)}}});
    auto where = [](std::vector<int64_t> cond) {
      return [cond](Program& pr, Graph* g, const std::vector<Node*>& xs) {
        return pr.op(g, Prim::Where, {bools(pr, g, cond), xs[0], xs[1]});
      };
    };
    v.push_back({Prim::Where,
                 {{"same shapes", {t({2, 3}), t({2, 3})}, where({2, 3})},
                  {"broadcast", {t({2, 1}), s()}, where({3})},
                  {"cond broadcasts", {t({2, 3}), t({3})}, where({3})}}});
    for (Prim p : {Prim::Sum, Prim::Mean, Prim::ReduceMax, Prim::ReduceMin, Prim::LogSumExp, Prim::Norm})
      v.push_back({p, reduction_cases(p, false)});
    v.push_back({Prim::Prod, reduction_cases(Prim::Prod, true)});
    v.push_back({Prim::Outer,
                 {{"(3,)x(4,)", {t({3}), t({4})}, apply(Prim::Outer)},
                  {"(2,2)x(3,)", {t({2, 2}), t({3})}, apply(Prim::Outer)}}});
    v.push_back({Prim::Transpose, {{"(2,3)", {t({2, 3})}, apply(Prim::Transpose)},
                                   {"(2,3,4)", {t({2, 3, 4})}, apply(Prim::Transpose)}}});
    v.push_back({Prim::Trace, {{"(3,3)", {t({3, 3})}, apply(Prim::Trace)}, {"(2,4)", {t({2, 4})}, apply(Prim::Trace)}}});
    auto reshape = [](std::vector<int64_t> dims) {
      return [dims](Program& pr, Graph* g, const std::vector<Node*>& xs) {
        return pr.op(g, Prim::Reshape, {xs[0], shape_tuple(pr, g, dims)});
      };
    };
    v.push_back({Prim::Reshape, {{"(2,3)->(3,2)", {t({2, 3})}, reshape({3, 2})},
                                 {"(2,3)->(-1,)", {t({2, 3})}, reshape({-1})},
                                 {"(6,)->(2,1,3)", {t({6})}, reshape({2, 1, 3})}}});
    auto join = [](Prim p, int64_t axis) {
      return [p, axis](Program& pr, Graph* g, const std::vector<Node*>& xs) {
        return pr.op(g, p, {pr.tuple(g, xs), pr.ki(axis)});
      };
    };
    v.push_back({Prim::Concat, {{"axis 0", {t({2, 3}), t({1, 3})}, join(Prim::Concat, 0)},
                                {"axis -1", {t({2, 3}), t({2, 2})}, join(Prim::Concat, -1)},
                                {"three, axis 1", {t({2, 1}), t({2, 2}), t({2, 3})}, join(Prim::Concat, 1)}}});
    v.push_back({Prim::Stack, {{"axis 0", {t({3}), t({3})}, join(Prim::Stack, 0)},
                               {"axis -1", {t({2, 3}), t({2, 3})}, join(Prim::Stack, -1)},
                               {"three, axis 1", {t({2, 3}), t({2, 3}), t({2, 3})}, join(Prim::Stack, 1)}}});
    v.push_back({Prim::Diag, {{"vector", {t({3})}, with_ints(Prim::Diag, {0})},
                              {"vector, k=1", {t({3})}, with_ints(Prim::Diag, {1})},
                              {"square", {t({3, 3})}, with_ints(Prim::Diag, {0})},
                              {"square, k=-1", {t({3, 3})}, with_ints(Prim::Diag, {-1})}}});
    v.push_back({Prim::Softmax, {{"axis -1", {t({2, 3})}, with_ints(Prim::Softmax, {-1})},
                                 {"axis 0", {t({3, 4})}, with_ints(Prim::Softmax, {0})}}});
    v.push_back({Prim::LogSoftmax, {{"axis -1", {t({2, 3})}, with_ints(Prim::LogSoftmax, {-1})},
                                    {"axis 0", {t({3, 4})}, with_ints(Prim::LogSoftmax, {0})}}});
    v.push_back({Prim::Conv2d, {{"stride 1", {t({1, 2, 5, 5}), t({3, 2, 3, 3})}, with_ints(Prim::Conv2d, {1, 0})},
                                {"stride 2 padding 1", {t({2, 1, 5, 4}), t({2, 1, 3, 2})}, with_ints(Prim::Conv2d, {2, 1})}}});
    v.push_back({Prim::Conv2dVjpX, {{"stride 1", {t({1, 3, 3, 3}), t({3, 2, 3, 3})},
                                     [](Program& pr, Graph* g, const std::vector<Node*>& xs) {
                                       return pr.op(g, Prim::Conv2dVjpX, {xs[0], xs[1], zeros(pr, g, {1, 2, 5, 5}),
                                                                          pr.ki(1), pr.ki(0)});
                                     }}}});
    v.push_back({Prim::Conv2dVjpW, {{"stride 2 padding 1", {t({1, 2, 5, 5}), t({1, 3, 3, 3})},
                                     [](Program& pr, Graph* g, const std::vector<Node*>& xs) {
                                       return pr.op(g, Prim::Conv2dVjpW, {xs[0], xs[1], zeros(pr, g, {3, 2, 3, 3}),
                                                                          pr.ki(2), pr.ki(1)});
                                     }}}});
    v.push_back({Prim::MatMulVjpA, {{"(2,4),(3,4)", {t({2, 4}), t({3, 4})},
                                     [](Program& pr, Graph* g, const std::vector<Node*>& xs) {
                                       return pr.op(g, Prim::MatMulVjpA, {xs[0], xs[1], zeros(pr, g, {2, 3})});
                                     }}}});
    v.push_back({Prim::MatMulVjpB, {{"(2,3),(2,4)", {t({2, 3}), t({2, 4})},
                                     [](Program& pr, Graph* g, const std::vector<Node*>& xs) {
                                       return pr.op(g, Prim::MatMulVjpB, {xs[0], xs[1], zeros(pr, g, {3, 4})});
                                     }}}});
    v.push_back({Prim::MaxPool2d, {{"(1,1,4,4) k=2", {t({1, 1, 4, 4})}, with_ints(Prim::MaxPool2d, {2})},
                                   {"(2,5,5) k=2", {t({2, 5, 5})}, with_ints(Prim::MaxPool2d, {2})}}});
    v.push_back({Prim::Upsample, {{"(1,1,2,2) into (1,1,5,5)", {t({1, 1, 2, 2})},
                                   [](Program& pr, Graph* g, const std::vector<Node*>& xs) {
                                     return pr.op(g, Prim::Upsample, {xs[0], pr.ki(2), zeros(pr, g, {1, 1, 5, 5})});
                                   }}}});
    v.push_back({Prim::PoolSum, {{"(1,1,4,5) k=2", {t({1, 1, 4, 5})}, with_ints(Prim::PoolSum, {2})}}});
    v.push_back({Prim::Dropout, {{"p=0.5", {t({4, 5})}, [](Program& pr, Graph* g, const std::vector<Node*>& xs) {
                                   return pr.op(g, Prim::Dropout, {pr.op(g, Prim::Key, {pr.ki(3)}), xs[0], pr.k(0.5)});
                                 }}}});
    auto like = [](Prim p, std::vector<int64_t> dims) {
      return [p, dims](Program& pr, Graph* g, const std::vector<Node*>& xs) {
        return pr.op(g, p, {xs[0], dims.empty() ? pr.k(0.0) : zeros(pr, g, dims)});
      };
    };
    v.push_back({Prim::Unbroadcast, {{"(2,3) to (3,)", {t({2, 3})}, like(Prim::Unbroadcast, {3})},
                                     {"(2,3) to (2,1)", {t({2, 3})}, like(Prim::Unbroadcast, {2, 1})},
                                     {"(2,3) to a scalar", {t({2, 3})}, like(Prim::Unbroadcast, {})}}});
    v.push_back({Prim::BroadcastLike, {{"(3,) as (2,3)", {t({3})}, like(Prim::BroadcastLike, {2, 3})},
                                       {"scalar as (2,3)", {s()}, like(Prim::BroadcastLike, {2, 3})}}});
    auto expand = [](std::vector<int64_t> x, int64_t axis, bool keepdims) {
      return [x, axis, keepdims](Program& pr, Graph* g, const std::vector<Node*>& xs) {
        return pr.op(g, Prim::ExpandReduced,
                     {xs[0], zeros(pr, g, x), axis == -99 ? none(pr) : pr.ki(axis), pr.kb(keepdims)});
      };
    };
    // fused(@kernel, x...) means kernel(x...): kernels as the fusion pass outlines them (graphs
    // of elementwise operations, perhaps ending in a full sum), with scalar operands and
    // broadcasting (what native code runs unfused). G is closed, as closure conversion leaves
    // it: the kernel is a closure with an empty env.
    auto fused = [](std::optional<Prim> reduction, bool with_scalar) {
      return [reduction, with_scalar](Program& pr, Graph* g, const std::vector<Node*>& xs) {
        Graph* k = pr.fn("kernel", {"$env", "a", "b", "c"});
        auto param = [&](size_t i) { return pr.p(k, i + 1); };
        Node* d = pr.op(k, Prim::Sub, {param(0), param(1)});
        Node* e = pr.op(k, Prim::Mul, {pr.op(k, Prim::Exp, {d}), param(2)});
        Node* out = pr.op(k, Prim::Tanh, {pr.op(k, Prim::Add, {e, with_scalar ? pr.k(0.5) : param(0)})});
        k->output = reduction ? pr.op(k, *reduction, {out, none(pr), pr.kb(false)}) : out;
        Node* kernel = pr.op(g, Prim::MakeClosure, {pr.kg(k), pr.tuple(g, {})});
        return pr.op(g, Prim::Fused, {kernel, xs[0], xs[1], xs[2]});
      };
    };
    v.push_back({Prim::Fused, {{"tanh(exp(a - b) * c + a)", {t({2, 3}), t({2, 3}), t({2, 3})}, fused({}, false)},
                               {"scalar b, constant", {t({2, 3}), s(), t({2, 3})}, fused({}, true)},
                               {"broadcast c", {t({2, 3}), s(), t({3})}, fused({}, false)},
                               {"sum(...)", {t({3, 4}), t({3, 4}), t({3, 4})}, fused(Prim::Sum, false)},
                               {"sum(...), scalar b", {t({5}), s(), t({5})}, fused(Prim::Sum, true)},
                               {"mean(...)", {t({2, 3}), s(), t({2, 3})}, fused(Prim::Mean, false)}}});
    v.push_back({Prim::ExpandReduced, {{"axis 1", {t({3})}, expand({3, 4}, 1, false)},
                                       {"axis 0 keepdims", {t({1, 4})}, expand({3, 4}, 0, true)},
                                       {"all", {s()}, expand({3, 4}, -99, false)}}});
    return v;
  }();
  return kTable;
}

// Tensor primitives without derivative: zero rules (integer, boolean or shape results,
// random draws, piecewise constant weights), or effects, which have no rules at all.
const std::set<Prim> kZeroDerivative = {Prim::Zeros, Prim::Ones,   Prim::Arange, Prim::Eye,    Prim::RowsEmpty,
                                        Prim::Key,   Prim::Split,  Prim::Normal, Prim::Uniform, Prim::Len,
                                        Prim::ArgMax, Prim::ArgMin, Prim::OneHot, Prim::PoolWeights};
// Effects, tree_map (not differentiable yet: a located error), and the accumulating adjoints,
// which only the optimiser makes after every transform (opt/matmul_accumulate.cpp), have no
// rules at all.
const std::set<Prim> kEffects = {Prim::Load,          Prim::Save,         Prim::ReadBytes, Prim::ReadIdx,
                                 Prim::LoadTxt,       Prim::ReadNumbers,  Prim::TreeMap,
                                 Prim::MatMulVjpAAdd, Prim::MatMulVjpBAdd};

bool in_range(Prim p, Prim first, Prim last) {
  return static_cast<int>(p) >= static_cast<int>(first) && static_cast<int>(p) <= static_cast<int>(last);
}
// The tensor primitives: ops.def's sections "Tensors" and "Tensor adjoints", and matmul.
bool is_tensor_prim(Prim p) {
  return p == Prim::MatMul || in_range(p, Prim::Zeros, Prim::ReadNumbers) || in_range(p, Prim::Unbroadcast, Prim::PoolSum);
}

TEST(AdTensorRules, EveryTensorPrimitiveHasATableEntryOrIsListedAsNonDifferentiable) {
  fx::ad::Registry r;
  fx::ad::register_all_rules(r);
  std::set<Prim> covered;
  for (const Entry& e : table()) covered.insert(e.prim);
  for (int i = 0; i < static_cast<int>(fx::ir::kPrimCount); ++i) {
    Prim p = static_cast<Prim>(i);
    if (!is_tensor_prim(p)) continue;
    const char* name = fx::ir::prim_name(p);
    if (kZeroDerivative.count(p)) {
      EXPECT_TRUE(r.at(p).zero_derivative) << name << " is listed as having no derivative";
      EXPECT_FALSE(covered.count(p)) << name << " is listed twice";
    } else if (kEffects.count(p)) {
      EXPECT_FALSE(r.has_jvp(p) || r.has_vjp(p)) << name << " is an effect: no rules";
    } else {
      EXPECT_TRUE(covered.count(p)) << "no numerical check for " << name << ": add it to the table";
      EXPECT_TRUE(r.has_jvp(p) && r.has_vjp(p)) << "missing rules for " << name;
    }
  }
}

// ------------------------------------------------------------------ values
std::vector<double> flat(const Value& v) {
  if (v.is_number()) return {v.to_double()};
  if (v.kind() == Kind::Tuple) {
    std::vector<double> out;
    for (const Value& x : v.items()) {
      std::vector<double> part = flat(x);
      out.insert(out.end(), part.begin(), part.end());
    }
    return out;
  }
  if (v.kind() == Kind::Tensor) return rt::to_vector<double>(v.as_tensor());
  ADD_FAILURE() << "not a number or tensor: " << show(v);
  return {};
}
// A value shaped like `like` (a number or a tensor) holding `data`, as f64.
Value shaped_like(const Value& like, const std::vector<double>& data, size_t* used = nullptr) {
  size_t start = used ? *used : 0;
  if (like.kind() == Kind::Tuple) {
    size_t at = start;
    std::vector<Value> items;
    for (const Value& x : like.items()) items.push_back(shaped_like(x, data, &at));
    if (used) *used = at;
    return T(std::move(items));
  }
  size_t n = like.is_number() ? 1 : static_cast<size_t>(like.as_tensor().numel());
  if (used) *used = start + n;
  std::vector<double> mine(data.begin() + static_cast<long>(start), data.begin() + static_cast<long>(start + n));
  if (like.is_number()) return F(mine.at(0));
  return Value::tensor(rt::from_data<double>(like.as_tensor().shape(), std::span<const double>(mine)));
}
Value make_input(const In& in, const std::vector<double>& data) {
  if (in.scalar) return F(data.at(0));
  return Value::tensor(rt::from_data<double>(rt::Shape(std::span<const int64_t>(in.shape)), std::span<const double>(data)));
}
size_t count(const In& in) {
  size_t n = 1;
  if (!in.scalar)
    for (int64_t d : in.shape) n *= static_cast<size_t>(d);
  return n;
}
double uniform(std::mt19937& g, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(g); }
std::vector<double> draw(std::mt19937& g, const In& in) {
  std::vector<double> v;
  for (size_t i = 0; i < count(in); ++i) {
    double x = uniform(g, in.lo, in.hi);
    v.push_back(in.signed_ && uniform(g, 0, 1) < 0.5 ? -x : x);
  }
  return v;
}
double dot(const std::vector<double>& a, const std::vector<double>& b) {
  EXPECT_EQ(a.size(), b.size());
  double s = 0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) s += a[i] * b[i];
  return s;
}

// G(env, x...) and its transforms.
struct Transformed {
  Program& pr;
  Graph* g;
  Graph* t;
  Graph* j;
  Transformed(Program& p, Graph* graph) : pr(p), g(graph) {
    fx::ad::Context& cx = pr.s().ad();
    t = cx.forward(g);
    j = cx.reverse(g);
    fx::ir::verify(pr.m, "AD of " + g->name);
  }
  Value f(const std::vector<Value>& x) {
    std::vector<Value> args{T({})};
    args.insert(args.end(), x.begin(), x.end());
    return pr.run(g, args);
  }
  Value jvp(const std::vector<Value>& x, const std::vector<Value>& dx) {
    std::vector<Value> args{T({}), T({})};
    for (size_t i = 0; i < x.size(); ++i) args.push_back(x[i]), args.push_back(dx[i]);
    return pr.run(t, args).items().at(1);
  }
  std::vector<Value> vjp(const std::vector<Value>& x, const Value& ct) {
    std::vector<Value> args{T({})};
    args.insert(args.end(), x.begin(), x.end());
    Value r = pr.run(j, args);
    Value cts = pr.apply(r.items().at(1), {ct});
    return std::vector<Value>(cts.items().begin() + 1, cts.items().end());
  }
};

// Checks T(g) against finite differences and J(g) against T(g) at random points; returns
// the output at the last point (to shape the second-order check).
Value check(Transformed& tr, const std::vector<In>& ins, const Case& c, std::mt19937& gen, const std::string& what) {
  Value y;
  for (int trial = 0; trial < 3; ++trial) {
    SCOPED_TRACE(what + ", trial " + std::to_string(trial));
    std::vector<std::vector<double>> dx;
    std::vector<Value> xv, dxv, xp, xm;
    for (const In& in : ins) {
      std::vector<double> x = draw(gen, in), d, p, m;
      for (size_t k = 0; k < x.size(); ++k) {
        d.push_back(uniform(gen, -1, 1));
        p.push_back(x[k] + c.h * d[k]);
        m.push_back(x[k] - c.h * d[k]);
      }
      dx.push_back(d);
      xv.push_back(make_input(in, x));
      dxv.push_back(make_input(in, d));
      xp.push_back(make_input(in, p));
      xm.push_back(make_input(in, m));
    }
    y = tr.f(xv);
    std::vector<double> ybar;
    for (size_t k = 0; k < flat(y).size(); ++k) ybar.push_back(uniform(gen, -1, 1));
    double fd = (dot(ybar, flat(tr.f(xp))) - dot(ybar, flat(tr.f(xm)))) / (2 * c.h);
    Value dy = tr.jvp(xv, dxv);
    if (flat(dy).size() != ybar.size()) {
      ADD_FAILURE() << "the tangent " << show(dy) << " is not shaped like " << show(y);
      return y;
    }
    double jv = dot(ybar, flat(dy));
    EXPECT_NEAR(jv, fd, c.fd_tol * (1 + std::fabs(fd))) << "JVP vs finite differences";
    std::vector<Value> cts = tr.vjp(xv, shaped_like(y, ybar));
    if (cts.size() != ins.size()) {
      ADD_FAILURE() << cts.size() << " cotangents for " << ins.size() << " inputs";
      return y;
    }
    double vj = 0;
    for (size_t i = 0; i < cts.size(); ++i) {
      if (flat(cts[i]).size() != count(ins[i])) {
        ADD_FAILURE() << "the cotangent " << show(cts[i]) << " of input " << i << " is not shaped like it";
        return y;
      }
      vj += dot(flat(cts[i]), dx[i]);
    }
    EXPECT_NEAR(jv, vj, c.vjp_tol * (1 + std::fabs(jv))) << "<ȳ, J·ẋ> vs <Jᵀ·ȳ, ẋ>";
  }
  return y;
}

// The second-order graph G2(env, x..., ct) = J(G)(env, x...)[1](ct)[1:]: the cotangents of
// the inputs, a function of the inputs and of ct. Checking its transforms checks the rules of
// every primitive the VJP rule emitted, numerically (what hessians run).
Graph* second_order(Program& pr, Graph* j, size_t inputs) {
  std::vector<std::string> params{"$env"};
  for (size_t i = 0; i <= inputs; ++i) params.push_back("x" + std::to_string(i));
  Graph* g2 = pr.fn("second_order", params);
  std::vector<Node*> args(g2->params.begin(), g2->params.end() - 1);
  Node* r = pr.call(g2, pr.kg(j), args);
  Node* cts = pr.call(g2, pr.get(g2, r, 1), {g2->params.back()});
  std::vector<Node*> outs;
  for (size_t i = 0; i < inputs; ++i) outs.push_back(pr.get(g2, cts, static_cast<int64_t>(i + 1)));
  g2->output = pr.tuple(g2, outs);
  return g2;
}

int failures() {
  return ::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count();
}

TEST(AdTensorRules, RulesAgreeWithFiniteDifferencesAndWithEachOther) {
  std::mt19937 gen(20240612);
  for (const Entry& e : table()) {
    for (const Case& c : e.cases) {
      std::string name = std::string(fx::ir::prim_name(e.prim)) + " " + c.label;
      SCOPED_TRACE(name);
      try {
        Program pr;
        std::vector<std::string> params{"$env"};
        for (size_t i = 0; i < c.ins.size(); ++i) params.push_back("x" + std::to_string(i));
        Graph* g = pr.fn("tiny", params);
        g->output = c.build(pr, g, std::vector<Node*>(g->params.begin() + 1, g->params.end()));
        Transformed first(pr, g);
        int failures_before = failures();
        Value y = check(first, c.ins, c, gen, "first order");
        if (failures() != failures_before || !c.second_order) continue;  // it would repeat them
        // Second order: the inputs, and a cotangent shaped like the output.
        std::vector<In> ins2 = c.ins;
        In ct = y.is_number() ? s() : t({});
        if (!y.is_number()) {
          fx::rt::Shape shape = y.as_tensor().shape();
          ct.shape.assign(shape.begin(), shape.end());
        }
        ins2.push_back(ct);
        Transformed second(pr, second_order(pr, first.j, c.ins.size()));
        check(second, ins2, c, gen, "second order");
      } catch (const fx::RuntimeError& err) {
        ADD_FAILURE() << "run-time error: " << err.message;
      } catch (const fx::InternalError& err) {
        ADD_FAILURE() << "internal error in " << err.where << ": " << err.message;
      }
    }
  }
}

}  // namespace

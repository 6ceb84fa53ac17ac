// Reductions, dot/outer/trace, the neural-network operations and the adjoint primitives
// that derivative rules emit.
#include "fluxion/runtime/error.hpp"
#include "fluxion/runtime/reduce.hpp"
#include "support/diagnostics.hpp"
#include "types/tensor_rules.hpp"

namespace fx::types {

using ir::Prim;

namespace {

constexpr std::pair<Prim, rt::ReduceOp> kReductions[] = {
    {Prim::Sum, rt::ReduceOp::Sum},       {Prim::Mean, rt::ReduceOp::Mean},
    {Prim::Prod, rt::ReduceOp::Prod},     {Prim::ReduceMax, rt::ReduceOp::Max},
    {Prim::ReduceMin, rt::ReduceOp::Min}, {Prim::LogSumExp, rt::ReduceOp::LogSumExp},
    {Prim::ArgMax, rt::ReduceOp::ArgMax}, {Prim::ArgMin, rt::ReduceOp::ArgMin},
    {Prim::Norm, rt::ReduceOp::Norm},
};

// The adjoint primitives whose result has the type of one of their operands (ops.def
// "Tensor adjoints"): that operand's position.
constexpr std::pair<Prim, size_t> kAdjointLike[] = {
    {Prim::Unbroadcast, 1}, {Prim::BroadcastLike, 1}, {Prim::ExpandReduced, 1}, {Prim::MatMulVjpA, 2},
    {Prim::MatMulVjpB, 2},  {Prim::Conv2dVjpX, 2},    {Prim::Conv2dVjpW, 2},    {Prim::PoolWeights, 0},
    {Prim::Upsample, 2},    {Prim::MatMulVjpAAdd, 2}, {Prim::MatMulVjpBAdd, 2},
};

// A float dtype for operations that compute in floating point (softmax, conv2d): i64 → f64.
const Type* float_dtype(TypeStore& store, const Type* x, const PrimCall& call, size_t i, const char* op) {
  const Type* d = dtype_of(x);
  if (d == store.boolean() || !d)
    compile_error(operand_at(call, i), std::string(op) + " expects a numeric tensor, found " + to_string(x));
  return is_float(d) ? d : store.f64();
}

void require_rank(const Type* x, int64_t rank, const PrimCall& call, const char* op, const char* what) {
  if (is_tensor(x) && x->rank >= 0 && x->rank != rank)
    compile_error(call.node->loc, std::string(op) + " needs a rank-" + std::to_string(rank) + " " + what + ", found " +
                                      to_string(x));
}

// (n + 2 * padding - k) / stride + 1 when all are known; unknown (-1) when the arithmetic
// overflows, so that the run-time check reports the absurd padding.
int64_t window_count(int64_t n, int64_t k, std::optional<int64_t> stride, std::optional<int64_t> padding) {
  if (n < 0 || k < 0 || !stride || !padding || *stride <= 0) return -1;
  int64_t span = 0;
  if (__builtin_mul_overflow(*padding, 2, &span) || __builtin_add_overflow(span, n - k, &span)) return -1;
  return span < 0 ? -1 : span / *stride + 1;
}

}  // namespace

const Type* TensorRules::reduction(Prim p, const PrimCall& call) {
  const char* op = ir::prim_name(p);
  const Type* x = call.args[0];
  std::optional<int64_t> axis = axis_operand(call, 1, op);
  std::optional<bool> keepdims = bool_constant(call, 2);
  if (!keepdims) compile_error(operand_at(call, 2), std::string(op) + ": keepdims must be True or False, written in place");
  if (not_known(x)) return store_.bottom();
  if (!is_tensor(x) && !is_scalar(x))
    compile_error(operand_at(call, 0), std::string(op) + " expects a tensor, found " + to_string(x));
  rt::ReduceOp reduce{};
  for (const auto& [prim, r] : kReductions)
    if (prim == p) reduce = r;
  const Type* dtype = nullptr;
  try {
    dtype = from_rt(store_, rt::result_dtype(reduce, to_rt(dtype_of(x))));
  } catch (const rt::TensorError& e) {
    compile_error(call.node->loc, e.message + " (" + to_string(x) + ")");
  }
  Shape s = shape_of(x);
  if (!axis) {
    if (!*keepdims) return dtype;  // a scalar
    return s.known_rank() ? store_.tensor(dtype, s.rank, std::vector<int64_t>(s.dims.size(), 1)) : store_.tensor(dtype);
  }
  if (!s.known_rank()) return store_.tensor(dtype);
  int64_t a = normalise_axis(*axis, s.rank, x, call.node->loc, op);
  if (*keepdims) s.dims[static_cast<size_t>(a)] = 1;
  else s.dims.erase(s.dims.begin() + a), --s.rank;
  return make_result(store_, dtype, s);
}

const Type* TensorRules::product(Prim p, const PrimCall& call) {
  const char* op = ir::prim_name(p);
  size_t operands = p == Prim::Trace ? 1 : 2;
  for (size_t i = 0; i < operands; ++i) {
    const Type* t = call.args[i];
    if (!is_tensor(t) && !is_number(t) && t->kind != TypeKind::Bottom)
      compile_error(operand_at(call, i), std::string(op) + " expects numeric tensors, found " + to_string(t));
    if (!not_known(t) && dtype_of(t) == store_.boolean())
      compile_error(operand_at(call, i), std::string(op) + " expects numeric tensors, found " + to_string(t));
  }
  for (size_t i = 0; i < operands; ++i)
    if (not_known(call.args[i])) return store_.bottom();
  const Type* x = call.args[0];
  if (p == Prim::Trace) {
    require_rank(x, 2, call, "trace", "matrix");
    if (rank_of(x) == 0) compile_error(call.node->loc, "trace needs a matrix, found " + to_string(x));
    return dtype_of(x);  // bool is excluded above; i64 stays i64 as in sum
  }
  const Type* y = call.args[1];
  const Type* dtype = from_rt(store_, rt::promote(to_rt(dtype_of(x)), to_rt(dtype_of(y))));
  if (p == Prim::Outer) {
    auto size = [](const Type* t) {
      Shape s = shape_of(t);
      if (!s.known_rank()) return int64_t{-1};
      int64_t n = 1;
      for (int64_t d : s.dims) {
        if (d < 0) return int64_t{-1};
        n *= d;
      }
      return n;
    };
    return store_.tensor(dtype, 2, {size(x), size(y)});
  }
  // dot: NumPy's for ranks 0 to 2: a product with a scalar, otherwise matmul.
  if (rank_of(x) == 0 || rank_of(y) == 0)
    return make_result(store_, dtype, rank_of(x) == 0 ? shape_of(y) : shape_of(x));
  for (const Type* t : {x, y})
    if (rank_of(t) > 2)
      compile_error(call.node->loc, "dot supports tensors of rank 0 to 2, found " + to_string(t) + "; use @ (matmul)");
  return matmul(call);
}

const Type* TensorRules::softmax(const PrimCall& call) {
  const Type* x = call.args[0];
  int64_t axis = required_int(call, 1, "softmax", "the axis");
  require_tensor(call, 0, "softmax");
  if (not_known(x)) return store_.bottom();
  const Type* dtype = float_dtype(store_, x, call, 0, "softmax");
  if (x->rank >= 0) normalise_axis(axis, x->rank, x, call.node->loc, "softmax");
  return store_.tensor(dtype, x->rank, x->dims);
}

// conv2d(x, w, stride, padding): x (N, C, H, W), w (O, C, KH, KW) → (N, O, H', W').
const Type* TensorRules::conv2d(const PrimCall& call) {
  const Type* x = call.args[0];
  const Type* w = call.args[1];
  require_tensor(call, 0, "conv2d");
  require_tensor(call, 1, "conv2d");
  require_i64(call, 2, "conv2d", "the stride");
  require_i64(call, 3, "conv2d", "the padding");
  if (not_known(x) || not_known(w)) return store_.bottom();
  require_rank(x, 4, call, "conv2d", "input x (N, C, H, W)");
  require_rank(w, 4, call, "conv2d", "kernel w (O, C, KH, KW)");
  const Type* dtype = float_dtype(store_, x, call, 0, "conv2d");
  if (float_dtype(store_, w, call, 1, "conv2d") != dtype)
    dtype = from_rt(store_, rt::promote(to_rt(dtype), to_rt(float_dtype(store_, w, call, 1, "conv2d"))));
  int64_t channels_x = extent(x, 1), channels_w = extent(w, 1);
  if (channels_x >= 0 && channels_w >= 0 && channels_x != channels_w)
    compile_error(call.node->loc, "conv2d: x has " + std::to_string(channels_x) + " channels but w expects " +
                                      std::to_string(channels_w) + " (" + to_string(x) + " and " + to_string(w) + ")");
  std::optional<int64_t> stride = int_constant(call, 2), padding = int_constant(call, 3);
  return store_.tensor(dtype, 4,
                       {extent(x, 0), extent(w, 0), window_count(extent(x, 2), extent(w, 2), stride, padding),
                        window_count(extent(x, 3), extent(w, 3), stride, padding)});
}

// max_pool2d(x, k) and pool_sum(x, k): (N, C, H, W) → (N, C, H / k, W / k).
const Type* TensorRules::max_pool2d(Prim p, const PrimCall& call) {
  const char* op = ir::prim_name(p);
  const Type* x = call.args[0];
  require_tensor(call, 0, op);
  require_i64(call, 1, op, "the window size");
  if (not_known(x)) return store_.bottom();
  require_rank(x, 4, call, op, "input (N, C, H, W)");
  std::optional<int64_t> k = int_constant(call, 1);
  auto pooled = [&](int64_t n) { return n >= 0 && k && *k > 0 ? n / *k : int64_t{-1}; };
  return store_.tensor(x->dtype, 4, {extent(x, 0), extent(x, 1), pooled(extent(x, 2)), pooled(extent(x, 3))});
}

const Type* TensorRules::adjoint(Prim p, const PrimCall& call) {
  for (const auto& [prim, like] : kAdjointLike)
    if (prim == p) return call.args.at(like);
  internal_error("type inference", std::string("adjoint(") + ir::prim_name(p) + ")");
}

}  // namespace fx::types

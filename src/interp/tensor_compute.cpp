// clip and where, reductions, linear algebra and shapes, neural-network kernels
// (tensor_values.hpp): each reads its operands and calls the fx::rt kernel.
#include <vector>

#include "interp/tensor_kernels.hpp"
#include "interp/tensor_values.hpp"

namespace fx::interp::tensors {

using ir::Prim;

namespace {

std::string what(Prim p) { return std::string("'") + ir::prim_name(p) + "'"; }

// The tensors of a tuple (concat and stack take one).
std::vector<rt::Tensor> tensor_list(const Value& v, SourceLoc loc, const std::string& w) {
  if (v.kind() != Kind::Tuple) runtime_error(loc, w + " expects a tuple of tensors, found " + type_name(v));
  std::vector<rt::Tensor> out;
  for (const Value& x : v.items()) out.push_back(to_tensor(x, loc, w));
  return out;
}

// The dtype that scalars among several operands yield to: the first tensor's (weak scalars).
std::optional<rt::DType> tensor_dtype(std::initializer_list<const Value*> vs) {
  for (const Value* v : vs)
    if (v->kind() == Kind::Tensor) return v->as_tensor().dtype();
  return std::nullopt;
}

rt::Tensor operand(const Value& v, std::optional<rt::DType> strong, SourceLoc loc, const std::string& w) {
  if (strong && is_scalar(v)) return weak_scalar(v, *strong);
  return to_tensor(v, loc, w);
}


}  // namespace

Value compute(Prim p, SourceLoc loc, Value* a, size_t n) {
  const std::string w = what(p);
  auto run = [&](auto&& f) { return guarded(loc, [&] { return box(f()); }); };
  if (auto op = reduce_op(p)) {
    rt::Tensor x = to_tensor(a[0], loc, w);
    rt::Axis axis = axis_arg(a[1], loc, w);
    bool keepdims = bool_arg(a[2], loc, w);
    return run([&] { return rt::reduce(*op, x, axis, keepdims); });
  }
  if (p == Prim::Clip) {
    auto strong = tensor_dtype({&a[0], &a[1], &a[2]});
    rt::Tensor x = operand(a[0], strong, loc, w), lo = operand(a[1], strong, loc, w), hi = operand(a[2], strong, loc, w);
    return run([&] { return rt::clip(x, lo, hi); });
  }
  if (p == Prim::Where) {
    rt::Tensor cond = to_tensor(a[0], loc, w);
    if (cond.dtype() != rt::DType::Bool) runtime_error(loc, "where expects a bool condition, found " + type_name(a[0]));
    auto strong = tensor_dtype({&a[1], &a[2]});
    rt::Tensor x = operand(a[1], strong, loc, w), y = operand(a[2], strong, loc, w);
    return run([&] { return rt::where(cond, x, y); });
  }
  if (p == Prim::Dot || p == Prim::Outer) {
    auto [x, y] = operand_pair(a[0], a[1], loc, w);
    return run([p, &x = x, &y = y] { return p == Prim::Dot ? rt::dot(x, y) : rt::outer(x, y); });
  }
  if (p == Prim::Transpose || p == Prim::Trace) {
    rt::Tensor x = to_tensor(a[0], loc, w);
    return run([&] { return p == Prim::Transpose ? rt::transpose(x) : rt::trace(x); });
  }
  if (p == Prim::Reshape) {
    rt::Tensor x = to_tensor(a[0], loc, w);
    rt::Shape s = shape_arg(a[1], loc, w);
    return run([&] { return rt::reshape(x, s); });
  }
  if (p == Prim::Concat && a[0].kind() == Kind::Tensor) {
    // The rows of one tensor (a comprehension) joined along axis 0: its first two axes merged.
    rt::Tensor x = a[0].as_tensor();
    if (int_arg(a[1], loc, w) != 0) runtime_error(loc, "concat of the rows of one tensor joins them along axis 0 only");
    if (x.rank() < 2) runtime_error(loc, "concat of a comprehension needs elements of rank 1 or more, found shape " +
                                             rt::to_string(x.shape()));
    rt::Shape s;
    s.push_back(x.dim(0) * x.dim(1));
    for (int k = 2; k < x.rank(); ++k) s.push_back(x.dim(k));
    return run([&] { return rt::reshape(rt::contiguous(x), s); });
  }
  if (p == Prim::Concat || p == Prim::Stack) {
    std::vector<rt::Tensor> xs = tensor_list(a[0], loc, w);
    int64_t axis = int_arg(a[1], loc, w);
    if (xs.empty()) runtime_error(loc, w + " needs at least one tensor");
    return run([&] { return p == Prim::Concat ? rt::concat(xs, axis) : rt::stack(xs, axis); });
  }
  if (p == Prim::Diag) {
    rt::Tensor x = to_tensor(a[0], loc, w);
    int64_t k = int_arg(a[1], loc, w);
    return run([&] { return rt::diag(x, k); });
  }
  if (p == Prim::Softmax || p == Prim::LogSoftmax) {
    rt::Tensor x = to_tensor(a[0], loc, w);
    int64_t axis = int_arg(a[1], loc, w);
    return run([&] { return p == Prim::Softmax ? rt::softmax(x, axis) : rt::log_softmax(x, axis); });
  }
  if (p == Prim::Conv2d) {
    rt::Tensor x = to_tensor(a[0], loc, w), k = to_tensor(a[1], loc, w);
    int64_t stride = int_arg(a[2], loc, w), padding = int_arg(a[3], loc, w);
    return run([&] { return rt::conv2d(x, k, stride, padding); });
  }
  if (p == Prim::MaxPool2d) {
    rt::Tensor x = to_tensor(a[0], loc, w);
    int64_t k = int_arg(a[1], loc, w);
    return run([&] { return rt::max_pool2d(x, k); });
  }
  if (p == Prim::OneHot) {
    rt::Tensor i = to_tensor(a[0], loc, w);
    int64_t classes = int_arg(a[1], loc, w);
    return run([&] { return rt::one_hot(i, classes); });
  }
  if (p == Prim::Dropout) {
    rt::Key k = key_arg(a[0], loc, w);
    rt::Tensor x = to_tensor(a[1], loc, w);
    double prob = float_arg(a[2], loc, w);
    return run([&] { return rt::dropout(k, x, prob); });
  }
  internal_error("interpreter", std::string(ir::prim_name(p)) + " is not a tensor computation");
}

}  // namespace fx::interp::tensors

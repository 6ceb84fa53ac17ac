// The tensor adjoint primitives that derivative rules emit (ops.def "Tensor adjoints").
// Operands may be scalars wherever tensors are (a rule does not know whether the primal was
// a scalar or a tensor), so every mix is handled: unbroadcast and broadcast_like are the
// identity on equal shapes and move between scalars and tensors otherwise.
#include "interp/tensor_kernels.hpp"
#include "interp/tensor_values.hpp"

namespace fx::interp::tensors {

using ir::Prim;

namespace {

// unbroadcast(x, like): x summed down to like's shape; a scalar like gets a scalar.
Value unbroadcast(SourceLoc loc, const Value* a) {
  const Value& x = a[0];
  const Value& like = a[1];
  if (x.kind() != Kind::Tensor) {
    if (like.kind() != Kind::Tensor) return x;  // scalar to scalar
    // A scalar standing for a tensor of like's shape (a zero, or a broadcast value).
    rt::Tensor t = weak_scalar(x, like.as_tensor().dtype());
    return guarded(loc, [&] { return Value::tensor(rt::contiguous(rt::broadcast_to(t, like.as_tensor().shape()))); });
  }
  rt::Tensor t = x.as_tensor();
  if (like.kind() == Kind::Tensor) return guarded(loc, [&] { return Value::tensor(unbroadcast_to(t, like.as_tensor())); });
  rt::Shape target = shape_of_value(like, loc, "unbroadcast");
  return guarded(loc, [&]() -> Value {
    if (t.shape() == target) return like.kind() == Kind::Float ? Value::real(t.item().to_f64()) : box(t);
    rt::Tensor r = rt::broadcasts_to(target, t.shape()) ? rt::sum_to_shape(t, target)
                                                          : rt::contiguous(rt::broadcast_to(t, target));
    // A scalar like: the sum as a scalar of like's kind (f64 for an f64, whatever x was).
    if (like.kind() == Kind::Float) return Value::real(r.item().to_f64());
    return box(r);
  });
}

// broadcast_like(x, like): x read as like's shape.
Value broadcast_like(SourceLoc loc, const Value* a) {
  const Value& x = a[0];
  const Value& like = a[1];
  if (like.kind() != Kind::Tensor) {
    if (x.kind() != Kind::Tensor) return x;
    // A tensor read as a scalar: it must hold one element.
    return guarded(loc, [&]() -> Value {
      rt::Tensor t = x.as_tensor();
      if (t.numel() != 1) rt::tensor_error("broadcast_like: cannot read a tensor of shape " + rt::to_string(t.shape()) +
                                           " as a scalar");
      return box(rt::reshape(rt::contiguous(t), rt::Shape{}));
    });
  }
  rt::Tensor t = is_scalar(x) ? weak_scalar(x, like.as_tensor().dtype()) : to_tensor(x, loc, "broadcast_like");
  return guarded(loc, [&] { return Value::tensor(broadcast_to_like(std::move(t), like.as_tensor())); });
}

}  // namespace

Value adjoint(Prim p, SourceLoc loc, Value* a, size_t n) {
  const std::string w = std::string("'") + ir::prim_name(p) + "'";
  auto run = [&](auto&& f) { return guarded(loc, [&] { return box(f()); }); };
  if (p == Prim::Unbroadcast) return unbroadcast(loc, a);
  if (p == Prim::BroadcastLike) return broadcast_like(loc, a);
  if (p == Prim::ExpandReduced) {
    rt::Tensor ct = to_tensor(a[0], loc, w);
    rt::Shape xs = shape_of_value(a[1], loc, w);
    rt::Axis axis = axis_arg(a[2], loc, w);
    bool keepdims = bool_arg(a[3], loc, w);
    return run([&] { return rt::expand_reduced(ct, xs, axis, keepdims); });
  }
  if (p == Prim::MatMulVjpA) {  // (ct, b, a)
    rt::Tensor ct = to_tensor(a[0], loc, w), b = to_tensor(a[1], loc, w);
    rt::Shape as = shape_of_value(a[2], loc, w);
    return run([&] { return rt::matmul_vjp_a(ct, b, as); });
  }
  if (p == Prim::MatMulVjpB) {  // (a, ct, b)
    rt::Tensor x = to_tensor(a[0], loc, w), ct = to_tensor(a[1], loc, w);
    rt::Shape bs = shape_of_value(a[2], loc, w);
    return run([&] { return rt::matmul_vjp_b(x, ct, bs); });
  }
  if (p == Prim::MatMulVjpAAdd || p == Prim::MatMulVjpBAdd) {  // (ct, b, acc) and (a, ct, acc)
    rt::Tensor x = to_tensor(a[0], loc, w), y = to_tensor(a[1], loc, w);
    // Taken out of its value: when nothing else holds the accumulator, the product is added into it.
    rt::Tensor acc = a[2].kind() == Kind::Tensor ? take_tensor(std::move(a[2])) : to_tensor(a[2], loc, w);
    if (p == Prim::MatMulVjpAAdd) return run([&] { return rt::matmul_vjp_a_add(x, y, std::move(acc)); });
    return run([&] { return rt::matmul_vjp_b_add(x, y, std::move(acc)); });
  }
  if (p == Prim::Conv2dVjpX || p == Prim::Conv2dVjpW) {
    rt::Tensor first = to_tensor(a[0], loc, w), second = to_tensor(a[1], loc, w);
    rt::Shape shape = shape_of_value(a[2], loc, w);
    int64_t stride = int_arg(a[3], loc, w), padding = int_arg(a[4], loc, w);
    if (p == Prim::Conv2dVjpX) return run([&] { return rt::conv2d_vjp_x(first, second, shape, stride, padding); });
    return run([&] { return rt::conv2d_vjp_w(first, second, shape, stride, padding); });
  }
  if (p == Prim::PoolWeights || p == Prim::PoolSum) {
    rt::Tensor x = to_tensor(a[0], loc, w);
    int64_t k = int_arg(a[1], loc, w);
    return run([&] { return p == Prim::PoolWeights ? rt::pool_weights(x, k) : rt::pool_sum(x, k); });
  }
  if (p == Prim::Upsample) {
    rt::Tensor ct = to_tensor(a[0], loc, w);
    int64_t k = int_arg(a[1], loc, w);
    rt::Shape xs = shape_of_value(a[2], loc, w);
    return run([&] { return rt::upsample(ct, k, xs); });
  }
  (void)n;
  internal_error("interpreter", std::string(ir::prim_name(p)) + " is not a tensor adjoint");
}

}  // namespace fx::interp::tensors

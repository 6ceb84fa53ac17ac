// The tangent-space sum and zero of tensor leaves (docs/ad.md): shared by the interpreter's
// add_tangent and zeros_like (ad_values.cpp) and by native derivative code, which writes out
// the rest of a tangent space by type and reaches these through fx_rt_apply
// (codegen/prims_ad.cpp). In the values library, which AOT libraries link.
#include <optional>

#include "interp/primitives.hpp"
#include "interp/tensor_values.hpp"
#include "support/diagnostics.hpp"

namespace fx::interp {

namespace {

bool integral_leaf(const Value& v) {
  return v.kind() == Kind::Int || v.kind() == Kind::Bool ||
         (v.kind() == Kind::Tensor && !rt::is_float(v.as_tensor().dtype()));
}

// a + b written over a's storage, when a is the dead old value of an accumulation: native code
// hands over its last read of a (codegen/handovers.cpp), so nothing else holds the tensor, and
// the sum has a's dtype and shape. nullopt otherwise (the general sum, with its messages).
std::optional<Value> add_over(Value& a, const Value& b, SourceLoc loc) {
  if (a.kind() != Kind::Tensor || b.kind() != Kind::Tensor || !a.is_sole_owner() || a.tensor_obj().lazy() ||
      b.tensor_obj().lazy())
    return std::nullopt;
  const rt::Tensor& x = a.as_tensor();
  const rt::Tensor& y = b.as_tensor();
  if (!rt::is_float(x.dtype()) || x.dtype() != y.dtype() || !(x.shape() == y.shape()) || !x.is_unique())
    return std::nullopt;
  rt::Tensor acc = take_tensor(std::move(a));
  return tensors::guarded(loc, [&] { return tensors::box(rt::apply_over(rt::BinaryOp::Add, std::move(acc), y)); });
}

}  // namespace

// The sum of two tangent leaves of which one at least is a tensor: broadcasting addition
// (a scalar is weak against a tensor). As for scalars, an integer tangent (an i64 or bool
// tensor's) is a zero of its own type, and wins over a float contribution.
Value add_tensor_leaves(const Value& a, const Value& b, SourceLoc loc) {
  const bool ia = integral_leaf(a), ib = integral_leaf(b);
  if (ia != ib) return ia ? a : b;
  if (!(a.kind() == Kind::Tensor || tensors::is_scalar(a)) || !(b.kind() == Kind::Tensor || tensors::is_scalar(b)))
    runtime_error(loc, "cannot add derivatives of different structures: " + type_name(a) + " and " + type_name(b));
  auto [x, y] = tensors::operand_pair(a, b, loc, "add_tangent");
  if (x.dtype() == rt::DType::Bool || y.dtype() == rt::DType::Bool) return a;  // no derivative: a zero
  return tensors::guarded(loc, [&x = x, &y = y] { return tensors::box(rt::add(x, y)); });
}

// grad's seed for the differentiated function's output y (ops.def grad_seed): 1.0 for a
// scalar, an f64 or a float tensor of rank 0 (the 1.0 is weak: it takes the tensor's dtype),
// else the error the expansion reports where y's structure is known (ad/templates.cpp).
Value grad_seed(const Value& y, SourceLoc loc) {
  std::string found = type_name(y);
  if (y.kind() == Kind::Float) return Value::real(1.0);
  if (y.kind() == Kind::Tensor) {
    const rt::Tensor& t = y.as_tensor();
    if (t.shape().rank() == 0 && rt::is_float(t.dtype())) return Value::real(1.0);
    std::string dims;
    for (int64_t d : t.shape()) dims += (dims.empty() ? "" : ", ") + std::to_string(d);
    found = std::string("Tensor[") + rt::dtype_name(t.dtype()) + ", (" + dims + (t.shape().rank() == 1 ? ",)]" : ")]");
  }
  runtime_error(loc, "the function being differentiated must return a scalar f64 to take its gradient, found " + found);
}

// Tensor leaves of zeros_like and add_tangent, and grad_seed, for native code, which writes out
// the rest of the tangent space by type (codegen/prims_ad.cpp).
Value tangent_leaf_primitive(ir::Prim p, SourceLoc loc, Value* a, size_t n) {
  if (p == ir::Prim::GradSeed && n == 1) return grad_seed(a[0], loc);
  if (p == ir::Prim::AddTangent && n == 2) {
    if (std::optional<Value> sum = add_over(a[0], a[1], loc)) return std::move(*sum);
    return add_tensor_leaves(a[0], a[1], loc);
  }
  if (p == ir::Prim::ZerosLike && n == 1 && a[0].kind() == Kind::Tensor) {
    const rt::Tensor& t = a[0].as_tensor();
    return tensors::guarded(loc, [&] { return Value::tensor(rt::zeros(t.shape(), t.dtype())); });
  }
  internal_error("interpreter", std::string(ir::prim_name(p)) + " of these operands reached apply_primitive");
}

}  // namespace fx::interp

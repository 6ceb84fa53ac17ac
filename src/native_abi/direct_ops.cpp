// fx_rt_op: tensor primitives on the headers generated code holds (direct_ops.hpp). One kernel
// per family of ops.def — the scalar core on tensors, the tensor computations, the tensor
// adjoints — each taking the operand kinds the interpreter's family takes for the same
// primitive and calling the same fx::rt kernel (interp/tensor_kernels.hpp); anything else it
// declines, and fx_rt_apply's way runs it. A derivative's hot primitives (elementwise,
// matmul, transpose, reductions, softmax, unbroadcast, matmul_vjp_*) cost one call, the
// kernel and one header, where converting to interpreter values cost several allocations.
#include "native_abi/direct_ops.hpp"

#include <new>
#include <optional>
#include <string>

#include "interp/tensor_kernels.hpp"
#include "interp/tensor_values.hpp"
#include "native_abi/tensor_handles.hpp"
#include "support/diagnostics.hpp"

namespace fx::native_abi {

namespace {

using interp::Value;
using ir::Prim;

// The operands as a kernel reads them: tensors (rank >= 1, so tensors to the interpreter too)
// as new references to their headers, numbers and statics as interpreter scalars, which hold
// no allocation.
class Operands {
 public:
  Operands(const fx_value* v, size_t n) : v_(v), n_(n) {}
  size_t size() const { return n_; }
  bool tensor(size_t i) const { return v_[i].kind == FX_VALUE_TENSOR; }
  bool number(size_t i) const {
    return v_[i].kind == FX_VALUE_F64 || v_[i].kind == FX_VALUE_I64 || v_[i].kind == FX_VALUE_BOOL;
  }
  rt::Tensor t(size_t i) const { return borrow(v_[i].as.t); }
  // A number or None as the interpreter holds it.
  Value value(size_t i) const {
    switch (v_[i].kind) {
      case FX_VALUE_F64: return Value::real(v_[i].as.f);
      case FX_VALUE_I64: return Value::integer(v_[i].as.i);
      case FX_VALUE_BOOL: return Value::boolean(v_[i].as.b);
      default: return Value::none();
    }
  }
  // The interpreter's to_tensor: a tensor as it is, a number as a rank-0 tensor of its dtype.
  rt::Tensor as_tensor(size_t i) const { return tensor(i) ? t(i) : interp::tensors::to_tensor(value(i), {}, ""); }
  // A tensor, or a number weak against the dtype `strong` (the interpreter's operand_pair).
  rt::Tensor beside(size_t i, const std::optional<rt::DType>& strong) const {
    if (strong && number(i)) return interp::tensors::weak_scalar(value(i), *strong);
    return as_tensor(i);
  }
  std::optional<rt::DType> first_tensor_dtype(size_t from, size_t to) const {
    for (size_t i = from; i < to; ++i)
      if (tensor(i)) return static_cast<rt::DType>(v_[i].as.t->dtype);
    return std::nullopt;
  }
  // Statics: an axis (None or an i64), an i64, a bool; false when the operand is not one.
  bool axis(size_t i, rt::Axis* out) const {
    if (v_[i].kind == FX_VALUE_NONE) *out = std::nullopt;
    else if (v_[i].kind == FX_VALUE_I64) *out = v_[i].as.i;
    else return false;
    return true;
  }
  bool integer(size_t i, int64_t* out) const {
    if (v_[i].kind != FX_VALUE_I64) return false;
    *out = v_[i].as.i;
    return true;
  }
  bool boolean(size_t i, bool* out) const {
    if (v_[i].kind != FX_VALUE_BOOL) return false;
    *out = v_[i].as.b;
    return true;
  }
  // The shape of a tensor or number operand (shape_of_value).
  rt::Shape shape(size_t i) const {
    if (!tensor(i)) return rt::Shape{};
    const fx_tensor* h = v_[i].as.t;
    return rt::Shape(std::span<const int64_t>(h->shape, static_cast<size_t>(h->rank)));
  }
  bool tensor_or_number(size_t i) const { return tensor(i) || number(i); }
  bool bool_tensor(size_t i) const { return tensor(i) && v_[i].as.t->dtype == FX_BOOL; }

 private:
  const fx_value* v_;
  size_t n_;
};

using Result = std::optional<rt::Tensor>;  // nullopt: declined

// The scalar core on tensors (interp::apply_elementwise).
Result elementwise(Prim p, const Operands& a) {
  using namespace interp::tensors;
  const ElementOp op = element_op(p);
  if (const auto* u = std::get_if<rt::UnaryOp>(&op)) {
    if (a.size() != 1 || !a.tensor(0)) return std::nullopt;
    rt::Tensor x = a.t(0);
    if (*u == rt::UnaryOp::LogicalNot && x.dtype() != rt::DType::Bool) return std::nullopt;  // its message
    return rt::apply(*u, x);
  }
  if (const auto* c = std::get_if<Conversion>(&op)) {
    if (a.size() != 1 || !a.tensor(0)) return std::nullopt;
    return rt::astype(a.t(0), c->to);
  }
  if (a.size() != 2) return std::nullopt;
  if (std::holds_alternative<MatMulOp>(op)) {
    if (!a.tensor(0) || !a.tensor(1)) return std::nullopt;  // "matmul needs tensors"
    return rt::matmul(a.t(0), a.t(1));
  }
  const auto* b = std::get_if<rt::BinaryOp>(&op);
  if (!b || !a.tensor_or_number(0) || !a.tensor_or_number(1) || !(a.tensor(0) || a.tensor(1))) return std::nullopt;
  const auto strong = a.first_tensor_dtype(0, 2);
  return rt::apply(*b, a.beside(0, strong), a.beside(1, strong));
}

// Reductions, transpose, softmax, where, dot, outer (interp::tensors::compute).
Result compute(Prim p, const Operands& a) {
  if (auto op = interp::tensors::reduce_op(p)) {
    rt::Axis axis;
    bool keepdims;
    if (a.size() != 3 || !a.tensor(0) || !a.axis(1, &axis) || !a.boolean(2, &keepdims)) return std::nullopt;
    return rt::reduce(*op, a.t(0), axis, keepdims);
  }
  switch (p) {
    case Prim::Transpose:
      if (a.size() != 1 || !a.tensor(0)) return std::nullopt;
      return rt::transpose(a.t(0));
    case Prim::Softmax:
    case Prim::LogSoftmax: {
      int64_t axis;
      if (a.size() != 2 || !a.tensor(0) || !a.integer(1, &axis)) return std::nullopt;
      return p == Prim::Softmax ? rt::softmax(a.t(0), axis) : rt::log_softmax(a.t(0), axis);
    }
    case Prim::Where: {
      if (a.size() != 3 || !a.bool_tensor(0) || !a.tensor_or_number(1) || !a.tensor_or_number(2))
        return std::nullopt;
      const auto strong = a.first_tensor_dtype(1, 3);
      return rt::where(a.t(0), a.beside(1, strong), a.beside(2, strong));
    }
    case Prim::Dot:
    case Prim::Outer: {
      if (a.size() != 2 || !a.tensor_or_number(0) || !a.tensor_or_number(1)) return std::nullopt;
      const auto strong = a.first_tensor_dtype(0, 2);
      rt::Tensor x = a.beside(0, strong), y = a.beside(1, strong);
      return p == Prim::Dot ? rt::dot(x, y) : rt::outer(x, y);
    }
    default: return std::nullopt;
  }
}

// unbroadcast and broadcast_like of tensors, expand_reduced, matmul_vjp_a/b
// (interp::tensors::adjoint).
Result adjoint(Prim p, const Operands& a) {
  switch (p) {
    case Prim::Unbroadcast:
      if (a.size() != 2 || !a.tensor(0) || !a.tensor(1)) return std::nullopt;
      return interp::tensors::unbroadcast_to(a.t(0), a.t(1));
    case Prim::BroadcastLike:
      if (a.size() != 2 || !a.tensor(0) || !a.tensor(1)) return std::nullopt;
      return interp::tensors::broadcast_to_like(a.t(0), a.t(1));
    case Prim::ExpandReduced: {
      rt::Axis axis;
      bool keepdims;
      if (a.size() != 4 || !a.tensor_or_number(0) || !a.tensor_or_number(1) || !a.axis(2, &axis) ||
          !a.boolean(3, &keepdims))
        return std::nullopt;
      return rt::expand_reduced(a.as_tensor(0), a.shape(1), axis, keepdims);
    }
    case Prim::MatMulVjpA:  // (ct, b, a)
      if (a.size() != 3 || !a.tensor_or_number(0) || !a.tensor_or_number(1) || !a.tensor_or_number(2))
        return std::nullopt;
      return rt::matmul_vjp_a(a.as_tensor(0), a.as_tensor(1), a.shape(2));
    case Prim::MatMulVjpB:  // (a, ct, b)
      if (a.size() != 3 || !a.tensor_or_number(0) || !a.tensor_or_number(1) || !a.tensor_or_number(2))
        return std::nullopt;
      return rt::matmul_vjp_b(a.as_tensor(0), a.as_tensor(1), a.shape(2));
    default: return std::nullopt;
  }
}

using Kernel = Result (*)(Prim, const Operands&);

// The direct kernel of each family that has one.
Kernel kernel_of(ir::PrimFamily family) {
  switch (family) {
    case ir::PrimFamily::SCALAR: return elementwise;
    case ir::PrimFamily::TENSOR_COMPUTE: return compute;
    case ir::PrimFamily::TENSOR_ADJOINT: return adjoint;
    default: return nullptr;
  }
}

thread_local std::string refused;

const char* refuse(std::string message) {
  refused = std::move(message);
  return refused.c_str();
}

}  // namespace

bool has_direct_kernel(ir::Prim p) { return kernel_of(ir::prim_info(p).family) != nullptr; }

void write_result(rt::Tensor t, fx_value* out) {
  switch (out->kind) {
    case FX_VALUE_TENSOR: {
      const bool number = t.rank() == 0 && t.dtype() != rt::DType::F32;
      out->as.t = hand_out(std::move(t), number);
      return;
    }
    case FX_VALUE_F64:
    case FX_VALUE_I64:
    case FX_VALUE_BOOL: {
      if (t.numel() != 1) internal_error("native code", "a primitive returned a tensor of shape " +
                                                            rt::to_string(t.shape()) + " where a number was expected");
      rt::Scalar s = t.item();
      if (out->kind == FX_VALUE_F64) out->as.f = s.to_f64();
      else if (out->kind == FX_VALUE_I64) out->as.i = s.to_i64();
      else out->as.b = s.to_bool();
      return;
    }
    default: internal_error("native code", "a direct primitive's result of kind " + std::to_string(out->kind));
  }
}

}  // namespace fx::native_abi

extern "C" const char* fx_rt_op(int32_t prim, const fx_value* args, int64_t n, fx_value* out) {
  namespace nabi = fx::native_abi;
  if (prim < 0 || prim >= fx::ir::kPrimCount) return nabi::apply_by_values(prim, args, n, 0, out, false);
  const auto p = static_cast<fx::ir::Prim>(prim);
  try {
    const nabi::Kernel kernel = nabi::kernel_of(fx::ir::prim_info(p).family);
    std::optional<fx::rt::Tensor> result;
    if (kernel) result = kernel(p, nabi::Operands(args, static_cast<size_t>(n)));
    if (!result) return nabi::apply_by_values(prim, args, n, 0, out, false);
    nabi::write_result(std::move(*result), out);
    return nullptr;
  } catch (const fx::rt::TensorError& e) {
    return nabi::refuse(e.message);
  } catch (const fx::RuntimeError& e) {
    return nabi::refuse(e.message);
  } catch (const fx::InternalError& e) {
    return nabi::refuse("internal error in " + e.where + ": " + e.message);
  } catch (const std::bad_alloc&) {
    return nabi::refuse("out of memory");
  } catch (const std::exception& e) {
    return nabi::refuse(std::string("internal error: ") + e.what());
  }
}

#include "opt/removable.hpp"

#include <vector>

#include "opt/known_shapes.hpp"
#include "types/type.hpp"

namespace fx::opt {

namespace {

using types::TypeKind;

// A number, bool, str or None: what the scalar core computes on without shape checks.
bool plain_scalar(const types::Type* t) {
  if (!t) return false;
  switch (t->kind) {
    case TypeKind::I64: case TypeKind::F64: case TypeKind::F32: case TypeKind::Bool:
    case TypeKind::Str: case TypeKind::None: return true;
    default: return false;
  }
}

bool is_int(const types::Type* t) { return t && t->kind == TypeKind::I64; }

// Scalar primitives that fail on some integer operands: floordiv and mod by zero, pow with a
// negative exponent, int() of a float that is nan, infinite or out of range.
bool scalar_may_fail(ir::Prim p, const ir::Node* n) {
  switch (p) {
    case ir::Prim::FloorDiv:
    case ir::Prim::Mod:
    case ir::Prim::Pow: return is_int(n->arg(0)->type) && is_int(n->arg(1)->type);
    case ir::Prim::ToI64: return !is_int(n->arg(0)->type);
    case ir::Prim::MatMul: return true;  // tensors only
    default: return false;
  }
}

bool makes_float(const types::Type* t) {
  return t && (t->kind == TypeKind::F64 || t->kind == TypeKind::F32 || t->kind == TypeKind::Tensor);
}

// A small non-negative constant extent: a large one may fail to allocate (a located error,
// tests/errors/tensors/runtime/allocation_too_large.fx), a negative one is an error.
bool small_extent(const ir::Node* n) {
  auto* v = n->is_constant() ? std::get_if<int64_t>(&n->value) : nullptr;
  return v && *v >= 0 && *v <= 4096;
}

bool same_shape_arithmetic(const ir::Node* n, std::vector<int64_t>* shape, int depth);

// The full shape of an f64 tensor or number operand when it is known: its type's extents, (n,)
// for one_hot(k, n) of a constant n (its type rule does not read n), or the shape of an
// arithmetic operation of such operands (derivative code typed for any extent forgets them);
// false otherwise.
bool f64_shape(const ir::Node* x, std::vector<int64_t>* out, int depth = 0) {
  const types::Type* t = x->type;
  out->clear();
  if (t && t->kind == TypeKind::F64) return true;  // a number broadcasts to any shape
  const types::Type* d = t ? types::dtype_of(t) : nullptr;
  if (!t || !types::is_tensor(t) || !d || d->kind != TypeKind::F64 || types::rank_of(t) < 0) return false;
  auto* n = x->is_prim_apply(ir::Prim::OneHot) && x->num_args() == 2 && x->arg(1)->is_constant()
                ? std::get_if<int64_t>(&x->arg(1)->value)
                : nullptr;
  if (n && *n >= 0 && types::rank_of(t) == 1) {
    out->push_back(*n);
    return true;
  }
  bool known = true;
  for (int64_t i = 0; i < types::rank_of(t) && known; ++i) {
    known = types::extent(t, i) >= 0;
    out->push_back(types::extent(t, i));
  }
  if (known) return true;
  bool arithmetic = x->is_prim_apply(ir::Prim::Add) || x->is_prim_apply(ir::Prim::Sub) ||
                    x->is_prim_apply(ir::Prim::Mul) || x->is_prim_apply(ir::Prim::Div);
  return depth < 8 && arithmetic && x->num_args() == 2 && same_shape_arithmetic(x, out, depth + 1);
}

// An IEEE + - * / of f64 tensors of one known shape (or a tensor and a number): nothing to
// check, no integer to divide. The shape goes to `shape`.
bool same_shape_arithmetic(const ir::Node* n, std::vector<int64_t>* shape, int depth) {
  std::vector<int64_t> other;
  bool tensor = false;
  for (size_t i = 0; i < n->num_args(); ++i) {
    if (!f64_shape(n->arg(i), &other, depth)) return false;
    if (n->arg(i)->type->kind == TypeKind::F64) continue;
    if (tensor && other != *shape) return false;
    *shape = other;
    tensor = true;
  }
  return tensor;
}

// An IEEE + - * / of an f64 vector of one element (by its type) and an f64 tensor of rank >= 1
// or a number: the vector broadcasts against any last extent, nothing can fail.
bool broadcast_one_arithmetic(const ir::Node* n) {
  auto f64_tensor = [](const types::Type* t) {
    const types::Type* d = t && types::is_tensor(t) ? types::dtype_of(t) : nullptr;
    return d && d->kind == TypeKind::F64 && types::rank_of(t) >= 1;
  };
  auto one_element = [&](const types::Type* t) {
    return f64_tensor(t) && types::rank_of(t) == 1 && types::extent(t, 0) == 1;
  };
  if (n->num_args() != 2) return false;
  for (int side = 0; side < 2; ++side) {
    const types::Type* other = n->arg(1 - side)->type;
    if (one_element(n->arg(side)->type) && other && (other->kind == TypeKind::F64 || f64_tensor(other))) return true;
  }
  return false;
}

// Tensor primitives that cannot fail for their operands' types; the rest check shapes,
// indices or values when they run.
bool tensor_total(ir::Prim p, const ir::Node* n) {
  switch (p) {
    // The sum or the mean of all of an f64 tensor's elements (the mean of none is a nan, a value).
    case ir::Prim::Sum:
    case ir::Prim::Mean: {
      const types::Type* t = n->arg(0)->type;
      const types::Type* d = t ? types::dtype_of(t) : nullptr;
      return n->num_args() == 3 && types::is_tensor(t) && d && d->kind == TypeKind::F64 && n->arg(1)->is_constant() &&
             std::holds_alternative<ir::NoneVal>(n->arg(1)->value) && n->arg(2)->is_constant() &&
             std::holds_alternative<bool>(n->arg(2)->value) && !std::get<bool>(n->arg(2)->value);
    }
    case ir::Prim::Transpose: return types::is_tensor(n->arg(0)->type);
    // len of a tensor of rank >= 1 (a parameter's declared rank is asserted on entry).
    case ir::Prim::Len: return types::is_tensor(n->arg(0)->type) && types::rank_of(n->arg(0)->type) >= 1;
    // dot of two vectors whose types know one extent: the shapes agree, nothing is checked.
    case ir::Prim::Dot: {
      const types::Type* a = n->arg(0)->type;
      const types::Type* b = n->arg(1)->type;
      return types::is_tensor(a) && types::is_tensor(b) && types::rank_of(a) == 1 && types::rank_of(b) == 1 &&
             types::extent(a, 0) >= 0 && types::extent(a, 0) == types::extent(b, 0);
    }
    // outer of two f64 vectors whose types know their extents, a product small enough to
    // allocate (matmul-adjoints writes it for matmul_vjp_a of a vector, which is removable).
    case ir::Prim::Outer: {
      const types::Type* a = n->arg(0)->type;
      const types::Type* b = n->arg(1)->type;
      auto known_vector = [](const types::Type* t) {
        const types::Type* d = types::is_tensor(t) ? types::dtype_of(t) : nullptr;
        return d && d->kind == TypeKind::F64 && types::rank_of(t) == 1 && types::extent(t, 0) >= 0 &&
               types::extent(t, 0) <= 4096;
      };
      return n->num_args() == 2 && known_vector(a) && known_vector(b);
    }
    case ir::Prim::RowsEmpty: return true;  // an empty accumulator: nothing to check
    // one_hot(k, n) of constants 0 <= k < n, n small (a direction loop of one trip, peeled).
    case ir::Prim::OneHot: {
      auto* k = n->num_args() == 2 && n->arg(0)->is_constant() ? std::get_if<int64_t>(&n->arg(0)->value) : nullptr;
      auto* e = n->num_args() == 2 && small_extent(n->arg(1)) ? std::get_if<int64_t>(&n->arg(1)->value) : nullptr;
      return k && e && *k >= 0 && *k < *e;
    }
    case ir::Prim::Eye:
    case ir::Prim::Zeros:
    case ir::Prim::Ones:
      for (size_t i = 0; i < n->num_args(); ++i)
        if (!small_extent(n->arg(i))) return false;
      return true;
    default: return false;
  }
}

}  // namespace

bool is_removable(const ir::Node* n, bool check_nan) {
  ir::Prim p;
  if (!n->prim_callee(&p)) return false;  // a call may print, fail or not terminate
  const ir::PrimInfo& info = ir::prim_info(p);
  if (info.flag != ir::PrimFlag::PURE) return false;
  for (const ir::Node* a : n->inputs)
    if (!a->type && !a->is_constant()) return false;  // untyped: know nothing, keep it
  switch (info.family) {
    case ir::PrimFamily::SCALAR:
      for (size_t i = 0; i < n->num_args(); ++i)
        if (!plain_scalar(n->arg(i)->type)) {  // tensors: shapes may not broadcast, unless known alike
          bool arithmetic = p == ir::Prim::Add || p == ir::Prim::Sub || p == ir::Prim::Mul || p == ir::Prim::Div;
          std::vector<int64_t> shape;
          if (check_nan) return false;
          return cannot_fail_by_shapes(n) ||
                 (arithmetic && n->num_args() == 2 && (same_shape_arithmetic(n, &shape, 0) || broadcast_one_arithmetic(n)));
        }
      if (check_nan && makes_float(n->type)) return false;
      return !scalar_may_fail(p, n);
    case ir::PrimFamily::STRUCTURE:
      // variant_field fails on the wrong variant; the others are total on typed operands.
      return p != ir::Prim::VariantField;
    case ir::PrimFamily::CONTROL:
      return p == ir::Prim::ClosureAt;  // switches code, never fails
    case ir::PrimFamily::AD_OPERATOR:
      // grad(f) and its kin only build a function value; jvp/vjp call f, grad_hook is an
      // identity whose hook runs in reverse mode.
      switch (p) {
        case ir::Prim::Jvp: case ir::Prim::Vjp: return false;
        default: return true;
      }
    case ir::PrimFamily::AD_INTERNAL:
      switch (p) {
        case ir::Prim::MakeClosure: case ir::Prim::ClosureEnv: case ir::Prim::Jfn: case ir::Prim::Tfn:
        case ir::Prim::ZerosLike: case ir::Prim::ListEmpty: case ir::Prim::ListPush: return true;
        // add_tangent of tensors checks shapes (unless they are known to agree); list_top/pop
        // of an empty list fail.
        case ir::Prim::AddTangent: return !check_nan && cannot_fail_by_shapes(n);
        default: return false;
      }
    case ir::PrimFamily::TENSOR_CONSTRUCT:
    case ir::PrimFamily::TENSOR_COMPUTE:
      if (check_nan) return false;
      return tensor_total(p, n);
    case ir::PrimFamily::TENSOR_ADJOINT:
      return !check_nan && cannot_fail_by_shapes(n);  // shapes are checked when they run, unless known to fit
    case ir::PrimFamily::EFFECT:
    case ir::PrimFamily::TENSOR_INDEX:
    case ir::PrimFamily::TENSOR_FILES:
      return false;  // shapes, indices and files are checked when they run
  }
  return false;
}

bool may_delete_unused(const ir::Node* n, bool check_nan) {
  if (is_removable(n, check_nan)) return true;
  ir::Prim p;
  // With --check-nan a floating operation may report a nan: it stays.
  return n->follows_primal && !check_nan && n->prim_callee(&p) && ir::prim_info(p).flag == ir::PrimFlag::PURE;
}

}  // namespace fx::opt

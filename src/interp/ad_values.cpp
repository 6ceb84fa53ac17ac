// zeros_like and add_tangent (docs/ad.md): the zero and the sum in a value's tangent space.
// A tangent has the value's structure — tuples, structs and variants field by field, a list
// element by element, a function value as its env — with f64 leaves (tensors: tensors of
// the same shape and dtype); integers and booleans
// have zero tangents of their own type, strings and None are their own zeros, and Undef (a
// loop variable not assigned yet) stays Undef. Both walk the values with an explicit stack:
// a tangent may be a list of a million pullback environments.
#include <optional>

#include "interp/machine.hpp"
#include "interp/primitives.hpp"
#include "interp/scalar_ops.hpp"
#include "interp/tensor_values.hpp"
#include "support/diagnostics.hpp"

namespace fx::interp {

namespace {

// An aggregate being rebuilt: its children (one or two operands' worth) and the results.
struct Task {
  Value like;  // gives the kind and declaration of the result
  std::vector<Value> a, b;
  size_t next = 0;
  std::vector<Value> done;
};

bool is_aggregate(const Value& v) {
  return v.kind() == Kind::Tuple || v.kind() == Kind::Struct || v.kind() == Kind::Variant || v.kind() == Kind::List;
}

std::vector<Value> children(const Value& v) { return v.kind() == Kind::List ? list_items(v.as_list()) : v.items(); }

// The children of v, moved out of it when v is their only holder (v keeps its kind and
// declaration, which is all `rebuild` reads).
std::vector<Value> take_children(Value& v) {
  if (v.kind() == Kind::List || !v.is_sole_owner()) return children(v);
  return std::move(const_cast<std::vector<Value>&>(v.items()));
}

// The dtype and shape of a tensor value, without allocating a lazy zero.
rt::DType tensor_dtype(const Value& v) {
  const TensorObj& t = v.tensor_obj();
  return t.lazy() ? t.lazy_dtype() : t.tensor().dtype();
}
rt::Shape tensor_shape(const Value& v) {
  const TensorObj& t = v.tensor_obj();
  return t.lazy() ? t.lazy_shape() : t.tensor().shape();
}

// a + b where one is a lazy zero (value.hpp) of the other's dtype and shape: the other, or
// the other with the lazy one's few entries added in place when we hold it alone. nullopt
// when the general sum is needed.
std::optional<Value> add_lazy(Value& a, Value& b) {
  if (a.kind() != Kind::Tensor || b.kind() != Kind::Tensor) return std::nullopt;
  const bool la = a.tensor_obj().lazy(), lb = b.tensor_obj().lazy();
  if (!la && !lb) return std::nullopt;
  if (tensor_dtype(a) != tensor_dtype(b) || !(tensor_shape(a) == tensor_shape(b))) return std::nullopt;
  if (lb && b.tensor_obj().entries().empty()) return std::move(a);
  if (la && a.tensor_obj().entries().empty()) return std::move(b);
  for (int side = 0; side < 2; ++side) {
    Value& into = side == 0 ? a : b;
    Value& from = side == 0 ? b : a;
    if (!from.tensor_obj().lazy() || !into.is_sole_owner()) continue;
    // A dense tensor is written through: its storage must be its own (no view shares it) and
    // contiguous (entries are row-major offsets).
    if (!into.tensor_obj().lazy() && !(into.as_tensor().is_unique() && into.as_tensor().is_contiguous())) continue;
    auto& obj = const_cast<TensorObj&>(into.tensor_obj());
    for (const TensorObj::Entry& e : from.tensor_obj().entries()) obj.add_entry(e);
    return std::move(into);
  }
  return std::nullopt;
}

// An aggregate like `like` (tuple, struct, variant or list) with these fields.
Value rebuild(const Value& like, std::vector<Value> done) {
  if (like.kind() == Kind::Struct) return Value::make_struct(like.as_struct().decl, std::move(done));
  if (like.kind() == Kind::Variant) return Value::variant(like.as_variant().decl, std::move(done));
  if (like.kind() == Kind::List) return list_of(std::move(done));
  return Value::tuple(std::move(done));
}

// Two aggregates of the same kind, declaration and size?
bool same_structure(const Value& a, const Value& b) {
  if (a.kind() != b.kind() || !is_aggregate(a)) return false;
  if (a.kind() == Kind::List) return a.as_list().size == b.as_list().size;
  if (a.kind() == Kind::Struct && a.as_struct().decl != b.as_struct().decl) return false;
  if (a.kind() == Kind::Variant && a.as_variant().decl != b.as_variant().decl) return false;
  return a.items().size() == b.items().size();
}

// Runs the walk: `leaf` finishes a value (or returns nullopt to open it as an aggregate
// task, after pushing it).
template <class Open>
Value walk(Open open) {
  std::vector<Task> stack;
  std::optional<Value> first = open(stack, 0);
  if (first) return *first;
  for (;;) {
    Task& t = stack.back();
    if (t.next == t.a.size()) {
      Value built = rebuild(t.like, std::move(t.done));
      stack.pop_back();
      if (stack.empty()) return built;
      stack.back().done.push_back(std::move(built));
      continue;
    }
    size_t i = t.next++;
    std::optional<Value> v = open(stack, i);
    if (v) stack.back().done.push_back(std::move(*v));
  }
}

}  // namespace

// The differentiable part of a function value is its env (a closure's converted env);
// other values are their own.
Value Machine::tangent_view(const Value& v, const ir::Node* at) {
  if (v.kind() == Kind::Closure) return closure_env(v.as_closure(), at);
  if (v.kind() == Kind::Explicit) return v.as_explicit().env;
  if (v.kind() == Kind::Derived) return v.as_derived().env;
  if (v.kind() == Kind::Prim) return Value::tuple({});
  return v;
}

Value Machine::zeros_like(const Value& root, const ir::Node* at) {
  auto open = [&](std::vector<Task>& stack, size_t i) -> std::optional<Value> {
    Value v = stack.empty() ? root : stack.back().a[i];
    v = tangent_view(v, at);
    if (v.kind() == Kind::Bool) return Value::boolean(false);
    if (v.kind() == Kind::Int) return Value::integer(0);
    if (v.kind() == Kind::Float) return Value::real(0.0);
    if (v.kind() == Kind::Tensor) {  // zeros of its shape and dtype (f32 stays f32, i64 and bool their own zero)
      const rt::DType dtype = tensor_dtype(v);
      if (rt::is_float(dtype)) return Value::lazy_zeros(dtype, tensor_shape(v));  // allocated if read
      const rt::Tensor& t = v.as_tensor();
      return tensors::guarded(site(at), [&] { return Value::tensor(rt::zeros(t.shape(), t.dtype())); });
    }
    if (v.kind() == Kind::Undef || v.kind() == Kind::None || v.kind() == Kind::Str) return v;
    if (!is_aggregate(v)) internal_error("interpreter", "zeros_like of a " + type_name(v));
    std::vector<Value> items = children(v);
    if (items.empty()) return rebuild(v, {});
    stack.push_back(Task{v, std::move(items), {}, 0, {}});
    return std::nullopt;
  };
  return walk(open);
}

Value Machine::add_tangent(Value ra, Value rb, const ir::Node* at) {
  auto open = [&](std::vector<Task>& stack, size_t i) -> std::optional<Value> {
    Value a = stack.empty() ? std::move(ra) : std::move(stack.back().a[i]);
    Value b = stack.empty() ? std::move(rb) : std::move(stack.back().b[i]);
    if (a.is_undef()) return b;
    if (b.is_undef()) return a;
    a = tangent_view(a, at);
    b = tangent_view(b, at);
    if (std::optional<Value> sum = add_lazy(a, b)) return sum;
    if (a.kind() == Kind::Tensor || b.kind() == Kind::Tensor) return add_tensor_leaves(a, b, site(at));
    if (a.kind() == Kind::Int && b.kind() == Kind::Int) return Value::integer(scalar::add(a.as_int(), b.as_int()));
    // An i64's tangent is an i64 zero: what an untyped program computed for it in f64
    // (through float(n), n + 0.5, ...) is not a derivative (docs/ad.md).
    if (a.kind() == Kind::Int && b.kind() == Kind::Float) return a;
    if (b.kind() == Kind::Int && a.kind() == Kind::Float) return b;
    if (a.is_number() && b.is_number()) return Value::real(a.to_double() + b.to_double());
    if (a.kind() == b.kind() && (a.kind() == Kind::Bool || a.kind() == Kind::Str || a.kind() == Kind::None))
      return a;  // no derivative of their own: a zero
    if (!is_aggregate(a) || !same_structure(a, b))
      runtime_error(site(at), "cannot add derivatives of different structures: " + type_name(a) + " and " + type_name(b));
    std::vector<Value> xs = take_children(a), ys = take_children(b);
    if (xs.empty()) return rebuild(a, {});
    stack.push_back(Task{std::move(a), std::move(xs), std::move(ys), 0, {}});
    return std::nullopt;
  };
  return walk(open);
}

}  // namespace fx::interp

// x[...] and x[...] = v (index / set_index with a spec string, ops.def), and the attributes
// x.shape, x.ndim, x.T.
#include <vector>

#include "interp/tensor_values.hpp"

namespace fx::interp::tensors {

namespace {

// The spec "i,s100,s001" with its operands args[0..n): one rt::IndexItem per comma-separated
// item. Returns the number of operands used.
struct ParsedSpec {
  std::vector<rt::IndexItem> items;
  bool all_integers = true;
  size_t used = 0;
};

[[noreturn, gnu::cold]] void bad_spec(SourceLoc loc, const std::string& spec) {
  internal_error("interpreter", "malformed index spec '" + spec + "' at " + std::to_string(loc.line));
}

ParsedSpec parse_spec(const std::string& spec, const Value* ops, size_t n, SourceLoc loc) {
  ParsedSpec out;
  auto next = [&]() -> int64_t {
    if (out.used >= n) bad_spec(loc, spec);
    return int_arg(ops[out.used++], loc, "an index");
  };
  size_t pos = 0;
  while (pos < spec.size()) {
    size_t end = spec.find(',', pos);
    if (end == std::string::npos) end = spec.size();
    const std::string item = spec.substr(pos, end - pos);
    if (item == "i") {
      out.items.emplace_back(next());
    } else if (item.size() == 4 && item[0] == 's') {
      rt::Slice s;
      for (int f = 0; f < 3; ++f) {
        if (item[1 + f] == '0') continue;
        if (item[1 + f] != '1') bad_spec(loc, spec);
        int64_t v = next();
        (f == 0 ? s.start : f == 1 ? s.stop : s.step) = v;
      }
      out.items.emplace_back(s);
      out.all_integers = false;
    } else {
      bad_spec(loc, spec);
    }
    pos = end + 1;
  }
  if (out.items.size() > static_cast<size_t>(FX_MAX_RANK))
    runtime_error(loc, "too many indices: " + std::to_string(out.items.size()) + " (tensors have at most " +
                           std::to_string(FX_MAX_RANK) + " axes)");
  return out;
}

}  // namespace

Value index(SourceLoc loc, Value* a, size_t n) {
  if (n < 2) runtime_error(loc, "indexing needs a value and an index");
  const std::string& spec = str_arg(a[1], loc, "indexing");
  // A tuple indexed by a constant is tuple_get after type inference; accept it here as well.
  if (a[0].kind() == Kind::Tuple && spec == "i" && n == 3) {
    const auto& items = a[0].items();
    int64_t size = static_cast<int64_t>(items.size()), i = int_arg(a[2], loc, "a tuple index");
    if (i < -size || i >= size)
      runtime_error(loc, "tuple index " + std::to_string(i) + " is out of range for a tuple of " + std::to_string(size) +
                             (size == 1 ? " element" : " elements"));
    return items[static_cast<size_t>(i < 0 ? i + size : i)];
  }
  if (a[0].kind() != Kind::Tensor)
    runtime_error(loc, "cannot index a value of type " + type_name(a[0]) + ": expected a tensor");
  ParsedSpec p = parse_spec(spec, a + 2, n - 2, loc);
  if (p.used != n - 2) bad_spec(loc, spec);
  const rt::Tensor& x = a[0].as_tensor();
  return guarded(loc, [&] { return box(rt::index(x, rt::IndexSpec(p.items))); });
}

namespace {

// x[i, ...] = v for x a lazy zero (value.hpp; the reverse rule of x[i] sets its cotangent
// into zeros_like(x)), integer indices in range for the leading axes, and v a number (all axes
// indexed) or a contiguous tensor of x's dtype and exactly the remaining axes' shape (a row):
// x stays lazy, with one more entry. nullopt otherwise (the general path allocates x, and
// reports bad indices).
std::optional<Value> set_into_lazy_zero(Value& x, const ParsedSpec& p, const Value& v) {
  if (x.kind() != Kind::Tensor || !x.tensor_obj().lazy() || !p.all_integers) return std::nullopt;
  const TensorObj& obj = x.tensor_obj();
  const rt::Shape& shape = obj.lazy_shape();
  const int indexed = static_cast<int>(p.items.size());
  if (indexed > shape.rank() || indexed == 0) return std::nullopt;
  TensorObj::Entry entry{0, 0.0, {}};
  int64_t block = 1;
  for (int axis = indexed; axis < shape.rank(); ++axis) block *= shape[axis];
  if (indexed == shape.rank()) {
    if (v.kind() != Kind::Float && v.kind() != Kind::Int) return std::nullopt;
    entry.value = v.to_double();
  } else {
    if (v.kind() != Kind::Tensor || v.tensor_obj().lazy()) return std::nullopt;
    const rt::Tensor& t = v.as_tensor();
    if (t.dtype() != obj.lazy_dtype() || !t.is_contiguous() || t.rank() != shape.rank() - indexed) return std::nullopt;
    for (int axis = indexed; axis < shape.rank(); ++axis)
      if (t.dim(axis - indexed) != shape[axis]) return std::nullopt;
    entry.block = t;
  }
  int64_t offset = 0;
  for (int axis = 0; axis < indexed; ++axis) {
    int64_t i = p.items[static_cast<size_t>(axis)].index(), extent = shape[axis];
    if (i < 0) i += extent;
    if (i < 0 || i >= extent) return std::nullopt;
    offset = offset * extent + i;
  }
  entry.offset = offset * block;
  for (const TensorObj::Entry& e : obj.entries()) {  // a second write to one element: allocate
    const int64_t size = e.block.defined() ? e.block.numel() : 1;
    if (entry.offset < e.offset + size && e.offset < entry.offset + block) return std::nullopt;
  }
  Value out = x.is_sole_owner() ? std::move(x) : Value::lazy_zeros(obj.lazy_dtype(), shape);
  auto& target = const_cast<TensorObj&>(out.tensor_obj());
  if (&target != &obj)
    for (const TensorObj::Entry& e : obj.entries()) target.add_entry(e);
  target.add_entry(std::move(entry));
  return out;
}

}  // namespace

Value set_index(SourceLoc loc, Value* a, size_t n) {
  if (n < 3) runtime_error(loc, "an indexed assignment needs a value, an index and a new value");
  const std::string spec = str_arg(a[1], loc, "an indexed assignment");
  // A tuple with one constant index: the reverse rule of index(t, "i", k) on an untyped tuple
  // (src/ad/rules/tensor_construct.cpp) sets the element's cotangent into zeros of the tuple.
  if (a[0].kind() == Kind::Tuple && spec == "i" && n == 4) {
    std::vector<Value> items = a[0].items();
    int64_t size = static_cast<int64_t>(items.size()), i = int_arg(a[2], loc, "a tuple index");
    if (i < -size || i >= size)
      runtime_error(loc, "tuple index " + std::to_string(i) + " is out of range for a tuple of " + std::to_string(size) +
                             (size == 1 ? " element" : " elements"));
    items[static_cast<size_t>(i < 0 ? i + size : i)] = a[3];
    return Value::tuple(std::move(items));
  }
  if (a[0].kind() != Kind::Tensor)
    runtime_error(loc, "cannot assign to an element of a value of type " + type_name(a[0]) + ": expected a tensor");
  ParsedSpec p = parse_spec(spec, a + 2, n - 3, loc);
  if (p.used != n - 3) bad_spec(loc, spec);
  const Value& v = a[n - 1];
  if (v.kind() != Kind::Tensor && !is_scalar(v))
    runtime_error(loc, "cannot store a value of type " + type_name(v) + " into a tensor");
  if (std::optional<Value> one_hot = set_into_lazy_zero(a[0], p, v)) return std::move(*one_hot);
  // Taken out of its value: when the program holds it nowhere else, the runtime writes in place.
  rt::Tensor x = take_tensor(std::move(a[0]));
  return guarded(loc, [&] {
    if (p.all_integers && static_cast<int>(p.items.size()) == x.rank() && is_scalar(v)) {
      std::vector<int64_t> idx;
      for (const rt::IndexItem& it : p.items) idx.push_back(it.index());
      return Value::tensor(rt::set_index(std::move(x), rt::Indices(idx), to_scalar(v, loc, "a tensor element")));
    }
    rt::Tensor value = is_scalar(v) ? weak_scalar(v, x.dtype()) : v.as_tensor();
    return Value::tensor(rt::set_item(std::move(x), rt::IndexSpec(p.items), value));
  });
}

std::optional<Value> attribute(const Value& x, const std::string& field, SourceLoc loc) {
  // Scalars have the tensor attributes of rank 0; their other fields are get_attr's error.
  const bool tensor_attribute = field == "shape" || field == "ndim" || field == "T";
  if (x.kind() != Kind::Tensor && !(is_scalar(x) && tensor_attribute)) return std::nullopt;
  if (field == "shape") {
    rt::Shape s = shape_of_value(x, loc, "shape");
    std::vector<Value> dims;
    for (int64_t d : s) dims.push_back(Value::integer(d));
    return Value::tuple(std::move(dims));
  }
  if (field == "ndim") return Value::integer(shape_of_value(x, loc, "ndim").rank());
  if (field == "T") {
    if (x.kind() != Kind::Tensor) return x;
    return guarded(loc, [&] { return Value::tensor(rt::transpose(x.as_tensor())); });
  }
  runtime_error(loc, "a value of type " + type_name(x) + " has no attribute '" + field +
                         "' (tensors have shape, ndim and T)");
}

}  // namespace fx::interp::tensors

// x[...] and x[...] = v (index / set_index with a spec string, ops.def), and the attributes
// x.shape, x.ndim, x.T.
//
// NumPy's indexing beyond integers and slices (docs/tensors.md "Indexing"): `n` items are None
// (a new axis of extent 1); an `i` item whose operand is an i64 tensor is an index array (a
// gather, rt::take), a bool tensor a mask (rt::mask_select). One index array or mask per index;
// with integers it forms NumPy's advanced-index group, whose axes go where the group is, or
// first when a slice separates its members. A set_index spec that starts with `+` adds the
// value instead of assigning it (np.add.at: repeated indices add up), the adjoint of a gather.
#include <algorithm>
#include <vector>

#include "fluxion/runtime/convert.hpp"
#include "fluxion/runtime/gather.hpp"
#include "interp/tensor_values.hpp"

namespace fx::interp::tensors {

namespace {

// The spec "i,s100,n,s001" with its operands args[0..n).
struct ParsedSpec {
  std::vector<rt::IndexItem> items;  // integers and slices; an advanced item is a whole slice
  bool all_integers = true;
  bool add = false;                  // "+" prefix (set_index only)
  size_t used = 0;
  // The one index array or mask: which spec item it is, its operand.
  int advanced = -1;
  Value array;
  bool mask = false;
  std::vector<char> kinds;  // per spec item: 'i' integer, 's' slice, 'n' new axis, 'a' array/mask
};

[[noreturn, gnu::cold]] void bad_spec(SourceLoc loc, const std::string& spec) {
  internal_error("interpreter", "malformed index spec '" + spec + "' at " + std::to_string(loc.line));
}

ParsedSpec parse_spec(const std::string& spec_text, const Value* ops, size_t n, SourceLoc loc) {
  ParsedSpec out;
  std::string spec = spec_text;
  if (!spec.empty() && spec[0] == '+') {
    out.add = true;
    spec = spec.substr(1);
  }
  auto next_value = [&]() -> const Value& {
    if (out.used >= n) bad_spec(loc, spec);
    return ops[out.used++];
  };
  auto next = [&]() -> int64_t { return int_arg(next_value(), loc, "an index"); };
  size_t pos = 0;
  while (pos < spec.size()) {
    size_t end = spec.find(',', pos);
    if (end == std::string::npos) end = spec.size();
    const std::string item = spec.substr(pos, end - pos);
    if (item == "i") {
      const Value& v = next_value();
      if (v.kind() == Kind::Tensor && v.as_tensor().rank() > 0) {
        if (out.advanced >= 0)
          runtime_error(loc, "only one index array or boolean mask per index is supported");
        out.advanced = static_cast<int>(out.kinds.size());
        out.array = v;
        out.mask = v.as_tensor().dtype() == rt::DType::Bool;
        if (!out.mask && v.as_tensor().dtype() != rt::DType::I64)
          runtime_error(loc, std::string("an index array must hold integers or bools, found ") +
                                 rt::dtype_name(v.as_tensor().dtype()));
        int span = out.mask ? v.as_tensor().rank() : 1;
        for (int k = 0; k < span; ++k) out.items.emplace_back(rt::Slice::all());
        out.kinds.push_back('a');
        out.all_integers = false;
      } else {
        out.items.emplace_back(int_arg(v, loc, "an index"));
        out.kinds.push_back('i');
      }
    } else if (item == "n") {
      out.kinds.push_back('n');
      out.all_integers = false;
    } else if (item.size() == 4 && item[0] == 's') {
      rt::Slice s;
      for (int f = 0; f < 3; ++f) {
        if (item[1 + f] == '0') continue;
        if (item[1 + f] != '1') bad_spec(loc, spec);
        int64_t v = next();
        (f == 0 ? s.start : f == 1 ? s.stop : s.step) = v;
      }
      out.items.emplace_back(s);
      out.kinds.push_back('s');
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

// Where the advanced axes go: the axis of the basic-indexed view they replace (`at`), and
// whether NumPy puts them first (integers of the group separated from the array by a slice or
// a new axis).
struct Placement {
  int at = 0;
  bool first = false;
};

Placement place_advanced(const ParsedSpec& p) {
  Placement out;
  for (int k = 0; k < p.advanced; ++k) out.at += p.kinds[static_cast<size_t>(k)] == 's';
  int lo = p.advanced, hi = p.advanced;
  for (int k = 0; k < static_cast<int>(p.kinds.size()); ++k)
    if (p.kinds[static_cast<size_t>(k)] == 'i') lo = std::min(lo, k), hi = std::max(hi, k);
  for (int k = lo; k <= hi; ++k) out.first = out.first || p.kinds[static_cast<size_t>(k)] == 's' ||
                                             p.kinds[static_cast<size_t>(k)] == 'n';
  return out;
}

// The axes order that moves `span` axes at `at` to the front (or back: inverse).
std::vector<int64_t> front_order(int rank, int at, int span, bool inverse) {
  std::vector<int64_t> perm;
  if (!inverse) {
    for (int k = 0; k < span; ++k) perm.push_back(at + k);
    for (int k = 0; k < rank; ++k)
      if (k < at || k >= at + span) perm.push_back(k);
  } else {
    for (int k = 0; k < rank; ++k) perm.push_back(k < at ? k + span : k < at + span ? k - at : k);
  }
  return perm;
}

// The result axes of the new axes (None), in increasing order; `span` is the number of axes the
// index array gives (advanced axes count where they are written, or first).
std::vector<int> new_axes(const ParsedSpec& p, int span) {
  std::vector<int> out;
  int out_axis = 0;
  bool front = p.advanced >= 0 && place_advanced(p).first;
  if (front) out_axis = span;
  for (char kind : p.kinds) {
    switch (kind) {
      case 'i': break;
      case 's': ++out_axis; break;
      case 'a': if (!front) out_axis += span; break;
      case 'n': out.push_back(out_axis++); break;
    }
  }
  return out;
}

rt::Tensor advanced_read(const rt::Tensor& x, const ParsedSpec& p) {
  rt::Tensor y = rt::index(x, rt::IndexSpec(p.items));
  int span = 1;
  if (p.advanced >= 0) {
    Placement pl = place_advanced(p);
    const rt::Tensor& a = p.array.as_tensor();
    y = p.mask ? rt::mask_select(y, a, pl.at) : rt::take(y, a, pl.at);
    span = p.mask ? 1 : a.rank();
    if (pl.first && pl.at > 0) {
      std::vector<int64_t> perm = front_order(y.rank(), pl.at, span, false);
      y = rt::transpose(y, perm);
    }
  }
  for (int axis : new_axes(p, span)) y = rt::expand_dims(y, axis);
  return y;
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
  if (p.used != n - 2 || p.add) bad_spec(loc, spec);
  const rt::Tensor& x = a[0].as_tensor();
  bool basic = p.advanced < 0 && std::find(p.kinds.begin(), p.kinds.end(), 'n') == p.kinds.end();
  if (basic) return guarded(loc, [&] { return box(rt::index(x, rt::IndexSpec(p.items))); });
  return guarded(loc, [&] { return box(advanced_read(x, p)); });
}

namespace {

// x[i, ...] = v (or += v) for x a lazy zero (value.hpp; the reverse rule of x[i] sets its cotangent
// into zeros_like(x)), integer indices in range for the leading axes, and v a number (all axes
// indexed) or a tensor of x's dtype and exactly the remaining axes' shape (a row):
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
    if (t.dtype() != obj.lazy_dtype() || t.rank() != shape.rank() - indexed) return std::nullopt;
    for (int axis = indexed; axis < shape.rank(); ++axis)
      if (t.dim(axis - indexed) != shape[axis]) return std::nullopt;
    entry.block = t.is_contiguous() ? t : rt::contiguous(t);  // a broadcast row, say: made row-major
  }
  int64_t offset = 0;
  for (int axis = 0; axis < indexed; ++axis) {
    int64_t i = p.items[static_cast<size_t>(axis)].index(), extent = shape[axis];
    if (i < 0) i += extent;
    if (i < 0 || i >= extent) return std::nullopt;
    offset = offset * extent + i;
  }
  entry.offset = offset * block;
  // A second write to one element replaces the first: allocate. Additions ("+": the
  // optimiser's accumulation of cotangents, src/opt/tangent_sums.cpp) add up as entries do.
  for (const TensorObj::Entry& e : obj.entries()) {
    const int64_t size = e.block.defined() ? e.block.numel() : 1;
    if (!p.add && entry.offset < e.offset + size && e.offset < entry.offset + block) return std::nullopt;
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
    if (!p.add && p.all_integers && static_cast<int>(p.items.size()) == x.rank() && is_scalar(v)) {
      std::vector<int64_t> idx;
      for (const rt::IndexItem& it : p.items) idx.push_back(it.index());
      return Value::tensor(rt::set_index(std::move(x), rt::Indices(idx), to_scalar(v, loc, "a tensor element")));
    }
    rt::Tensor value = is_scalar(v) ? weak_scalar(v, x.dtype()) : v.as_tensor();
    if (std::find(p.kinds.begin(), p.kinds.end(), 'n') != p.kinds.end()) {
      // New axes: the value is broadcast to the region as read (with them), which then drops them.
      rt::Tensor read = advanced_read(x, p);
      if (!rt::broadcasts_to(value.shape(), read.shape()))
        rt::tensor_error("cannot assign a tensor of shape " + rt::to_string(value.shape()) +
                         " to an indexed region of shape " + rt::to_string(read.shape()));
      value = rt::broadcast_to(value, read.shape());
      int span = p.advanced >= 0 && !p.mask ? p.array.as_tensor().rank() : 1;
      std::vector<int> axes = new_axes(p, span);
      for (size_t k = axes.size(); k-- > 0;) value = rt::squeeze(value, axes[k]);
      p.kinds.erase(std::remove(p.kinds.begin(), p.kinds.end(), 'n'), p.kinds.end());
      auto a_at = std::find(p.kinds.begin(), p.kinds.end(), 'a');
      p.advanced = a_at == p.kinds.end() ? -1 : static_cast<int>(a_at - p.kinds.begin());
    }
    rt::IndexSpec basic(p.items);
    if (p.advanced < 0) {
      if (p.add) value = rt::add(rt::index(x, basic), value);
      return Value::tensor(rt::set_item(std::move(x), basic, value));
    }
    // The region the basic items select, updated along the advanced axis, then written back.
    rt::Tensor region = rt::copy(rt::index(x, basic));
    Placement pl = place_advanced(p);
    const rt::Tensor& arr = p.array.as_tensor();
    if (pl.first && pl.at > 0) {
      // NumPy's layout of the value has the advanced axes first: move them back to `at`.
      rt::Tensor shape_like = p.mask ? rt::mask_select(region, arr, pl.at) : rt::take(region, arr, pl.at);
      int span = p.mask ? 1 : arr.rank();
      std::vector<int64_t> to_front = front_order(shape_like.rank(), pl.at, span, false);
      rt::Tensor numpy_layout = rt::transpose(shape_like, to_front);
      value = rt::broadcast_to(value, numpy_layout.shape());
      value = rt::transpose(value, front_order(shape_like.rank(), pl.at, span, true));
    }
    region = p.mask ? rt::mask_put(std::move(region), arr, pl.at, value, p.add)
                    : rt::put(std::move(region), arr, pl.at, value, p.add);
    return Value::tensor(rt::set_item(std::move(x), basic, region));
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

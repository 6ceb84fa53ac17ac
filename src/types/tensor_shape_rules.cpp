// Indexing, x.shape/.ndim/.T, len, transpose, reshape, concat/stack and diag.
#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "support/diagnostics.hpp"
#include "types/tensor_rules.hpp"

namespace fx::types {

using ir::Prim;

namespace {

// One position of an index spec (ops.def "Indexing"): an integer operand, a slice with
// start/stop/step operands present or not, or a new axis ("n", None; no operand). An integer
// operand that is an i64 tensor is an index array (a gather), a bool tensor a mask
// (classify_items); one of them per index.
struct IndexItem {
  bool integer = false;
  bool newaxis = false;
  bool array = false;
  bool mask = false;
  bool start = false, stop = false, step = false;
  size_t first_operand = 0;  // position of its first operand in the call
  int64_t array_rank = 0;    // array / mask: the operand's rank
  std::vector<int64_t> array_dims;
};

// The spec of index(x, spec, ...) / set_index(x, spec, ..., v); `operands` is the number of
// operands the call has for it. A set_index spec may start with "+" (add the value: np.add.at).
// A malformed spec is a bug of the lowering.
std::vector<IndexItem> parse_spec(const PrimCall& call, size_t operands) {
  const std::string* spec_text = str_constant(call, 1);
  if (!spec_text) internal_error("type inference", "index/set_index without a constant spec");
  std::string spec = *spec_text;
  if (!spec.empty() && spec[0] == '+') spec = spec.substr(1);
  std::vector<IndexItem> items;
  size_t next = 2;
  size_t pos = 0;
  while (pos <= spec.size()) {
    size_t comma = spec.find(',', pos);
    std::string text = spec.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    IndexItem item;
    item.first_operand = next;
    if (text == "i") {
      item.integer = true;
      next += 1;
    } else if (text == "n") {
      item.newaxis = true;
    } else if (text.size() == 4 && text[0] == 's') {
      item.start = text[1] == '1';
      item.stop = text[2] == '1';
      item.step = text[3] == '1';
      next += item.start + item.stop + item.step;
    } else {
      internal_error("type inference", "malformed index spec '" + *spec_text + "'");
    }
    items.push_back(item);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  if (next - 2 != operands) internal_error("type inference", "index spec '" + *spec_text + "' and operands disagree");
  return items;
}

// Integer operands that are tensors: an i64 tensor of known rank is an index array, a bool tensor
// a mask; an i64 tensor of unknown rank (an element of a tensor of unknown rank) is an error that
// says how to give it a rank, as `.shape`'s does. At most one array or mask.
void classify_items(const PrimCall& call, std::vector<IndexItem>& items) {
  const IndexItem* advanced = nullptr;
  for (IndexItem& item : items) {
    if (!item.integer) continue;
    const Type* t = call.args.at(item.first_operand);
    if (!is_tensor(t) || !t->dtype || t->rank == 0) continue;
    bool i64 = t->dtype->kind == TypeKind::I64, boolean = t->dtype->kind == TypeKind::Bool;
    if (!i64 && !boolean) continue;  // require_i64 reports it
    if (t->rank < 0)
      compile_error(operand_at(call, item.first_operand),
                    "indexing: an index must be an integer or an index array of known rank, found " + to_string(t) +
                        " (an element of a tensor of unknown rank?); annotate that tensor with its rank (Tensor[" +
                        to_string(t->dtype) + ", 1]) or reshape it");
    if (advanced)
      compile_error(operand_at(call, item.first_operand),
                    "indexing: only one index array or boolean mask per index is supported");
    item.integer = false;
    item.array = i64;
    item.mask = boolean;
    item.array_rank = t->rank;
    item.array_dims = t->dims;
    if (item.array_dims.empty()) item.array_dims.assign(static_cast<size_t>(t->rank), -1);
    advanced = &item;
  }
  for (const IndexItem& item : items)
    if (item.integer) require_i64(call, item.first_operand, "indexing", "an index");
}

bool has_advanced(const std::vector<IndexItem>& items) {
  for (const IndexItem& item : items)
    if (item.array || item.mask || item.newaxis) return true;
  return false;
}

// The shape of x[items] for a tensor x, with NumPy's rules for an index array or mask: its axes
// replace the indexed ones where the advanced group (the array with the integers) is, or come
// first when a slice or new axis separates the group's members. "too many indices" when x's
// known rank is smaller.
Shape indexed_shape(const Type* x, const std::vector<IndexItem>& items, SourceLoc loc) {
  int64_t k = 0;
  for (const IndexItem& item : items) k += item.newaxis ? 0 : item.mask ? item.array_rank : 1;
  if (x->rank >= 0 && k > x->rank)
    compile_error(loc, "too many indices: " + to_string(x) + " has " + std::to_string(x->rank) +
                           (x->rank == 1 ? " axis, " : " axes, ") + std::to_string(k) + " indices given");
  if (x->rank < 0) return unknown_shape();
  std::vector<int64_t> out, advanced;
  size_t advanced_at = 0;
  int lo = -1, hi = -1, array_at = -1;
  int64_t axis = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const IndexItem& item = items[i];
    if (item.integer || item.array || item.mask) {
      if (lo < 0) lo = static_cast<int>(i);
      hi = static_cast<int>(i);
    }
    if (item.integer) {
      ++axis;
    } else if (item.newaxis) {
      out.push_back(1);
    } else if (item.array || item.mask) {
      array_at = static_cast<int>(i);
      advanced_at = out.size();
      if (item.array) {
        advanced = item.array_dims;
        ++axis;
      } else {
        advanced = {-1};
        axis += item.array_rank;
      }
    } else {
      bool whole = !item.start && !item.stop && !item.step;
      out.push_back(whole ? x->dims[static_cast<size_t>(axis)] : -1);
      ++axis;
    }
  }
  for (; axis < x->rank; ++axis) out.push_back(x->dims[static_cast<size_t>(axis)]);
  if (array_at >= 0) {
    bool first = false;
    for (int i = lo; i <= hi; ++i) first = first || (!items[static_cast<size_t>(i)].integer &&
                                                     !items[static_cast<size_t>(i)].array &&
                                                     !items[static_cast<size_t>(i)].mask);
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(first ? 0 : advanced_at), advanced.begin(), advanced.end());
  }
  return Shape{static_cast<int64_t>(out.size()), out};
}

// A constant integer index outside a known extent: the run time's error, found at compile time.
void check_constant_indices(const PrimCall& call, const Type* x, const std::vector<IndexItem>& items) {
  for (size_t a = 0; a < items.size() && a < x->dims.size(); ++a) {  // dims empty: none known
    int64_t n = x->dims[a];
    std::optional<int64_t> k = items[a].integer ? int_constant(call, items[a].first_operand) : std::nullopt;
    if (n >= 0 && k && (*k >= n || *k < -n))
      compile_error(call.node->loc, "index " + std::to_string(*k) + " is out of range for axis " + std::to_string(a) +
                                        " of size " + std::to_string(n));
  }
}

// t[k] on a tuple: k must be a constant (the specialiser rewrites it into tuple_get).
const Type* tuple_element(const PrimCall& call, const std::vector<IndexItem>& items) {
  const Type* t = call.args[0];
  if (items.size() != 1 || !items[0].integer)
    compile_error(call.node->loc, "a tuple is indexed by one constant integer, t[0]; it cannot be sliced");
  std::optional<int64_t> k = int_constant(call, 2);
  if (!k) compile_error(operand_at(call, 2), "a tuple index must be a constant integer (tuples may hold different "
                                             "types, so the index must be known at compile time)");
  int64_t size = static_cast<int64_t>(t->elems.size());
  int64_t i = *k < 0 ? *k + size : *k;
  if (i < 0 || i >= size)
    compile_error(call.node->loc, "tuple index " + std::to_string(*k) + " is out of range: " + to_string(t) +
                                      " has " + count_of(size, "element"));
  return t->elems[static_cast<size_t>(i)];
}

}  // namespace

const Type* TensorRules::index(const PrimCall& call) {
  const Type* x = call.args[0];
  std::vector<IndexItem> items = parse_spec(call, call.args.size() - 2);
  if (x->kind == TypeKind::Tuple) return tuple_element(call, items);
  classify_items(call, items);
  if (not_known(x)) return store_.bottom();
  if (!is_tensor(x)) compile_error(call.node->loc, "cannot index " + to_string(x) + ": expected a tensor or a tuple");
  Shape out = indexed_shape(x, items, call.node->loc);
  if (!has_advanced(items)) check_constant_indices(call, x, items);
  return make_result(store_, x->dtype, out);
}

// x[spec] = v: v (a scalar or a tensor) must broadcast to the indexed region and have a
// dtype x can hold (rt::can_assign: no silent float → integer truncation).
const Type* TensorRules::set_index(const PrimCall& call) {
  const Type* x = call.args[0];
  size_t value = call.args.size() - 1;
  const Type* v = call.args[value];
  std::vector<IndexItem> items = parse_spec(call, call.args.size() - 3);
  if (x->kind == TypeKind::Tuple)
    compile_error(call.node->loc, "cannot assign into a tuple element: tuples are immutable; build a new tuple");
  classify_items(call, items);
  if (not_known(x)) return x;
  if (!is_tensor(x))
    compile_error(call.node->loc, "cannot assign into an element of " + to_string(x) + ": expected a tensor");
  Shape region = indexed_shape(x, items, call.node->loc);
  if (!has_advanced(items)) check_constant_indices(call, x, items);
  if (not_known(v)) return x;
  SourceLoc at = operand_at(call, value);
  if (!is_tensor(v) && !is_scalar(v))
    compile_error(at, "cannot store " + to_string(v) + " into " + to_string(x) + ": expected a number or a tensor");
  if (!rt::can_assign(to_rt(dtype_of(v)), to_rt(x->dtype)))
    compile_error(at, "cannot store " + to_string(dtype_of(v)) + " values into " + to_string(x) +
                          " without losing their kind; convert them with astype");
  Shape s = shape_of(v);
  if (region.known_rank() && s.known_rank()) {
    bool fits = s.rank <= region.rank;
    for (int64_t i = 1; fits && i <= s.rank; ++i) {
      int64_t dv = s.dim(s.rank - i), dr = region.dim(region.rank - i);
      fits = dv < 0 || dr < 0 || dv == 1 || dv == dr;
    }
    if (!fits)
      compile_error(at, "cannot assign a value of shape " + s.text() + " to a region of shape " + region.text());
  }
  return x;
}

const Type* TensorRules::attribute(const PrimCall& call, const std::string& name) {
  const Type* x = call.args[0];
  if (name == "ndim") return store_.i64();
  if (name == "T") return transpose(call);
  if (name != "shape")
    compile_error(call.node->loc, "a tensor has no attribute '" + name + "': expected shape, ndim or T");
  if (is_unknown_tensor(x)) return store_.bottom();
  if (x->rank < 0)
    compile_error(call.node->loc, ".shape needs a tensor of known rank, found " + to_string(x) +
                                      "; annotate it with its rank (Tensor[" + to_string(x->dtype) +
                                      ", 2]) or reshape it");
  return store_.tuple(std::vector<const Type*>(static_cast<size_t>(x->rank), store_.i64()));
}

const Type* TensorRules::len(const PrimCall& call) {
  const Type* x = call.args[0];
  require_tensor(call, 0, "len");
  if (is_tensor(x) && x->rank == 0) compile_error(call.node->loc, "len() of a rank-0 tensor " + to_string(x));
  return store_.i64();
}

const Type* TensorRules::transpose(const PrimCall& call) {
  const Type* x = call.args[0];
  require_tensor(call, 0, "transpose");
  if (not_known(x)) return store_.bottom();
  std::vector<int64_t> dims(x->dims.rbegin(), x->dims.rend());
  return store_.tensor(x->dtype, x->rank, std::move(dims));
}

// reshape(x, shape): the rank is the shape's; a single unknown (-1) extent is inferred
// when x's size is known, and a known size mismatch is reported.
const Type* TensorRules::reshape(const PrimCall& call) {
  const Type* x = call.args[0];
  Shape s = shape_operand(call, 1, "reshape");
  if (not_known(x)) return store_.bottom();
  if (!is_tensor(x) && !is_scalar(x))
    compile_error(operand_at(call, 0), "reshape expects a tensor, found " + to_string(x));
  Shape from = shape_of(x);
  bool from_known = from.known_rank() && std::all_of(from.dims.begin(), from.dims.end(), [](int64_t d) { return d >= 0; });
  if (from_known && s.known_rank()) {
    int64_t size = 1, known = 1, unknown = 0;
    bool size_overflow = false, known_overflow = false;  // as the run time reports them (rt::reshape)
    for (int64_t d : from.dims) size_overflow |= __builtin_mul_overflow(size, d, &size);
    for (int64_t d : s.dims)
      if (d >= 0) known_overflow |= __builtin_mul_overflow(known, d, &known);
      else ++unknown;
    if (size_overflow) return make_result(store_, dtype_of(x), s);  // x cannot be allocated at run time
    bool bad = known_overflow || (unknown == 0 ? known != size : (known == 0 ? size != 0 : size % known != 0));
    if (bad)  // rt::reshape's wording
      compile_error(call.node->loc, "cannot reshape a tensor of shape " + from.text() + " (" + std::to_string(size) +
                                        " elements) into shape " + s.text());
    if (unknown == 1 && known > 0)
      for (int64_t& d : s.dims)
        if (d < 0) d = size / known;
  }
  return make_result(store_, dtype_of(x), s);
}

std::vector<const Type*> TensorRules::tensor_tuple(const PrimCall& call, size_t i, const char* op) {
  const Type* t = call.args.at(i);
  if (t->kind == TypeKind::Bottom) return {};
  if (t->kind != TypeKind::Tuple || t->elems.empty())
    compile_error(operand_at(call, i), std::string(op) + " expects a non-empty tuple of tensors, found " + to_string(t));
  for (const Type* e : t->elems)
    if (!is_tensor(e) && !is_scalar(e) && e->kind != TypeKind::Bottom)
      compile_error(operand_at(call, i), std::string(op) + " expects a tuple of tensors, found " + to_string(t));
  return t->elems;
}

// concat((a, b, ...), axis) joins along an existing axis; stack adds a new one.
const Type* TensorRules::join_along(Prim p, const PrimCall& call) {
  const char* op = ir::prim_name(p);
  int64_t axis = required_int(call, 1, op, "the axis");
  // concat(t, 0) of one tensor t (a comprehension): its rows t[0], t[1], ... joined along their
  // axis 0, i.e. t's first two axes merged (the lowering's concat([e for ...])).
  if (p == Prim::Concat && is_tensor(call.args[0])) {
    const Type* t = call.args[0];
    if (axis != 0)
      compile_error(call.node->loc, "concat of the rows of one tensor (a comprehension) joins them along axis 0 only");
    if (t->rank >= 0 && t->rank < 2)
      compile_error(operand_at(call, 0), "concat of a comprehension needs elements of rank 1 or more (use stack "
                                         "for scalars), found " + to_string(t));
    if (t->rank < 0) return store_.tensor(t->dtype);
    std::vector<int64_t> dims(t->dims.begin() + 1, t->dims.end());
    dims[0] = t->dims[0] >= 0 && t->dims[1] >= 0 ? t->dims[0] * t->dims[1] : -1;
    return store_.tensor(t->dtype, t->rank - 1, dims);
  }
  std::vector<const Type*> parts = tensor_tuple(call, 0, op);
  if (parts.empty() || std::any_of(parts.begin(), parts.end(), not_known)) return store_.bottom();
  rt::DType dtype = to_rt(dtype_of(parts[0]));
  Shape s = shape_of(parts[0]);
  int64_t total = s.known_rank() && p == Prim::Concat && s.rank > 0 ? 0 : -1;
  for (const Type* part : parts) {
    dtype = rt::promote(dtype, to_rt(dtype_of(part)));
    Shape q = shape_of(part);
    if (!s.known_rank() || !q.known_rank()) {
      s = unknown_shape();
      continue;
    }
    if (q.rank != s.rank)
      compile_error(call.node->loc, std::string(op) + " needs tensors of one rank, found " + to_string(parts[0]) +
                                        " and " + to_string(part));
    if (p == Prim::Concat && q.rank == 0) compile_error(call.node->loc, "concat cannot join rank-0 values; use stack");
    int64_t a = p == Prim::Concat ? normalise_axis(axis, q.rank, part, call.node->loc, op) : -1;
    for (int64_t i = 0; i < q.rank; ++i) {
      int64_t& d = s.dims[static_cast<size_t>(i)];
      if (i == a) {
        total = total >= 0 && q.dim(i) >= 0 ? total + q.dim(i) : -1;
        continue;
      }
      if (d >= 0 && q.dim(i) >= 0 && d != q.dim(i))
        compile_error(call.node->loc, std::string(op) + ": shapes " + shape_of(parts[0]).text() + " and " + q.text() +
                                          (p == Prim::Concat ? " differ outside the joined axis" : " differ"));
      if (d < 0) d = q.dim(i);
    }
  }
  const Type* result_dtype = from_rt(store_, dtype);
  if (!s.known_rank()) return store_.tensor(result_dtype);
  if (p == Prim::Concat) {
    s.dims[static_cast<size_t>(normalise_axis(axis, s.rank, parts[0], call.node->loc, op))] = total;
    return store_.tensor(result_dtype, s.rank, s.dims);
  }
  int64_t a = axis < 0 ? axis + s.rank + 1 : axis;
  if (a < 0 || a > s.rank)
    compile_error(call.node->loc, "stack: axis " + std::to_string(axis) + " is out of range for stacking " +
                                      to_string(parts[0]));
  s.dims.insert(s.dims.begin() + a, static_cast<int64_t>(parts.size()));
  return store_.tensor(result_dtype, s.rank + 1, s.dims);
}

// diag(x, k): a vector gives the square matrix with x on diagonal k; a matrix its diagonal k.
const Type* TensorRules::diag(const PrimCall& call) {
  const Type* x = call.args[0];
  require_tensor(call, 0, "diag");
  require_i64(call, 1, "diag", "the diagonal offset");
  if (not_known(x)) return store_.bottom();
  std::optional<int64_t> k = int_constant(call, 1);
  if (x->rank < 0) return store_.tensor(x->dtype);
  if (x->rank == 1) {
    // Unknown when |k| is so large that the run time reports it (rt::diag).
    int64_t n = -1;
    if (x->dims[0] >= 0 && k && *k != INT64_MIN && std::abs(*k) <= INT64_MAX / 2 - x->dims[0])
      n = x->dims[0] + std::abs(*k);
    return store_.tensor(x->dtype, 2, {n, n});
  }
  if (x->rank != 2) compile_error(call.node->loc, "diag expects a vector or a matrix, found " + to_string(x));
  int64_t n = x->dims[0], m = x->dims[1], length = -1;
  // As rt::diag computes it: clamping k first keeps m - k and n + k in range.
  if (n >= 0 && m >= 0 && k)
    length = std::max<int64_t>(0, *k >= 0 ? std::min(n, m - std::min(*k, m)) : std::min(n + std::max(*k, -n), m));
  return store_.tensor(x->dtype, 1, {length});
}

}  // namespace fx::types

// x[...] and x[...] = v of generated code on the headers it holds (direct_ops.hpp): indexing a
// tensor with integers and slices whose operands are i64 numbers — the index spec a recurrent
// model's steps use (`w[0:b]`, `hidden[j]`, and the `+i` updates of their adjoints) — runs the
// runtime's view and update kernels directly, as the interpreter's index and set_index do for
// those specs (src/interp/tensor_index.cpp), without fx_rt_apply's conversion to interpreter
// values and its parsing of the spec into vectors (a quarter of ADBench's LSTM gradient).
// Anything else (index arrays, masks, new axes, tuples, a value the interpreter holds as a
// number) is declined before any operand is touched, and runs by fx_rt_apply's way.
#include <cstring>

#include "fluxion/runtime/elementwise.hpp"
#include "fluxion/runtime/index.hpp"
#include "interp/tensor_values.hpp"
#include "native_abi/direct_ops.hpp"
#include "native_abi/tensor_handles.hpp"

namespace fx::native_abi {

namespace {

// The items of a spec of integers ("i") and slices ("sXYZ", X, Y, Z: start, stop, step given)
// whose operands are all i64 numbers, as the interpreter's parse_spec reads them; false for
// any other spec or operand.
struct BasicSpec {
  rt::IndexItem items[FX_MAX_RANK] = {0, 0, 0, 0, 0, 0, 0, 0};
  size_t size = 0;
  bool add = false;  // "+": set_index adds the value
  bool all_integers = true;
};

bool read_spec(const char* spec, const fx_value* ops, size_t n, BasicSpec* out) {
  size_t used = 0;
  auto next = [&](int64_t* v) {
    if (used >= n || ops[used].kind != FX_VALUE_I64) return false;
    *v = ops[used++].as.i;
    return true;
  };
  if (*spec == '+') {
    out->add = true;
    ++spec;
  }
  while (*spec) {
    if (out->size == FX_MAX_RANK) return false;  // the interpreter's message for too many
    if (spec[0] == 'i' && (spec[1] == ',' || spec[1] == '\0')) {
      int64_t i;
      if (!next(&i)) return false;
      out->items[out->size++] = rt::IndexItem(i);
      spec += 1;
    } else if (spec[0] == 's' && std::strlen(spec) >= 4 && (spec[4] == ',' || spec[4] == '\0')) {
      rt::Slice s;
      for (int f = 0; f < 3; ++f) {
        if (spec[1 + f] == '0') continue;
        int64_t v;
        if (spec[1 + f] != '1' || !next(&v)) return false;
        (f == 0 ? s.start : f == 1 ? s.stop : s.step) = v;
      }
      out->items[out->size++] = rt::IndexItem(s);
      out->all_integers = false;
      spec += 4;
    } else {
      return false;
    }
    if (*spec == ',') ++spec;
  }
  return used == n;
}

// Operand i, a tensor that the interpreter holds as one: the caller's reference when it hands
// it over (`consumed`), else a new one.
rt::Tensor operand(const fx_value* args, size_t i, uint64_t consumed) {
  fx_tensor* h = args[i].as.t;
  return i < 64 && (consumed >> i & 1) ? take(h) : borrow(h);
}

bool held_as_tensor(const fx_value& v) { return v.kind == FX_VALUE_TENSOR && !is_scalar(v.as.t); }

// index(x, spec, ops...): a view of x (interp::tensors::index's basic case).
bool index(const fx_value* args, size_t n, uint64_t consumed, fx_value* out) {
  BasicSpec spec;
  if (n < 2 || !held_as_tensor(args[0]) || args[1].kind != FX_VALUE_STR ||
      !read_spec(args[1].as.s, args + 2, n - 2, &spec) || spec.add)
    return false;
  if (out->kind != FX_VALUE_TENSOR && out->kind != FX_VALUE_F64 && out->kind != FX_VALUE_I64 &&
      out->kind != FX_VALUE_BOOL)
    return false;
  rt::Tensor x = operand(args, 0, consumed);
  write_result(rt::index(x, rt::IndexSpec(std::span<const rt::IndexItem>(spec.items, spec.size))), out);
  return true;
}

// set_index(x, spec, ops..., v): x with the region written (or added to, "+"), in place when
// x is handed over and nobody else holds it (interp::tensors::set_index's basic case).
bool set_index(const fx_value* args, size_t n, uint64_t consumed, fx_value* out) {
  BasicSpec spec;
  if (n < 3 || !held_as_tensor(args[0]) || args[1].kind != FX_VALUE_STR ||
      !read_spec(args[1].as.s, args + 2, n - 3, &spec) || out->kind != FX_VALUE_TENSOR)
    return false;
  const fx_value& v = args[n - 1];
  const bool number = v.kind == FX_VALUE_F64 || v.kind == FX_VALUE_I64 || v.kind == FX_VALUE_BOOL;
  if (!number && !held_as_tensor(v)) return false;
  const interp::Value as_number = v.kind == FX_VALUE_F64   ? interp::Value::real(v.as.f)
                                  : v.kind == FX_VALUE_I64 ? interp::Value::integer(v.as.i)
                                                           : interp::Value::boolean(number && v.as.b);
  rt::Tensor x = operand(args, 0, consumed);
  rt::Tensor value = number ? rt::Tensor() : operand(args, n - 1, consumed);
  const rt::IndexSpec items(std::span<const rt::IndexItem>(spec.items, spec.size));
  rt::Tensor result;
  if (!spec.add && spec.all_integers && static_cast<int>(spec.size) == x.rank() && number) {
    int64_t idx[FX_MAX_RANK];
    for (size_t k = 0; k < spec.size; ++k) idx[k] = spec.items[k].index();
    const rt::Scalar s = v.kind == FX_VALUE_F64 ? rt::Scalar(v.as.f)
                         : v.kind == FX_VALUE_I64 ? rt::Scalar(v.as.i)
                                                  : rt::Scalar(v.as.b);
    result = rt::set_index(std::move(x), rt::Indices(std::span<const int64_t>(idx, spec.size)), s);
  } else {
    if (number) value = interp::tensors::weak_scalar(as_number, x.dtype());
    if (spec.add) value = rt::add(rt::index(x, items), value);  // the view is gone before the write
    result = rt::set_item(std::move(x), items, value);
  }
  out->as.t = hand_out(std::move(result));
  return true;
}

}  // namespace

bool apply_index_directly(ir::Prim p, const fx_value* args, int64_t n, uint64_t consumed, fx_value* out) {
  if (p == ir::Prim::Index) return index(args, static_cast<size_t>(n), consumed, out);
  if (p == ir::Prim::SetIndex) return set_index(args, static_cast<size_t>(n), consumed, out);
  return false;
}

}  // namespace fx::native_abi

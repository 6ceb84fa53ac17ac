// Tensor construction: zeros/ones/full, arange, eye, literals, comprehensions, astype,
// random numbers, one_hot and files.
#include <algorithm>
#include <cstdint>

#include "support/diagnostics.hpp"
#include "types/tensor_rules.hpp"

namespace fx::types {

using ir::Prim;

namespace {

void require_arguments(const PrimCall& call, size_t low, size_t high, const char* usage) {
  size_t n = call.args.size();
  if (n < low || n > high)
    compile_error(call.node->loc, std::string(usage) + " (" + count_of(n, "argument") + " given)");
}

// A random key: Tensor[i64] of shape (2,), as key(seed) and split(k) make.
void require_key(const PrimCall& call, size_t i, const char* op) {
  const Type* k = call.args.at(i);
  if (not_known(k)) return;
  bool ok = is_tensor(k) && k->dtype->kind == TypeKind::I64 && (k->rank < 0 || k->rank == 1);
  if (!ok)
    compile_error(operand_at(call, i), std::string(op) + " expects a random key (from key(seed) or split), found " +
                                           to_string(k));
}

void require_path(const PrimCall& call, size_t i, const char* op) {
  const Type* t = call.args.at(i);
  if (t->kind != TypeKind::Str && t->kind != TypeKind::Bottom)
    compile_error(operand_at(call, i), std::string(op) + ": the path must be a string, found " + to_string(t));
}

}  // namespace

const Type* TensorRules::filled(Prim p, const PrimCall& call) {
  const char* op = ir::prim_name(p);
  Shape s = shape_operand(call, 0, op);
  const Type* dtype = store_.f64();
  if (p == Prim::Full) {
    const Type* v = call.args[1];
    if (v->kind == TypeKind::Bottom) return v;
    if (!is_scalar(v))
      compile_error(operand_at(call, 1), "full: the fill value must be a number or bool, found " + to_string(v));
    dtype = v;
  }
  return make_result(store_, dtype, s);
}

// arange(stop) | arange(start, stop[, step]): i64, or f64 when a bound is a float.
const Type* TensorRules::arange(const PrimCall& call) {
  require_arguments(call, 1, 3, "arange takes 1 to 3 arguments: arange(stop) or arange(start, stop, step)");
  const Type* dtype = store_.i64();
  for (size_t i = 0; i < call.args.size(); ++i) {
    const Type* t = call.args[i];
    if (t->kind == TypeKind::Bottom) continue;
    if (t->kind != TypeKind::I64 && !is_float(t))
      compile_error(operand_at(call, i), "arange: bounds must be numbers, found " + to_string(t));
    if (is_float(t)) dtype = store_.f64();
  }
  int64_t length = -1;
  std::vector<int64_t> v;
  for (size_t i = 0; i < call.args.size(); ++i)
    if (auto c = int_constant(call, i)) v.push_back(*c);
  if (v.size() == call.args.size()) {
    int64_t start = v.size() == 1 ? 0 : v[0];
    int64_t stop = v.size() == 1 ? v[0] : v[1];
    int64_t step = v.size() == 3 ? v[2] : 1;
    // 128-bit arithmetic as rt::arange: stop - start can overflow i64 for extreme bounds.
    __int128 span = static_cast<__int128>(stop) - start, count = -1;
    if (step > 0) count = std::max<__int128>(0, (span + step - 1) / step);
    if (step < 0) count = std::max<__int128>(0, (span + step + 1) / step);
    if (count <= INT64_MAX) length = static_cast<int64_t>(count);
  }
  return store_.tensor(dtype, 1, {length});
}

const Type* TensorRules::eye(const PrimCall& call) {
  require_arguments(call, 1, 2, "eye takes 1 or 2 arguments: eye(n) or eye(n, m)");
  for (size_t i = 0; i < call.args.size(); ++i) require_i64(call, i, "eye", "the size");
  int64_t n = int_constant(call, 0).value_or(-1);
  int64_t m = call.args.size() == 2 ? int_constant(call, 1).value_or(-1) : n;
  return store_.tensor(store_.f64(), 2, {n, m});
}

// [a, b, ...]: scalars (i64 and f64 promote; bool only with bool) or tensors of one rank.
const Type* TensorRules::make_tensor(const PrimCall& call) {
  size_t n = call.args.size();
  if (n == 0) return store_.tensor(store_.f64(), 1, {0});  // `[]` is an empty f64 tensor
  bool any_tensor = false, any_scalar = false, unknown = false;
  for (size_t i = 0; i < n; ++i) {
    const Type* t = call.args[i];
    if (not_known(t)) {
      unknown = true;
      continue;
    }
    if (!is_tensor(t) && !is_scalar(t))
      compile_error(operand_at(call, i), "a tensor literal holds numbers, bools or tensors, found " + to_string(t));
    (is_tensor(t) ? any_tensor : any_scalar) = true;
  }
  if (any_tensor && any_scalar)
    compile_error(call.node->loc, "a tensor literal cannot mix numbers and tensors: its rows must have one shape");
  if (unknown) return store_.bottom();
  const Type* first = call.args[0];
  rt::DType dtype = to_rt(dtype_of(first));
  Shape row = shape_of(first);
  for (size_t i = 1; i < n; ++i) {
    const Type* t = call.args[i];
    bool bools = dtype_of(t) == store_.boolean(), first_bools = dtype == rt::DType::Bool;
    if (bools != first_bools)
      compile_error(operand_at(call, i), "a tensor literal cannot mix bools with numbers (found " +
                                             to_string(first) + " and " + to_string(t) + ")");
    dtype = rt::promote(dtype, to_rt(dtype_of(t)));
    Shape s = shape_of(t);
    if (row.known_rank() && s.known_rank() && row.rank != s.rank)
      compile_error(operand_at(call, i), "the rows of a tensor literal must have one shape, found " +
                                             to_string(first) + " and " + to_string(t));
    if (!row.known_rank() || !s.known_rank()) {
      row = unknown_shape();
      continue;
    }
    for (int64_t a = 0; a < row.rank; ++a) {
      int64_t x = row.dim(a), y = s.dim(a);
      if (x >= 0 && y >= 0 && x != y)
        compile_error(operand_at(call, i), "the rows of a tensor literal must have one shape, found " +
                                               row.text() + " and " + s.text());
      if (x < 0) row.dims[static_cast<size_t>(a)] = y;
    }
  }
  if (!row.known_rank()) return store_.tensor(from_rt(store_, dtype));
  std::vector<int64_t> dims{static_cast<int64_t>(n)};
  dims.insert(dims.end(), row.dims.begin(), row.dims.end());
  return store_.tensor(from_rt(store_, dtype), row.rank + 1, std::move(dims));
}

// rows_append(acc, x): acc (rows_empty() at first, a tensor of unknown dtype) grows by the
// row x. The loop of a comprehension joins rows_empty() with this result, which gives
// Tensor[dtype(x), rank(x) + 1] after one round.
const Type* TensorRules::rows_append(const PrimCall& call) {
  const Type* acc = call.args[0];
  const Type* x = call.args[1];
  if (!is_tensor(acc) && acc->kind != TypeKind::Bottom)
    internal_error("type inference", "rows_append onto " + to_string(acc));
  if (x->kind == TypeKind::Bottom || is_unknown_tensor(x)) return acc;
  if (!is_tensor(x) && !is_scalar(x))
    compile_error(operand_at(call, 1), "a comprehension builds a tensor of numbers, bools or tensors, found " +
                                           to_string(x));
  if (is_tensor(acc) && !is_unknown_tensor(acc)) {
    if (acc->dtype != dtype_of(x))
      compile_error(operand_at(call, 1), "the elements of a comprehension must have one dtype: " +
                                             to_string(acc->dtype) + " and " + to_string(dtype_of(x)));
    if (acc->rank >= 0 && rank_of(x) >= 0 && acc->rank != rank_of(x) + 1)
      compile_error(operand_at(call, 1), "the elements of a comprehension must have one shape: rows of " +
                                             to_string(acc) + " and " + to_string(x));
  }
  Shape s = shape_of(x);
  if (!s.known_rank()) return store_.tensor(dtype_of(x));
  std::vector<int64_t> dims{-1};
  dims.insert(dims.end(), s.dims.begin(), s.dims.end());
  return store_.tensor(dtype_of(x), s.rank + 1, std::move(dims));
}

const Type* TensorRules::astype(const PrimCall& call) {
  const std::string* name = str_constant(call, 1);
  const Type* dtype = name ? store_.dtype_named(*name) : nullptr;
  if (!dtype)
    compile_error(operand_at(call, 1), "astype: the dtype must be one of f64, f32, i64, bool" +
                                           (name ? ", found '" + *name + "'" : std::string()));
  const Type* x = call.args[0];
  if (not_known(x)) return store_.bottom();
  if (!is_tensor(x) && !is_scalar(x))
    compile_error(operand_at(call, 0), "astype expects a tensor or a number, found " + to_string(x));
  return make_result(store_, dtype, shape_of(x));
}

const Type* TensorRules::random(Prim p, const PrimCall& call) {
  const Type* key = store_.tensor(store_.i64(), 1, {2});
  if (p == Prim::Key) {
    require_i64(call, 0, "key", "the seed");
    return key;
  }
  if (p == Prim::Split) {
    require_key(call, 0, "split");
    return store_.tuple({key, key});
  }
  if (p == Prim::Normal || p == Prim::Uniform) {
    require_key(call, 0, ir::prim_name(p));
    return make_result(store_, store_.f64(), shape_operand(call, 1, ir::prim_name(p)));
  }
  if (p != Prim::Dropout) internal_error("type inference", std::string("random(") + ir::prim_name(p) + ")");
  require_key(call, 0, "dropout");
  const Type* x = call.args[1];
  const Type* rate = call.args[2];
  if (rate->kind != TypeKind::Bottom && !is_number(rate))
    compile_error(operand_at(call, 2), "dropout: the rate must be a number, found " + to_string(rate));
  if (not_known(x)) return store_.bottom();
  if (!is_tensor(x) || !is_float(x->dtype))
    compile_error(operand_at(call, 1), "dropout expects a float tensor, found " + to_string(x));
  return x;
}

const Type* TensorRules::one_hot(const PrimCall& call) {
  const Type* indices = call.args[0];
  require_i64(call, 1, "one_hot", "the number of classes");
  if (not_known(indices)) return store_.bottom();
  if (dtype_of(indices) != store_.i64())
    compile_error(operand_at(call, 0), "one_hot expects integer indices, found " + to_string(indices));
  Shape s = shape_of(indices);
  if (!s.known_rank()) return store_.tensor(store_.f64());
  s.dims.push_back(int_constant(call, 1).value_or(-1));
  return store_.tensor(store_.f64(), s.rank + 1, s.dims);
}

// load(path) → Tensor[f64]; load(path, like) → like's type (an .npz into a struct or
// tuple); save(path, value) → None; read_bytes(path) → Tensor[i64, 1] (one element per
// byte); read_idx(path) → Tensor[i64] of the file's rank. read_idx is declared i64: the
// integer IDX files (MNIST's images and labels) are what it is for; a float IDX file
// gives an f32/f64 tensor at run time that the program must convert with astype.
const Type* TensorRules::file(Prim p, const PrimCall& call) {
  const char* op = ir::prim_name(p);
  if (p == Prim::Load) require_arguments(call, 1, 3, "load takes a path and optionally a value to load like");
  require_path(call, 0, op);
  if (p == Prim::Load && call.args.size() == 3) {
    // load(path, None, dtype): from load(path, dtype=T) or `x: Tensor[T] = load(path)`.
    if (call.args[1]->kind != TypeKind::None)
      compile_error(operand_at(call, 1), "load takes either like or dtype, not both");
    const std::string* name = str_constant(call, 2);
    const Type* dtype = name ? store_.dtype_named(*name) : nullptr;
    if (!dtype)
      compile_error(operand_at(call, 2), "load: the dtype must be one of f64, f32, i64, bool" +
                                             (name ? ", found '" + *name + "'" : std::string()));
    return store_.tensor(dtype);
  }
  if (p == Prim::Load) return call.args.size() == 2 ? call.args[1] : store_.tensor(store_.f64());
  if (p == Prim::LoadTxt) {
    require_i64(call, 1, "loadtxt", "skiprows");
    const Type* d = call.args[2];
    if (d->kind != TypeKind::Str && d->kind != TypeKind::None && d->kind != TypeKind::Bottom)
      compile_error(operand_at(call, 2), "loadtxt: the delimiter must be a str or None, found " + to_string(d));
    return store_.tensor(store_.f64());
  }
  if (p == Prim::ReadNumbers) return store_.tensor(store_.f64(), 1);
  if (p == Prim::Save) {
    if (is_function(call.args[1]))
      compile_error(operand_at(call, 1), "save writes tensors, or a struct or tuple of them, found " +
                                             to_string(call.args[1]));
    return store_.none();
  }
  if (p == Prim::ReadBytes) return store_.tensor(store_.i64(), 1);
  if (p == Prim::ReadIdx) return store_.tensor(store_.i64());
  internal_error("type inference", std::string("file(") + op + ")");
}

}  // namespace fx::types

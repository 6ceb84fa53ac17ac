// Files: load, save (.npy for a tensor, .npz for a struct or tuple of tensors), read_bytes,
// read_idx (tensor_values.hpp).
//
// .npz entry names: a struct field is its name, a tuple element i is "arr_i" (NumPy's names
// for np.savez(file, a, b)); nested fields are joined with '.': a struct Model(l1=Linear(w, b))
// is stored as "l1.w" and "l1.b", a tuple (w, b) as "arr_0" and "arr_1". Leaves are tensors
// or f64/i64/bool scalars (rank-0 entries). load(path, like) reads exactly those names and
// requires each entry to have the dtype and shape of like's leaf; other entries are ignored.
#include <map>
#include <vector>

#include "interp/tensor_values.hpp"

namespace fx::interp::tensors {

using ir::Prim;

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string child_name(const std::string& prefix, const Value& parent, size_t i) {
  std::string step = parent.kind() == Kind::Struct ? parent.as_struct().decl->fields.at(i).name
                                                    : "arr_" + std::to_string(i);
  return prefix.empty() ? step : prefix + "." + step;
}

bool is_container(const Value& v) { return v.kind() == Kind::Struct || v.kind() == Kind::Tuple; }

// The leaves of a struct/tuple of tensors with their entry names, in field order.
void collect(const Value& v, const std::string& name, std::vector<rt::NamedTensor>& out, SourceLoc loc, int depth) {
  if (depth > 64) runtime_error(loc, "save: the value is nested too deeply for a .npz file");
  if (is_container(v)) {
    for (size_t i = 0; i < v.items().size(); ++i) collect(v.items()[i], child_name(name, v, i), out, loc, depth + 1);
    return;
  }
  if (v.kind() != Kind::Tensor && !is_scalar(v))
    runtime_error(loc, "save: cannot store a value of type " + type_name(v) + " (field '" + name +
                           "') in a .npz file: expected tensors or numbers");
  out.push_back({name, to_tensor(v, loc, "save")});
}

// load(path) (dtype "f64") and load(path, dtype=T) / `x: Tensor[T] = load(path)`: the file's
// dtype must be T (narrower integer files are read as i64).
Value load_npy_as(const std::string& path, const std::string& dtype, bool declared, SourceLoc loc) {
  if (ends_with(path, ".npz"))
    runtime_error(loc, "load(path) reads one tensor from a .npy file; to read the .npz file " + path +
                           " give the structure to fill: load(path, like)");
  rt::Tensor t = guarded(loc, [&] { return rt::load_npy(path); });
  std::string held = rt::dtype_name(t.dtype());
  if (held != dtype) {
    if (declared)
      runtime_error(loc, path + " holds " + held + " data, but the element type asked for is " + dtype);
    runtime_error(loc, path + " holds " + held + " data, expected f64; declare the element type: `x: Tensor[" +
                           held + "] = load(path)` or load(path, dtype=" + held + ")");
  }
  return Value::tensor(std::move(t));
}

// A value of like's structure from the entries (name → tensor) of `path`.
Value fill(const Value& like, const std::string& name, const std::map<std::string, rt::Tensor>& entries,
           const std::string& path, SourceLoc loc, int depth) {
  if (depth > 64) runtime_error(loc, "load: the value is nested too deeply for a .npz file");
  if (is_container(like)) {
    std::vector<Value> items;
    for (size_t i = 0; i < like.items().size(); ++i)
      items.push_back(fill(like.items()[i], child_name(name, like, i), entries, path, loc, depth + 1));
    if (like.kind() == Kind::Struct) return Value::make_struct(like.as_struct().decl, std::move(items));
    return Value::tuple(std::move(items));
  }
  if (like.kind() != Kind::Tensor && !is_scalar(like))
    runtime_error(loc, "load: cannot read a value of type " + type_name(like) + " (field '" + name +
                           "') from a .npz file: expected tensors or numbers");
  auto it = entries.find(name);
  if (it == entries.end()) {
    std::string names;
    for (const auto& [n, t] : entries) names += (names.empty() ? "" : ", ") + n;
    runtime_error(loc, path + " has no entry '" + name + "' (it holds: " + (names.empty() ? "nothing" : names) + ")");
  }
  const rt::Tensor& t = it->second;
  rt::Tensor want = to_tensor(like, loc, "load");
  if (t.dtype() != want.dtype())
    runtime_error(loc, path + ": entry '" + name + "' holds " + rt::dtype_name(t.dtype()) + " data, expected " +
                           rt::dtype_name(want.dtype()));
  if (!(t.shape() == want.shape()))
    runtime_error(loc, path + ": entry '" + name + "' has shape " + rt::to_string(t.shape()) + ", expected " +
                           rt::to_string(want.shape()));
  return like.kind() == Kind::Tensor ? Value::tensor(t) : box(t);
}

Value load_like(const std::string& path, const Value& like, SourceLoc loc) {
  if (like.kind() == Kind::Tensor) {  // a single tensor: a .npy file of that dtype and shape
    rt::Tensor t = guarded(loc, [&] { return rt::load_npy(path); });
    std::map<std::string, rt::Tensor> one{{"", t}};
    return fill(like, "", one, path, loc, 0);
  }
  if (!is_container(like))
    runtime_error(loc, "load(path, like) expects like to be a tensor, a struct or a tuple of tensors, found " +
                           type_name(like));
  std::vector<rt::NamedTensor> read = guarded(loc, [&] { return rt::load_npz(path); });
  std::map<std::string, rt::Tensor> entries;
  for (auto& e : read) entries.emplace(std::move(e.name), std::move(e.tensor));
  return fill(like, "", entries, path, loc, 0);
}

}  // namespace

Value file_io(Prim p, SourceLoc loc, Value* a, size_t n) {
  const std::string w = std::string("'") + ir::prim_name(p) + "'";
  if (p == Prim::Load) {
    if (n < 1 || n > 3) runtime_error(loc, "load takes 1 to 3 arguments, found " + std::to_string(n));
    const std::string& path = str_arg(a[0], loc, w);
    if (n == 3) return load_npy_as(path, str_arg(a[2], loc, w), true, loc);  // load(path, None, dtype)
    return n == 1 ? load_npy_as(path, "f64", false, loc) : load_like(path, a[1], loc);
  }
  if (p == Prim::Save) {
    const std::string& path = str_arg(a[0], loc, w);
    if (is_container(a[1])) {
      std::vector<rt::NamedTensor> arrays;
      collect(a[1], "", arrays, loc, 0);
      guarded(loc, [&] { rt::save_npz(path, arrays); });
    } else {
      rt::Tensor t = to_tensor(a[1], loc, "save");
      guarded(loc, [&] { rt::save_npy(path, t); });
    }
    return Value::none();
  }
  if (p == Prim::ReadBytes || p == Prim::ReadIdx) {
    const std::string& path = str_arg(a[0], loc, w);
    return guarded(loc, [&] { return Value::tensor(p == Prim::ReadBytes ? rt::read_bytes(path) : rt::read_idx(path)); });
  }
  if (p == Prim::LoadTxt) {
    const std::string& path = str_arg(a[0], loc, w);
    if (a[1].kind() != Kind::Int) runtime_error(loc, "loadtxt: skiprows must be an int, found " + type_name(a[1]));
    std::string delimiter;
    if (a[2].kind() == Kind::Str) {
      delimiter = a[2].as_str();
      if (delimiter.empty()) runtime_error(loc, "loadtxt: the delimiter must not be empty (None splits at whitespace)");
    } else if (a[2].kind() != Kind::None) {
      runtime_error(loc, "loadtxt: the delimiter must be a str or None, found " + type_name(a[2]));
    }
    return guarded(loc, [&] { return Value::tensor(rt::load_txt(path, a[1].as_int(), delimiter)); });
  }
  if (p == Prim::ReadNumbers) {
    const std::string& path = str_arg(a[0], loc, w);
    return guarded(loc, [&] { return Value::tensor(rt::read_numbers(path)); });
  }
  internal_error("interpreter", std::string(ir::prim_name(p)) + " is not a file primitive");
}

}  // namespace fx::interp::tensors

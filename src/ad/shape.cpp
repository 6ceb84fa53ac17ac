// ad::Shape (shape.hpp): cache keys, messages and the size of the tangent space.
#include "ad/shape.hpp"

namespace fx::ad {

namespace {

std::string join_dims(const std::vector<int64_t>& dims, const char* sep) {
  std::string s;
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? sep : "") + std::to_string(dims[i]);
  return s;
}

}  // namespace

std::string Shape::key(bool with_dims) const {
  switch (kind) {
    case Kind::Float: return "f";
    case Kind::Int: return "i";
    case Kind::Bool: return "b";
    case Kind::Str: return "s";
    case Kind::None: return "n";
    case Kind::Undef: return "u";
    case Kind::Function: return "fn";
    case Kind::List: return "list";
    case Kind::Tensor:
      return "T[" + dtype + ";" + (with_dims ? join_dims(dims, ",") : "r" + std::to_string(dims.size())) + "]";
    case Kind::Tuple:
    case Kind::Struct:
    case Kind::Variant: {
      std::string s = kind == Kind::Tuple     ? "("
                      : kind == Kind::Struct ? struct_decl->name + "{"
                                             : variant->name + "<";
      for (size_t i = 0; i < elems.size(); ++i) s += (i ? "," : "") + elems[i].key(with_dims);
      return s + (kind == Kind::Tuple ? ")" : kind == Kind::Struct ? "}" : ">");
    }
  }
  return "?";
}

std::string Shape::describe() const {
  switch (kind) {
    case Kind::Float: return "f64";
    case Kind::Int: return "i64";
    case Kind::Bool: return "bool";
    case Kind::Str: return "str";
    case Kind::None: return "None";
    case Kind::Undef: return "undefined";
    case Kind::Function: return "function";
    case Kind::List: return "list";
    case Kind::Tensor:  // as types print it: Tensor[f64, (3, 4)], Tensor[f64, ()] for rank 0
      return "Tensor[" + dtype + ", (" + join_dims(dims, ", ") + (dims.size() == 1 ? ",)]" : ")]");
    case Kind::Struct: return struct_decl->name;
    case Kind::Variant: return variant->owner ? variant->owner->name : variant->name;
    case Kind::Tuple: {
      std::string s = "(";
      for (size_t i = 0; i < elems.size(); ++i) s += (i ? ", " : "") + elems[i].describe();
      return s + (elems.size() == 1 ? ",)" : ")");
    }
  }
  return "?";
}

bool Shape::is_differentiable_leaf() const {
  return kind == Kind::Float || (kind == Kind::Tensor && (dtype == "f64" || dtype == "f32"));
}

size_t Shape::elements() const {
  if (kind != Kind::Tensor) return 1;
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  return n;
}

size_t Shape::float_leaves() const {
  if (is_differentiable_leaf()) return elements();
  size_t n = 0;
  for (const Shape& e : elems) n += e.float_leaves();
  return n;
}

}  // namespace fx::ad

#include "api/convert.hpp"

#include "api/errors.hpp"
#include "api/host_values.hpp"
#include "fluxion/runtime/convert.hpp"

namespace fluxion::detail {

namespace fi = fx::interp;
namespace rt = fx::rt;

namespace {

const fx::ir::StructDecl* struct_named(ModuleState& m, const std::string& name, const ArgumentPlace& at) {
  const auto& structs = m.compilation->module().struct_by_name;
  auto it = structs.find(name);
  if (it == structs.end()) host_error(at.loc, at.what + ": the program has no struct named '" + name + "'");
  return it->second;
}

// The fields of host struct `v` in the order struct `decl` declares them.
std::vector<const Value*> fields_in_order(const Value& v, const fx::ir::StructDecl* decl, const ArgumentPlace& at) {
  const auto& names = v.field_names();
  std::vector<const Value*> out(decl->fields.size(), nullptr);
  for (size_t i = 0; i < names.size(); ++i) {
    int k = decl->field_index(names[i]);
    if (k < 0) host_error(at.loc, at.what + ": struct " + decl->name + " has no field '" + names[i] + "'");
    if (out[k]) host_error(at.loc, at.what + ": field '" + names[i] + "' of " + decl->name + " is given twice");
    out[k] = &v.items()[i];
  }
  for (size_t k = 0; k < out.size(); ++k)
    if (!out[k]) host_error(at.loc, at.what + ": struct " + decl->name + " needs field '" + decl->fields[k].name + "'");
  return out;
}

ArgumentPlace inside(const ArgumentPlace& at, const std::string& part) { return {at.loc, at.what + ", " + part}; }

rt::Tensor borrowed(const TensorView& view, const ArgumentPlace& at) {
  if (view.shape().size() > FX_MAX_RANK)
    host_error(at.loc, at.what + ": a tensor of rank " + std::to_string(view.shape().size()) + " (at most " +
                           std::to_string(int(FX_MAX_RANK)) + " axes)");
  if (view.strides().size() != view.shape().size())
    host_error(at.loc, at.what + ": a tensor view needs one stride per axis");
  for (int64_t d : view.shape())
    if (d < 0) host_error(at.loc, at.what + ": a tensor view with a negative extent");
  if (!view.data() && !view.shape().empty()) {
    int64_t n = 1;
    for (int64_t d : view.shape()) n *= d;
    if (n != 0) host_error(at.loc, at.what + ": a tensor view of null data");
  }
  return guarded([&] {
    return rt::Tensor::borrow(runtime_dtype(view.dtype()), const_cast<void*>(view.data()), rt::Shape(view.shape()),
                              view.strides());
  });
}

}  // namespace

rt::Tensor tensor_argument(const Value& v, const ArgumentPlace& at) {
  return v.kind() == Value::Kind::View ? borrowed(v.as_view(), at) : v.as_tensor().storage()->tensor;
}

Value owned_result(rt::Tensor t) {
  // A result is the host's alone: never a view of an argument, of another result or of
  // what a pullback keeps.
  if (!t.is_unique() || !t.is_contiguous()) t = rt::copy(t);
  auto storage = std::make_shared<TensorStorage>();
  rt::Shape shape = t.shape();
  storage->shape.assign(shape.begin(), shape.end());
  storage->tensor = std::move(t);
  return Value(Tensor(std::move(storage)));
}

fi::Value to_interp(const Value& v, ModuleState& m, const ArgumentPlace& at) {
  switch (v.kind()) {
    case Value::Kind::None: return fi::Value::none();
    case Value::Kind::Bool: return fi::Value::boolean(v.as_bool());
    case Value::Kind::Int: return fi::Value::integer(v.as_int());
    case Value::Kind::Float: return fi::Value::real(v.as_float());
    case Value::Kind::View: case Value::Kind::Tensor: return fi::Value::tensor(tensor_argument(v, at));
    case Value::Kind::Tuple: {
      std::vector<fi::Value> items;
      for (size_t i = 0; i < v.items().size(); ++i)
        items.push_back(to_interp(v.items()[i], m, inside(at, "item " + std::to_string(i))));
      return fi::Value::tuple(std::move(items));
    }
    case Value::Kind::Struct: {
      const fx::ir::StructDecl* decl = struct_named(m, v.struct_name(), at);
      std::vector<fi::Value> fields;
      size_t i = 0;
      for (const Value* f : fields_in_order(v, decl, at)) {
        fi::Value field = to_interp(*f, m, inside(at, "field '" + decl->fields[i].name + "' of " + decl->name));
        // A host integer where the struct declares f64 (Python's `b=0`) is the number it means.
        if (field.kind() == fi::Kind::Int &&
            m.compilation->checker().annotations().field_type(decl, i)->kind == fx::types::TypeKind::F64)
          field = fi::Value::real(static_cast<double>(field.as_int()));
        fields.push_back(std::move(field));
        ++i;
      }
      return fi::Value::make_struct(decl, std::move(fields));
    }
    case Value::Kind::Function: {
      const auto& handle = *std::static_pointer_cast<const FunctionHandle>(v.heap());
      if (handle.module.get() != &m) host_error(at.loc, at.what + ": a function of another module");
      if (handle.value) return *handle.value;
      return m.function_value(handle.expression);
    }
  }
  host_error(at.loc, at.what + ": a value of an unknown kind");
}

Value from_interp(fi::Value v, const std::shared_ptr<ModuleState>& m, bool expanded) {
  switch (v.kind()) {
    case fi::Kind::Undef: case fi::Kind::None: return Value();
    case fi::Kind::Bool: return Value(v.as_bool());
    case fi::Kind::Int: return Value(v.as_int());
    case fi::Kind::Float: return Value(v.as_float());
    case fi::Kind::Tensor: return owned_result(fi::take_tensor(std::move(v)));
    case fi::Kind::Tuple: {
      std::vector<Value> items;
      for (const fi::Value& item : v.items()) items.push_back(from_interp(item, m, expanded));
      return Value::tuple(std::move(items));
    }
    case fi::Kind::Struct: case fi::Kind::Variant: {
      bool is_struct = v.kind() == fi::Kind::Struct;
      const auto& fields = is_struct ? v.as_struct().decl->fields : v.as_variant().decl->fields;
      std::vector<std::pair<std::string, Value>> out;
      for (size_t i = 0; i < v.items().size(); ++i)
        out.emplace_back(i < fields.size() ? fields[i].name : "_" + std::to_string(i), from_interp(v.items()[i], m, expanded));
      return Value::structure(is_struct ? v.as_struct().decl->name : v.as_variant().decl->name, std::move(out));
    }
    case fi::Kind::Closure: case fi::Kind::Prim: case fi::Kind::Explicit: case fi::Kind::Derived: {
      auto handle = std::make_shared<FunctionHandle>();
      handle->module = m;
      handle->name = "function";
      handle->value = std::move(v);
      handle->expanded = expanded;
      return Value(Function(handle));
    }
    case fi::Kind::Str: case fi::Kind::List: break;
  }
  std::string message = "a value of type " + fi::type_name(v) + ", which the host's values do not include (docs/embedding.md \"Values\")";
  throw Error(Error::Kind::Compile, "", 0, 0, message, "fluxion: error: " + message);
}

const fx::types::Type* type_of(const Value& v, ModuleState& m, const ArgumentPlace& at) {
  fx::types::TypeStore& store = m.compilation->checker().store();
  switch (v.kind()) {
    case Value::Kind::None: return store.none();
    case Value::Kind::Bool: return store.boolean();
    case Value::Kind::Int: return store.i64();
    case Value::Kind::Float: return store.f64();
    case Value::Kind::View: case Value::Kind::Tensor: {
      DType dtype = v.kind() == Value::Kind::View ? v.as_view().dtype() : v.as_tensor().dtype();
      size_t rank = v.kind() == Value::Kind::View ? v.as_view().shape().size() : v.as_tensor().shape().size();
      return store.tensor(store.dtype_named(dtype_name(dtype)), static_cast<int64_t>(rank));
    }
    case Value::Kind::Tuple: {
      std::vector<const fx::types::Type*> items;
      for (size_t i = 0; i < v.items().size(); ++i) {
        const fx::types::Type* t = type_of(v.items()[i], m, inside(at, "item " + std::to_string(i)));
        if (!t) return nullptr;
        items.push_back(t);
      }
      return store.tuple(std::move(items));
    }
    case Value::Kind::Struct: {
      // The fields are checked against their declarations here: the type checker takes the
      // struct's declared field types on trust.
      const fx::ir::StructDecl* decl = struct_named(m, v.struct_name(), at);
      size_t i = 0;
      bool typed = true;
      for (const Value* f : fields_in_order(v, decl, at)) {
        const std::string& name = decl->fields[i].name;
        const fx::types::Type* actual = type_of(*f, m, inside(at, "field '" + name + "' of " + decl->name));
        const fx::types::Type* declared = m.compilation->checker().annotations().field_type(decl, i++);
        if (!actual) {
          typed = false;
          continue;
        }
        if (actual->kind == fx::types::TypeKind::I64 && declared->kind == fx::types::TypeKind::F64) continue;
        if (!fx::types::fits(actual, declared))
          host_error(at.loc, at.what + ": field '" + name + "' of " + decl->name + " is declared " +
                                 fx::types::to_string(declared) + ", got " + fx::types::to_string(actual));
      }
      return typed ? store.struct_type(decl) : nullptr;
    }
    case Value::Kind::Function: return nullptr;
  }
  return nullptr;
}

}  // namespace fluxion::detail

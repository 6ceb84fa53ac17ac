// fluxion._native: the pybind11 binding of the C++ embedding API (include/fluxion/). Python
// values become fluxion::Value (NumPy arrays as views of their memory, no copy) and results
// come back as Python scalars, tuples, dataclass instances and NumPy arrays that own their
// memory (docs/embedding.md "Python").
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>

#include "fluxion/fluxion.hpp"

namespace py = pybind11;
using fluxion::DType;
using fluxion::Value;

namespace {

// The Python helpers of python/fluxion: the Error class and the classes made for structs.
py::object helper(const char* module, const char* name) { return py::module_::import(module).attr(name); }

// Arguments converted for one call: the arrays that views point into stay alive until it ends.
struct CallArguments {
  std::vector<Value> values;
  std::vector<py::object> keep_alive;
};

[[noreturn]] void refuse(const fluxion::Function& f, size_t index, const std::string& message) {
  throw f.argument_error(index, message);
}

bool dtype_of(const py::dtype& dt, DType& out) {
  if (dt.kind() == 'f' && dt.itemsize() == 8) out = DType::F64;
  else if (dt.kind() == 'f' && dt.itemsize() == 4) out = DType::F32;
  else if (dt.kind() == 'i' && dt.itemsize() == 8) out = DType::I64;
  else if (dt.kind() == 'b' && dt.itemsize() == 1) out = DType::Bool;
  else return false;
  return true;
}

Value to_value(const py::handle& obj, const fluxion::Function& f, size_t index, CallArguments& call);

// A NumPy array as a view of its memory: strides that are whole elements are kept as they are
// (transposes, slices, broadcasts: no copy); unaligned, byte-swapped or oddly strided arrays
// are copied into a contiguous array first (docs/embedding.md).
Value array_value(py::array array, const fluxion::Function& f, size_t index, CallArguments& call) {
  DType dtype;
  if (!dtype_of(array.dtype(), dtype))
    refuse(f, index, "a NumPy array of dtype " + std::string(py::str(array.dtype())) +
                         " (Fluxion tensors are float64, float32, int64 or bool)");
  const ssize_t item = array.itemsize();
  bool viewable = array.dtype().attr("isnative").cast<bool>() &&
                  array.attr("flags").attr("aligned").cast<bool>();
  for (ssize_t i = 0; i < array.ndim() && viewable; ++i) viewable = array.strides(i) % item == 0;
  if (!viewable)  // a contiguous, aligned copy in the machine's byte order
    array = helper("numpy", "ascontiguousarray")(array, array.dtype().attr("newbyteorder")("="));
  std::vector<int64_t> shape, strides;
  for (ssize_t i = 0; i < array.ndim(); ++i) {
    shape.push_back(array.shape(i));
    strides.push_back(array.strides(i) / item);
  }
  call.keep_alive.push_back(array);
  return Value(fluxion::TensorView(dtype, array.data(), std::move(shape), std::move(strides)));
}

Value to_value(const py::handle& obj, const fluxion::Function& f, size_t index, CallArguments& call) {
  if (obj.is_none()) return Value();
  if (py::isinstance<py::bool_>(obj)) return Value(obj.cast<bool>());
  if (py::isinstance<py::int_>(obj)) {
    try {
      return Value(obj.cast<int64_t>());
    } catch (const py::cast_error&) {
      refuse(f, index, "the integer " + std::string(py::str(obj)) + " does not fit in an i64");
    }
  }
  if (py::isinstance<py::float_>(obj)) return Value(obj.cast<double>());
  if (py::isinstance<py::array>(obj)) return array_value(py::reinterpret_borrow<py::array>(obj), f, index, call);
  if (py::hasattr(obj, "dtype") && py::hasattr(obj, "item") && py::isinstance(obj, helper("numpy", "generic"))) {
    py::object scalar = obj.attr("item")();  // a NumPy scalar: as the Python scalar it holds
    if (py::isinstance<py::float_>(scalar) || py::isinstance<py::int_>(scalar) || py::isinstance<py::bool_>(scalar))
      return to_value(scalar, f, index, call);
  }
  if (py::isinstance<fluxion::Function>(obj)) return Value(obj.cast<fluxion::Function>());
  if (py::hasattr(obj, "_fluxion_function")) return Value(obj.attr("_fluxion_function")().cast<fluxion::Function>());
  if (py::isinstance<py::tuple>(obj)) {
    std::vector<Value> items;
    for (const py::handle& item : obj) items.push_back(to_value(item, f, index, call));
    return Value::tuple(std::move(items));
  }
  if (py::isinstance<py::list>(obj)) {  // a list literal is a tensor in Fluxion too
    py::array array = helper("numpy", "asarray")(obj);
    return array_value(array, f, index, call);
  }
  // A struct: an object whose class has the name of one of the program's structs, its fields
  // read from its dataclass fields or attributes.
  py::object fields = helper("fluxion._structs", "fields_of")(obj);
  if (!fields.is_none()) {
    std::vector<std::pair<std::string, Value>> out;
    for (const py::handle& name : fields)
      out.emplace_back(name.cast<std::string>(), to_value(obj.attr(name), f, index, call));
    return Value::structure(py::type::of(obj).attr("__name__").cast<std::string>(), std::move(out));
  }
  refuse(f, index, "a Python value of type " + py::type::of(obj).attr("__name__").cast<std::string>() +
                       " (Fluxion takes numbers, NumPy arrays, tuples and struct-like objects)");
}

py::object to_python(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::None: return py::none();
    case Value::Kind::Bool: return py::bool_(v.as_bool());
    case Value::Kind::Int: return py::int_(v.as_int());
    case Value::Kind::Float: return py::float_(v.as_float());
    case Value::Kind::Tensor: {
      // The array owns a reference to the result's storage: no copy, and nobody else holds it.
      auto* held = new fluxion::Tensor(v.as_tensor());
      py::capsule owner(held, [](void* p) { delete static_cast<fluxion::Tensor*>(p); });
      std::vector<ssize_t> shape(held->shape().begin(), held->shape().end());
      const char* format = "d";
      switch (held->dtype()) {
        case DType::F64: format = "d"; break;
        case DType::F32: format = "f"; break;
        case DType::I64: format = "q"; break;
        case DType::Bool: format = "?"; break;
      }
      return py::array(py::dtype(format), shape, const_cast<void*>(held->data()), owner);
    }
    case Value::Kind::View: return py::none();  // never a result
    case Value::Kind::Tuple: {
      py::tuple out(v.items().size());
      for (size_t i = 0; i < v.items().size(); ++i) out[i] = to_python(v.items()[i]);
      return out;
    }
    case Value::Kind::Struct: {
      py::dict fields;
      for (size_t i = 0; i < v.items().size(); ++i) fields[py::str(v.field_names()[i])] = to_python(v.items()[i]);
      return helper("fluxion._structs", "make")(v.struct_name(), fields);
    }
    case Value::Kind::Function: return py::cast(v.as_function());
  }
  return py::none();
}

py::object call(const fluxion::Function& f, const py::args& args) {
  CallArguments call;
  call.values.reserve(args.size());
  for (size_t i = 0; i < args.size(); ++i) call.values.push_back(to_value(args[i], f, i, call));
  Value result;
  {
    py::gil_scoped_release unlocked;  // other Python threads run while Fluxion computes
    result = f.call(call.values.data(), call.values.size());
  }
  return to_python(result);
}

fluxion::Argnums argnums_of(const py::object& argnums) {
  if (py::isinstance<py::int_>(argnums)) return fluxion::Argnums(argnums.cast<int>());
  return fluxion::Argnums(argnums.cast<std::vector<int>>(), true);
}

fluxion::Options options_of(const std::string& engine, const std::string& cache_dir, bool check_nan) {
  fluxion::Options o;
  if (engine == "interpreter") o.engine = fluxion::Engine::Interpreter;
  else if (engine == "native") o.engine = fluxion::Engine::Native;
  else if (engine != "auto") throw py::value_error("engine must be 'auto', 'interpreter' or 'native', not '" + engine + "'");
  o.cache_dir = cache_dir;
  o.check_nan = check_nan;
  return o;
}

}  // namespace

PYBIND11_MODULE(_native, m) {
  m.doc() = "Fluxion's embedding API (docs/embedding.md); use the package `fluxion`.";

  static py::object error_class = helper("fluxion._errors", "Error");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const fluxion::Error& e) {
      static const char* kinds[] = {"compile", "runtime", "internal"};
      py::object error = error_class(e.diagnostic(), e.file(), e.line(), e.column(), e.message(),
                                     kinds[static_cast<int>(e.kind())]);
      PyErr_SetObject(error_class.ptr(), error.ptr());
    }
  });

  py::class_<fluxion::Function>(m, "Function")
      .def("__call__", &call)
      .def_property_readonly("name", &fluxion::Function::name)
      .def_property_readonly("arity", &fluxion::Function::arity)
      .def("backend", [](const fluxion::Function& f, const py::args& args) {
        CallArguments c;
        for (size_t i = 0; i < args.size(); ++i) c.values.push_back(to_value(args[i], f, i, c));
        return std::string(fluxion::backend_name(f.backend(c.values)));
      })
      .def("source", &fluxion::Function::source)
      .def("emit_c", [](const fluxion::Function& f, const py::args& args) {
        CallArguments c;
        for (size_t i = 0; i < args.size(); ++i) c.values.push_back(to_value(args[i], f, i, c));
        return f.emit_c(c.values);
      })
      .def("__repr__", [](const fluxion::Function& f) { return "<fluxion function " + f.name() + ">"; });

  // A function looked up once is kept in the module object's __dict__: later lookups find it
  // there, with its compiled specialisations (the fast path of a call).
  py::class_<fluxion::Module>(m, "Module", py::dynamic_attr())
      .def("__getattr__", [](py::object self, const std::string& name) {
        const auto& mod = self.cast<const fluxion::Module&>();
        if (name.rfind("__", 0) == 0 || !mod.has_function(name))
          throw py::attribute_error("the Fluxion module has no function '" + name + "'");
        py::object fn = py::cast(mod.function(name));
        self.attr("__dict__")[py::str(name)] = fn;
        return fn;
      })
      .def("__dir__", &fluxion::Module::function_names)
      .def("functions", &fluxion::Module::function_names)
      .def("eval", [](const fluxion::Module& mod, const std::string& expr) { return to_python(mod.eval(expr)); });

  // What bench/embedding/call_overhead.py measures a call against: pybind11's own cost.
  m.def("_pybind11_baseline", [](const py::args&) { return 0.0; });

  m.def("load", [](const std::string& path, const std::string& engine, const std::string& cache_dir, bool check_nan) {
        return fluxion::Module::load(path, options_of(engine, cache_dir, check_nan));
      }, py::arg("path"), py::arg("engine") = "auto", py::arg("cache_dir") = "", py::arg("check_nan") = false);
  m.def("loads", [](const std::string& source, const std::string& name, const std::string& engine,
                    const std::string& cache_dir, bool check_nan) {
        return fluxion::Module::loads(source, name, options_of(engine, cache_dir, check_nan));
      }, py::arg("source"), py::arg("name") = "<string>", py::arg("engine") = "auto", py::arg("cache_dir") = "",
      py::arg("check_nan") = false);

  m.def("grad", [](const fluxion::Function& f, const py::object& a) { return fluxion::grad(f, argnums_of(a)); });
  m.def("value_and_grad", [](const fluxion::Function& f, const py::object& a) { return fluxion::value_and_grad(f, argnums_of(a)); });
  m.def("jacfwd", [](const fluxion::Function& f, const py::object& a) { return fluxion::jacfwd(f, argnums_of(a)); });
  m.def("jacrev", [](const fluxion::Function& f, const py::object& a) { return fluxion::jacrev(f, argnums_of(a)); });
  m.def("hessian", [](const fluxion::Function& f, const py::object& a) { return fluxion::hessian(f, argnums_of(a)); });
  m.def("jvp", [](const fluxion::Function& f, const py::tuple& primals, const py::tuple& tangents) {
    CallArguments c;
    std::vector<Value> p, t;
    for (size_t i = 0; i < primals.size(); ++i) p.push_back(to_value(primals[i], f, i, c));
    for (size_t i = 0; i < tangents.size(); ++i) t.push_back(to_value(tangents[i], f, i, c));
    Value result;
    {
      py::gil_scoped_release unlocked;
      result = fluxion::jvp(f, p, t);
    }
    return to_python(result);
  });
  m.def("vjp", [](const fluxion::Function& f, const py::args& primals) {
    CallArguments c;
    for (size_t i = 0; i < primals.size(); ++i) c.values.push_back(to_value(primals[i], f, i, c));
    std::optional<std::pair<Value, fluxion::Function>> result;
    {
      py::gil_scoped_release unlocked;
      result.emplace(fluxion::vjp(f, c.values));
    }
    return py::make_tuple(to_python(result->first), result->second);
  });
}

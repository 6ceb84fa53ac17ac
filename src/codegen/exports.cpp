#include "codegen/exports.hpp"

#include <cctype>
#include <tuple>

#include "codegen/c_names.hpp"
#include "codegen/unsupported.hpp"
#include "interp/format.hpp"

namespace fx::codegen {

using types::Type;
using types::TypeKind;

namespace {

std::string join(const std::vector<std::string>& parts, const std::string& sep = ", ") {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
  return out;
}

// A source name as a public C name: itself when it is one, with `_` appended to a keyword.
std::string public_name(const std::string& source) {
  std::string s = sanitise(source);
  return s.empty() || is_c_keyword(s) ? s + "_" : s;
}

// The runtime's dtype constant of a tensor's elements (tensor_abi.h); -1: any (not known).
std::string dtype_constant(const Type* dtype) {
  if (!dtype) return "-1";
  switch (dtype->kind) {
    case TypeKind::F64: return "FX_F64";
    case TypeKind::F32: return "FX_F32";
    case TypeKind::I64: return "FX_I64";
    case TypeKind::Bool: return "FX_BOOL";
    default: return "-1";
  }
}

std::string place(SourceLoc loc) {
  if (!loc.valid()) return "";
  return loc.file->path + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col);
}

bool is_nothing(const Type* t) { return t->kind == TypeKind::None || t->kind == TypeKind::Bottom; }

}  // namespace

CInterface::CInterface(CTypes& internal, std::string prefix, std::string source)
    : internal_(internal), prefix_(std::move(prefix)), source_(std::move(source)) {}

std::string CInterface::public_type(const Type* t, SourceLoc at, const std::string& what) {
  switch (t->kind) {
    case TypeKind::F64: return "double";
    case TypeKind::I64: return "int64_t";
    case TypeKind::Bool: return "bool";
    case TypeKind::F32:
    case TypeKind::Tensor: return "const fx_tensor*";
    case TypeKind::Tuple:
    case TypeKind::Struct: return declare(t, at, what);
    default:
      unsupported(at, what + " of type " + to_string(t) +
                          " in an exported function (numbers, tensors, tuples and structs of them have a C form)");
  }
}

std::vector<CInterface::Field> CInterface::fields(const Type* t) {
  std::vector<Field> out;
  if (t->kind == TypeKind::Tuple) {
    for (size_t i = 0; i < t->elems.size(); ++i) {
      std::string e = "e" + std::to_string(i);
      out.push_back({e, e, t->elems[i], "item " + std::to_string(i)});
    }
  } else {
    const ir::StructDecl* d = t->struct_decl;
    for (size_t i = 0; i < d->fields.size(); ++i)
      out.push_back({public_name(d->fields[i].name), CTypes::field_name(d->fields[i].name), internal_.field_type(d, i),
                     "field '" + d->fields[i].name + "'"});
  }
  return out;
}

std::string CInterface::declare(const Type* t, SourceLoc at, const std::string& what) {
  if (auto it = names_.find(t); it != names_.end()) return it->second;
  std::string members;
  for (const Field& f : fields(t)) members += "  " + public_type(f.type, at, what + ", " + f.label) + " " + f.public_name + ";\n";
  std::string name = t->kind == TypeKind::Tuple ? prefix_ + "_tuple" + std::to_string(++tuples_)
                                                : prefix_ + "_" + sanitise(t->struct_decl->name);
  if (members.empty()) members = "  char unused; /* no fields */\n";
  types_ += "/* " + to_string(t) + " */\ntypedef struct " + name + " {\n" + members + "} " + name + ";\n\n";
  names_[t] = name;
  return name;
}

std::string CInterface::check_argument(const Type* t, const std::string& value, const std::string& what,
                                       const std::string& loc) {
  switch (t->kind) {
    case TypeKind::F32:
    case TypeKind::Tensor: {
      const bool f32 = t->kind == TypeKind::F32;
      return "  if ((refused = fx_rt_check_argument(" + value + ", " + (f32 ? "FX_F32" : dtype_constant(t->dtype)) + ", " +
             std::to_string(f32 ? 0 : t->rank) + ", " + quote_c(what) + "))) fx_fail(" + loc + ", refused);\n";
    }
    case TypeKind::Tuple:
    case TypeKind::Struct: {
      std::string code;
      for (const Field& f : fields(t)) code += check_argument(f.type, value + "." + f.internal_name, what + ", " + f.label, loc);
      return code;
    }
    default: return "";
  }
}

std::string CInterface::to_host(const Type* t, const std::string& value, const std::string& target,
                                const std::string& loc) {
  switch (t->kind) {
    case TypeKind::F32:
    case TypeKind::Tensor:
      return "  if (!(" + target + " = fx_rt_tensor_to_host(" + value + "))) fx_fail(" + loc + ", \"out of memory\");\n";
    case TypeKind::Tuple:
    case TypeKind::Struct: {
      std::string code;
      for (const Field& f : fields(t)) code += to_host(f.type, value + "." + f.internal_name, target + "." + f.internal_name, loc);
      return code;
    }
    default: return "  " + target + " = " + value + ";\n";
  }
}

CInterface::Function CInterface::function(const std::string& name, const ir::Graph* entry, const std::string& internal_fn,
                                          const std::function<std::string(SourceLoc)>& loc_id) {
  const std::string shown = interp::function_display_name(*entry);
  const Type* ret = entry->output->type;
  // The header declares the public types; the C file the generated code's own, which have the
  // same layout (the same members in the same order), so the call needs no conversion.
  std::vector<std::string> declared, defined, args, written;
  std::string checks;
  for (size_t i = 0; i < entry->params.size(); ++i) {
    const ir::Node* p = entry->params[i];
    const std::string what = "argument " + std::to_string(i + 1) + " (" + p->name + ") of " + name;
    const std::string arg = "arg" + std::to_string(i);
    declared.push_back(public_type(p->type, p->loc, "a parameter") + " " + public_name(p->name));
    defined.push_back(internal_.name(p->type) + " " + arg);
    args.push_back(arg);
    checks += check_argument(p->type, arg, what, loc_id(p->loc));
    written.push_back(p->name + ": " + to_string(p->type));
  }
  std::string conversion;
  if (!is_nothing(ret)) {
    declared.push_back(public_type(ret, entry->loc, "a result") + "* result");
    defined.push_back(internal_.name(ret) + "* out_");
    conversion = to_host(ret, "result_", "(*out_)", loc_id(entry->loc));
    checks += "  if (!out_) fx_fail(" + loc_id(entry->loc) + ", " + quote_c(name + ": the result pointer is NULL") + ");\n";
  }
  Function f;
  f.comment = "/* " + name + ": " + shown + "(" + join(written) + ") -> " + to_string(ret) + ", " + place(entry->loc) + " */\n";
  prototypes_.push_back(f.comment + "int " + name + "(" + (declared.empty() ? "void" : join(declared)) + ");\n");
  // The symbol is the export's name; the C identifier is the library's own, so that no export
  // name can meet a name of the generated code or a macro of the C headers it includes.
  const std::string c_name = "fx_export_" + std::to_string(prototypes_.size());
  const std::string params = defined.empty() ? "void" : join(defined);
  f.prototype = "int " + c_name + "(" + params + ") __asm__(" + quote_c(name) + ");\n";
  f.definition = "__attribute__((visibility(\"default\"))) int " + c_name + "(" + params + ")";
  f.body = (checks.empty() ? "" : "  const char* refused;\n" + checks) + "  " + internal_.name(ret) + " result_ = " +
           internal_fn + "(" + join(args) + ");\n" + (conversion.empty() ? internal_.release(ret, "result_") : conversion) +
           "  (void)result_;\n";
  return f;
}

std::string CInterface::declarations() const {
  const std::string& p = prefix_;
  return types_ +
         "/* Wrap the host's row-major array as a tensor argument, without a copy: the array must stay\n"
         " * alive and unchanged while the tensor is used (the library never writes to it). NULL when it\n"
         " * cannot be wrapped (" + p + "_error_message() says why). Give it back with " + p + "_release. */\n"
         "const fx_tensor* " + p + "_wrap_f64(const double* data, int64_t rank, const int64_t* shape);\n"
         "const fx_tensor* " + p + "_wrap_f32(const float* data, int64_t rank, const int64_t* shape);\n"
         "const fx_tensor* " + p + "_wrap_i64(const int64_t* data, int64_t rank, const int64_t* shape);\n"
         "const fx_tensor* " + p + "_wrap_bool(const bool* data, int64_t rank, const int64_t* shape);\n"
         "/* Give back a tensor: a wrapped array, or a tensor result (which is the host's, contiguous and\n"
         " * row-major: read it through ->data, ->shape and ->size). NULL is ignored. */\n"
         "void " + p + "_release(const fx_tensor* t);\n"
         "/* After a function returned " + p + "_ERROR on this thread: what went wrong (\"integer division by\n"
         " * zero\", ...) and where in the Fluxion source (\"model.fx:12:9\", or \"\" when it has no place). */\n"
         "const char* " + p + "_error_message(void);\n"
         "const char* " + p + "_error_location(void);\n\n" +
         join(prototypes_, "");
}

std::string CInterface::helper_definitions(const std::vector<SourceLoc>& locs) const {
  const std::string& p = prefix_;
  // As for the exports, the symbols carry the prefix and the C identifiers are the library's.
  auto helper = [&](const std::string& result, const std::string& name, const std::string& params, const std::string& body) {
    const std::string c_name = "fx_library_" + name;
    return result + " " + c_name + "(" + params + ") __asm__(" + quote_c(p + "_" + name) + ");\n" +
           "__attribute__((visibility(\"default\"))) " + result + " " + c_name + "(" + params + ") {\n  " + body + "\n}\n";
  };
  std::string places;
  for (SourceLoc loc : locs) places += "  " + quote_c(place(loc)) + ",\n";
  std::string text = "/* The library's helpers (" + p + ".h). */\n";
  for (auto [suffix, c_type, dtype] : {std::tuple{"f64", "double", "FX_F64"}, std::tuple{"f32", "float", "FX_F32"},
                                        std::tuple{"i64", "int64_t", "FX_I64"}, std::tuple{"bool", "bool", "FX_BOOL"}})
    text += helper("const fx_tensor*", std::string("wrap_") + suffix,
                   std::string("const ") + c_type + "* data, int64_t rank, const int64_t* shape",
                   std::string("return fx_rt_host_wrap(") + dtype + ", (void*)data, rank, shape);");
  text += helper("void", "release", "const fx_tensor* t", "fx_rt_host_release(t);");
  text += helper("const char*", "error_message", "void", "return fx_rt_error_message();");
  text += "/* Where each location id of this program is in the source. */\nstatic const char* const fx_places[] = {\n" +
          places + "  \"\"\n};\n";
  text += helper("const char*", "error_location", "void",
                 "int64_t at = fx_rt_error_loc();\n"
                 "  return at >= 0 && at < (int64_t)(sizeof fx_places / sizeof fx_places[0]) ? fx_places[at] : \"\";");
  return text;
}

std::string CInterface::header(const std::string& tensor_abi) const {
  std::string guard = "FLUXION_AOT_" + prefix_ + "_H";
  for (char& c : guard) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return "/* " + prefix_ + ".h: the C interface of the library fluxion compiled from " + source_ +
         " (fluxion compile; docs/codegen.md \"AOT libraries\").\n"
         " * Every exported function returns " + prefix_ + "_OK, or " + prefix_ +
         "_ERROR after a run-time error (see " + prefix_ + "_error_message);\n"
         " * its result is written only on success. Scalars are double, int64_t and bool; tensors\n"
         " * const fx_tensor*; tuples and structs the structs below, passed by value. Functions may be\n"
         " * called from several threads. */\n#ifndef " + guard + "\n#define " + guard + "\n\n#include <stdbool.h>\n#include <stdint.h>\n\n" +
         tensor_abi + "\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\nenum { " + prefix_ + "_OK = 0, " + prefix_ +
         "_ERROR = 2 };\n\n" + declarations() + "\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* " + guard + " */\n";
}

}  // namespace fx::codegen

#include "codegen/c_types.hpp"

#include "codegen/unsupported.hpp"
#include "interp/format.hpp"

namespace fx::codegen {

using types::Type;
using types::TypeKind;

namespace {


std::string c_string(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\' || c == '?') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char oct[8];
      std::snprintf(oct, sizeof oct, "\\%03o", c);
      out += oct;
    }
  }
  return out + "\"";
}

// Tuples of one length are one alternative of a union of tuples (expand/value_types.cpp
// joins them), whose parts convert.
bool same_alternative(const Type* a, const Type* b) {
  return a->kind == TypeKind::Tuple && b->kind == TypeKind::Tuple && a->elems.size() == b->elems.size();
}

// Are values of a and b laid out alike in C? Tensors are one representation for every rank and
// extent, a closure is its env, and tuples, stacks and unions alike part by part are alike.
// (A recursion's pullback built by its first call, whose tape holds tensors of known extents,
// is handed to the closure type of every call, whose env has them unknown: GradBench's det.)
bool same_layout(const Type* a, const Type* b) {
  if (a == b || (held_as_tensor(a) && held_as_tensor(b))) return true;
  if (a->kind == TypeKind::Explicit) return same_layout(a->elems[0], b);
  if (b->kind == TypeKind::Explicit) return same_layout(a, b->elems[0]);
  if (a->kind != b->kind || a->elems.size() != b->elems.size()) return false;
  if (a->kind == TypeKind::Recursive) return a->graph == b->graph;
  if (a->kind != TypeKind::Tuple && a->kind != TypeKind::List && a->kind != TypeKind::Union) return false;
  for (size_t i = 0; i < a->elems.size(); ++i)
    if (!same_layout(a->elems[i], b->elems[i])) return false;
  return true;
}

bool is_record(const Type* t) {
  return t->kind == TypeKind::Tuple || t->kind == TypeKind::Struct || t->kind == TypeKind::Closure;
}

}  // namespace

std::string quote_c(const std::string& s) { return c_string(s); }

// Each line of `code` indented by `spaces`.
std::string indent_lines(const std::string& code, size_t spaces) {
  std::string out;
  for (size_t start = 0, end; start < code.size(); start = end + 1) {
    end = code.find('\n', start);
    if (end == std::string::npos) end = code.size();
    out += std::string(spaces, ' ') + code.substr(start, end - start) + "\n";
  }
  return out;
}

bool held_as_tensor(const Type* t) { return t->kind == TypeKind::Tensor || t->kind == TypeKind::F32; }

CTypes::CTypes(GlobalNames& names, types::Annotations& annotations, EnvLayout env, SourceLoc where)
    : names_(names), annotations_(annotations), env_(std::move(env)), where_(where) {}

std::string CTypes::field_name(const std::string& source_name) { return sanitise(source_name) + "_"; }

std::string CTypes::name(const Type* t) {
  if (!t) unsupported(where_, "a value whose type is not known");
  switch (t->kind) {
    case TypeKind::Bottom:
    case TypeKind::None:
    case TypeKind::PrimFn:
    case TypeKind::Constructor: return "fx_none";
    case TypeKind::Bool: return "bool";
    case TypeKind::I64: return "int64_t";
    case TypeKind::F64: return "double";
    case TypeKind::Str: return "const char*";
    case TypeKind::Tuple:
    case TypeKind::Struct:
    case TypeKind::Enum:
    case TypeKind::Closure:
    case TypeKind::Union: {
      auto it = names_of_.find(t);
      return it != names_of_.end() ? it->second : declare(t);
    }
    case TypeKind::F32:  // a rank-0 f32 tensor, as in the interpreter
    case TypeKind::Tensor: return "fx_tensor*";
    case TypeKind::Derived: unsupported(where_, "derivatives (" + to_string(t) + ")");
    case TypeKind::Explicit: return name(t->elems[0]);  // the code is known from the type
    case TypeKind::Recursive:
    case TypeKind::RecursiveTangent: {
      auto it = names_of_.find(t);
      return it != names_of_.end() ? it->second : declare_recursive(t);
    }
    case TypeKind::List: {
      auto it = names_of_.find(t);
      return it != names_of_.end() ? it->second : declare_list(t);
    }
  }
  unsupported(where_, "the type " + to_string(t));
}

std::vector<std::pair<std::string, const Type*>> CTypes::fields_of(const Type* t) {
  std::vector<std::pair<std::string, const Type*>> fields;
  if (t->kind == TypeKind::Tuple) {
    for (size_t i = 0; i < t->elems.size(); ++i) fields.emplace_back("e" + std::to_string(i), t->elems[i]);
  } else if (t->kind == TypeKind::Struct) {
    for (size_t i = 0; i < t->struct_decl->fields.size(); ++i)
      fields.emplace_back(field_name(t->struct_decl->fields[i].name), annotations_.field_type(t->struct_decl, i));
  } else if (t->kind == TypeKind::Closure) {
    for (const ir::Node* fv : env_(t)) fields.emplace_back(local_name(fv->name, fv->id), fv->type);
  }
  return fields;
}

std::string CTypes::declare(const Type* t) {
  if (!declaring_.insert(t).second) unsupported(where_, "a value that contains itself (" + to_string(t) + ")");
  std::string c_name;
  if (t->kind == TypeKind::Enum) {
    c_name = declare_enum(t);
  } else if (t->kind == TypeKind::Union) {
    c_name = declare_union(t);
  } else if (t->kind == TypeKind::Tuple) {
    c_name = declare_record(t, names_.make("T_", std::to_string(t->elems.size())), fields_of(t), to_string(t));
  } else if (t->kind == TypeKind::Struct) {
    c_name = declare_record(t, names_.make("S_", t->struct_decl->name), fields_of(t), "struct " + t->struct_decl->name);
  } else {
    c_name = declare_record(t, names_.make("C_", interp::function_display_name(*t->graph)), fields_of(t),
                            "the captured values of " + to_string(t));
  }
  declaring_.erase(t);
  return c_name;
}

std::string CTypes::declare_record(const Type* t, const std::string& c_name,
                                   const std::vector<std::pair<std::string, const Type*>>& fields,
                                   const std::string& note) {
  std::string body;
  for (const auto& [field, type] : fields) body += "  " + name(type) + " " + field + ";\n";
  // A record without fields (`()`, the unread result parts dead-results leaves, a closure
  // that captured nothing) is an empty struct, which GNU C lays out in no bytes: a loop's tape
  // entry `((), f64)` is the f64 alone. ((T){0} of it is an excess initializer, which -w
  // silences; its value is the same.)
  defs_ += "/* " + note + " */\ntypedef struct " + c_name + " {\n" + body + "} " + c_name + ";\n";
  names_of_[t] = c_name;
  return c_name;
}

// One of several functions: a tag (the alternative's index in t->elems) and the alternative's
// captured values. Or one of several tuples (the tangents of one of several functions,
// expand/value_types.cpp): a tag and the tuple.
std::string CTypes::declare_union(const Type* t) {
  std::string body;
  const bool tuples = t->elems.front()->kind == TypeKind::Tuple;
  for (size_t k = 0; k < t->elems.size(); ++k) {
    const Type* m = t->elems[k];
    const bool function = m->kind == TypeKind::Closure || m->kind == TypeKind::PrimFn || m->kind == TypeKind::Explicit ||
                          m->kind == TypeKind::Recursive;
    if (tuples ? m->kind != TypeKind::Tuple : !function)
      unsupported(where_, "a value that is one of several functions (" + to_string(t) + ")");
    body += "    " + name(m) + " m" + std::to_string(k) + ";\n";
  }
  std::string c_name = names_.make("U_", tuples ? "tuple" : "function");
  defs_ += "/* " + to_string(t) + ": the tag says which */\ntypedef struct " + c_name + " {\n  int64_t tag;\n  union {\n" + body +
           "  } as;\n} " + c_name + ";\n";
  names_of_[t] = c_name;
  return c_name;
}

// A stack (a reverse-mode loop's tape): the first n elements of a growable array that its
// holders share, by value {box, n}; {0, 0} is the empty stack. Pushing onto a stack that is its
// array's top appends in place (holders of shorter stacks do not see the new elements), so a
// loop's tape is one array that doubles as it grows, not a cell per iteration, and popping
// only shortens the view. The elements live in a box of their own (at), which only the
// array's box points to, so that it may move when it grows; both are counted boxes, so that
// an error frees them at the entry point (fx_free_live_boxes).
std::string CTypes::declare_list(const Type* t) {
  std::string c_name = names_.make("L_", "stack");
  names_of_[t] = c_name;
  defs_ += "typedef struct " + c_name + "_box " + c_name + "_box;\n";
  defs_ += "/* " + to_string(t) + " */\ntypedef struct " + c_name + " {\n  " + c_name + "_box* box;\n  int64_t n;\n} " +
           c_name + ";\n";
  const std::string elem = name(t->elems[0]);
  defs_ += "typedef struct " + c_name + "_at {\n  fx_box box;\n  " + elem + " at[];\n} " + c_name + "_at;\n";
  defs_ += "struct " + c_name + "_box {\n  fx_box box;\n  int64_t len, cap;\n  " + c_name + "_at* data;\n};\n";
  return c_name;
}

// A closure of a code that recurs (a recursion's pullback): a pointer to a counted box holding
// its env, whose type may hold closures of the same code (pointers again), as recursive enums do.
//
// The tangent of such a closure (RecursiveTangent) is boxed alike: a pointer to a counted box
// holding the tuple it is (boxed_tuple), which may hold the tangent of the closure inside.
std::string CTypes::declare_recursive(const Type* t) {
  const Type* env = boxed(t);
  if (!env) unsupported(where_, "a recursive closure whose env is not known");
  std::string c_name = names_.make(t->kind == TypeKind::Recursive ? "R_" : "RT_", t->graph->name);
  names_of_[t] = c_name;  // before the env, which may hold it
  defs_ += "/* " + to_string(t) + " */\ntypedef struct " + c_name + "_box* " + c_name + ";\n";
  // The box after every type (text()): its env may hold the type being declared that holds it.
  boxes_.emplace_back(c_name, env);
  return c_name;
}

// The helper that pushes x onto the stack l of type t (x borrowed; l borrowed, or handed over
// when `take` is true; a new reference back).
std::string CTypes::push(const Type* t) { return helper("push", t); }
std::string CTypes::tape(const Type* t) { return helper("tape", t); }
std::string CTypes::linear_push(const Type* t) { return helper("linear_push", t); }
std::string CTypes::linear_tape(const Type* t) { return helper("linear_tape", t); }

std::string CTypes::declare_enum(const Type* t) {
  const ir::EnumDecl* decl = t->enum_decl;
  std::string c_name = names_.make("E_", decl->name);
  names_of_[t] = c_name;  // before the fields: a variant may hold the enum itself
  defs_ += "typedef struct " + c_name + "_box* " + c_name + ";\n";
  declaring_.erase(t);
  std::string body;
  for (const auto& v : decl->variants) {
    if (v->fields.empty()) continue;
    body += "    struct {";
    for (size_t i = 0; i < v->fields.size(); ++i)
      body += " " + name(annotations_.field_type(v.get(), i)) + " " + field_name(v->fields[i].name) + ";";
    body += " } " + CTypes::field_name(v->name) + ";\n";
  }
  defs_ += "/* enum " + decl->name + ": a counted box, tag = the variant's index */\nstruct " + c_name +
           "_box {\n  fx_box box;\n  int64_t tag;\n" + (body.empty() ? "" : "  union {\n" + body + "  } as;\n") + "};\n";
  return c_name;
}

const Type* CTypes::boxed(const Type* t) const {
  if (t->kind == TypeKind::Recursive) return annotations_.store().recursive_env(t->graph);
  if (t->kind == TypeKind::RecursiveTangent) return annotations_.store().recursive_tangent_env(t->graph);
  return nullptr;
}

bool CTypes::managed(const Type* t) {
  if (t->kind == TypeKind::Explicit) return managed(t->elems[0]);
  if (t->kind == TypeKind::List || t->kind == TypeKind::Recursive || t->kind == TypeKind::RecursiveTangent) return true;
  if (t->kind == TypeKind::Enum || t->kind == TypeKind::Str || held_as_tensor(t)) return true;
  if (t->kind == TypeKind::Union) {
    for (const Type* m : t->elems)
      if (managed(m)) return true;
    return false;
  }
  if (!is_record(t)) return false;
  name(t);  // declared, so that fields_of can be read
  for (const auto& [field, type] : fields_of(t))
    if (managed(type)) return true;
  return false;
}

std::string CTypes::convert(const std::string& value, const Type* from, const Type* to) {
  if (makes_references(from, to))
    unsupported(where_, "a " + to_string(from) + " where a " + to_string(to) + " is expected, inside a value built of parts");
  return convert_parts(value, from, to);
}

bool CTypes::makes_references(const Type* from, const Type* to) {
  if (from == to) return false;
  if (types::is_number(from) || from->kind == TypeKind::Bool) return to->kind == TypeKind::Tensor;
  if (from->kind == TypeKind::Tuple && to->kind == TypeKind::Tuple && from->elems.size() == to->elems.size())
    for (size_t i = 0; i < to->elems.size(); ++i)
      if (makes_references(from->elems[i], to->elems[i])) return true;
  return false;
}

// A GNU statement expression: the parts of `value` counted once more, then converted.
std::string CTypes::convert_owned(const std::string& value, const Type* from, const Type* to) {
  return "({ " + retain(from, value) + name(to) + " owned_ = " + convert_parts(value, from, to) + "; owned_; })";
}

std::string CTypes::convert_parts(const std::string& value, const Type* from, const Type* to) {
  if (from == to) return value;
  // One code, or sibling clones' codes (closure_at), which share their env's layout.
  if (from->kind == TypeKind::Explicit && to->kind == TypeKind::Explicit)
    return convert_parts(value, from->elems[0], to->elems[0]);
  // A closure is its env: make_closure and closure_env convert between the two.
  if (from->kind == TypeKind::Explicit && to->kind != TypeKind::Explicit && to->kind != TypeKind::Union)
    return convert_parts(value, from->elems[0], to);
  if (to->kind == TypeKind::Explicit && from->kind != TypeKind::Explicit) return convert_parts(value, from, to->elems[0]);
  // The empty stack of a loop's first iteration, before anything was pushed.
  if (from->kind == TypeKind::List && to->kind == TypeKind::List && from->elems[0]->kind == TypeKind::Bottom)
    return zero(to);
  if (to->kind == TypeKind::Union)  // one of the alternatives, tagged
    for (size_t k = 0; k < to->elems.size(); ++k)
      if (to->elems[k] == from || same_alternative(from, to->elems[k]))
        return "(" + name(to) + "){.tag = " + std::to_string(k) + ", .as.m" + std::to_string(k) + " = " +
               convert_parts(value, from, to->elems[k]) + "}";
  if (from->kind == TypeKind::Union && to->kind == TypeKind::Union) return convert_union(value, from, to);
  if (from->kind == TypeKind::Union && to->kind == TypeKind::Tuple) return narrow_union(value, from, to);
  if (to->kind == TypeKind::Tensor && from->kind == TypeKind::F64) return "fx_rt_tensor_of_f64(" + value + ")";
  if (to->kind == TypeKind::Tensor && from->kind == TypeKind::I64) return "fx_rt_tensor_of_i64(" + value + ")";
  if (to->kind == TypeKind::Tensor && from->kind == TypeKind::Bool) return "fx_rt_tensor_of_bool(" + value + ")";
  if (from->kind == TypeKind::Bottom) return zero(to);
  if (held_as_tensor(from) && held_as_tensor(to)) return value;  // one representation for every rank and extent
  // A stack whose elements are laid out alike: the same box, its elements read as to's.
  if (from->kind == TypeKind::List && to->kind == TypeKind::List && same_layout(from->elems[0], to->elems[0]))
    return "({ " + name(from) + " from_ = " + value + "; (" + name(to) + "){.box = (" + name(to) + "_box*)from_.box, .n = from_.n}; })";
  if (from->kind == TypeKind::Tuple && to->kind == TypeKind::Tuple && from->elems.size() == to->elems.size()) {
    std::string out = "(" + name(to) + "){";
    for (size_t i = 0; i < to->elems.size(); ++i)
      out += (i ? ", " : "") + convert_parts(value + ".e" + std::to_string(i), from->elems[i], to->elems[i]);
    return out + (to->elems.empty() ? "0}" : "}");
  }
  unsupported(where_, "a value of type " + to_string(from) + " where a " + to_string(to) + " is expected");
}

// One of several functions where a wider union of them is expected (a tensor's extents
// forgotten in an env, the alternatives of a recursion's pullback at one call and at the
// next): each alternative becomes the one of the same code, tag by tag.
std::string CTypes::convert_union(const std::string& value, const Type* from, const Type* to) {
  auto same_code = [](const Type* a, const Type* b) {
    if (a == b || same_alternative(a, b)) return true;
    const bool converted = (a->kind == TypeKind::Explicit || a->kind == TypeKind::Recursive) && a->kind == b->kind;
    return converted && a->graph == b->graph;
  };
  return convert_members(value, from, to, [&](const Type* a) -> const Type* {
    for (const Type* b : to->elems)
      if (same_code(a, b)) return b;
    return nullptr;
  });
}

std::string CTypes::convert_members(const std::string& value, const Type* from, const Type* to,
                                    const std::function<const Type*(const Type*)>& member_of) {
  const std::string u = temporary("u"), r = temporary("r");
  std::string cases;
  for (size_t k = 0; k < from->elems.size(); ++k) {
    const Type* target = member_of(from->elems[k]);
    size_t j = 0;
    while (j < to->elems.size() && to->elems[j] != target) ++j;
    if (j == to->elems.size())
      unsupported(where_, "a value of type " + to_string(from) + " where a " + to_string(to) + " is expected");
    const std::string member = convert_parts(u + ".as.m" + std::to_string(k), from->elems[k], to->elems[j]);
    cases += "case " + std::to_string(k) + ": " + r + " = (" + name(to) + "){.tag = " + std::to_string(j) + ", .as.m" +
             std::to_string(j) + " = " + member + "}; break; ";
  }
  return "({ " + name(from) + " " + u + " = " + value + "; " + name(to) + " " + r + " = {0}; switch (" + u + ".tag) { " + cases +
         "} " + r + "; })";
}

// One of several tuples where the one of to's length is expected: a pullback's cotangent,
// which the dispatch calling that pullback passes as the union and which is the tangent of
// that pullback's env (expand/value_types.cpp, `narrowed`). Another tag is a bug of the
// compiler, stopped here.
std::string CTypes::narrow_union(const std::string& value, const Type* from, const Type* to) {
  size_t k = 0;
  while (k < from->elems.size() && !same_alternative(from->elems[k], to)) ++k;
  if (k == from->elems.size() || !loc_id_)
    unsupported(where_, "a value of type " + to_string(from) + " where a " + to_string(to) + " is expected");
  const std::string u = temporary("u");
  const std::string member = u + ".as.m" + std::to_string(k);
  return "({ " + name(from) + " " + u + " = " + value + "; if (" + u + ".tag != " + std::to_string(k) + ") fx_fail(" +
         loc_id_(where_) + ", " + c_string("internal error: a cotangent of another structure than its pullback's env") +
         "); " + convert_parts(member, from->elems[k], to) + "; })";
}

std::string CTypes::zero(const Type* t) {
  if (t->kind == TypeKind::Explicit) return zero(t->elems[0]);
  if (is_record(t) || t->kind == TypeKind::Union || t->kind == TypeKind::List) return "(" + name(t) + "){0}";
  if (t->kind == TypeKind::Enum) return "(" + name(t) + ")0";
  if (t->kind == TypeKind::Str) return "\"\"";
  return "(" + name(t) + ")0";
}

std::string CTypes::retain(const Type* t, const std::string& value) {
  if (t->kind == TypeKind::Explicit) return retain(t->elems[0], value);
  if (held_as_tensor(t)) return "fx_rt_tensor_retain(" + value + ");\n";
  if (t->kind == TypeKind::Str) return "fx_rt_str_retain(" + value + ");\n";
  return managed(t) ? helper("retain", t) + "(" + value + ");\n" : "";
}

std::string CTypes::release(const Type* t, const std::string& value) {
  if (t->kind == TypeKind::Explicit) return release(t->elems[0], value);
  if (held_as_tensor(t)) return "fx_rt_tensor_release(" + value + ");\n";
  if (t->kind == TypeKind::Str) return "fx_rt_str_release(" + value + ");\n";
  return managed(t) ? helper("release", t) + "(" + value + ");\n" : "";
}

std::string CTypes::put(const Type* t, const std::string& value) {
  switch (t->kind) {
    case TypeKind::F64: return "fx_rt_put_f64(" + value + ");\n";
    case TypeKind::I64: return "fx_rt_put_i64(" + value + ");\n";
    case TypeKind::Bool: return "fx_rt_put_bool(" + value + ");\n";
    case TypeKind::Str: return "fx_rt_put_str(" + value + ");\n";
    case TypeKind::None: return "fx_rt_put_str(\"None\");\n";
    case TypeKind::Bottom: return "fx_rt_put_str(\"<undefined>\");\n";  // never reached: nothing returns it
    case TypeKind::PrimFn: return "fx_rt_put_str(" + c_string(std::string("<builtin ") + ir::prim_name(t->prim) + ">") + ");\n";
    case TypeKind::Closure:
    case TypeKind::Explicit:
      return "fx_rt_put_str(" + c_string("<function " + interp::function_display_name(*t->graph) + ">") + ");\n";
    case TypeKind::Tuple:
    case TypeKind::Struct:
    case TypeKind::Enum:
    case TypeKind::Union: return helper("put", t) + "(" + value + ");\n";
    case TypeKind::F32:
    case TypeKind::Tensor: return "fx_rt_put_tensor(" + value + ");\n";
    default: unsupported(where_, "printing a value of type " + to_string(t));
  }
}

std::string CTypes::equal(const Type* t, const std::string& a, const std::string& b) {
  switch (t->kind) {
    case TypeKind::F64:
    case TypeKind::I64:
    case TypeKind::Bool: return "(" + a + " == " + b + ")";
    case TypeKind::Str: return "(strcmp(" + a + ", " + b + ") == 0)";
    case TypeKind::None: return "true";
    case TypeKind::Tuple:
    case TypeKind::Struct:
    case TypeKind::Enum: return helper("eq", t) + "(" + a + ", " + b + ")";
    case TypeKind::F32:
    case TypeKind::Tensor: return "fx_rt_tensor_equal(" + a + ", " + b + ")";
    default: unsupported(where_, "comparing values of type " + to_string(t));
  }
}

std::string CTypes::enum_zero(const Type* t, const std::string& value, const std::string& loc) {
  return helper("zero", t) + "(" + value + ", " + loc + ")";
}

std::string CTypes::enum_sum(const Type* t, const std::string& a, const std::string& b, const std::string& loc) {
  return helper("sum", t) + "(" + a + ", " + b + ", " + loc + ")";
}

// Part of an enum tangent's helper (kind "zero": the zero of a; "sum": a + b), for a field of
// type t: an expression holding its own counts of enums; the strings it shares with a are
// counted once more by `counts`. Inside the helpers the location is `loc`.
std::string CTypes::tangent_part(const std::string& kind, const Type* t, const std::string& a, const std::string& b,
                                 std::string& counts) {
  const bool zero = kind == "zero";
  switch (t->kind) {
    case TypeKind::F64: return zero ? "0.0" : "(" + a + " + " + b + ")";
    case TypeKind::I64: return zero ? "INT64_C(0)" : "(" + a + " + " + b + ")";
    case TypeKind::Bool: return "false";
    case TypeKind::None: return "(fx_none)0";
    case TypeKind::Str:  // its own zero (no derivative): a's text, counted once more
      counts += retain(t, a);
      return a;
    case TypeKind::Enum: return zero ? enum_zero(t, a, "loc") : enum_sum(t, a, b, "loc");
    case TypeKind::Tuple:
    case TypeKind::Struct: {
      std::string out = "(" + name(t) + "){";
      const auto fields = fields_of(t);
      for (size_t i = 0; i < fields.size(); ++i) {
        const std::string f = "." + fields[i].first;
        out += (i ? ", " : "") + tangent_part(kind, fields[i].second, a + f, b + f, counts);
      }
      return out + (fields.empty() ? "0}" : "}");
    }
    default: unsupported(where_, "the derivative of an enum holding a " + to_string(t));
  }
}

// The helper function `kind` of t, written on first use.
std::string CTypes::helper(const std::string& kind, const Type* t) {
  auto key = std::make_pair(kind, t);
  if (auto it = helper_names_.find(key); it != helper_names_.end()) return it->second;
  std::string fn = "fx_" + kind + "_" + name(t);
  helper_names_[key] = fn;
  std::string definition = emit_helper(kind, t, fn);  // may write the helpers it calls first
  helpers_ += definition;
  return fn;
}

std::string CTypes::emit_helper(const std::string& kind, const Type* t, const std::string& fn) {
  const std::string c = name(t);
  const bool eq = kind == "eq";
  std::string sig = "static " + std::string(eq ? "bool " : "void ") + fn + "(" + c + (eq ? " a, " + c + " b)" : " v)");
  if (kind == "push") sig = "static " + c + " " + fn + "(" + c + " l, " + name(t->elems[0]) + " x, bool take, int64_t loc)";
  if (kind == "tape" || kind == "linear_tape") sig = "static " + c + " " + fn + "(int64_t trips, int64_t loc)";
  if (kind == "linear_push") sig = "static inline " + c + " " + fn + "(" + c + " l, " + name(t->elems[0]) + " x)";
  if (kind == "zero") sig = "static " + c + " " + fn + "(" + c + " a, int64_t loc)";
  if (kind == "sum") sig = "static " + c + " " + fn + "(" + c + " a, " + c + " b, int64_t loc)";
  helper_protos_ += sig + ";\n";
  std::string body, prefix;  // prefix: a function the helper calls, written before it
  auto fields_code = [&](const std::vector<std::pair<std::string, const Type*>>& fields, const std::string& a,
                         const std::string& b, const std::vector<std::string>& labels) {
    std::string code;
    for (size_t i = 0; i < fields.size(); ++i) {
      const auto& [field, type] = fields[i];
      if (kind == "retain") code += retain(type, a + field);
      else if (kind == "release") code += release(type, a + field);
      else if (eq) code += "  if (!" + equal(type, a + field, b + field) + ") return false;\n";
      else {
        std::string label = (i ? ", " : "") + labels[i];
        if (!label.empty()) code += "fx_rt_put_str(" + c_string(label) + ");\n";
        code += put(type, a + field);
      }
    }
    return code;
  };
  if (t->kind == TypeKind::Recursive || t->kind == TypeKind::RecursiveTangent) {
    const Type* env = boxed(t);
    if (kind == "retain") body = "if (v) ++v->box.rc;\n";
    else if (kind == "release") body = "if (!v || --v->box.rc > 0) return;\n" + release(env, "v->env") + "fx_box_free(v);\n";
    else unsupported(where_, t->kind == TypeKind::Recursive ? "printing or comparing a function" : "printing or comparing a derivative of a function");
  } else if (t->kind == TypeKind::List) {
    const Type* e = t->elems[0];
    if (kind == "retain") body = "if (v.box) ++v.box->box.rc;\n";
    else if (kind == "release") {
      body = "if (!v.box || --v.box->box.rc > 0) return;\n";
      if (managed(e)) body += "for (int64_t i = 0; i < v.box->len; ++i) {\n" + release(e, "v.box->data->at[i]") + "}\n";
      body += "fx_box_free(v.box->data);\nfx_box_free(v.box);\n";
    } else if (kind == "push") {
      // The usual push, an append in place, is inline and calls nothing, so a loop that
      // pushes keeps its state in registers; growing and copying are out of line.
      const std::string at = "sizeof(" + c + "_at) + (size_t)cap * sizeof(" + name(e) + ")";
      const std::string grow = fn + "_grow";
      prefix = "__attribute__((cold, noinline)) static " + c + "_box* " + grow + "(" + c + " l, bool take, int64_t loc) {\n"
               "  " + c + "_box* b = l.box;\n"
               "  if (b && b->len == l.n) {  /* l is its full array's top: double the array */\n"
               "    if (!take) ++b->box.rc;  /* else l's count becomes the result's */\n"
               "    int64_t cap = 2 * b->cap;\n"
               "    b->data = (" + c + "_at*)fx_box_resize(b->data, " + at + ", loc);\n"
               "    b->cap = cap;\n"
               "    return b;\n"
               "  }\n"
               "  /* empty, or shared by a longer stack: a new array holding l's elements */\n"
               "  int64_t cap = l.n < 4 ? 8 : 2 * l.n;\n"
               "  b = (" + c + "_box*)fx_box_new(sizeof *b, loc);\n"
               "  b->data = (" + c + "_at*)fx_box_new_array(" + at + ", loc);\n"
               "  b->cap = cap;\n"
               "  for (b->len = 0; b->len < l.n; ++b->len) {\n"
               "    b->data->at[b->len] = l.box->data->at[b->len];\n" +
               indent_lines(retain(e, "b->data->at[b->len]"), 4) +
               "  }\n"
               "  if (take) {\n" + indent_lines(release(t, "l"), 4) + "  }\n"
               "  return b;\n"
               "}\n";
      // After either branch b->len is l.n: the element goes at l.n, which a loop keeps in a
      // register, so the store does not wait for b->len's last store to reach a load.
      body = c + "_box* b = l.box;\n"
             "if (b && b->len == l.n && l.n < b->cap) {  /* l is its array's top: append in place */\n"
             "  if (!take) ++b->box.rc;  /* else l's count becomes the result's */\n"
             "} else {\n"
             "  b = " + grow + "(l, take, loc);\n"
             "}\n"
             "b->data->at[l.n] = x;\n"
             "b->len = l.n + 1;\n" +
             retain(e, "x") + "return (" + c + "){b, l.n + 1};\n";
    } else if (kind == "linear_push") {
      // The loop made the tape with room for each of its iterations and holds its top: a
      // store and a count, no look at the header (linear_tapes.hpp).
      body = "l.box->data->at[l.n] = x;\n" + retain(e, "x") + "return (" + c + "){l.box, l.n + 1};\n";
    } else if (kind == "linear_tape") {
      // Exactly trips entries: the loop's pushes never check for room. The loop writes the
      // header's top (len) when it ends.
      body = "if (trips <= 0) return (" + c + "){0};  /* no iteration: the empty stack */\n" +
             c + "_box* b = (" + c + "_box*)fx_box_new(sizeof *b, loc);\n"
             "b->data = (" + c + "_at*)fx_box_new_array(fx_array_bytes(sizeof(" + c + "_at), trips, sizeof(" + name(e) + "), loc), loc);\n"
             "b->cap = trips;\n"
             "return (" + c + "){b, 0};\n";
    } else if (kind == "tape") {
      // A counted loop's tape, laid out once for its trip count, as the interpreter's is
      // (tape.cpp): pushes append in place and never copy. Past 1 GiB it is laid out for 1 GiB
      // and grows as it fills, so that a loop stopped early has not claimed it all; a count
      // that is wrong (more pushes than trips) grows it by push's doubling.
      const std::string size = "sizeof(" + name(e) + ")";  // 0 for an empty record
      const std::string most = "(int64_t)((1u << 30) / (" + size + " ? " + size + " : 1))";
      body = "if (trips <= 0) return (" + c + "){0};  /* no iteration: the empty stack */\n"
             "int64_t cap = trips < " + most + " ? trips : " + most + ";\n"
             "if (cap < 1) cap = 1;\n" +
             c + "_box* b = (" + c + "_box*)fx_box_new(sizeof *b, loc);\n"
             "b->data = (" + c + "_at*)fx_box_new_array(sizeof(" + c + "_at) + (size_t)cap * sizeof(" + name(e) + "), loc);\n"
             "b->cap = cap;\n"
             "return (" + c + "){b, 0};\n";
    } else unsupported(where_, "printing or comparing a stack");
  } else if (t->kind == TypeKind::Union) {
    if (eq) unsupported(where_, "comparing functions");
    std::string cases;
    for (size_t k = 0; k < t->elems.size(); ++k) {
      const std::string member = "v.as.m" + std::to_string(k);
      std::string code = kind == "retain" ? retain(t->elems[k], member)
                         : kind == "release" ? release(t->elems[k], member)
                                             : put(t->elems[k], member);
      cases += "case " + std::to_string(k) + ":\n" + code + "break;\n";
    }
    body = "switch (v.tag) {\n" + cases + "}\n";
  } else if (t->kind == TypeKind::Enum && (kind == "zero" || kind == "sum")) {
    // A new box of a's variant, each field the zero of a's (or the sum of a's and b's).
    std::string cases;
    for (const auto& v : t->enum_decl->variants) {
      std::string code;
      for (size_t i = 0; i < v->fields.size(); ++i) {
        const std::string access = "->as." + field_name(v->name) + "." + field_name(v->fields[i].name);
        std::string counts;
        code += "r" + access + " = " + tangent_part(kind, annotations_.field_type(v.get(), i), "a" + access, "b" + access, counts) +
                ";\n" + counts;
      }
      cases += "case " + std::to_string(v->index) + ":\n" + code + "break;\n";
    }
    const std::string differ =
        c_string("cannot add derivatives of different structures: " + t->enum_decl->name + " and " + t->enum_decl->name);
    body = (kind == "sum" ? "if (a->tag != b->tag) fx_fail(loc, " + differ + ");\n" : "") + c + " r = fx_box_new(sizeof *r, loc);\n" +
           "r->tag = a->tag;\nswitch (a->tag) {\n" + cases + "}\nreturn r;\n";
  } else if (t->kind == TypeKind::Enum) {
    if (kind == "retain") body = "if (v) ++v->box.rc;\n";
    std::string cases;
    for (const auto& v : t->enum_decl->variants) {
      std::vector<std::pair<std::string, const Type*>> fields;
      std::vector<std::string> labels;
      for (size_t i = 0; i < v->fields.size(); ++i) {
        fields.emplace_back(field_name(v->fields[i].name), annotations_.field_type(v.get(), i));
        labels.push_back("");
      }
      std::string access = "as." + field_name(v->name) + ".";
      std::string code = fields_code(fields, (eq ? "a->" : "v->") + access, "b->" + access, labels);
      if (kind == "put")
        code = "fx_rt_put_str(" + c_string(v->name + (v->fields.empty() ? "" : "(")) + ");\n" + code +
               (v->fields.empty() ? "" : "fx_rt_put_str(\")\");\n");
      cases += "case " + std::to_string(v->index) + ":\n" + code + "break;\n";
    }
    if (kind == "release")
      body = "if (!v || --v->box.rc > 0) return;\nswitch (v->tag) {\n" + cases + "}\nfx_box_free(v);\n";
    else if (eq)
      body = "if (a == b) return true;\nif (a->tag != b->tag) return false;\nswitch (a->tag) {\n" + cases + "}\nreturn true;\n";
    else if (kind == "put")
      body = "switch (v->tag) {\n" + cases + "}\n";
  } else {
    auto fields = fields_of(t);
    std::vector<std::string> labels;
    for (size_t i = 0; i < fields.size(); ++i)
      labels.push_back(t->kind == TypeKind::Struct ? t->struct_decl->fields[i].name + "=" : "");
    body = fields_code(fields, eq ? "a." : "v.", "b.", labels);
    if (eq) body += "return true;\n";
    if (kind == "put") {
      std::string open = (t->kind == TypeKind::Struct ? t->struct_decl->name : "") + "(";
      std::string close = t->kind == TypeKind::Tuple && fields.size() == 1 ? ",)" : ")";
      body = "fx_rt_put_str(" + c_string(open) + ");\n" + body + "fx_rt_put_str(" + c_string(close) + ");\n";
    }
  }
  return prefix + sig + " {\n" + indent_lines(body, 2) + "}\n";
}

}  // namespace fx::codegen

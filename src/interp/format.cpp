#include "interp/format.hpp"

#include <vector>

#include "fluxion/runtime/format.hpp"
#include "support/number_format.hpp"

namespace fx::interp {

namespace {

bool is_aggregate(Kind k) { return k == Kind::Tuple || k == Kind::Struct || k == Kind::Variant; }

// "grad(f)", "jfn(grad(f))", "sin" (a primitive under jfn: "jfn(sin)").
std::string function_text(const Value& f);

std::string derived_name(const DerivedObj& d) {
  std::string name;
  if (d.kind == ad::Generic::PrimFn) {
    name = ir::prim_name(d.prim);
  } else {
    name = ad::generic_name(d.kind);
    const auto& env = d.env.kind() == Kind::Tuple ? d.env.items() : std::vector<Value>{};
    name += "(" + (!env.empty() ? function_text(env[0]) : std::string()) + ")";
  }
  for (ad::Mode m : d.stack) name = (m == ad::Mode::Reverse ? "jfn(" : "tfn(") + name + ")";
  return name;
}

std::string function_text(const Value& f) {
  switch (f.kind()) {
    case Kind::Closure: return function_display_name(*f.as_closure().graph);
    case Kind::Explicit: return function_display_name(*f.as_explicit().code);
    case Kind::Derived: return derived_name(f.as_derived());
    case Kind::Prim: return ir::prim_name(f.as_prim());
    case Kind::Undef:
    case Kind::None:
    case Kind::Bool:
    case Kind::Int:
    case Kind::Float:
    case Kind::Str:
    case Kind::Tuple:
    case Kind::Struct:
    case Kind::Variant:
    case Kind::List:
    case Kind::Tensor: break;
  }
  return "...";
}

void format_leaf(std::string& out, const Value& v) {
  switch (v.kind()) {
    case Kind::Undef: out += "<undefined>"; return;
    case Kind::None: out += "None"; return;
    case Kind::Bool: out += v.as_bool() ? "True" : "False"; return;
    case Kind::Int: out += std::to_string(v.as_int()); return;
    case Kind::Float: out += format_float(v.as_float()); return;
    case Kind::Str: out += v.as_str(); return;
    case Kind::Prim: out += std::string("<builtin ") + ir::prim_name(v.as_prim()) + ">"; return;
    case Kind::Closure: out += "<function " + function_display_name(*v.as_closure().graph) + ">"; return;
    case Kind::Explicit: out += "<function " + function_display_name(*v.as_explicit().code) + ">"; return;
    case Kind::Derived: out += "<function " + derived_name(v.as_derived()) + ">"; return;
    case Kind::List: out += "<list of " + std::to_string(v.as_list().size) + ">"; return;
    case Kind::Tensor: out += rt::format(v.as_tensor()); return;  // nested lists; rank 0 as its element
    case Kind::Tuple:
    case Kind::Struct:
    case Kind::Variant: return;  // aggregates are laid out by format_value_to
  }
}

void close_aggregate(std::string& out, const Value& v) {
  out += v.kind() == Kind::Tuple && v.items().size() == 1 ? ",)" : ")";
}

}  // namespace

std::string function_display_name(const ir::Graph& g) {
  if (g.role == ir::GraphRole::Lambda || g.name.empty()) return "lambda";
  return g.name.substr(0, g.name.find('['));
}

void format_value_to(std::string& out, const Value& root) {
  // Iterative walk (an explicit stack instead of recursion), so that printing a long enum
  // list cannot exhaust the C++ stack.
  struct Open {
    const Value* value;
    size_t next;  // index of the next field to print
  };
  std::vector<Open> stack;
  // Prints v's leaf text or opens the aggregate v (pushing it when it has fields).
  auto begin = [&](const Value& v) {
    if (!is_aggregate(v.kind())) return format_leaf(out, v);
    if (v.kind() == Kind::Struct) out += v.as_struct().decl->name;
    if (v.kind() == Kind::Variant) {
      out += v.as_variant().decl->name;
      if (v.items().empty()) return;  // a field-less variant prints as its bare name
    }
    out += "(";
    if (v.items().empty()) return close_aggregate(out, v);
    stack.push_back({&v, 0});
  };
  begin(root);
  while (!stack.empty()) {
    Open& top = stack.back();
    const Value& agg = *top.value;
    const auto& items = agg.items();
    if (top.next == items.size()) {
      close_aggregate(out, agg);
      stack.pop_back();
      continue;
    }
    size_t i = top.next++;
    if (i > 0) out += ", ";
    if (agg.kind() == Kind::Struct) {
      const auto& fields = agg.as_struct().decl->fields;
      if (i < fields.size()) out += fields[i].name + "=";
    }
    begin(items[i]);  // may push, invalidating `top`
  }
}

std::string format_value(const Value& v) {
  std::string out;
  format_value_to(out, v);
  return out;
}

}  // namespace fx::interp

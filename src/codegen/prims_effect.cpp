// C emission of the EFFECT family: print writes through the runtime's line buffer, assert and
// fail stop with a located error (fx_fail), arg reads the program's arguments, clock reads
// the runtime's clock.
#include "codegen/prims.hpp"
#include "codegen/unsupported.hpp"

namespace fx::codegen {

using ir::Prim;
using types::TypeKind;

namespace {

Emitted print(const PrimSite& s) {
  std::string code;
  for (size_t i = 0; i < s.args.size(); ++i) {
    if (i) code += "fx_rt_put_str(\" \");\n";
    code += s.types.put(s.arg_types[i], s.args[i]);
  }
  return {code + "fx_rt_end_line();\n", ""};
}

const std::string& message(const PrimSite& s, size_t i) {
  if (s.arg_types[i]->kind != TypeKind::Str) unsupported(s.node->loc, "an error message that is not a string");
  return s.args[i];
}

// The message as the user wrote it; an empty one reads "assertion failed".
Emitted assert_(const PrimSite& s) {
  const std::string& m = message(s, 1);
  return {"if (!" + s.args[0] + ") fx_fail(" + s.loc + ", " + m + "[0] ? " + m + " : \"assertion failed\");\n", ""};
}

Emitted fail(const PrimSite& s) { return {"fx_fail(" + s.loc + ", " + message(s, 0) + ");\n", ""}; }

// arg(i, default): converted to the default's type by the runtime (fx_arg_* in fx_gen.h).
Emitted arg(const PrimSite& s) {
  const char* type = nullptr;
  switch (s.arg_types[1]->kind) {
    case TypeKind::I64: type = "i64"; break;
    case TypeKind::F64: type = "f64"; break;
    case TypeKind::Bool: type = "bool"; break;
    case TypeKind::Str: type = "str"; break;
    default: unsupported(s.node->loc, "arg with a default of type " + to_string(s.arg_types[1]));
  }
  return {"", std::string("fx_arg_") + type + "(" + s.args[0] + ", " + s.args[1] + ", " + s.loc + ")"};
}

// A direct call: clock() sits inside every timed region, so its own cost is part of every timing.
Emitted clock(const PrimSite&) { return {"", "fx_rt_clock()"}; }

}  // namespace

FamilyEmissions effect_emissions() {
  return {ir::PrimFamily::EFFECT,
          {{Prim::Print, print},
           {Prim::Assert, assert_},
           {Prim::Fail, fail},
           {Prim::Arg, arg},
           {Prim::Clock, clock}}};
}

}  // namespace fx::codegen

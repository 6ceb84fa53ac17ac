#include "lower/scope.hpp"

#include <limits>

#include "support/diagnostics.hpp"

namespace fx::lower {

namespace {

Resolved value_of(ir::Node* node, ir::Node* flag = nullptr) {
  Resolved r;
  r.kind = Resolved::Kind::Value;
  r.node = node;
  r.flag = flag;
  return r;
}

Resolved constant_of(ir::ConstValue v) {
  Resolved r;
  r.kind = Resolved::Kind::Constant;
  r.value = std::move(v);
  return r;
}

// Top-level names, builtins, the literal names and the constants pi, e, inf, nan, after every function scope missed. A
// top-level name of a file that loc's file does not import is skipped (a builtin of that
// name still counts) and, if nothing else matches, reported as not imported.
Resolved resolve_global(const ir::Module& m, const ProgramScope* program, const std::string& name, SourceLoc loc) {
  Resolved r;
  bool hidden = program && !program->visible(name, loc.file);
  if (!hidden) {
    if (ir::Graph* g = m.find_function(name)) {
      r.kind = g->role == ir::GraphRole::Init ? Resolved::Kind::Global : Resolved::Kind::Function;
      r.graph = g;
      return r;
    }
    if (auto it = m.struct_by_name.find(name); it != m.struct_by_name.end()) {
      r.kind = Resolved::Kind::Struct;
      r.struct_decl = it->second;
      return r;
    }
    if (auto it = m.variant_by_name.find(name); it != m.variant_by_name.end()) {
      r.kind = Resolved::Kind::Variant;
      r.variant = it->second;
      return r;
    }
    if (m.enum_by_name.count(name))
      compile_error(loc, "'" + name + "' is an enum type, not a value; construct one of its variants");
  }
  if (const Builtin* b = find_builtin(name)) {
    r.kind = Resolved::Kind::Builtin;
    r.builtin = b;
    return r;
  }
  if (name == "True") return constant_of(true);
  if (name == "False") return constant_of(false);
  if (name == "None") return constant_of(ir::NoneVal{});
  // The constants of NumPy's namespace (np.pi, np.e, np.inf, np.nan): like builtins, any
  // local, parameter or top-level name of the same spelling shadows them.
  if (name == "pi") return constant_of(3.141592653589793);
  if (name == "e") return constant_of(2.718281828459045);
  if (name == "inf") return constant_of(std::numeric_limits<double>::infinity());
  if (name == "nan") return constant_of(std::numeric_limits<double>::quiet_NaN());
  if (hidden) program->not_visible(name, loc);
  std::string unsupported = unsupported_builtin_message(name);
  if (!unsupported.empty()) compile_error(loc, unsupported);
  compile_error(loc, "unknown name '" + name + "'");
}

}  // namespace

ir::Node* find_flag(const Env& env, const std::string& var) {
  auto it = env.find(flag_key(var));
  return it == env.end() ? nullptr : it->second;
}

void assign_var(Env& env, const std::string& var, ir::Node* value) {
  env[var] = value;
  env.erase(flag_key(var));
}

Resolved resolve_name(const ir::Module& m, const ProgramScope* program, const std::string& name, const Env& env,
                      FunctionScope* fs, const ir::Graph* user, SourceLoc loc) {
  const Env* level_env = &env;
  for (FunctionScope* s = fs; s; level_env = s->enclosing_env, s = s->enclosing) {
    // A def of an enclosing block not reached yet: a forward reference, checked when
    // the def is reached (check_early_uses).
    for (auto it = s->blocks.rbegin(); it != s->blocks.rend(); ++it) {
      auto d = (*it)->defs.find(name);
      if (d != (*it)->defs.end() && !d->second.reached) {
        d->second.early_uses.emplace_back(user, loc);
        return value_of(d->second.value);
      }
    }
    if (level_env) {
      auto v = level_env->find(name);
      if (v != level_env->end()) return value_of(v->second, find_flag(*level_env, name));
    }
    // Assigned somewhere in this function but on no path leading here.
    if (s->locals.count(name))
      compile_error(loc, "variable '" + name + "' is used before it is assigned");
  }
  return resolve_global(m, program, name, loc);
}

void check_early_uses(const HoistedDef& def) {
  const ir::Graph* home = def.graph->parent;
  for (const auto& [user, loc] : def.early_uses)
    if (!user->nested_in(home))
      compile_error(loc, "function '" + def.def->name + "' is used before its def is reached; move `def " +
                             def.def->name + "` above the if/while/for/match/return that comes between");
}

}  // namespace fx::lower

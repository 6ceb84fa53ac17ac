// C emission of the AD-internal primitives that derivative code keeps after the expansion
// (docs/ad.md §10): the stacks of reverse-mode loops (list_*) and the zero and sum of tangent
// spaces (zeros_like, add_tangent), written out by type, so that a scalar gradient adds
// doubles. Tensor leaves go to the runtime, which computes them as the interpreter does
// (interp/ad_values.cpp). make_closure, closure_env and closure_is are the emitter's own
// (emitter.cpp): they are about code, not values.
#include "codegen/c_names.hpp"
#include "codegen/prims.hpp"
#include "codegen/unsupported.hpp"

namespace fx::codegen {

using ir::Prim;
using types::Type;
using types::TypeKind;

namespace {

// ---------------------------------------------------------------- stacks
// A stack is a view {box, n} of a growable array (c_types.cpp, declare_list): pushing appends
// in place when the stack is its array's top, popping shortens the view. A stack handed over
// (handovers.hpp) gives its count to the result, so a loop's tape is not counted per iteration.
Emitted list_push(const PrimSite& s) {
  const Type* elem = s.result->elems[0];
  if (s.linear_tape)
    return {"", s.types.linear_push(s.result) + "(" + s.types.convert(s.args[0], s.arg_types[0], s.result) + ", " +
                    s.types.convert(s.args[1], s.arg_types[1], elem) + ")"};
  const char* take = s.consumed.contains(0) ? "1" : "0";
  return {"", s.types.push(s.result) + "(" + s.types.convert(s.args[0], s.arg_types[0], s.result) + ", " +
                  s.types.convert(s.args[1], s.arg_types[1], elem) + ", " + take + ", " + s.loc + ")"};
}

// A counted loop's tape, list_empty(trips), whose entries' type the expansion knows, is laid
// out for trips entries (value_types.cpp); the others start empty and double as they grow.
Emitted list_empty(const PrimSite& s) {
  if (s.args.size() == 1 && s.result->elems[0]->kind != TypeKind::Bottom)
    return {"", (s.linear_tape ? s.types.linear_tape(s.result) : s.types.tape(s.result)) + "(" + s.args[0] + ", " + s.loc + ")"};
  return {"", s.types.zero(s.result)};
}
Emitted list_is_empty(const PrimSite& s) { return {"", "(" + s.args[0] + ".n == 0)"}; }
// The expansion pops only what it pushed: a loop's backward pass runs as often as its forward one.
Emitted list_top(const PrimSite& s) { return {"", s.args[0] + ".box->data->at[" + s.args[0] + ".n - 1]", true}; }
Emitted list_pop(const PrimSite& s) {
  return {"", "((" + s.types.name(s.result) + "){" + s.args[0] + ".box, " + s.args[0] + ".n - 1})", !s.consumed.contains(0)};
}

// ---------------------------------------------------------------- tangent spaces
// A tensor leaf computed by the runtime: the primitive p on `args`, into a fresh local.
std::string tensor_leaf(const PrimSite& s, Prim p, const std::vector<std::string>& args,
                        const std::vector<const Type*>& arg_types, const Type* result, std::string& code,
                        OperandSet consumed = {}) {
  static int counter = 0;
  PrimSite leaf = s;
  leaf.prim = p;
  leaf.args = args;
  leaf.arg_types = arg_types;
  leaf.result = result;
  leaf.consumed = consumed;
  leaf.result_name = s.result_name + "_t" + std::to_string(counter++);
  Emitted e = runtime_call(leaf);
  code += e.statements + s.types.name(result) + " " + leaf.result_name + " = " + e.value + ";\n";
  return leaf.result_name;
}

// The fields of a tuple or struct value of type t, as C expressions with their types.
std::vector<std::pair<std::string, const Type*>> parts(const PrimSite& s, const std::string& value, const Type* t) {
  std::vector<std::pair<std::string, const Type*>> out;
  if (t->kind == TypeKind::Tuple)
    for (size_t i = 0; i < t->elems.size(); ++i) out.emplace_back(value + ".e" + std::to_string(i), t->elems[i]);
  else
    for (size_t i = 0; i < t->struct_decl->fields.size(); ++i)
      out.emplace_back(value + "." + CTypes::field_name(t->struct_decl->fields[i].name), s.types.field_type(t->struct_decl, i));
  return out;
}

// The value a function value's tangent is made of: its env (a converted closure is its env).
const Type* tangent_view(const Type* t) { return t->kind == TypeKind::Explicit ? tangent_view(t->elems[0]) : t; }

// Does the zero of tangent type t need the value: does it hold a tensor (whose zero needs a
// shape), an enum (whose zero is a tree of the value's variants) or one of several tuples
// (whose zero needs the tag)?
bool needs_value(const PrimSite& s, const Type* t) {
  if (t->kind == TypeKind::Tensor || t->kind == TypeKind::F32 || t->kind == TypeKind::Union ||
      t->kind == TypeKind::Enum)
    return true;
  if (t->kind != TypeKind::Tuple && t->kind != TypeKind::Struct) return false;
  for (const auto& part : parts(s, "", t))
    if (needs_value(s, part.second)) return true;
  return false;
}

// Is t one of several tuples (the tangent of one of several functions)?
bool tuple_alternatives(const Type* t) {
  return t->kind == TypeKind::Union &&
         std::all_of(t->elems.begin(), t->elems.end(), [](const Type* m) { return m->kind == TypeKind::Tuple; });
}

// Is a value of t a function (its tangent is its env's)?
bool function_value(const Type* t) {
  switch (t->kind) {
    case TypeKind::Closure:
    case TypeKind::Explicit:
    case TypeKind::Recursive:
    case TypeKind::PrimFn:
    case TypeKind::Constructor: return true;
    case TypeKind::Union:
      for (const Type* m : t->elems)
        if (!function_value(m)) return false;
      return true;
    default: return false;
  }
}

// The zero of tangent type `to` when it holds no tensor (so no operand's shape is needed).
std::string plain_zero(const PrimSite& s, const Type* to) {
  switch (to->kind) {
    case TypeKind::F64: return "0.0";
    case TypeKind::I64: return "INT64_C(0)";
    case TypeKind::Bool: return "false";
    case TypeKind::None: return "(fx_none)0";
    case TypeKind::Tuple:
    case TypeKind::Struct: {
      std::string out = "(" + s.types.name(to) + "){";
      auto zs = parts(s, "", to);
      for (size_t i = 0; i < zs.size(); ++i) out += (i ? ", " : "") + plain_zero(s, zs[i].second);
      return out + (zs.empty() ? "0}" : "}");
    }
    default: unsupported(s.node->loc, "the zero derivative of a " + to_string(to));
  }
}

std::string zero_of(const PrimSite& s, const std::string& value, const Type* from, const Type* to, std::string& code);

// The zero of one of several functions whose tangent is one of several tuples (their envs
// differ; a primitive's is the empty tuple), or of one of several such tuples: by the
// value's tag, the zero of the tuple the alternative it is has, the member of `to` with as
// many elements as its env or itself.
std::string zero_of_alternatives(const PrimSite& s, const std::string& value, const Type* from, const Type* to,
                                 std::string& code) {
  static int counter = 0;
  const std::string r = s.result_name + "_z" + std::to_string(counter++);
  std::string cases;
  for (size_t k = 0; k < from->elems.size(); ++k) {
    const Type* m = from->elems[k];
    const std::string member = value + ".as.m" + std::to_string(k);
    size_t env_size = 0;
    if (m->kind == TypeKind::Tuple) {
      env_size = m->elems.size();
    } else if (m->kind == TypeKind::Explicit && m->elems[0]->kind == TypeKind::Tuple) {  // a converted closure: its env
      env_size = m->elems[0]->elems.size();
    } else if (m->kind == TypeKind::Closure) {
      if (!s.closure_env) unsupported(s.node->loc, "the zero derivative of a " + to_string(from));
      env_size = s.closure_env(member, m).size();
    } else if (m->kind != TypeKind::PrimFn) {
      unsupported(s.node->loc, "the zero derivative of a " + to_string(from));
    }
    size_t j = to->elems.size();
    for (size_t i = 0; i < to->elems.size(); ++i)
      if (to->elems[i]->kind == TypeKind::Tuple && to->elems[i]->elems.size() == env_size) {
        if (j != to->elems.size()) unsupported(s.node->loc, "the zero derivative of a " + to_string(from));
        j = i;
      }
    if (j == to->elems.size()) unsupported(s.node->loc, "the zero derivative of a " + to_string(from));
    std::string item_code;
    const std::string zero = zero_of(s, member, m, to->elems[j], item_code);
    cases += "case " + std::to_string(k) + ": {\n" + item_code + r + " = (" + s.types.name(to) + "){.tag = " +
             std::to_string(j) + ", .as.m" + std::to_string(j) + " = " + zero + "};\n} break;\n";
  }
  code += s.types.name(to) + " " + r + " = " + s.types.zero(to) + ";\nswitch (" + value + ".tag) {\n" + cases + "}\n";
  return r;
}

std::string sum_of(const PrimSite& s, const std::string& a, const Type* ta, const std::string& b, const Type* tb,
                   const Type* to, std::string& code);

// A new list of type `to` (after `code`), which owns its elements: for each index below `n`,
// the element `item` gives (a function of the index's C variable, writing its statements into
// its second argument). The zero and the sum of lists (a loop's tape, in a derivative of a
// derivative) are taken element by element, as the interpreter takes them.
template <class Item>
std::string new_list(const PrimSite& s, const std::string& n, const Type* to, std::string& code, Item item) {
  static int counter = 0;
  const std::string l = s.result_name + "_l" + std::to_string(counter++), i = l + "_i", x = l + "_x";
  std::string item_code;
  const std::string value = item(i, item_code);
  code += s.types.name(to) + " " + l + " = " + s.types.zero(to) + ";\n" +
          "for (int64_t " + i + " = 0; " + i + " < " + n + "; ++" + i + ") {\n" + item_code +
          s.types.name(to->elems[0]) + " " + x + " = " + value + ";\n" +
          l + " = " + s.types.push(to) + "(" + l + ", " + x + ", true, " + s.loc + ");\n" +  // (x borrowed: counted)
          s.types.release(to->elems[0], x) + "}\n";
  return l;
}

// Element i of the list `value`.
std::string element(const std::string& value, const std::string& i) { return value + ".box->data->at[" + i + "]"; }

// An expression (after `code`) for the zero of `value` (of type from) in tangent type `to`;
// it owns what it holds.
std::string zero_of(const PrimSite& s, const std::string& value, const Type* from, const Type* to, std::string& code) {
  from = tangent_view(from);
  // A primitive has no env; a typed clone's closure is its env (captured values in closure
  // conversion's order), whose tensors give the zeros their shapes.
  if (from->kind == TypeKind::PrimFn) return plain_zero(s, to);
  // The tangent of a recursive closure: its zero is the null box (whose elements read as zeros).
  if (to->kind == TypeKind::RecursiveTangent) return s.types.zero(to);
  // One of several function values, or a recursive closure (a loop's pullbacks, in a
  // derivative of a derivative), whose tangent (its env's) holds no tensor and no union: the
  // zero of that type, whichever function it is, needs nothing of the value.
  if (function_value(from) && from->kind != TypeKind::Closure && !needs_value(s, to) &&
      (to->kind == TypeKind::Tuple || to->kind == TypeKind::Struct))
    return plain_zero(s, to);
  if (from->kind == TypeKind::Union && to->kind == TypeKind::Union && (function_value(from) || tuple_alternatives(from)))
    return zero_of_alternatives(s, value, from, to, code);
  if (from->kind == TypeKind::Closure) {
    if (to->kind != TypeKind::Tuple || !s.closure_env || !needs_value(s, to)) return plain_zero(s, to);
    auto env = s.closure_env(value, from);
    auto zs = parts(s, "", to);
    if (env.size() != zs.size()) unsupported(s.node->loc, "the zero derivative of a " + to_string(from));
    std::string out = "(" + s.types.name(to) + "){";
    for (size_t i = 0; i < env.size(); ++i) out += (i ? ", " : "") + zero_of(s, env[i].first, env[i].second, zs[i].second, code);
    return out + (env.empty() ? "0}" : "}");
  }
  switch (to->kind) {
    case TypeKind::F64: return "0.0";
    case TypeKind::I64: return "INT64_C(0)";
    case TypeKind::Bool: return "false";
    case TypeKind::None: return "(fx_none)0";
    case TypeKind::Tensor:
    case TypeKind::F32: return tensor_leaf(s, Prim::ZerosLike, {value}, {from}, to, code);
    // A list that can only be empty (a loop's stack before anything is pushed): its zero is
    // the empty list; otherwise a list of the elements' zeros.
    case TypeKind::List:
      if (from->kind != TypeKind::List) break;
      if (from->elems[0]->kind == TypeKind::Bottom) return s.types.zero(to);
      return new_list(s, value + ".n", to, code, [&](const std::string& i, std::string& item_code) {
        return zero_of(s, element(value, i), from->elems[0], to->elems[0], item_code);
      });
    case TypeKind::Tuple:
    case TypeKind::Struct: {
      if (from->kind != to->kind) break;
      auto xs = parts(s, value, from), zs = parts(s, "", to);
      std::string out = "(" + s.types.name(to) + "){";
      for (size_t i = 0; i < xs.size(); ++i) out += (i ? ", " : "") + zero_of(s, xs[i].first, xs[i].second, zs[i].second, code);
      return out + (xs.empty() ? "0}" : "}");
    }
    case TypeKind::Enum:  // a tree of the value's variants (a recursion over it): a helper walks it
      if (from != to) break;
      return s.types.enum_zero(to, value, s.loc);
    default: break;
  }
  unsupported(s.node->loc, "the zero derivative of a " + to_string(from));
}

Emitted zeros_like(const PrimSite& s) {
  std::string code;
  std::string value = zero_of(s, s.args[0], s.arg_types[0], s.result, code);
  return {code, value};
}

std::string sum_of(const PrimSite& s, const std::string& a, const Type* ta, const std::string& b, const Type* tb,
                   const Type* to, std::string& code);

// a + b in `to`, one of several tuples (the derivatives of one value that is one of several
// closures, whose envs differ): both are the same one, added member by member. ta and tb are
// `to` or one of its members.
std::string sum_of_alternatives(const PrimSite& s, const std::string& a, const Type* ta, const std::string& b,
                                const Type* tb, const Type* to, std::string& code) {
  auto index = [&](const Type* t) {
    size_t k = 0;
    while (k < to->elems.size() && to->elems[k] != t) ++k;
    return k;
  };
  const size_t ka = index(ta), kb = index(tb);
  if ((ta != to && ka == to->elems.size()) || (tb != to && kb == to->elems.size()))
    unsupported(s.node->loc, "adding derivatives of types " + to_string(ta) + " and " + to_string(tb));
  static int counter = 0;
  const std::string r = s.result_name + "_u" + std::to_string(counter++), av = r + "_a", bv = r + "_b";
  const std::string tag_a = ta == to ? av + ".tag" : std::to_string(ka), tag_b = tb == to ? bv + ".tag" : std::to_string(kb);
  code += s.types.name(to) + " " + r + " = " + s.types.zero(to) + ";\n" + s.types.name(ta) + " " + av + " = " + a +
          ";\n" + s.types.name(tb) + " " + bv + " = " + b + ";\n" + "if (" + tag_a + " != " + tag_b + ") fx_fail(" +
          s.loc + ", " + quote_c("cannot add derivatives of different structures") + ");\nswitch (" + tag_a + ") {\n";
  for (size_t k = 0; k < to->elems.size(); ++k) {
    if ((ta != to && k != ka) || (tb != to && k != kb)) continue;
    const std::string m = ".as.m" + std::to_string(k);
    std::string item_code;
    const std::string sum = sum_of(s, ta == to ? av + m : av, to->elems[k], tb == to ? bv + m : bv, to->elems[k],
                                   to->elems[k], item_code);
    code += "case " + std::to_string(k) + ": {\n" + item_code + r + " = (" + s.types.name(to) + "){.tag = " +
            std::to_string(k) + ", " + m + " = " + sum + "};\n} break;\n";
  }
  code += "}\n";
  return r;
}

// a + b, tangents of a recursive closure (boxes of the tuple they are, null for zero): a
// helper function, since the tuple may hold such a tangent again (as deep as the recursion
// went). A null operand gives the other, counted once more; else a new box of the sum.
std::string sum_of_boxed(const PrimSite& s, const std::string& a, const std::string& b, const Type* to) {
  const Type* tuple = s.types.boxed(to);
  if (!tuple) unsupported(s.node->loc, "adding derivatives of types " + to_string(to) + " whose structure is not known");
  const std::string c = s.types.name(to), fn = "fx_sum_" + c;
  s.types.function(fn, "static " + c + " " + fn + "(" + c + " a, " + c + " b, int64_t loc)", [&] {
    PrimSite inner = s;  // inside the helper, the location is its parameter
    inner.loc = "loc";
    inner.result_name = fn;
    inner.consumed = {};
    std::string code;
    const std::string sum = sum_of(inner, "a->env", tuple, "b->env", tuple, tuple, code);
    return "{\n  if (!a) {\n" + indent_lines(s.types.retain(to, "b"), 4) + "    return b;\n  }\n  if (!b) {\n" +
           indent_lines(s.types.retain(to, "a"), 4) + "    return a;\n  }\n" + indent_lines(code, 2) + "  " + c +
           " r = fx_box_new(sizeof *r, loc);\n  r->env = " + sum + ";\n  return r;\n}";
  });
  return fn + "(" + a + ", " + b + ", " + s.loc + ")";
}

// An expression for a + b (types ta, tb) in tangent type `to`, owning what it holds.
std::string sum_of(const PrimSite& s, const std::string& a, const Type* ta, const std::string& b, const Type* tb,
                   const Type* to, std::string& code) {
  ta = tangent_view(ta);
  tb = tangent_view(tb);
  switch (to->kind) {
    case TypeKind::F64:
      if (ta->kind == TypeKind::I64 || tb->kind == TypeKind::I64) break;
      return "(" + as_f64(a, ta) + " + " + as_f64(b, tb) + ")";
    // An integer's tangent is an integer zero, which wins over a float contribution.
    case TypeKind::I64:
      if (ta->kind == TypeKind::I64 && tb->kind == TypeKind::I64) return "(" + a + " + " + b + ")";
      return ta->kind == TypeKind::I64 ? a : b;
    case TypeKind::Bool: return "false";
    case TypeKind::None: return "(fx_none)0";
    case TypeKind::Tensor:
    case TypeKind::F32: return tensor_leaf(s, Prim::AddTangent, {a, b}, {ta, tb}, to, code);
    case TypeKind::Tuple:
    case TypeKind::Struct: {
      if (ta->kind != to->kind || tb->kind != to->kind) break;
      auto xs = parts(s, a, ta), ys = parts(s, b, tb), zs = parts(s, "", to);
      std::string out = "(" + s.types.name(to) + "){";
      for (size_t i = 0; i < xs.size(); ++i)
        out += (i ? ", " : "") + sum_of(s, xs[i].first, xs[i].second, ys[i].first, ys[i].second, zs[i].second, code);
      return out + (xs.empty() ? "0}" : "}");
    }
    case TypeKind::Enum:
      if (ta != to || tb != to) break;
      return s.types.enum_sum(to, a, b, s.loc);
    // Lists of one length (else the interpreter's error), element by element.
    case TypeKind::List:
      if (ta->kind != TypeKind::List || tb->kind != TypeKind::List) break;
      if (ta->elems[0]->kind == TypeKind::Bottom || tb->elems[0]->kind == TypeKind::Bottom) break;
      code += "if (" + a + ".n != " + b + ".n) fx_fail(" + s.loc + ", " +
              quote_c("cannot add derivatives of different structures: list and list") + ");\n";
      return new_list(s, a + ".n", to, code, [&](const std::string& i, std::string& item_code) {
        return sum_of(s, element(a, i), ta->elems[0], element(b, i), tb->elems[0], to->elems[0], item_code);
      });
    case TypeKind::Union: return sum_of_alternatives(s, a, ta, b, tb, to, code);
    case TypeKind::RecursiveTangent:
      if (ta != to || tb != to) break;
      return sum_of_boxed(s, a, b, to);
    default: break;
  }
  unsupported(s.node->loc, "adding derivatives of types " + to_string(ta) + " and " + to_string(tb));
}

Emitted add_tangent(const PrimSite& s) {
  std::string code;
  // A tensor accumulator whose last read this is (codegen/handovers.cpp) is handed to the
  // runtime, which adds into it.
  if (s.consumed.contains(0)) {
    std::string value = tensor_leaf(s, Prim::AddTangent, s.args, s.arg_types, s.result, code, s.consumed);
    return {code, value};
  }
  std::string value = sum_of(s, s.args[0], s.arg_types[0], s.args[1], s.arg_types[1], s.result, code);
  return {code, value};
}

// grad's seed checked at run time (the output's rank was not known ahead of time): the
// runtime's check, which reports the interpreter's located error.
Emitted grad_seed(const PrimSite& s) { return runtime_call(s); }

}  // namespace

FamilyEmissions ad_emissions() {
  return {ir::PrimFamily::AD_INTERNAL,
          {{Prim::ListEmpty, list_empty},
           {Prim::ListPush, list_push},
           {Prim::ListTop, list_top},
           {Prim::ListPop, list_pop},
           {Prim::ListIsEmpty, list_is_empty},
           {Prim::ZerosLike, zeros_like},
           {Prim::GradSeed, grad_seed},
           {Prim::AddTangent, add_tangent}}};
}

}  // namespace fx::codegen

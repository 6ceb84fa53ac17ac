// Static values of the expansion (static_value.hpp).
#include "expand/static_value.hpp"

#include <algorithm>
#include <variant>

#include "types/type.hpp"

namespace fx::expand {

namespace {

StaticRef make(Static s) { return std::make_shared<const Static>(std::move(s)); }

bool same(const StaticRef& a, const StaticRef& b) { return a == b || key(a) == key(b); }

}  // namespace

StaticRef Static::unknown() {
  static const StaticRef u = make(Static{});
  return u;
}
StaticRef Static::bottom() {
  static const StaticRef b = make(Static{.kind = Kind::Bottom});
  return b;
}
StaticRef Static::of_constant(const ir::Node* c) { return make(Static{.kind = Kind::Const, .constant = c}); }
StaticRef Static::typed(const types::Type* t) {
  return t ? make(Static{.kind = Kind::Typed, .type = t}) : unknown();
}
StaticRef Static::tuple(std::vector<StaticRef> elems) { return make(Static{.kind = Kind::Tuple, .elems = std::move(elems)}); }
StaticRef Static::code(const ir::Graph* g, StaticRef env) {
  return make(Static{.kind = Kind::Code, .graph = g, .elems = {std::move(env)}});
}
StaticRef Static::native(const ir::Graph* clone) { return make(Static{.kind = Kind::Native, .graph = clone}); }
StaticRef Static::derived(ad::Generic g, ir::Prim prim, ad::Argnums a, std::vector<ad::Mode> stack, StaticRef env) {
  return make(Static{.kind = Kind::Derived,
                     .generic = g,
                     .prim = prim,
                     .argnums = std::move(a),
                     .stack = std::move(stack),
                     .elems = {std::move(env)}});
}
StaticRef Static::list(StaticRef elem) { return make(Static{.kind = Kind::List, .elems = {std::move(elem)}}); }
StaticRef Static::one_of(std::vector<StaticRef> codes) { return make(Static{.kind = Kind::OneOf, .elems = std::move(codes)}); }
StaticRef Static::alts(std::vector<StaticRef> structures) {
  std::vector<StaticRef> flat;
  for (const StaticRef& s : structures) {
    const std::vector<StaticRef> parts = s->is(Kind::Alts) ? s->elems : std::vector<StaticRef>{s};
    for (const StaticRef& p : parts)
      if (std::none_of(flat.begin(), flat.end(), [&](const StaticRef& q) { return same(p, q); })) flat.push_back(p);
  }
  if (flat.size() == 1) return flat[0];
  return make(Static{.kind = Kind::Alts, .elems = std::move(flat)});
}
StaticRef Static::recur(RecurSlot* slot, std::vector<size_t> path) {
  return make(Static{.kind = Kind::Recur, .slot = slot, .path = std::move(path)});
}

StaticRef unfold(const StaticRef& s) {
  StaticRef at = s;
  // A recursion that returns its own call's result unchanged names itself: give up after a
  // few steps rather than loop.
  for (int step = 0; step < 16 && at->is(Static::Kind::Recur); ++step) {
    StaticRef v = at->slot->value ? at->slot->value : Static::bottom();
    for (size_t i : at->path) v = element(v, i);
    at = v;
  }
  return at->is(Static::Kind::Recur) ? Static::unknown() : at;
}

StaticRef join(const StaticRef& a, const StaticRef& b) {
  if (a->is(Static::Kind::Bottom)) return b;
  if (b->is(Static::Kind::Bottom)) return a;
  if (same(a, b)) return a;
  if (a->is(Static::Kind::Recur) || b->is(Static::Kind::Recur)) return join(unfold(a), unfold(b));
  if (a->kind == b->kind && a->kind == Static::Kind::Tuple && a->elems.size() == b->elems.size()) {
    std::vector<StaticRef> elems;
    for (size_t i = 0; i < a->elems.size(); ++i) elems.push_back(join(a->elems[i], b->elems[i]));
    return Static::tuple(std::move(elems));
  }
  if (a->kind == b->kind && a->kind == Static::Kind::List) return Static::list(join(a->elems[0], b->elems[0]));
  // Two constants of the same value (the same literal written twice) are the same.
  if (a->is(Static::Kind::Const) && b->is(Static::Kind::Const) &&
      ir::print_const(a->constant->value) == ir::print_const(b->constant->value))
    return a;
  return Static::unknown();
}

std::string key(const StaticRef& s, int depth) {
  if (depth <= 0) return "…";
  auto elems = [&](const char* open, const char* close) {
    std::string k = open;
    for (const StaticRef& e : s->elems) k += key(e, depth - 1) + ",";
    return k + close;
  };
  switch (s->kind) {
    case Static::Kind::Bottom: return "⊥";
    case Static::Kind::Unknown: return "?";
    case Static::Kind::Const: return "c:" + ir::print_const(s->constant->value);
    case Static::Kind::Typed: return "t:" + types::to_string(s->type) + "#" + std::to_string(s->type->id);
    case Static::Kind::Tuple: return elems("(", ")");
    case Static::Kind::Code: return "code@" + std::to_string(s->graph->id) + elems("[", "]");
    case Static::Kind::Native: return "native@" + std::to_string(s->graph->id);
    case Static::Kind::Derived: {
      std::string k = std::string("derived:") + ad::generic_name(s->generic) + ":" + ir::prim_name(s->prim) + ":" +
                      s->argnums.key() + ":";
      for (ad::Mode m : s->stack) k += m == ad::Mode::Forward ? "T" : "J";
      return k + elems("[", "]");
    }
    case Static::Kind::List: return elems("list[", "]");
    case Static::Kind::OneOf: return elems("oneof{", "}");
    case Static::Kind::Alts: return elems("alts{", "}");
    case Static::Kind::Recur: {
      std::string k = "rec#" + std::to_string(s->slot->id);
      for (size_t i : s->path) k += "." + std::to_string(i);
      return k;
    }
  }
  return "?";
}

StaticRef truncate(const StaticRef& s, int depth) {
  if (s->elems.empty()) return s;
  if (depth <= 0) return Static::unknown();
  Static copy = *s;
  for (StaticRef& e : copy.elems) e = truncate(e, depth - 1);
  return make(std::move(copy));
}

namespace {

// Recur(slot, path) in its shortest name: where a prefix of the path already leads, in what
// the slot holds, to a Recur (a recursion's tangent holds the tangent of the call inside,
// named so), that Recur and the rest of the path. Without it the names of the parts of a
// recursive structure grow without end (rec#1.0.0.2.0.0 is rec#1.0.0.0 when part 0.0.2 of
// slot 1 is rec#1.0) and so do the specialisations keyed by them.
StaticRef shortest(RecurSlot* slot, std::vector<size_t> path) {
  for (int step = 0; step < 16; ++step) {
    StaticRef at = slot->value ? slot->value : Static::bottom();
    size_t j = 0;
    for (; j < path.size() && !at->is(Static::Kind::Recur); ++j) {
      if (at->is(Static::Kind::Bottom) || at->is(Static::Kind::Unknown)) break;
      at = element(at, path[j]);
    }
    if (!at->is(Static::Kind::Recur) || j == 0) break;
    std::vector<size_t> rest = at->path;
    rest.insert(rest.end(), path.begin() + static_cast<std::ptrdiff_t>(j), path.end());
    if (at->slot == slot && rest.size() >= path.size()) break;
    slot = at->slot;
    path = std::move(rest);
  }
  return Static::recur(slot, std::move(path));
}

}  // namespace

StaticRef element(const StaticRef& s, size_t i) {
  if (s->is(Static::Kind::Recur)) {
    std::vector<size_t> path = s->path;
    path.push_back(i);
    return shortest(s->slot, std::move(path));
  }
  if (s->is(Static::Kind::Bottom)) return s;
  if (s->is(Static::Kind::Alts)) {  // the value is one of them: the element of those that have it
    std::vector<StaticRef> parts;
    for (const StaticRef& a : s->elems) {
      StaticRef e = element(a, i);
      if (!e->is(Static::Kind::Unknown)) parts.push_back(e);
    }
    return parts.empty() ? Static::unknown() : Static::alts(std::move(parts));
  }
  if (s->is(Static::Kind::Tuple)) return i < s->elems.size() ? s->elems[i] : Static::unknown();
  if (s->is(Static::Kind::Typed) && s->type->kind == types::TypeKind::Tuple && i < s->type->elems.size())
    return Static::typed(s->type->elems[i]);
  return Static::unknown();
}

namespace {

ad::Shape shape_of_type(const types::Type* t, bool& complete) {
  using K = ad::Shape::Kind;
  using types::TypeKind;
  ad::Shape s;
  switch (t->kind) {
    case TypeKind::F64: s.kind = K::Float; return s;
    case TypeKind::I64: s.kind = K::Int; return s;
    case TypeKind::Bool: s.kind = K::Bool; return s;
    case TypeKind::Str: s.kind = K::Str; return s;
    case TypeKind::None: s.kind = K::None; return s;
    case TypeKind::F32:  // an f32 scalar is a rank-0 tensor at run time
      s.kind = K::Tensor;
      s.dtype = "f32";
      return s;
    case TypeKind::Tensor:
      if (t->rank < 0 || !t->dtype || t->dtype->kind == TypeKind::Bottom) break;
      s.kind = K::Tensor;
      s.dtype = types::to_string(t->dtype);
      s.dims.assign(static_cast<size_t>(t->rank), -1);  // extents: not part of any template's key here
      return s;
    case TypeKind::Tuple:
      s.kind = K::Tuple;
      for (const types::Type* e : t->elems) s.elems.push_back(shape_of_type(e, complete));
      return s;
    case TypeKind::Closure:
    case TypeKind::PrimFn:
    case TypeKind::Constructor:
    case TypeKind::Union:
    case TypeKind::Derived:
    case TypeKind::Explicit:
    case TypeKind::Recursive: s.kind = K::Function; return s;
    case TypeKind::List:
    case TypeKind::RecursiveTangent:
    case TypeKind::Bottom:
    case TypeKind::Struct:  // field types are not in the nominal type
    case TypeKind::Enum: break;
  }
  complete = false;
  return s;
}

// How deep shape_of looks: a recursion's tangent, named through Recur, unfolds without end.
constexpr int kMaxShapeDepth = 32;

ad::Shape shape_at(const StaticRef& s_in, bool& complete, int depth) {
  using K = ad::Shape::Kind;
  ad::Shape out;
  if (depth > kMaxShapeDepth) {
    complete = false;
    return out;
  }
  const StaticRef s = unfold(s_in);
  switch (s->kind) {
    case Static::Kind::Const: {
      const ir::ConstValue& v = s->constant->value;
      if (std::holds_alternative<double>(v)) out.kind = K::Float;
      else if (std::holds_alternative<int64_t>(v)) out.kind = K::Int;
      else if (std::holds_alternative<bool>(v)) out.kind = K::Bool;
      else if (std::holds_alternative<std::string>(v)) out.kind = K::Str;
      else if (std::holds_alternative<ir::NoneVal>(v)) out.kind = K::None;
      else if (std::holds_alternative<ir::Graph*>(v) || std::holds_alternative<ir::Prim>(v)) out.kind = K::Function;
      else complete = false;
      return out;
    }
    case Static::Kind::Typed: return shape_of_type(s->type, complete);
    case Static::Kind::Tuple:
      out.kind = K::Tuple;
      for (const StaticRef& e : s->elems) out.elems.push_back(shape_at(e, complete, depth + 1));
      return out;
    case Static::Kind::Code:
    case Static::Kind::Native:
    case Static::Kind::Derived: out.kind = K::Function; return out;
    case Static::Kind::List: out.kind = K::List; return out;
    case Static::Kind::OneOf: out.kind = K::Function; return out;
    case Static::Kind::Alts: {  // known where every structure it may be has the same shape
      out = shape_at(s->elems[0], complete, depth + 1);
      for (size_t i = 1; i < s->elems.size() && complete; ++i)
        if (shape_at(s->elems[i], complete, depth + 1).key() != out.key()) complete = false;
      return out;
    }
    case Static::Kind::Bottom:
    case Static::Kind::Unknown:
    case Static::Kind::Recur: break;
  }
  complete = false;
  return out;
}

}  // namespace

ad::Shape shape_of(const StaticRef& s, bool& complete) { return shape_at(s, complete, 0); }

bool read_argnums(const StaticRef& s_in, ad::Argnums& out) {
  const StaticRef s = unfold(s_in);
  auto one = [](const StaticRef& c_in, int64_t& n) {
    const StaticRef c = unfold(c_in);
    if (!c->is(Static::Kind::Const) || !std::holds_alternative<int64_t>(c->constant->value)) return false;
    n = c->constant->as_int();
    return true;
  };
  int64_t n = 0;
  if (one(s, n)) {
    out.nums = {n};
    out.tuple = false;
    return true;
  }
  if (!s->is(Static::Kind::Tuple) || s->elems.empty()) return false;
  out.nums.clear();
  out.tuple = true;
  for (const StaticRef& e : s->elems) {
    if (!one(e, n)) return false;
    out.nums.push_back(n);
  }
  return true;
}

}  // namespace fx::expand

// The expansion of derivatives ahead of time (expander.hpp).
#include "expand/expander.hpp"

#include <algorithm>
#include <functional>
#include <optional>
#include <variant>

#include "support/diagnostics.hpp"
#include "types/tangents.hpp"
#include "types/type.hpp"

namespace fx::expand {

using ir::Graph;
using ir::Node;
using ir::Prim;
using K = Static::Kind;

namespace {

// How many specialised graphs one expansion may build: recursion through ever deeper static
// values is cut by truncate(), this bounds the rest.
constexpr size_t kMaxSpecialisations = 20000;
// Deep enough for a third derivative through a recursion with a branch, whose pullbacks hold
// the envs of second-order pullbacks that hold first-order ones (about 20 levels).
constexpr int kStaticDepth = 24;
// How many times a recursive specialisation may be built before what it returns settles.
constexpr int kRecursionRounds = 6;

ad::Argnums from_type(const types::Argnums& a) {
  ad::Argnums out;
  out.nums = a.nums;
  out.tuple = a.tuple;
  return out;
}

bool is_operator(Prim p) { return ir::prim_info(p).family == ir::PrimFamily::AD_OPERATOR; }

// The values a derived function's env holds, as the AD operator's arguments: (f, argnums),
// (f,), (f, fwd, bwd), (f, rule).
bool has_argnums(ad::Generic g) { return ad::argnums_slot(g) == 1; }

}  // namespace

// ------------------------------------------------------------------ statics
StaticRef Expander::static_of(const Node* x) {
  auto it = statics_.find(x);
  if (it != statics_.end()) return it->second;
  if (x->is_constant()) {
    if (x->holds_graph()) {
      const Graph* g = x->as_graph();
      return cx_.is_generated(g) ? Static::unknown() : Static::native(g);
    }
    return Static::of_constant(x);
  }
  return Static::typed(x->type);
}

// A derived function, or a tuple holding one: values whose run-time form (the env) is not
// the function a user would see printed, compared or returned.
bool Expander::holds_derived(const StaticRef& s_in) {
  const StaticRef s = refine(s_in);
  if (s->is(K::Derived)) return true;
  if (!s->is(K::Tuple)) return false;
  return std::any_of(s->elems.begin(), s->elems.end(), [this](const StaticRef& e) { return holds_derived(e); });
}

StaticRef Expander::refine(const StaticRef& s_in) {
  const StaticRef s = unfold(s_in);
  if (!s->is(K::Typed)) return s;
  const types::Type* t = s->type;
  // One of several primitives (chosen at run time): dispatched on where it is transformed.
  if (t->kind == types::TypeKind::Union &&
      std::all_of(t->elems.begin(), t->elems.end(), [](const types::Type* e) { return e->kind == types::TypeKind::PrimFn; })) {
    std::vector<StaticRef> prims;
    for (const types::Type* e : t->elems) prims.push_back(Static::of_constant(m_.prim(e->prim)));
    return Static::one_of(std::move(prims));
  }
  if (t->kind != types::TypeKind::Derived) return s;
  auto g = ad::generic_of_prim(t->prim);
  if (!g || *g == ad::Generic::Vjp || *g == ad::Generic::Jvp) return s;  // a vjp pullback is a closure
  std::vector<StaticRef> env;
  for (const types::Type* e : t->elems) env.push_back(refine(Static::typed(e)));
  if (has_argnums(*g)) env.push_back(Static::unknown());  // the argnums are in the static itself
  return Static::derived(*g, Prim{}, from_type(t->argnums), {}, Static::tuple(std::move(env)));
}

// Inside generated graphs a node may have no location: the leftover is then reported at the
// user's derivative whose expansion reached it.
void Expander::leftover(SourceLoc loc, std::string what) {
  leftovers_.push_back({loc.valid() ? loc : user_site_, std::move(what)});
}

// A `fail` never returns: what is computed from it (Bottom) is never reached.
Node* Expander::failure(Scope& s, const RuntimeError& e) {
  return add(s, Prim::Fail, {m_.constant(e.message)}, e.loc.valid() ? e.loc : user_site_, Static::bottom());
}

const types::Type* Expander::type_of(const StaticRef& s_in, int depth) {
  if (depth > kStaticDepth) return nullptr;  // a recursion's tangent, named through Recur, unfolds without end
  const StaticRef s = unfold(s_in);
  switch (s->kind) {
    case K::Typed: return s->type;
    case K::Const: {
      const ir::ConstValue& v = s->constant->value;
      if (std::holds_alternative<double>(v)) return store_.f64();
      if (std::holds_alternative<int64_t>(v)) return store_.i64();
      if (std::holds_alternative<bool>(v)) return store_.boolean();
      if (std::holds_alternative<std::string>(v)) return store_.str();
      if (std::holds_alternative<ir::NoneVal>(v)) return store_.none();
      return nullptr;
    }
    case K::Tuple: {
      std::vector<const types::Type*> elems;
      for (const StaticRef& e : s->elems) {
        const types::Type* t = type_of(e, depth + 1);
        if (!t) return nullptr;
        elems.push_back(t);
      }
      return store_.tuple(std::move(elems));
    }
    case K::Alts: {  // typed where the structures it may be have one type
      const types::Type* t = type_of(s->elems[0], depth + 1);
      for (size_t i = 1; i < s->elems.size() && t; ++i)
        if (type_of(s->elems[i], depth + 1) != t) t = nullptr;
      return t;
    }
    default: return nullptr;
  }
}

const types::Type* Expander::prim_result(const Node* n) {
  Prim p;
  if (!n->prim_callee(&p)) return nullptr;
  std::vector<const Node*> args;
  std::vector<const types::Type*> arg_types;
  for (size_t i = 0; i < n->num_args(); ++i) {
    const Node* a = n->arg(i);
    args.push_back(a);
    // A declaration operand (variant_field's variant) has no value type: the rules read the
    // node itself.
    const bool declaration = a->is_constant() && (std::holds_alternative<const ir::VariantDecl*>(a->value) ||
                                                  std::holds_alternative<const ir::StructDecl*>(a->value));
    arg_types.push_back(declaration ? store_.none() : type_of(static_of(a)));
  }
  return typing_.result(p, n, args, arg_types);
}

StaticRef Expander::merge(const StaticRef& a, const StaticRef& b) {
  if (a->is(K::Recur) || b->is(K::Recur)) return key(a) == key(b) ? a : merge(unfold(a), unfold(b));
  if (a->is(K::Tuple) && b->is(K::Tuple) && a->elems.size() == b->elems.size()) {
    std::vector<StaticRef> elems;
    for (size_t i = 0; i < a->elems.size(); ++i) elems.push_back(merge(a->elems[i], b->elems[i]));
    return Static::tuple(std::move(elems));
  }
  if (a->is(K::List) && b->is(K::List)) return Static::list(merge(a->elems[0], b->elems[0]));
  // One code with envs that differ (a loop's pullbacks, one per iteration): the code is known.
  if (a->is(K::Code) && b->is(K::Code) && a->graph == b->graph) return Static::code(a->graph, merge(a->env(), b->env()));
  // Different codes (the branches' pullbacks of an `if`, or the user's closures an `if`
  // chose between): one of them, dispatched on where it is transformed (dispatch()) and, for
  // explicit closures, where it is called.
  auto function = [](const StaticRef& c) { return c->is(K::Code) || c->is(K::Native) || c->is(K::OneOf); };
  if (function(a) && function(b) && !(a->is(K::Native) && b->is(K::Native) && a->graph == b->graph)) {
    constexpr size_t kMaxCodes = 8;
    std::vector<StaticRef> codes = a->is(K::OneOf) ? a->elems : std::vector<StaticRef>{a};
    const std::vector<StaticRef> more = b->is(K::OneOf) ? b->elems : std::vector<StaticRef>{b};
    // truncate() may have cut some
    auto is_code = [](const StaticRef& c) { return c->is(K::Code) || c->is(K::Native); };
    if (!std::all_of(codes.begin(), codes.end(), is_code) || !std::all_of(more.begin(), more.end(), is_code))
      return Static::unknown();
    for (const StaticRef& c : more) {
      auto same = std::find_if(codes.begin(), codes.end(), [&](const StaticRef& x) { return x->graph == c->graph; });
      if (same == codes.end()) codes.push_back(c);
      else if (c->is(K::Code)) *same = Static::code(c->graph, merge((*same)->env(), c->env()));
    }
    return codes.size() <= kMaxCodes ? Static::one_of(std::move(codes)) : Static::unknown();
  }
  if (a->is(K::Derived) && b->is(K::Derived) && a->generic == b->generic && a->prim == b->prim &&
      a->argnums.key() == b->argnums.key() && a->stack == b->stack)
    return Static::derived(a->generic, a->prim, a->argnums, a->stack, merge(a->env(), b->env()));
  if (a->is(K::Alts) || b->is(K::Alts)) return merge_structures(a, b);
  StaticRef j = join(a, b);
  if (!j->is(K::Unknown)) return j;
  const types::Type* ta = type_of(a);
  const types::Type* tb = type_of(b);
  const types::Type* t = nullptr;
  if (ta && tb && !types::is_function(ta) && !types::is_function(tb))
    t = types::join(store_, types::erase_extents(store_, ta), types::erase_extents(store_, tb));
  if (t) return Static::typed(t);
  // Tuples of different lengths: the tangents of closures of different codes (a dispatch's
  // cases each return their code's), one of which the value is.
  if (a->is(K::Tuple) && b->is(K::Tuple)) return merge_structures(a, b);
  return j;
}

// Alts of the structures of a and b, where those of one length are merged into one.
StaticRef Expander::merge_structures(const StaticRef& a, const StaticRef& b) {
  constexpr size_t kMaxStructures = 8;
  std::vector<StaticRef> out = a->is(K::Alts) ? a->elems : std::vector<StaticRef>{a};
  for (const StaticRef& x : b->is(K::Alts) ? b->elems : std::vector<StaticRef>{b}) {
    auto like = std::find_if(out.begin(), out.end(), [&](const StaticRef& y) {
      return x->is(K::Tuple) && y->is(K::Tuple) && x->elems.size() == y->elems.size();
    });
    if (like != out.end()) *like = merge(*like, x);
    else out.push_back(x);
  }
  if (out.size() > kMaxStructures) return Static::unknown();
  return Static::alts(std::move(out));
}

// What the function a derived function d differentiates returns for these arguments, when known.
const types::Type* Expander::function_result(const StaticRef& d, const std::vector<StaticRef>& args) {
  if (!d->stack.empty() || d->env()->elems.empty()) return nullptr;
  const StaticRef f = refine(d->env()->elems[0]);
  if (f->is(K::Native) && f->graph->output) return f->graph->output->type;
  if (f->is(K::Derived)) return derived_result(f, args);
  return nullptr;
}

const types::Type* Expander::derived_result(const StaticRef& d, const std::vector<StaticRef>& args) {
  const types::Type* y = function_result(d, args);
  if (!y) return nullptr;
  std::vector<const types::Type*> xs;
  for (const StaticRef& a : args) xs.push_back(type_of(a));
  auto selected = [&]() -> const types::Type* {
    std::vector<const types::Type*> in;
    for (int64_t a : d->argnums.nums) {
      if (a < 0 || static_cast<size_t>(a) >= xs.size() || !xs[static_cast<size_t>(a)]) return nullptr;
      in.push_back(types::tangent_type(store_, xs[static_cast<size_t>(a)]));
      if (!in.back()) return nullptr;
    }
    return d->argnums.tuple ? store_.tuple(std::move(in)) : in.at(0);
  };
  std::string why;
  switch (d->generic) {
    case ad::Generic::Grad: return selected();
    case ad::Generic::ValueAndGrad: {
      const types::Type* g = selected();
      return g ? store_.tuple({y, g}) : nullptr;
    }
    case ad::Generic::Jacfwd:
    case ad::Generic::Jacrev: {
      const types::Type* in = selected();
      return in ? types::jacobian_type(store_, annotations_, y, in, &why) : nullptr;
    }
    case ad::Generic::Hessian: {
      const types::Type* in = selected();
      const types::Type* j = in ? types::jacobian_type(store_, annotations_, y, in, &why) : nullptr;
      return j ? types::jacobian_type(store_, annotations_, j, in, &why) : nullptr;
    }
    case ad::Generic::Derivative:
    case ad::Generic::Checkpoint:
    case ad::Generic::CustomVjp:
    case ad::Generic::CustomJvp: return y;
    default: return nullptr;
  }
}

// ------------------------------------------------------------------ building
Node* Expander::mapped(Scope& s, Node* x) {
  if (x->is_constant()) return x;
  auto it = s.map.find(x);
  if (it != s.map.end()) return it->second;
  auto r = replaced_.find(x);
  return r != replaced_.end() ? r->second : x;
}

Node* Expander::emit(Scope& s, Node* n, std::vector<Node*> inputs, StaticRef st) {
  Node* out = n;
  if (s.in_place) {
    n->inputs = std::move(inputs);
    s.out->body.push_back(n);
  } else {
    out = m_.apply(s.out, std::move(inputs), n->loc, n->name);
    out->keywords = n->keywords;
    out->arg_locs = n->arg_locs;
    out->type = n->type;
    out->follows_primal = n->follows_primal;
    cx_.copy_notes(n, out);
  }
  if (!st && bottom_operand(out)) st = Static::bottom();
  if (!out->type) out->type = st ? type_of(st) : prim_result(out);
  statics_[out] = st ? st : Static::typed(out->type);
  return out;
}

// A primitive applied to a value that has none yet (in a round of a recursion that assumes
// nothing of its own result yet) has none either: the rounds go on from what the other paths give.
bool Expander::bottom_operand(const Node* n) {
  Prim p;
  if (!n->prim_callee(&p)) return false;
  for (size_t i = 0; i < n->num_args(); ++i)
    if (unfold(static_of(n->arg(i)))->is(K::Bottom)) return true;
  return false;
}

Node* Expander::add(Scope& s, Prim p, std::vector<Node*> args, SourceLoc loc, StaticRef st) {
  Node* n = m_.apply_prim(s.out, p, std::move(args), loc);
  n->type = st ? type_of(st) : prim_result(n);
  statics_[n] = st ? st : Static::typed(n->type);
  return n;
}

Node* Expander::add_call(Scope& s, Node* callee, std::vector<Node*> args, SourceLoc loc, StaticRef st) {
  std::vector<Node*> inputs{callee};
  inputs.insert(inputs.end(), args.begin(), args.end());
  Node* n = m_.apply(s.out, std::move(inputs), loc);
  n->type = st ? type_of(st) : nullptr;
  statics_[n] = st ? st : Static::unknown();
  return n;
}

// The env holds the values of the clone's free variables, nodes of its parent clones, whose
// statics are known wherever the closure was made.
StaticRef Expander::native_env(const Graph* clone) {
  std::vector<StaticRef> captured;
  for (const Node* x : cx_.convert(clone).free_vars) {
    auto r = replaced_.find(x);
    captured.push_back(static_of(r != replaced_.end() ? r->second : x));
  }
  return Static::tuple(std::move(captured));
}

StaticRef Expander::tangent_of(const StaticRef& s_in, int depth) {
  if (depth > kStaticDepth) return Static::unknown();  // as type_of
  const StaticRef s = unfold(s_in);
  switch (s->kind) {
    case K::Code:
    case K::Derived: return tangent_of(s->env(), depth + 1);
    case K::Native: return tangent_of(native_env(s->graph), depth + 1);
    case K::OneOf:  // one code's env tangent: which one, the run-time value says
    case K::Alts: {
      std::vector<StaticRef> each;
      for (const StaticRef& e : s->elems) each.push_back(tangent_of(e, depth + 1));
      if (std::any_of(each.begin(), each.end(), [](const StaticRef& t) { return t->is(K::Unknown); }))
        return Static::unknown();
      return Static::alts(std::move(each));
    }
    case K::Tuple: {
      std::vector<StaticRef> elems;
      for (const StaticRef& e : s->elems) elems.push_back(tangent_of(e, depth + 1));
      return Static::tuple(std::move(elems));
    }
    case K::Const:
      if (s->constant->holds_prim()) return Static::tuple({});
      return Static::typed(type_of(s));
    case K::Typed:
      if (s->type->kind == types::TypeKind::PrimFn) return Static::tuple({});
      return types::is_function(s->type) ? Static::unknown() : s;
    default: return Static::unknown();
  }
}

Node* Expander::env_of(Scope& s, Node* f, SourceLoc loc) {
  if (f->is_prim_apply(Prim::MakeClosure) && f->graph == s.out) return f->arg(1);
  if (f->holds_graph() && !f->as_graph()->parent) return add(s, Prim::MakeTuple, {}, loc, Static::tuple({}));
  StaticRef sf = refine(static_of(f));
  return add(s, Prim::ClosureEnv, {f}, loc, sf->is(K::Code) ? sf->env() : nullptr);
}

// ------------------------------------------------------------------ graphs
void Expander::expand(Graph* entry) {
  leftovers_.clear();
  const size_t first = rewritten_;
  // A clone that an earlier call left unfinished keeps its leftover: reaching it again reports it.
  auto reach = [&](Graph* g) {
    if (user_seen_[g]) {
      auto it = unfinished_.find(g);
      if (it != unfinished_.end()) leftovers_.push_back(it->second);
      return;
    }
    user_seen_[g] = true;
    user_.push_back(g);
  };
  auto discover = [&](const Node* c) {
    if (c->holds_graph() && !cx_.is_generated(c->as_graph())) reach(c->as_graph());
  };
  reach(entry);
  for (; rewritten_ < user_.size(); ++rewritten_) {
    Graph* g = user_[rewritten_];
    for (const Node* n : g->body)
      for (const Node* x : n->inputs) discover(x);
    if (g->output) discover(g->output);
    rewrite_user(g);
  }
  // The expanded program represents a derived function by its env: one returned to whoever
  // called the entry (`fluxion eval`, the embedding API) would reach it as that tuple.
  if (entry->output && holds_derived(static_of(entry->output)))
    leftover(entry->output->loc.valid() ? entry->output->loc : entry->loc, "a derived function returned as a value");
  // Which of the clones rewritten now holds the leftover is not tracked: each keeps the first.
  if (!leftovers_.empty())
    for (size_t i = first; i < user_.size(); ++i) unfinished_.emplace(user_[i], leftovers_[0]);
  m_.renumber();
}

void Expander::rewrite_user(Graph* g) {
  Scope s{g, true, {}};
  std::vector<Node*> old = std::move(g->body);
  g->body.clear();
  for (Node* n : old) {
    if (n->loc.valid()) user_site_ = n->loc;
    Node* r = visit(s, n);
    if (r != n) replaced_[n] = r;
  }
  if (g->output) g->output = mapped(s, g->output);
}

Graph* Expander::specialise(Graph* g, std::vector<StaticRef> params) {
  if (params.size() != g->params.size()) {
    leftover(g->loc, g->name + " is called with " + std::to_string(params.size()) + " arguments for " +
                         std::to_string(g->params.size()) + " parameters");
    return g;
  }
  std::string k = std::to_string(g->id);
  for (StaticRef& p : params) {
    p = truncate(p, kStaticDepth);
    k += "|" + key(p, kStaticDepth + 1);  // all of it: statics that differ deeper down are different
  }
  auto it = specialised_.find(k);
  if (it != specialised_.end()) return it->second;
  if (built_.size() >= kMaxSpecialisations) {
    leftover(g->loc, "the expansion needs more than " + std::to_string(kMaxSpecialisations) + " specialised graphs");
    return g;
  }
  Graph* out = cx_.new_graph(g->name, g->role, g->loc);
  specialised_[k] = out;
  specialised_order_.push_back(k);
  const size_t cache_mark = specialised_order_.size();
  if (!operators_.empty()) operators_of_[out] = operators_;
  built_.push_back(out);
  std::vector<Node*> out_params;
  for (size_t i = 0; i < g->params.size(); ++i) {
    Node* p = g->params[i];
    Node* q = m_.add_param(out, p->name, p->loc);
    q->type = p->type;
    cx_.copy_notes(p, q);
    out_params.push_back(q);
    statics_[q] = params[i]->is(K::Unknown) ? Static::typed(p->type) : params[i];
  }
  // Rounds: a recursive call reads this output as a Recur static (output_of), which stands
  // for what the previous round built (Bottom at first); the body is built again, with what
  // was specialised inside it forgotten, until the output it assumes is the one it builds.
  RecurSlot* slot = &slots_.emplace_back();
  slot->id = out->id;
  slot->value = Static::bottom();
  in_progress_[out] = slot;
  const size_t leftover_mark = leftovers_.size();
  for (int round = 0;; ++round) {
    Scope s{out, false, {}};
    for (size_t i = 0; i < g->params.size(); ++i) s.map[g->params[i]] = out_params[i];
    out->body.clear();
    slot->read = false;
    for (Node* n : g->body) s.map[n] = visit(s, n);
    out->output = g->output ? mapped(s, g->output) : nullptr;
    StaticRef result = out->output ? static_of(out->output) : Static::unknown();
    if (!slot->read || key(result) == key(slot->value)) break;
    if (round + 1 == kRecursionRounds) {
      leftover(g->loc, "what the recursion of " + g->name + " returns does not settle ahead of time (" + key(result, 3) + ")");
      break;
    }
    slot->value = result;
    leftovers_.resize(leftover_mark);
    for (size_t i = cache_mark; i < specialised_order_.size(); ++i) specialised_.erase(specialised_order_[i]);
    specialised_order_.resize(cache_mark);
  }
  in_progress_.erase(out);
  outputs_[out] = out->output ? static_of(out->output) : Static::unknown();
  return out;
}

// What is known of what c returns: its output once built; while it is being built (a
// recursive call), a Recur static that stands for it; `otherwise` when neither.
StaticRef Expander::output_of(const Graph* c, StaticRef otherwise) {
  if (auto it = outputs_.find(c); it != outputs_.end()) return it->second;
  if (auto it = in_progress_.find(c); it != in_progress_.end()) {
    it->second->read = true;
    return Static::recur(it->second);
  }
  return otherwise;
}

const Graph* Expander::code_of(const Node* f) {
  auto it = statics_.find(f);
  if (it == statics_.end()) return nullptr;
  StaticRef s = unfold(it->second);
  return s->is(K::Code) || s->is(K::Native) ? s->graph : nullptr;
}

std::vector<const Graph*> Expander::graphs() const {
  std::vector<const Graph*> all(user_.begin(), user_.end());
  all.insert(all.end(), built_.begin(), built_.end());
  return all;
}

// ------------------------------------------------------------------ nodes
Node* Expander::visit(Scope& s, Node* n) {
  std::vector<Node*> in;
  for (Node* x : n->inputs) in.push_back(mapped(s, x));
  Prim p;
  if (n->prim_callee(&p)) return visit_prim(s, n, p, in);
  return visit_call(s, n, in);
}

Node* Expander::visit_prim(Scope& s, Node* n, Prim p, std::vector<Node*>& in) {
  auto arg = [&](size_t i) { return in.at(i + 1); };
  auto sarg = [&](size_t i) { return static_of(arg(i)); };
  const size_t nargs = in.size() - 1;
  switch (p) {
    case Prim::MakeTuple: {
      std::vector<StaticRef> elems;
      for (size_t i = 0; i < nargs; ++i) elems.push_back(sarg(i));
      return emit(s, n, in, Static::tuple(std::move(elems)));
    }
    case Prim::TupleGet: {
      StaticRef st = Static::typed(n->type);
      if (arg(1)->is_constant() && std::holds_alternative<int64_t>(arg(1)->value)) {
        StaticRef e = element(sarg(0), static_cast<size_t>(arg(1)->as_int()));
        if (!e->is(K::Unknown)) st = e;
      }
      return emit(s, n, in, st);
    }
    case Prim::MakeClosure: {
      if (arg(0)->holds_graph()) return emit(s, n, in, Static::code(arg(0)->as_graph(), sarg(1)));
      auto g = std::holds_alternative<std::string>(arg(0)->value) ? ad::generic_from_name(arg(0)->as_str())
                                                                   : std::nullopt;
      Node* env = arg(1);
      if (!g || !env->is_prim_apply(Prim::MakeTuple)) {
        leftover(n->loc, "make_closure of a code or env not known ahead of time");
        return emit(s, n, in, nullptr);
      }
      ad::Argnums a;
      int slot = ad::argnums_slot(*g);
      if (slot >= 0 && !read_argnums(element(sarg(1), static_cast<size_t>(slot)), a))
        leftover(n->loc, std::string("the argnums of ") + ad::generic_name(*g) + " are not constant");
      // A derived function is represented by its env (a tuple of its own): its code is known
      // wherever it is called.
      std::vector<Node*> items(env->inputs.begin() + 1, env->inputs.end());
      return add(s, Prim::MakeTuple, std::move(items), n->loc, Static::derived(*g, Prim{}, a, {}, sarg(1)));
    }
    case Prim::Jfn:
    case Prim::Tfn: return transformed(s, n, p == Prim::Jfn ? ad::Mode::Reverse : ad::Mode::Forward, arg(0));
    case Prim::StopGradient:
    case Prim::GradHook:  // identities outside a derivative; the transforms applied their rules
      return arg(0);
    case Prim::ClosureAt: {
      // The clone each closure in f (and in a derived function's env) runs at this call.
      std::vector<const Graph*> clones;
      for (size_t i = 1; i < nargs; ++i) clones.push_back(arg(i)->as_graph());
      // The listed clone of function `origin` that a closure of a clone in `parent` switches
      // to (a sibling: the interpreter's closure_at keeps the parent, and so the env); with the
      // parent not known (a value known only by its type), the only one listed, else null.
      auto listed = [&](const Graph* origin, bool parent_known, const Graph* parent) -> const Graph* {
        const Graph* found = nullptr;
        for (const Graph* c : clones) {
          if (c->origin != origin && c != origin) continue;
          if (parent_known && c->parent != parent) continue;
          if (found && found->parent != c->parent) return nullptr;
          if (!found) found = c;
        }
        return found;
      };
      std::function<StaticRef(const StaticRef&)> at = [&](const StaticRef& f) -> StaticRef {
        StaticRef r = refine(f);
        if (r->is(K::Derived)) {
          std::vector<StaticRef> env;
          for (const StaticRef& e : r->env()->elems) env.push_back(at(e));
          return Static::derived(r->generic, r->prim, r->argnums, r->stack, Static::tuple(std::move(env)));
        }
        if (r->is(K::OneOf)) {  // one of several closures (an `if` chose): each switched
          std::vector<StaticRef> codes;
          for (const StaticRef& e : r->elems) codes.push_back(at(e));
          return Static::one_of(std::move(codes));
        }
        if (r->is(K::Typed) && r->type->kind == types::TypeKind::Union) {
          // A value of one of several functions of the program (a parameter, a captured value):
          // the listed clone of each, or a primitive.
          std::vector<StaticRef> codes;
          for (const types::Type* e : r->type->elems) {
            if (e->kind == types::TypeKind::PrimFn) {
              codes.push_back(Static::of_constant(m_.prim(e->prim)));
              continue;
            }
            const Graph* c = e->kind == types::TypeKind::Closure ? listed(e->graph, false, nullptr) : nullptr;
            if (!c) return r;
            codes.push_back(Static::native(c));
          }
          return Static::one_of(std::move(codes));
        }
        if (r->is(K::Native)) {
          const Graph* g = r->graph;
          const Graph* c = listed(g->origin ? g->origin : g, g->origin != nullptr, g->parent);
          return c ? Static::native(c) : r;
        }
        if (r->is(K::Typed) && r->type->kind == types::TypeKind::Closure) {
          const Graph* c = listed(r->type->graph, false, nullptr);
          return c ? Static::native(c) : clones.size() == 1 ? Static::native(clones[0]) : r;
        }
        // The closure conversion of a typed clone (a closure the transforms made explicit):
        // the conversion of the listed clone, with the same env (the same variables captured).
        const Graph* clone = r->is(K::Code) ? cx_.converted_from(r->graph) : nullptr;
        if (!clone) return r;
        const Graph* origin = clone->origin ? clone->origin : clone;
        for (const Graph* c : clones) {
          if (c->origin != origin && c != origin) continue;
          const ad::Converted& to = cx_.convert(c);
          if (to.free_vars != cx_.convert(clone).free_vars) {
            leftover(n->loc, "the clones of " + c->name + " capture different variables");
            return r;
          }
          return Static::code(to.graph, r->env());
        }
        return clones.size() == 1 ? Static::native(clones[0]) : r;
      };
      return emit(s, n, in, at(sarg(0)));
    }
    case Prim::Jvp:
    case Prim::Vjp: {
      auto g = *ad::generic_of_prim(p);
      std::vector<Node*> args(in.begin() + 2, in.end());
      Node* env = add(s, Prim::MakeTuple, {arg(0)}, n->loc, Static::tuple({sarg(0)}));
      StaticRef d = Static::derived(g, Prim{}, {}, {}, static_of(env));
      return call_derived(s, n, d, env, args, in);
    }
    case Prim::If: {
      StaticRef a, b;
      Node* t = branch(s, arg(1), {}, &a);
      Node* f = branch(s, arg(2), {}, &b);
      return emit(s, n, {in[0], arg(0), t, f}, a && b ? merge(a, b) : Static::typed(n->type));
    }
    case Prim::While: return visit_while(s, n, in);
    case Prim::ZerosLike: return emit(s, n, in, tangent_of(sarg(0)));
    case Prim::AddTangent: {
      // Both have the structure of one value's tangent (a lazy zero may stand for either).
      StaticRef a = tangent_of(sarg(0)), b = tangent_of(sarg(1));
      StaticRef sum = a->is(K::Unknown) ? b : b->is(K::Unknown) ? a : merge(a, b);
      return emit(s, n, in, sum->is(K::Unknown) ? a : sum);
    }
    case Prim::SetAttr: {  // set_attr(t, i, v) on a tuple: element i of t replaced
      if (!arg(1)->is_constant() || !std::holds_alternative<int64_t>(arg(1)->value)) break;
      const auto i = static_cast<size_t>(arg(1)->as_int());
      auto set = [&](const StaticRef& t) -> StaticRef {
        if (!t->is(K::Tuple) || i >= t->elems.size()) return nullptr;
        std::vector<StaticRef> elems = t->elems;
        elems[i] = sarg(2);
        return Static::tuple(std::move(elems));
      };
      StaticRef t = unfold(sarg(0));
      if (StaticRef r = set(t)) return emit(s, n, in, r);
      if (t->is(K::Alts)) {  // in each structure that has element i (the value is one of them)
        std::vector<StaticRef> each;
        for (const StaticRef& a : t->elems)
          if (StaticRef r = set(unfold(a))) each.push_back(r);
        if (!each.empty()) return emit(s, n, in, Static::alts(std::move(each)));
      }
      break;
    }
    case Prim::ListEmpty: return emit(s, n, in, Static::list(Static::bottom()));
    case Prim::ListPush: {
      StaticRef l = unfold(sarg(0));
      StaticRef elem = l->is(K::List) ? l->elems[0] : Static::unknown();
      return emit(s, n, in, Static::list(merge(elem, sarg(1))));
    }
    case Prim::ListTop: {
      StaticRef l = unfold(sarg(0));
      return emit(s, n, in, l->is(K::List) ? l->elems[0] : Static::unknown());
    }
    case Prim::ListPop: return emit(s, n, in, sarg(0));
    case Prim::Print:
    case Prim::ToStr:
    case Prim::Eq:
    case Prim::Ne:
    case Prim::TreeMap:
      for (size_t i = 0; i < nargs; ++i)
        if (holds_derived(sarg(i))) leftover(n->loc, "a derived function used as a value (printed, compared or mapped)");
      break;
    default:
      if (is_operator(p)) {  // grad(f, argnums) and the like: the derived function's env
        auto g = *ad::generic_of_prim(p);
        ad::Argnums a;
        if (has_argnums(g) && !read_argnums(sarg(1), a))
          leftover(n->loc, std::string("the argnums of ") + ir::prim_name(p) + " are not constant");
        std::vector<StaticRef> env;
        for (size_t i = 0; i < nargs; ++i) env.push_back(sarg(i));
        in[0] = m_.prim(Prim::MakeTuple);
        Node* d = emit(s, n, in, Static::derived(g, Prim{}, a, {}, Static::tuple(std::move(env))));
        d->type = nullptr;  // now a tuple: types of rewritten nodes are the expansion's (docs/ad.md §10)
        return d;
      }
      break;
  }
  return emit(s, n, in, nullptr);
}

// jfn(f) / tfn(f): the transformed function value, its code known here.
Node* Expander::transformed(Scope& s, Node* n, ad::Mode mode, Node* f, bool as_code) try {
  StaticRef sf = refine(static_of(f));
  if (sf->is(K::Code)) {
    Graph* code = cx_.transform(mode, const_cast<Graph*>(sf->graph));
    Node* env = env_of(s, f, n->loc);
    return add(s, Prim::MakeClosure, {m_.constant(code), env}, n->loc, Static::code(code, sf->env()));
  }
  if (sf->is(K::Native)) {
    Graph* code = cx_.transform(mode, cx_.convert(sf->graph).graph);
    Node* env = env_of(s, f, n->loc);
    return add(s, Prim::MakeClosure, {m_.constant(code), env}, n->loc, Static::code(code, native_env(sf->graph)));
  }
  if (sf->is(K::OneOf))
    return dispatch(s, f, sf, {}, n->loc, [&](Scope& b, Node* g, const std::vector<Node*>&) {
      return transformed(b, n, mode, g, true);
    });
  if (sf->is(K::Derived)) {
    std::vector<ad::Mode> stack = sf->stack;
    stack.push_back(mode);
    // The same value (the env tuple); only what is known of it changes.
    Node* same = add(s, Prim::ClosureAt, {f}, n->loc,
                     Static::derived(sf->generic, sf->prim, sf->argnums, std::move(stack), sf->env()));
    return same;
  }
  // A primitive used as a function value: its constant, or a value whose type names it.
  std::optional<Prim> prim;
  if (sf->is(K::Const) && sf->constant->holds_prim()) prim = sf->constant->as_prim();
  if (sf->is(K::Typed) && sf->type->kind == types::TypeKind::PrimFn) prim = sf->type->prim;
  const int arity = prim ? ir::prim_info(*prim).arity : -1;
  if (prim && as_code && arity >= 0) {
    // The transform of the closed graph that applies the primitive: a code of its own, which
    // the cases of a dispatch need (their results are one of several codes).
    ad::GenericCall call;
    call.kind = ad::Generic::PrimFn;
    call.prim = *prim;
    call.arity = static_cast<size_t>(arity);
    call.loc = n->loc;
    Graph* code = cx_.transform(mode, cx_.instantiate(call));
    Node* env = add(s, Prim::MakeTuple, {}, n->loc, Static::tuple({}));
    return add(s, Prim::MakeClosure, {m_.constant(code), env}, n->loc, Static::code(code, Static::tuple({})));
  }
  if (prim)
    return add(s, Prim::MakeTuple, {}, n->loc, Static::derived(ad::Generic::PrimFn, *prim, {}, {mode}, Static::tuple({})));
  leftover(n->loc, std::string(mode == ad::Mode::Forward ? "tfn" : "jfn") +
                       " of a function value not known ahead of time (" + key(sf, 3) + ")");
  return emit(s, n, {n->inputs[0], f}, nullptr);
} catch (const RuntimeError& e) {  // no derivative rule for a primitive it calls, ...
  return failure(s, e);
}

// A call of the derived function d (its env tuple node `env`): the template for these
// arguments, with d's transforms, specialised and called directly.
Node* Expander::call_derived(Scope& s, Node* n, const StaticRef& d, Node* env, const std::vector<Node*>& args,
                             const std::vector<Node*>& in) {
  if (!n->keywords.empty()) {
    leftover(n->loc, "a derived function called with keyword arguments");
    return emit(s, n, in, nullptr);
  }
  // The primal arguments under the transforms: T(G) takes (denv, x1, dx1, ...), J(G) (x...).
  std::vector<StaticRef> base;
  for (Node* a : args) base.push_back(static_of(a));
  for (auto it = d->stack.rbegin(); it != d->stack.rend(); ++it) {
    if (*it == ad::Mode::Reverse) continue;
    if (base.empty() || base.size() % 2 != 1) {
      leftover(n->loc, "a forward-mode call with unpaired tangents");
      return emit(s, n, in, nullptr);
    }
    std::vector<StaticRef> primals;
    for (size_t i = 1; i < base.size(); i += 2) primals.push_back(base[i]);
    base = std::move(primals);
  }
  ad::GenericCall call;
  call.kind = d->generic;
  call.prim = d->prim;
  call.argnums = d->argnums;
  call.arity = base.size();
  call.stack = d->stack;
  call.loc = n->loc;
  if (ad::needs_shapes(d->generic)) {
    for (size_t i = 0; i < base.size(); ++i) {
      bool complete = true;
      ad::Shape shape = shape_of(base[i], complete);
      const bool indexed_only = ad::shape_ignored(d->generic, i, base.size());
      const bool shallow = d->generic == ad::Generic::Jvp;  // only the tuples' lengths
      if (unfold(base[i])->is(K::Bottom)) return emit(s, n, in, Static::bottom());  // after a `fail`: never reached
      // The output of a function grad differentiates is a tensor of a rank not known ahead
      // of time: whether it is a scalar (rank 0) is checked when it runs, by grad_seed here,
      // or, under a transform (a derivative of the gradient), by the template's grad_seed
      // (templates.cpp), which the transforms take through with its zero rule.
      const StaticRef seen = unfold(base[i]);
      const bool unranked_seed = !complete && d->generic == ad::Generic::GradSeed && seen->is(K::Typed) &&
                                 seen->type && types::is_tensor(seen->type);
      if (unranked_seed && d->stack.empty())
        return add(s, Prim::GradSeed, {args[i]}, n->loc.valid() ? n->loc : user_site_, Static::typed(store_.f64()));
      if (unranked_seed) {
        call.loc = n->loc.valid() ? n->loc : user_site_;
        call.shapes.push_back(ad::Shape::leaf(ad::Shape::Kind::Undef));
        continue;
      }
      if (!complete && !indexed_only && !shallow) {
        leftover(n->loc, std::string("the structure of argument ") + std::to_string(i + 1) + " of " +
                             ad::generic_name(d->generic) + " is not known ahead of time (" + key(base[i], 3) + ")");
        return emit(s, n, in, nullptr);
      }
      call.shapes.push_back(indexed_only ? ad::Shape::leaf(ad::Shape::Kind::Tuple) : shape);
    }
  }
  call.forward = forward_grad(d, base);
  Graph* code = nullptr;
  try {
    code = cx_.instantiate(call);
  } catch (const RuntimeError& e) {  // argnums out of range, a non-scalar grad, ...: reported at run time
    return failure(s, e);
  }
  std::vector<StaticRef> params{d->env()};
  for (Node* a : args) params.push_back(static_of(a));
  operators_.push_back(d->generic);
  Graph* c = specialise(code, params);
  operators_.pop_back();
  std::vector<Node*> call_args{env};
  call_args.insert(call_args.end(), args.begin(), args.end());
  StaticRef st = output_of(c, Static::typed(n->type));
  if (st->is(K::Unknown))
    if (const types::Type* t = derived_result(d, std::vector<StaticRef>(params.begin() + 1, params.end())))
      st = Static::typed(t);
  if (s.in_place) return emit(s, n, [&] {
      std::vector<Node*> inputs{m_.constant(c)};
      inputs.insert(inputs.end(), call_args.begin(), call_args.end());
      return inputs;
    }(), st);
  return add_call(s, m_.constant(c), std::move(call_args), n->loc, st);
}

// grad(f)(x) where x is one f64 and f returns an f64 is f'(x): one forward pass with the
// tangent 1.0 computes it, where reverse mode runs the primal, keeps a tape and runs back
// (a loop's derivative in half the time, and no tape; BENCHMARKS.md §A Loop). The two differ
// only in rounding, except where a program can tell the modes apart: grad_hook and
// custom_vjp act in reverse mode only, and reverse mode runs a checkpoint's function and a
// custom_jvp's rule again (their prints show it), so a program that uses any of them keeps
// reverse mode.
bool Expander::forward_grad(const StaticRef& d, const std::vector<StaticRef>& args) {
  if (!forward_mode_ || (d->generic != ad::Generic::Grad && d->generic != ad::Generic::ValueAndGrad) ||
      d->argnums.tuple || d->argnums.nums.size() != 1)
    return false;
  const int64_t a = d->argnums.nums[0];
  if (a < 0 || static_cast<size_t>(a) >= args.size() || type_of(args[static_cast<size_t>(a)]) != store_.f64())
    return false;
  // The result's type as the function is called at the top of the transform stack.
  const StaticRef top = Static::derived(d->generic, d->prim, d->argnums, {}, d->env());
  if (function_result(top, args) != store_.f64() || reverse_mode_observable()) return false;
  // Forward mode passes the other inputs (the other arguments, what f captures) zero tangents,
  // which are values: an infinite intermediate times such a zero is a nan where reverse mode,
  // which never differentiates them, keeps the inf. So they may hold no float.
  for (size_t i = 0; i < args.size(); ++i)
    if (static_cast<int64_t>(i) != a && may_hold_floats(args[i], 0)) return false;
  return !may_hold_floats(d->env()->elems.at(0), 0);
}

namespace {
// Conservative: a type that is not plainly free of floats counts as holding some.
bool type_may_hold_floats(const types::Type* t) {
  if (!t) return true;
  switch (t->kind) {
    case types::TypeKind::None:
    case types::TypeKind::Bool:
    case types::TypeKind::I64:
    case types::TypeKind::Str:
    case types::TypeKind::PrimFn: return false;
    case types::TypeKind::Tuple:
      return std::any_of(t->elems.begin(), t->elems.end(), [](const types::Type* e) { return type_may_hold_floats(e); });
    default: return true;
  }
}
}  // namespace

// Whether typed clone g (with its nested graphs) reads a value from outside that may hold a
// float: what its closure captures. (Read from the IR, not from closure conversion, which would
// convert g here, ahead of the expansion's own order.)
bool Expander::captures_floats(const Graph* g) {
  auto inside = [g](const Graph* h) { return h == g || h->nested_in(g); };
  auto from_outside = [&](const Node* x) {
    if (x->holds_graph()) return x->as_graph()->parent && !inside(x->as_graph());  // a closure made outside
    return !x->is_constant() && x->graph && !inside(x->graph) && type_may_hold_floats(x->type);
  };
  for (const auto& h : m_.graphs) {
    if (!inside(h.get())) continue;
    for (const Node* n : h->body)
      if (std::any_of(n->inputs.begin(), n->inputs.end(), from_outside)) return true;
    if (h->output && from_outside(h->output)) return true;
  }
  return false;
}

// Whether a value of static s may hold a float: a function value's captured values count (the
// free variables of a typed clone's closure, the env of a derived function's function).
bool Expander::may_hold_floats(const StaticRef& s_in, int depth) {
  if (depth > kStaticDepth) return true;
  const StaticRef s = refine(s_in);
  switch (s->kind) {
    case K::Const: return std::holds_alternative<double>(s->constant->value);
    case K::Typed: return type_may_hold_floats(s->type);
    case K::Native: return captures_floats(s->graph);
    case K::Derived: return s->env()->elems.empty() || may_hold_floats(s->env()->elems[0], depth + 1);
    case K::Tuple:
      return std::any_of(s->elems.begin(), s->elems.end(),
                         [&](const StaticRef& e) { return may_hold_floats(e, depth + 1); });
    default: return true;
  }
}

bool Expander::reverse_mode_observable() {
  if (!observable_) {
    observable_ = false;
    for (const auto& g : m_.graphs)
      for (const Node* n : g->body)
        for (const Node* x : n->inputs)
          if (x->holds_prim() && (x->as_prim() == Prim::GradHook || x->as_prim() == Prim::CustomVjp ||
                                  x->as_prim() == Prim::CustomJvp || x->as_prim() == Prim::Checkpoint))
            observable_ = true;
  }
  return *observable_;
}

Node* Expander::visit_call(Scope& s, Node* n, std::vector<Node*>& in) {
  Node* callee = in[0];
  std::vector<Node*> args(in.begin() + 1, in.end());
  StaticRef sf = refine(static_of(callee));
  auto result = [&](Graph* c) { return output_of(c, Static::typed(n->type)); };
  if (sf->is(K::Bottom)) return emit(s, n, in, Static::bottom());  // the callee is a `fail`: never reached
  if (sf->is(K::Derived)) return call_derived(s, n, sf, callee, args, in);
  // One of several codes: a case per code. (Where some code is not known, as in a recursion's
  // pullback cut by truncate(), the call stays an ordinary call of the value.)
  if (sf->is(K::OneOf) && n->keywords.empty() &&
      std::all_of(sf->elems.begin(), sf->elems.end(), [](const StaticRef& c) { return c->is(K::Code); }))
    return dispatch(s, callee, sf, args, n->loc, [&](Scope& b, Node* g, const std::vector<Node*>& xs) {
      std::vector<Node*> inputs{g};
      inputs.insert(inputs.end(), xs.begin(), xs.end());
      return visit_call(b, n, inputs);
    });
  if (sf->is(K::Code) || (callee->holds_graph() && cx_.is_generated(callee->as_graph()))) {
    if (!n->keywords.empty()) {
      leftover(n->loc, "a closed graph called with keyword arguments");
      return emit(s, n, in, nullptr);
    }
    std::vector<StaticRef> params;
    std::vector<Node*> call_args;
    Graph* code;
    if (sf->is(K::Code)) {
      code = const_cast<Graph*>(sf->graph);
      params.push_back(sf->env());
      call_args.push_back(env_of(s, callee, n->loc));
    } else {
      code = callee->as_graph();
    }
    for (Node* a : args) {
      params.push_back(static_of(a));
      call_args.push_back(a);
    }
    Graph* c = specialise(code, std::move(params));
    std::vector<Node*> inputs{m_.constant(c)};
    inputs.insert(inputs.end(), call_args.begin(), call_args.end());
    return emit(s, n, std::move(inputs), result(c));
  }
  if (sf->is(K::Native) && sf->graph->output) return emit(s, n, in, Static::typed(sf->graph->output->type));
  // A primitive called through a function value (f = sin; f(x)): applied directly, so that a
  // derivative operator (op = grad; op(f)) makes its env, and generated code is typed. (A
  // typed clone keeps its other calls: they are typed already.)
  std::optional<Prim> prim;
  if (sf->is(K::Const) && sf->constant->holds_prim()) prim = sf->constant->as_prim();
  if (sf->is(K::Typed) && sf->type->kind == types::TypeKind::PrimFn) prim = sf->type->prim;
  if (prim && n->keywords.empty() && (!s.in_place || is_operator(*prim))) {
    std::vector<Node*> inputs{m_.prim(*prim)};
    inputs.insert(inputs.end(), args.begin(), args.end());
    // grad(f) through a value: argnums 0, as the operator's own default.
    auto g = ad::generic_of_prim(*prim);
    if (g && has_argnums(*g) && inputs.size() == 2) inputs.push_back(m_.constant(int64_t{0}));
    const int arity = ir::prim_info(*prim).arity;
    if (arity < 0 || static_cast<size_t>(arity) + 1 == inputs.size()) return visit_prim(s, n, *prim, inputs);
  }
  return emit(s, n, in, nullptr);
}

// A branch or loop part `closure` of an if/while, specialised for `args`; the closure that
// calls the specialised code (or `closure` itself when its code is not a closed graph).
Node* Expander::branch(Scope& s, Node* closure, std::vector<StaticRef> args, StaticRef* out) {
  StaticRef sf = unfold(static_of(closure));
  if (!sf->is(K::Code)) {
    // A branch of the user's that returns a function of the program (`f = (lambda x: ..) if c
    // else g`): that function, so that the value is known to be one of them.
    const Node* result = sf->is(K::Native) && sf->graph->output ? sf->graph->output : nullptr;
    *out = result && result->holds_graph() ? static_of(result) : nullptr;
    return closure;
  }
  std::vector<StaticRef> params{sf->env()};
  params.insert(params.end(), args.begin(), args.end());
  Graph* c = specialise(const_cast<Graph*>(sf->graph), std::move(params));
  *out = output_of(c, Static::unknown());
  return add(s, Prim::MakeClosure, {m_.constant(c), env_of(s, closure, closure->loc)}, closure->loc,
             Static::code(c, sf->env()));
}

Node* Expander::dispatch(Scope& s, Node* f, const StaticRef& sf, const std::vector<Node*>& extra, SourceLoc loc,
                         const CaseBuilder& build_case) {
  auto is_prim = [](const StaticRef& c) { return c->is(K::Const) && c->constant->holds_prim(); };
  for (const StaticRef& c : sf->elems)
    if (!c->is(K::Code) && !c->is(K::Native) && !is_prim(c)) {
      leftover(loc, "a function value that is one of several codes, some not known ahead of time");
      return add(s, Prim::Fail, {m_.constant(std::string("internal: not expanded"))}, loc);
    }
  // The branches' env: (f, extra...), with f's static narrowed in each case.
  std::vector<Node*> items{f};
  items.insert(items.end(), extra.begin(), extra.end());
  std::vector<StaticRef> item_statics;
  for (Node* x : items) item_statics.push_back(static_of(x));
  // A nullary branch graph reading the env, with f known to be `as` (null: as in sf).
  auto branch_graph = [&](const std::string& name, const StaticRef& as,
                          const std::function<Node*(Scope&, Node*, const std::vector<Node*>&)>& body) {
    Graph* g = cx_.new_graph(name, ir::GraphRole::Branch, loc);
    built_.push_back(g);
    if (!operators_.empty()) operators_of_[g] = operators_;
    Scope b{g, false, {}};
    Node* p = m_.add_param(g, "$env", loc);
    std::vector<StaticRef> statics = item_statics;
    if (as) statics[0] = as;
    statics_[p] = Static::tuple(statics);
    std::vector<Node*> read;
    for (size_t i = 0; i < items.size(); ++i)
      read.push_back(add(b, Prim::TupleGet, {p, m_.constant(static_cast<int64_t>(i))}, loc, statics[i]));
    g->output = body(b, read[0], std::vector<Node*>(read.begin() + 1, read.end()));
    outputs_[g] = static_of(g->output);
    return g;
  };
  // Case i, or the test of code i and what follows (a branch graph per step of the chain).
  std::function<Node*(Scope&, Node*, const std::vector<Node*>&, size_t)> chain =
      [&](Scope& b, Node* g, const std::vector<Node*>& xs, size_t i) -> Node* {
    if (i + 1 == sf->elems.size()) return build_case(b, g, xs);
    const StaticRef& alt = sf->elems[i];
    Node* which = is_prim(alt) ? m_.prim(alt->constant->as_prim()) : m_.constant(const_cast<Graph*>(alt->graph));
    Node* test = add(b, Prim::ClosureIs, {g, which}, loc);
    test->type = store_.boolean();
    statics_[test] = Static::typed(test->type);
    std::vector<Node*> here{g};
    here.insert(here.end(), xs.begin(), xs.end());
    Node* benv = add(b, Prim::MakeTuple, here, loc, Static::tuple(item_statics));
    Graph* yes = branch_graph("case", sf->elems[i], build_case);
    const bool last = i + 2 == sf->elems.size();
    Graph* no = branch_graph(last ? "case" : "else", last ? sf->elems[i + 1] : nullptr, [&](Scope& c, Node* h, const std::vector<Node*>& ys) {
      return chain(c, h, ys, i + 1);
    });
    StaticRef out = merge(outputs_[yes], outputs_[no]);
    Node* r = add(b, Prim::If,
                  {test, add(b, Prim::MakeClosure, {m_.constant(yes), benv}, loc, Static::code(yes, static_of(benv))),
                   add(b, Prim::MakeClosure, {m_.constant(no), benv}, loc, Static::code(no, static_of(benv)))},
                  loc, out);
    return r;
  };
  return chain(s, f, extra, 0);
}

// while(cond, body, init): the body specialised for a state static that is a fixpoint (a few
// rounds of joining what the body returns; Unknown if it does not settle).
Node* Expander::visit_while(Scope& s, Node* n, std::vector<Node*>& in) {
  Node* cond = in[1];
  Node* body = in[2];
  Node* init = in[3];
  if (!unfold(static_of(body))->is(K::Code) || !unfold(static_of(cond))->is(K::Code)) return emit(s, n, in, nullptr);
  StaticRef state = static_of(init);
  StaticRef after;
  Node* b = nullptr;
  for (int round = 0; round < 4; ++round) {
    b = branch(s, body, {state}, &after);
    StaticRef next = merge(state, after ? after : Static::unknown());
    if (key(next) == key(state)) break;
    state = round == 2 ? Static::unknown() : next;
  }
  if (key(merge(state, after ? after : Static::unknown())) != key(state)) {
    state = Static::unknown();
    b = branch(s, body, {state}, &after);
  }
  StaticRef ignored;
  Node* c = branch(s, cond, {state}, &ignored);
  std::vector<Node*> operands{in[0], c, b, init};
  if (in.size() == 5) operands.push_back(in[4]);  // a counted loop's trip count (ops.def)
  return emit(s, n, std::move(operands), state);
}

}  // namespace fx::expand

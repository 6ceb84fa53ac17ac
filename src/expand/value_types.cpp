#include "expand/value_types.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "codegen/unsupported.hpp"
#include "ir/after_fail.hpp"

namespace fx::expand {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;
using types::Type;
using types::TypeKind;

// Rounds of the fixed point: each adds what one more loop iteration or call level shows; the
// types only grow (joins), so a handful settle every program of the suite.
constexpr int kMaxRounds = 32;

bool names_derived(const Type* t) {
  if (!t) return false;
  if (t->kind == TypeKind::Derived) return true;
  if (t->kind == TypeKind::Tuple || t->kind == TypeKind::Union)
    for (const Type* e : t->elems)
      if (names_derived(e)) return true;
  return false;
}

// A graph the expansion (or the AD engine under it) built: typed clones remember their origin.
bool generated(const Graph* g) { return !g->origin; }

// Primitives the transforms leave unused in generated graphs, which cannot fail.
bool dead_if_unused(const Node* n) {
  Prim p;
  if (!n->prim_callee(&p)) return false;
  switch (p) {
    case Prim::MakeClosure:
    case Prim::ClosureEnv:
    case Prim::MakeTuple:
    case Prim::TupleGet:
    case Prim::ListEmpty:
    case Prim::ZerosLike: return true;
    default: return false;
  }
}

}  // namespace

const Type* closure_at_member(ad::Context& cx, types::TypeStore& store, const Node* at, const Type* t) {
  if (t->kind != TypeKind::Explicit) return t;
  const Graph* clone = cx.converted_from(t->graph);  // code = cc(clone): the sibling's cc, with the same env
  if (!clone) return t;
  for (size_t i = 1; i < at->num_args(); ++i) {
    const Graph* target = at->arg(i)->as_graph();
    if (target != clone && target->origin == clone->origin && target->parent == clone->parent)
      return store.explicit_closure(cx.convert(target).graph, t->elems[0]);
  }
  return t;
}

namespace {

class ValueTyper {
 public:
  ValueTyper(ir::Module& m, ad::Context& cx, types::TypeStore& store, types::Annotations& annotations, KnownCode code_of)
      : m_(m), cx_(cx), store_(store), annotations_(annotations), typing_(store, annotations), code_of_(std::move(code_of)) {}

  std::vector<Graph*> run(const std::vector<Graph*>& entries, const std::vector<const Graph*>& roots) {
    remove_dead();
    auto note_clone = [&](const Node* x) {
      if (x->holds_graph() && x->type && x->type->kind == TypeKind::Closure) clones_.emplace(x->type, x->as_graph());
    };
    for (const Graph* g : roots) {
      for (const Node* n : g->body)
        for (const Node* x : n->inputs) note_clone(x);
      if (g->output) note_clone(g->output);  // a function returning a closure (make_loss(t) = lambda x: ...)
    }
    for (int round = 0;; ++round) {
      changed_ = false;
      seen_.clear();
      for (const Graph* entry : entries) visit(entry);
      for (const Graph* g : roots)
        if (!generated(g)) visit(g);
      if (!changed_) {
        std::vector<Graph*> typed;
        for (const Graph* g : seen_)
          if (generated(g)) typed.push_back(const_cast<Graph*>(g));
        return typed;
      }
      if (round == kMaxRounds) {
        // A tangent that nests one more union per round is that of a recursive pullback
        // (its env holds the tangent of the pullback of the call inside): as deep as the
        // recursion goes, which a finite type cannot say.
        if (deepest_tangent() > kMaxRounds / 2)
          codegen::unsupported(entries.at(0)->loc, "the tangent of a recursive pullback (as deep as the recursion went)");
        codegen::unsupported(entries.at(0)->loc, "derivative code whose types do not settle");
      }
    }
  }

 private:
  // (Then numbers the nodes again: the interpreter's frames are laid out by node number, and
  // it runs this program when the emitter cannot.)
  void remove_dead() {
    bool removed = false;
    std::unordered_map<const Node*, size_t> uses;
    for (const auto& g : m_.graphs) {
      for (const Node* n : g->body)
        for (const Node* x : n->inputs) ++uses[x];
      if (g->output) ++uses[g->output];
    }
    for (bool again = true; again;) {
      again = false;
      for (const auto& g : m_.graphs) {
        if (!generated(g.get())) continue;
        std::vector<Node*> kept;
        for (auto it = g->body.rbegin(); it != g->body.rend(); ++it) {
          Node* n = *it;
          if (uses[n] == 0 && dead_if_unused(n)) {
            for (const Node* x : n->inputs) --uses[x];
            again = true;
            continue;
          }
          kept.push_back(n);
        }
        if (kept.size() != g->body.size()) g->body.assign(kept.rbegin(), kept.rend());
        removed = removed || again;
      }
    }
    if (removed) m_.renumber();
  }

  // Does n keep the type inference gave it? Nodes of typed clones do, unless their type names
  // a derived function (whose value here is its env tuple) or they were added by the expansion.
  bool fixed(const Node* n) {
    if (n->is_constant()) return true;
    auto [it, fresh] = fixed_.emplace(n, false);
    if (fresh) it->second = !generated(n->graph) && n->type && !names_derived(n->type);
    return it->second;
  }

  const Type* type_of(const Node* x) {
    if (x->type || !x->is_constant()) return x->type;
    const auto& v = x->value;
    if (std::holds_alternative<int64_t>(v)) return store_.i64();
    if (std::holds_alternative<double>(v)) return store_.f64();
    if (std::holds_alternative<bool>(v)) return store_.boolean();
    if (std::holds_alternative<std::string>(v)) return store_.str();
    if (std::holds_alternative<ir::NoneVal>(v)) return store_.none();
    return nullptr;
  }

  void set_type(Node* n, const Type* t) {
    t = named(t, n->loc);
    if (!t || fixed(n)) return;
    if (n->type && computed_.count(n)) n->type = named(n->type, n->loc);  // a code may have become recursive since
    if (n->type == t) return;
    if (n->type && computed_.count(n)) {  // types only grow between rounds
      const Type* joined = join_values(n->type, t);
      if (!joined) differing_types(n->loc, "derivative code whose values change type", n->type, t);
      t = joined;
      if (t == n->type) return;
    }
    n->type = t;
    computed_.insert(n);
    changed_ = true;
  }

  // Refuses values of types a and b that do not join, as `what`: where one is the tangent of a
  // recursive closure, as that (the pullbacks of a recursion's branches whose envs have one
  // length but differ in type, whose tangents do not join: third_order_enum_chain.fx).
  [[noreturn]] void differing_types(SourceLoc loc, const std::string& what, const Type* a, const Type* b,
                                    const std::string& where = "") {
    const Type* rt = nullptr;
    for (const Type* t : {a, b})
      if (const Type* found = recursive_tangent_in(t)) rt = found;
    if (rt && !tangent_env(rt->graph))
      codegen::unsupported(loc, "the tangent of a recursive pullback whose branches' pullbacks hold values of different types "
                                "in one place (" + types::to_string(store_.recursive_env(rt->graph)) + ")");
    codegen::unsupported(loc, what + " (" + where + types::to_string(a) + " and " + types::to_string(b) + ")");
  }

  // A tangent of a recursive closure that t holds (in tuples' and unions' parts), or null.
  static const Type* recursive_tangent_in(const Type* t) {
    if (!t) return nullptr;
    if (t->kind == TypeKind::RecursiveTangent) return t;
    if (t->kind == TypeKind::Tuple || t->kind == TypeKind::Union)
      for (const Type* e : t->elems)
        if (const Type* found = recursive_tangent_in(e)) return found;
    return nullptr;
  }

  // The join of two values' types, where a value may also be one of several tuples: the
  // tangents of closures of different codes (an `if`'s pullback is one of its branches'
  // pullbacks, and its tangent, in a derivative of a derivative, is the env tangent of the
  // one it is). Tuples of different lengths join to the union of them (tuples of one length
  // to their join), whose tag says which one the value is, as the closures' union does.
  const Type* join_values(const Type* a, const Type* b) {
    if (a == b) return a;
    // The tangent of a recursive closure joins the tuples that are one (folded).
    if (a->kind == TypeKind::RecursiveTangent || b->kind == TypeKind::RecursiveTangent) {
      const Type* rt = a->kind == TypeKind::RecursiveTangent ? a : b;
      const Type* other = rt == a ? b : a;
      return other->kind == TypeKind::Tuple && folds_into(other, rt->graph, true) ? rt : nullptr;
    }
    // Closures of one code: their envs join as values (an env may hold one of several tuples),
    // as types::join joins them otherwise (the joined type's maker is not known: holds_own).
    if (a->kind == TypeKind::Explicit && b->kind == TypeKind::Explicit && a->graph == b->graph) {
      const Type* env = join_values(a->elems[0], b->elems[0]);
      return env ? store_.explicit_closure(a->graph, env) : nullptr;
    }
    auto several_tuples = [](const Type* t) { return t->kind == TypeKind::Union && tuple_alternatives(t); };
    const bool tuples = tuple_alternatives(a) && tuple_alternatives(b);
    if (tuples && a->kind == TypeKind::Tuple && b->kind == TypeKind::Tuple && a->elems.size() == b->elems.size()) {
      std::vector<const Type*> elems;
      for (size_t i = 0; i < a->elems.size(); ++i) {
        elems.push_back(join_values(a->elems[i], b->elems[i]));
        if (!elems.back()) return nullptr;
      }
      return store_.tuple(std::move(elems));
    }
    if (!tuples) {
      if (several_tuples(a) || several_tuples(b)) return nullptr;  // (types::join would mix them with functions)
      return types::join(store_, a, b);
    }
    std::vector<const Type*> alternatives;
    for (const Type* t : {a, b})
      for (const Type* m : t->kind == TypeKind::Union ? t->elems : std::vector<const Type*>{t}) {
        auto like = std::find_if(alternatives.begin(), alternatives.end(),
                                 [&](const Type* x) { return x->elems.size() == m->elems.size(); });
        if (like == alternatives.end()) {
          alternatives.push_back(m);
          continue;
        }
        *like = join_values(*like, m);
        if (!*like) return nullptr;
      }
    return store_.union_of(alternatives);
  }

  // What a call passes to a parameter of a generated graph, narrowed by what the transforms
  // know of that parameter: a union of tuples (the tangent of one of several pullbacks, which
  // a dispatch on that pullback passes on to each case's code) is the one alternative of the
  // parameter's noted length (ad::Context::tuple_arity: a pullback's env `$res`, and its
  // tangent `$dres` in forward mode), and a pullback's cotangent has the structure of the
  // primal it is the cotangent of (ad::Context::cotangent_of), so where that primal makes a
  // closure, it is the alternative of the closure's env length. (In the case of `if_true`'s
  // pullback the env tangent of `if_true`'s: its elements may differ in type from
  // `if_false`'s. The emitter checks the tag where it converts the union.)
  const Type* narrowed(const Type* t, const Node* param) {
    const Type* by_primal = narrowed_by_primal(alternative_of_length(t, cx_.tuple_arity(param)), cx_.cotangent_of(param));
    return narrowed_by_reads(by_primal, param);
  }

  // One of several tuples that its graph reads an element of that only one of them has (the
  // cotangent of one of several pullbacks' envs, in the code of one of them): that one. Every
  // node of a graph's body runs where the graph does, so the value is that tuple wherever it
  // is read (the emitter checks the tag where it converts the union).
  // A tuple too short for those reads is another's, which never reaches x: null.
  const Type* narrowed_by_reads(const Type* t, const Node* x) {
    if (!t || !tuple_alternatives(t)) return t;
    const size_t length = length_read(x);
    if (t->kind == TypeKind::Tuple) return t->elems.size() >= length ? t : nullptr;
    const Type* only = nullptr;
    for (const Type* m : t->elems)
      if (m->elems.size() >= length) {
        if (only) return t;
        only = m;
      }
    return only ? only : t;
  }

  // 1 + the largest constant index at which x's graph reads x (0 where it reads none).
  size_t length_read(const Node* x) {
    if (!x->graph) return 0;
    if (read_lengths_of_.insert(x->graph).second)
      for (const Node* n : x->graph->body)
        if (n->is_prim_apply(Prim::TupleGet) && n->num_args() == 2 && n->arg(1)->is_constant() &&
            std::holds_alternative<int64_t>(n->arg(1)->value) && n->arg(1)->as_int() >= 0) {
          size_t& most = read_lengths_[n->arg(0)];
          most = std::max(most, static_cast<size_t>(n->arg(1)->as_int()) + 1);
        }
    auto it = read_lengths_.find(x);
    return it == read_lengths_.end() ? 0 : it->second;
  }

  // Of a union of tuples, the alternative of length n (unknown: -1); null for a tuple of
  // another length (the tangent of another of several pullbacks, which the dispatch passes
  // to this case's code only where its tag is another, so that it never reaches it).
  static const Type* alternative_of_length(const Type* t, int n) {
    if (n >= 0 && t && t->kind == TypeKind::Tuple && t->elems.size() != static_cast<size_t>(n)) return nullptr;
    return of_length(t, n);
  }

  // (Null where t holds a tuple of another length than the env of the closure the primal
  // makes there: alternative_of_length.)
  const Type* narrowed_by_primal(const Type* t, const Node* primal, int depth = 0) {
    if (!t || !primal || depth > 16) return t;
    if (primal->is_prim_apply(Prim::MakeClosure) && primal->num_args() == 2)
      return alternative_of_length(t, cx_.tuple_arity(primal->arg(1)));
    if (!primal->is_prim_apply(Prim::MakeTuple)) return t;
    t = of_length(t, static_cast<int>(primal->num_args()));
    if (t->kind != TypeKind::Tuple || t->elems.size() != primal->num_args()) return t;
    std::vector<const Type*> elems;
    bool same = true;
    for (size_t i = 0; i < t->elems.size(); ++i) {
      elems.push_back(narrowed_by_primal(t->elems[i], primal->arg(i), depth + 1));
      if (!elems.back()) return nullptr;
      same = same && elems.back() == t->elems[i];
    }
    return same ? t : store_.tuple(std::move(elems));
  }

  // Of a union of tuples, the alternative of length n (unknown: -1), if it has one; else t.
  static const Type* of_length(const Type* t, int n) {
    if (!t || n < 0 || t->kind != TypeKind::Union || !tuple_alternatives(t)) return t;
    for (const Type* m : t->elems)
      if (m->elems.size() == static_cast<size_t>(n)) return m;
    return t;
  }

  // How many unions of tuples nest in t, at most (one in another's element, or in a
  // closure's env)?
  static int tuples_nested(const Type* t, int depth = 0) {
    if (!t || depth > 256) return 0;
    if (t->kind != TypeKind::Tuple && t->kind != TypeKind::Union && t->kind != TypeKind::Explicit) return 0;
    int most = 0;
    for (const Type* e : t->elems) most = std::max(most, tuples_nested(e, depth + 1));
    return most + (t->kind == TypeKind::Union && tuple_alternatives(t) ? 1 : 0);
  }

  // The most unions of tuples nested in the type of a node or parameter typed here.
  int deepest_tangent() {
    int most = 0;
    for (const Node* n : computed_) most = std::max(most, tuples_nested(n->type));
    for (const auto& [g, params] : params_)
      for (const Type* t : params) most = std::max(most, tuples_nested(t));
    return most;
  }

  // Is t a tuple, or a union of tuples (join_values)?
  static bool tuple_alternatives(const Type* t) {
    if (t->kind == TypeKind::Tuple) return true;
    if (t->kind != TypeKind::Union) return false;
    for (const Type* m : t->elems)
      if (m->kind != TypeKind::Tuple) return false;
    return true;
  }

  // What a call site passes to parameter i of generated graph g.
  void pass(const Graph* g, size_t i, const Type* t, SourceLoc loc) {
    t = named(t, loc);
    if (!t) return;
    if (i < g->params.size()) t = narrowed(t, g->params[i]);
    if (!t) return;  // a value that never reaches this parameter
    auto& params = params_[g];
    params.resize(g->params.size(), nullptr);
    if (i >= params.size()) codegen::unsupported(loc, "a call with a different number of arguments");
    if (params[i]) params[i] = named(params[i], loc);
    const Type* joined = params[i] ? join_values(params[i], t) : t;
    if (!joined)
      differing_types(loc, "a derivative function called with values of different types", params[i], t,
                      g->name + ", parameter " + std::to_string(i) + ": ");
    if (joined != params[i]) {
      params[i] = joined;
      changed_ = true;
    }
  }

  // The result type of calling g with these argument types.
  const Type* call(const Graph* g, const std::vector<const Type*>& args, SourceLoc loc) {
    if (generated(g)) {
      if (args.size() != g->params.size()) codegen::unsupported(loc, "a call with a different number of arguments");
      for (size_t i = 0; i < args.size(); ++i) pass(g, i, args[i], loc);
    }
    visit(g);
    return g->output ? type_of(g->output) : nullptr;
  }

  void visit(const Graph* cg) {
    if (!seen_.insert(cg).second) return;
    Graph* g = const_cast<Graph*>(cg);
    if (generated(g)) {
      auto& params = params_[g];
      params.resize(g->params.size(), nullptr);
      for (size_t i = 0; i < g->params.size(); ++i) set_type(g->params[i], params[i]);
    } else {
      for (const Node* p : g->params)
        if (names_derived(p->type)) codegen::unsupported(p->loc, "a derived function passed as an argument");
    }
    for (Node* n : g->body) {
      for (Node* x : n->inputs) type_constant(x);
      if (fixed(n)) reach(n);
      else set_type(n, rule(n));
    }
    if (g->output) type_constant(g->output);
  }

  // A number, bool, string or None constant the expansion made has the type of its value.
  void type_constant(Node* x) {
    if (x->is_constant() && !x->type && !x->holds_graph()) x->type = type_of(x);
  }

  // A typed clone's node keeps its type, but what it calls or runs is visited (and generated
  // graphs it calls learn their argument types).
  void reach(Node* n) {
    Prim p;
    if (n->prim_callee(&p)) {
      if (p == Prim::If || p == Prim::While) rule(n);
      return;
    }
    rule(n);
  }

  // A function value called with `args`: the Explicit code with its env first.
  const Type* call_value(const Type* f, std::vector<const Type*> args, SourceLoc loc) {
    if (!f) return nullptr;
    if (f->kind == TypeKind::Explicit) {
      args.insert(args.begin(), f->elems[0]);
      return call(f->graph, args, loc);
    }
    if (f->kind == TypeKind::Recursive) {
      const Type* env = store_.recursive_env(f->graph);
      if (!env) return nullptr;
      args.insert(args.begin(), env);
      return call(f->graph, args, loc);
    }
    if (f->kind == TypeKind::Closure && !generated(f->graph) && args.empty()) return call(f->graph, args, loc);
    return nullptr;
  }

  std::vector<const Type*> arg_types(const Node* n) {
    std::vector<const Type*> out;
    for (size_t i = 0; i < n->num_args(); ++i) out.push_back(type_of(n->arg(i)));
    return out;
  }

  const Type* rule(Node* n) {
    // A `fail` (a primitive without derivative rules, docs/ad.md) stops the program where it
    // is made: what reads its value is never reached, and has its type, Bottom (the emitter
    // writes nothing for it). (Not every Bottom: a variable not assigned yet, `undef`, is one
    // too, and is read: ir/after_fail.hpp.)
    if (ir::after_a_fail(n, after_fail_)) return store_.bottom();
    Prim p;
    if (n->prim_callee(&p)) return prim_rule(n, p);
    const Node* f = n->callee();
    if (f->holds_graph()) return call(f->as_graph(), arg_types(n), n->loc);
    if (f->type && (f->type->kind == TypeKind::Explicit || f->type->kind == TypeKind::Recursive))
      return call_value(f->type, arg_types(n), n->loc);
    if (f->type && f->type->kind == TypeKind::Union) return call_alternatives(f->type, arg_types(n), n);
    return n->type;  // a call of a typed clone's closure (the emitter asks inference for its target)
  }

  // A call of one of several converted closures (a branch's pullback that the expansion left
  // undispatched, where a recursion's statics were cut): each code runs with its own env, and
  // the call's type is the join of what they return.
  const Type* call_alternatives(const Type* f, const std::vector<const Type*>& args, const Node* n) {
    const Type* out = nullptr;
    for (const Type* m : f->elems) {
      if (m->kind != TypeKind::Explicit && m->kind != TypeKind::Recursive) return n->type;
      const Type* r = call_value(m, args, n->loc);
      if (!r) continue;  // not known yet: the other alternatives may tell
      const Type* joined = out ? join_values(out, r) : r;
      if (!joined)
        codegen::unsupported(n->loc, "a call of one of several functions that return values of different types (" +
                                         types::to_string(out) + " and " + types::to_string(r) + ")");
      out = joined;
    }
    return out ? out : n->type;
  }

  // A branch or loop graph given as a graph constant (typed clones) or a closure (generated).
  const Type* run_code(const Node* code, std::vector<const Type*> args, SourceLoc loc) {
    if (code->holds_graph()) return call(code->as_graph(), args, loc);
    return call_value(code->type, std::move(args), loc);
  }

  // Does a value of type t hold a closure of `code` that make_closure node `site` made (in
  // its parts, or in a closure's env)? Closures of the same code made elsewhere do not make a
  // recursion: the same generated graph is reached at several orders of differentiation (the
  // closure of a derivative of a derivative holds that of the derivative inside, of the same
  // code and a smaller env), and such nesting is finite. A closure of the code whose maker is
  // not known (a type joined or renamed since) counts as the site's own, as does one of the
  // code's named type (it is recursive already).
  bool holds_own(const Type* t, const Graph* code, const Node* site, int depth = 0) {
    if (!t || depth > 64) return false;
    if (t->kind == TypeKind::Recursive && t->graph == code) return true;
    if (t->kind == TypeKind::Explicit && t->graph == code) {
      auto it = makers_.find(t);
      if (it == makers_.end() || it->second.count(site)) return true;
    }
    if (t->kind == TypeKind::Tuple || t->kind == TypeKind::Union || t->kind == TypeKind::List ||
        t->kind == TypeKind::Explicit)
      for (const Type* e : t->elems)
        if (holds_own(e, code, site, depth + 1)) return true;
    return false;
  }

  // Explicit closure type t, made by make_closure node `site` (holds_own).
  const Type* made_by(const Type* t, const Node* site) {
    makers_[t].insert(site);
    return t;
  }

  // t with every closure of a recursive code as that code's named type, whose env (`env`, or
  // the envs found inside t) widens the store's: so that the types of a recursion settle.
  const Type* named(const Type* t, SourceLoc loc, const Type* env = nullptr) {
    if (!t) return t;
    switch (t->kind) {
      case TypeKind::Recursive:
        if (env) widen(t->graph, named(env, loc), loc);
        return t;
      case TypeKind::Explicit:
        if (recursive_.count(t->graph)) {
          widen(t->graph, named(t->elems[0], loc), loc);
          return store_.recursive_closure(t->graph);
        }
        if (const Type* e = named(t->elems[0], loc); e != t->elems[0]) {
          const Type* renamed = store_.explicit_closure(t->graph, e);
          if (auto it = makers_.find(t); it != makers_.end()) makers_[renamed].insert(it->second.begin(), it->second.end());
          return renamed;
        }
        return t;
      case TypeKind::Tuple:
      case TypeKind::Union:
      case TypeKind::List: {
        std::vector<const Type*> elems;
        bool same = true;
        for (const Type* e : t->elems) {
          elems.push_back(named(e, loc));
          same = same && elems.back() == e;
        }
        const Type* renamed = t;
        if (!same) {
          if (t->kind == TypeKind::Tuple) renamed = store_.tuple(std::move(elems));
          else if (t->kind == TypeKind::List) renamed = store_.list(elems[0]);
          else renamed = store_.union_of(elems);
        }
        return folded(renamed);
      }
      default: return t;
    }
  }

  void widen(const Graph* code, const Type* env, SourceLoc loc) {
    if (!env) return;
    const Type* old = store_.recursive_env(code);
    const Type* joined = old ? join_values(old, env) : env;
    if (!joined) codegen::unsupported(loc, "a recursion whose closures hold values of different types");
    if (joined == old) return;
    store_.set_recursive_env(code, joined);
    changed_ = true;
  }

  // The tangent space of values of type t. A recursive closure's is its named tangent
  // (RecursiveTangent). With `unions`, one of several converted closures has the tangent of
  // the one it is: the join of their env tangents (tuples of different lengths: a union, as
  // join_values makes it), which is how the env of a recursion's pullback (one of its
  // branches' pullbacks) has a tangent.
  const Type* tangent(const Type* t, bool unions = false) {
    if (!t) return nullptr;
    switch (t->kind) {
      case TypeKind::Explicit: return tangent(t->elems[0], unions);
      case TypeKind::Closure: return tangent(env_of_closure(t), unions);
      case TypeKind::PrimFn: return store_.tuple({});
      case TypeKind::Tuple: {  // (an element that is the tangent of a recursive closure's env: that tangent)
        std::vector<const Type*> elems;
        for (const Type* e : t->elems) {
          elems.push_back(folded(tangent(e, unions)));
          if (!elems.back()) return nullptr;
        }
        return store_.tuple(std::move(elems));
      }
      case TypeKind::List: {
        const Type* e = tangent(t->elems[0], unions);
        return e ? store_.list(e) : nullptr;
      }
      case TypeKind::Recursive: return store_.recursive_tangent(t->graph);
      case TypeKind::Union: {
        // One of several tuples (the tangent of one of several closures, whose envs differ):
        // the tangent of the one it is. One of several converted closures: with `unions`.
        // One of several primitives and closures (a function value): the tangent of the one it
        // is, the tangent of its env (a primitive's is the empty tuple).
        const bool tuples = tuple_alternatives(t);
        const bool functions = std::all_of(t->elems.begin(), t->elems.end(), [](const Type* m) {
          return m->kind == TypeKind::PrimFn || m->kind == TypeKind::Closure;
        });
        if (!unions && !tuples && !functions) return nullptr;
        const Type* out = nullptr;
        for (const Type* m : t->elems) {
          if (!tuples && !functions && m->kind != TypeKind::Explicit && m->kind != TypeKind::Recursive) return nullptr;
          const Type* e = tangent(m, unions);
          if (!e || !(out = out ? join_values(out, e) : e)) return nullptr;
        }
        return out;
      }
      case TypeKind::Derived: return nullptr;
      default: return t;  // numbers, tensors, structs, strings: their own tangent space
    }
  }

  // The tuple that the tangent of a recursive code's closures is (the tangent of its env,
  // with the tangent of the closures inside named), kept by the store for the emitter; null
  // while the env is not known, or when it is not a tuple.
  const Type* tangent_env(const Graph* code) {
    const Type* env = store_.recursive_env(code);
    auto& [of_env, te] = tangent_envs_[code];
    if (env == of_env || deriving_) return te;  // (deriving: the joins of its parts ask)
    deriving_ = true;
    te = env ? tangent(env, true) : nullptr;
    deriving_ = false;
    of_env = env;
    if (te && te->kind != TypeKind::Tuple) te = nullptr;
    if (te != store_.recursive_tangent_env(code)) {
      store_.set_recursive_tangent_env(code, te);
      changed_ = true;
    }
    return te;
  }

  // t, or the tangent of a recursive code's closures where t is a tuple of that structure
  // (tangent_env) that holds such a tangent, or a tuple of it, where the structure has it:
  // the tangent a derivative of a derivative builds of such a closure, tuple by tuple, nests
  // as deep as the recursion went, and is finite as the named type.
  // Where t has the structure of several codes' tangents, the closest is taken: the code whose
  // structure t is, else one t fits without a lower order's recursion's tangent, else the
  // oldest graph (an order that does not hang on where graphs happen to be allocated).
  const Type* folded(const Type* t) {
    if (!t || t->kind != TypeKind::Tuple) return t;
    const Graph* best = nullptr;
    int best_rank = 3;
    for (const Graph* code : recursive_) {
      crossed_ = false;
      if (!folds_into(t, code, false)) continue;
      const int rank = t == tangent_env(code) ? 0 : crossed_ ? 2 : 1;
      if (rank < best_rank || (rank == best_rank && code->id < best->id)) {
        best = code;
        best_rank = rank;
      }
    }
    return best ? store_.recursive_tangent(best) : t;
  }

  // Is tuple t one of the tangent of `code`'s closures (folded)? With `shallow`, also a tuple
  // of the structure that holds none: the tangent at the recursion's base, where it joins the
  // named type. (Of that code only: a base tuple may have the structure of several codes'.)
  bool folds_into(const Type* t, const Graph* code, bool shallow) {
    const Type* te = tangent_env(code);
    bool nested = t == te;  // (the structure itself holds the named tangent)
    return te && holds(te, store_.recursive_tangent(code)) && fits_tangent(t, te, code, &nested) && (nested || shallow);
  }

  // Does t hold type x (in tuples' and unions' parts)?
  static bool holds(const Type* t, const Type* x) {
    if (t == x) return true;
    if (t->kind != TypeKind::Tuple && t->kind != TypeKind::Union) return false;
    for (const Type* e : t->elems)
      if (holds(e, x)) return true;
    return false;
  }

  // Is a value of type t one of pattern p, a part of the tangent of `code`'s closures: the
  // named tangent (or a tuple of its structure) where p has it, a tuple of the length of one
  // of p's alternatives where p is one of several tuples, and a type that joins into p's
  // elsewhere?
  // `nested` tells whether t has, where p has the named tangent, that or a tuple (so that t
  // is a tangent of the closure inside too, and not just a tuple of the same shape).
  bool fits_tangent(const Type* t, const Type* p, const Graph* code, bool* nested) {
    if (p->kind == TypeKind::RecursiveTangent && p->graph == code) {
      const Type* te = store_.recursive_tangent_env(code);
      if (t != p && (t->kind != TypeKind::Tuple || !te || !fits_tangent(t, te, code, nested))) return false;
      *nested = true;
      return true;
    }
    if (t == p) return true;
    // Another recursive code's (a derivative of a lower order): a tuple of its structure.
    if (p->kind == TypeKind::RecursiveTangent) {
      const Type* inner = store_.recursive_tangent_env(p->graph);
      bool inner_nested = false;
      crossed_ = true;
      return t->kind == TypeKind::Tuple && inner && p->graph != code && fits_tangent(t, inner, p->graph, &inner_nested);
    }
    if (p->kind == TypeKind::Tuple) {
      if (t->kind != TypeKind::Tuple || t->elems.size() != p->elems.size()) return false;
      for (size_t i = 0; i < t->elems.size(); ++i)
        if (!fits_tangent(t->elems[i], p->elems[i], code, nested)) return false;
      return true;
    }
    if (p->kind == TypeKind::Union && tuple_alternatives(p)) {
      for (const Type* m : t->kind == TypeKind::Union ? t->elems : std::vector<const Type*>{t}) {
        const Type* alternative = of_length(p, m->kind == TypeKind::Tuple ? static_cast<int>(m->elems.size()) : -1);
        if (alternative == p || !fits_tangent(m, alternative, code, nested)) return false;
      }
      return true;
    }
    if (p->kind == TypeKind::Union || p->kind == TypeKind::RecursiveTangent || t->kind == TypeKind::Tuple) return false;
    return types::join(store_, t, p) == p;
  }

  // The env tuple closure conversion gives a typed clone's closure: its free variables.
  // (A closure type names the generic graph; the clone its values are made of is the graph
  // constant of that type, as for the emitter's env layouts.)
  const Type* env_of_closure(const Type* t) {
    auto it = clones_.find(t);
    if (it == clones_.end()) return nullptr;
    std::vector<const Type*> elems;
    for (const Node* fv : cx_.convert(it->second).free_vars) {
      if (!fv->type) return nullptr;
      elems.push_back(fv->type);
    }
    return store_.tuple(std::move(elems));
  }

  const Type* prim_rule(Node* n, Prim p) {
    std::vector<const Type*> args = arg_types(n);
    auto known = [&] {
      for (const Type* t : args)
        if (!t) return false;
      return true;
    };
    switch (p) {
      case Prim::MakeTuple: return known() ? store_.tuple(args) : nullptr;
      case Prim::TupleGet: {
        const Node* k = n->arg(1);
        if (args[0] && args[0]->kind == TypeKind::RecursiveTangent) args[0] = tangent_env(args[0]->graph);
        if (!args[0] || !tuple_alternatives(args[0]) || !k->is_constant() || !std::holds_alternative<int64_t>(k->value))
          return n->type;
        const auto i = static_cast<size_t>(k->as_int());
        if (args[0]->kind == TypeKind::Tuple)
          return i < args[0]->elems.size() ? narrowed_by_reads(args[0]->elems[i], n) : nullptr;
        // One of several tuples: the join of the element of each that has one (the code that
        // reads it runs where the value is known to be such a tuple: a dispatch's case).
        const Type* out = nullptr;
        for (const Type* m : args[0]->elems) {
          if (i >= m->elems.size()) continue;
          const Type* joined = out ? join_values(out, m->elems[i]) : m->elems[i];
          if (!joined)
            codegen::unsupported(n->loc, "an element of one of several tuples whose types differ (" + types::to_string(out) +
                                             " and " + types::to_string(m->elems[i]) + ")");
          out = joined;
        }
        return out;
      }
      case Prim::MakeClosure: {
        if (!n->arg(0)->holds_graph()) codegen::unsupported(n->loc, "a derived function built at run time");
        const Graph* code = n->arg(0)->as_graph();
        if (!args[1]) return nullptr;
        // A closure whose env holds closures this node made (a recursion's pullback) makes
        // its code recursive: from then on its closures have the named type.
        if (recursive_.count(code) || holds_own(args[1], code, n)) {
          recursive_.insert(code);
          return named(store_.recursive_closure(code), n->loc, args[1]);
        }
        return made_by(store_.explicit_closure(code, args[1]), n);  // its code learns the env where it is called
      }
      case Prim::ClosureEnv: {
        if (!args[0]) return nullptr;
        // In a dispatch's case the expansion knows which code the value is (Expander::code_of);
        // until a value of that code reaches the case, its env is not known.
        const Graph* known = code_of_ ? code_of_(n->arg(0)) : nullptr;
        auto env_of = [&](const Type* f) -> const Type* {
          if (known && f->graph != known) return nullptr;
          return f->kind == TypeKind::Explicit ? f->elems[0] : store_.recursive_env(f->graph);
        };
        if (args[0]->kind == TypeKind::Explicit || args[0]->kind == TypeKind::Recursive) {
          const Type* env = env_of(args[0]);
          return env ? env : n->type;
        }
        if (args[0]->kind == TypeKind::Closure) return env_of_closure(args[0]);
        if (args[0]->kind == TypeKind::Union && known)
          for (const Type* m : args[0]->elems) {
            if ((m->kind == TypeKind::Explicit || m->kind == TypeKind::Recursive) && m->graph == known) return env_of(m);
            // One of several of the user's closures: the member of the known clone's function.
            if (m->kind == TypeKind::Closure && m->graph == (known->origin ? known->origin : known))
              return env_of_closure(m);
          }
        return n->type;  // one of several codes: the expansion's case knows which (its static)
      }
      case Prim::ClosureIs:
      case Prim::ListIsEmpty: return store_.boolean();
      case Prim::ListEmpty: {  // a counted loop's tape takes the type of the stack it becomes
        auto it = tapes_.find(n);
        return it != tapes_.end() ? it->second : store_.list(store_.bottom());
      }
      case Prim::ListPush: {
        if (!known() || args[0]->kind != TypeKind::List) return nullptr;
        const Type* elem = types::join(store_, args[0]->elems[0], args[1]);
        if (!elem) codegen::unsupported(n->loc, "a stack of values of different types");
        return store_.list(elem);
      }
      case Prim::ListTop: return args[0] && args[0]->kind == TypeKind::List ? args[0]->elems[0] : nullptr;
      case Prim::ListPop: return args[0] && args[0]->kind == TypeKind::List ? args[0] : nullptr;
      case Prim::ZerosLike: return args[0] ? tangent(args[0], true) : n->type;
      case Prim::AddTangent: {
        const Type *a = tangent(args[0], true), *b = tangent(args[1], true);
        if (!a || !b) return n->type;
        if (a->kind == TypeKind::I64 || b->kind == TypeKind::I64) return a->kind == TypeKind::I64 ? a : b;
        const Type* joined = types::join(store_, a, b);
        if (!joined) joined = join_values(a, b);  // (one of several tuples: the tangent of one of several pullbacks)
        return joined ? joined : n->type;
      }
      case Prim::ClosureAt: return closure_at(n, args[0]);
      case Prim::SetAttr: {  // a tuple's element at a constant index (a tangent's part)
        const Node* k = n->arg(1);
        // Of the tangent of a recursive closure, where the value joins into that element.
        if (args[0] && args[0]->kind == TypeKind::RecursiveTangent && args[2] && k->is_constant() &&
            std::holds_alternative<int64_t>(k->value)) {
          const Type* te = tangent_env(args[0]->graph);
          const auto i = static_cast<size_t>(k->as_int());
          if (!te || i >= te->elems.size()) return n->type;
          const Type* joined = join_values(te->elems[i], args[2]);
          return joined == te->elems[i] ? args[0] : n->type;
        }
        if (!args[0] || args[0]->kind != TypeKind::Tuple || !args[2] || !k->is_constant() ||
            !std::holds_alternative<int64_t>(k->value))
          break;
        std::vector<const Type*> elems = args[0]->elems;
        const auto i = static_cast<size_t>(k->as_int());
        if (i >= elems.size()) return nullptr;
        elems[i] = args[2];
        return store_.tuple(std::move(elems));
      }
      case Prim::If: {
        const Type* a = run_code(n->arg(1), {}, n->loc);
        const Type* b = run_code(n->arg(2), {}, n->loc);
        if (!a || !b) return a ? a : b;
        const Type* joined = join_values(a, b);
        return joined ? joined : n->type;
      }
      case Prim::While: {
        const Type* state = args[2];
        if (const Type* body_state = loop_state(n->arg(1)))
          state = state ? join_values(state, body_state) : body_state;
        if (!state) return nullptr;
        run_code(n->arg(0), {state}, n->loc);
        const Type* next = run_code(n->arg(1), {state}, n->loc);
        if (next) {
          const Type* joined = join_values(state, next);
          if (!joined) codegen::unsupported(n->loc, "a loop whose state changes type");
          if (joined != state) run_code(n->arg(1), {joined}, n->loc);
          state = joined;
        }
        if (n->num_args() == 4) type_tapes(n->arg(2), state);
        return fixed(n) ? n->type : state;
      }
      case Prim::VariantField: {  // a field of an enum's tangent (forward mode: the tangent of a match's field)
        const Node* v = n->arg(1);
        const Node* i = n->arg(2);
        if (!args[0] || args[0]->kind != TypeKind::Enum || !v->is_constant() || !i->is_constant() ||
            !std::holds_alternative<const ir::VariantDecl*>(v->value) || !std::holds_alternative<int64_t>(i->value))
          return n->type;
        const auto* variant = std::get<const ir::VariantDecl*>(v->value);
        const auto k = static_cast<size_t>(i->as_int());
        return variant->owner == args[0]->enum_decl && k < variant->fields.size() ? annotations_.field_type(variant, k) : n->type;
      }
      case Prim::Fail: return store_.bottom();
      default: break;
    }
    if (!known()) return n->type;
    std::vector<const Node*> arg_nodes(n->inputs.begin() + 1, n->inputs.end());
    const Type* t = typing_.result(p, n, arg_nodes, args);
    if (!t) {
      // Operands whose known extents do not fit (a captured vector that does not broadcast
      // with the argument, inlined into derivative code) fail when the program runs, with
      // the interpreter's located error; the rule holds for the extents forgotten (as the
      // type verifier checks derivative code).
      for (const Type*& a : args) a = types::erase_extents(store_, a);
      t = typing_.result(p, n, arg_nodes, args);
    }
    return t ? t : n->type;
  }

  // A counted loop's tape, list_empty(trips) in its initial state, is a stack of what the body
  // pushes (the state's stack there): typed so, the emitter lays it out once for trips entries
  // (docs/codegen.md "Derivatives"); untyped, it would be the empty stack that doubles.
  void type_tapes(const Node* init, const Type* state) {
    if (!state) return;
    if (init->is_prim_apply(Prim::MakeTuple) && state->kind == TypeKind::Tuple && state->elems.size() == init->num_args()) {
      for (size_t i = 0; i < init->num_args(); ++i) type_tapes(init->arg(i), state->elems[i]);
      return;
    }
    if (!init->is_prim_apply(Prim::ListEmpty) || init->num_args() != 1 || state->kind != TypeKind::List ||
        state->elems[0]->kind == TypeKind::Bottom)
      return;
    const Type*& tape = tapes_[init];
    if (tape == state) return;
    const Type* joined = tape ? types::join(store_, tape, state) : state;
    if (!joined) codegen::unsupported(init->loc, "a loop's tape whose entries change type");
    if (joined != tape) {
      tape = joined;
      changed_ = true;
    }
  }

  // The state parameter's type of a loop body, as its call sites made it so far.
  const Type* loop_state(const Node* body) {
    if (body->holds_graph()) return nullptr;
    if (!body->type || body->type->kind != TypeKind::Explicit) return nullptr;
    auto it = params_.find(body->type->graph);
    return it != params_.end() && it->second.size() > 1 ? it->second[1] : nullptr;
  }

  // closure_at picks the clone a call through the value runs (sibling clones of one generic
  // function); a derived function's env tuple is its functions' closure_at.
  const Type* closure_at(const Node* n, const Type* t) {
    if (!t) return nullptr;
    if (t->kind == TypeKind::Tuple) {
      std::vector<const Type*> elems;
      for (const Type* e : t->elems) {
        elems.push_back(closure_at(n, e));
        if (!elems.back()) return nullptr;
      }
      return store_.tuple(std::move(elems));
    }
    if (t->kind == TypeKind::Closure) {
      for (size_t i = 1; i < n->num_args(); ++i) {
        const Graph* target = n->arg(i)->as_graph();
        if (target != t->graph && target->origin == t->graph->origin && target->parent == t->graph->parent)
          codegen::unsupported(n->loc, "a function value whose clone is chosen where it is called");
      }
      return t;
    }
    if (t->kind == TypeKind::Union) {  // each function it may be switched
      std::vector<const Type*> members;
      for (const Type* m : t->elems) members.push_back(closure_at_member(cx_, store_, n, m));
      return store_.union_of(members);
    }
    return closure_at_member(cx_, store_, n, t);
  }

  ir::Module& m_;
  ad::Context& cx_;
  types::TypeStore& store_;
  types::Annotations& annotations_;
  types::PrimTyping typing_;
  bool changed_ = false;
  std::set<const Graph*> seen_;
  std::unordered_map<const Graph*, std::vector<const Type*>> params_;
  std::unordered_map<const Node*, bool> fixed_;
  std::unordered_set<const Node*> computed_;
  std::unordered_map<const Type*, const Graph*> clones_;  // closure type → the clone of its values
  std::unordered_map<const Node*, const Type*> tapes_;  // list_empty(trips) → the stack it becomes
  std::unordered_set<const Graph*> read_lengths_of_;  // graphs whose reads length_read has counted
  std::unordered_map<const Node*, size_t> read_lengths_;  // value → 1 + the largest index its graph reads
  std::set<const Graph*> recursive_;  // codes whose closures have the named, recursive type
  bool crossed_ = false;  // (folded: whether fits_tangent took a tuple for another code's tangent)
  // recursive code → the env its tangent was derived from, and that tangent (tangent_env)
  std::unordered_map<const Graph*, std::pair<const Type*, const Type*>> tangent_envs_;
  bool deriving_ = false;
  std::unordered_map<const Type*, std::set<const Node*>> makers_;  // explicit closure type → make_closure nodes
  ir::DivergeMemo after_fail_;  // ir::diverges's answers
  KnownCode code_of_;
};

}  // namespace

std::vector<ir::Graph*> type_values(ir::Module& m, ad::Context& cx, types::TypeStore& store,
                                    types::Annotations& annotations, const std::vector<ir::Graph*>& entries,
                                    const std::vector<const ir::Graph*>& roots, KnownCode code_of) {
  return ValueTyper(m, cx, store, annotations, std::move(code_of)).run(entries, roots);
}

}  // namespace fx::expand

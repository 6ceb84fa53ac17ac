// The pullback of an `if` without closures (issue #13; docs/opt.md "Branch closures").
//
// Reverse mode makes each branch of an `if` return the pullback of its own code, so the `if`
// returns one of several converted closures (a Union of Explicit types), and the backward pass
// dispatches on it: `if(closure_is(pb, @code1), case1, case2)`, each case reading
// `closure_env(pb)` (docs/ad.md §10, "OneOf"). The `if`s of derivative code run closures of
// branch codes, `if(c, make_closure(@then, env), make_closure(@else, env))`. Once inlining has
// put the forward `if`, the dispatch and the pullbacks' bodies into one graph (the code of a
// derivative operator), the closure is only taken apart again there. This pass
// defunctionalises it (Reynolds; Myia and Zygote for branches; GHC's case-of-case is the same
// idea in a lazy setting):
// - the branches: each branch code whose closure an `if` runs becomes a graph nested in the
//   `if`'s graph that reads the env's values as free variables, so that every value holding a
//   closure is a node of one graph tree, typed where it is made and where it is read;
// - a converted closure of code c with env e is represented by e (its type names c), and a
//   value that is one of several codes by the tuple (tag, env_0, ..., env_n-1): the tag (an
//   i64) says which alternative of the Union it is, that alternative's env is in its slot, and
//   the other slots hold undef of their type (the C back end writes its zero; nothing reads
//   them, since every read of a slot is under the test of its tag);
// - make_closure(@c, e) is e; closure_is(f, @c) is eq(tag, k) (or a constant when f's type
//   names one code); closure_env(f) reads slot k, where k is the one code f can be there (the
//   dispatch's tests on the way from the tree's root, and the env's type); and a branch that
//   returns the closure of one code where its `if` returns one of several tags it.
// Where: a top-level graph (of derivative code, or a typed clone derivative code was inlined
// into) whose parameters and result hold no converted closure, with its nested graphs and the branch codes its `if`s run (a tree), when every value
// holding a converted closure there is made, read and passed on only by the primitives above,
// tuples and `if`s: a loop, a stack, a call or a recursive closure that carries one keeps the
// tree as it is. It runs once, after the rounds and recursion-acc, which threads accumulators
// through the branch codes of an `if` (their closures) in loops and recursions.
#include <algorithm>
#include <functional>
#include <unordered_map>
#include <unordered_set>

#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;
using types::Type;
using types::TypeKind;

bool generated(const Graph* g) { return g->origin == g; }

class BranchClosures {
 public:
  explicit BranchClosures(PassContext& ctx) : ctx_(ctx), m_(ctx.module), children_(children_of(ctx.module)) {}

  bool run() {
    bool changed = false;
    for (Graph* g : typed_graphs(m_)) {
      // A typed clone too: forward mode's code for an `if` (the closures of ad.tcall0 over the
      // branches' T codes) is inlined into the clone that called the derivative.
      if (g->parent || g->owns_last_param || !g->output || !g->output->type) continue;
      bool closed = !converted(g->output->type);
      for (const Node* p : g->params) closed = closed && p->type && !converted(p->type);
      if (!closed || !has_closures(g)) continue;
      changed |= defunctionalise(g);
    }
    return changed;
  }

 private:
  // ---- types

  // Does a value of type t hold a converted closure (or a stack, which may)?
  bool converted(const Type* t) {
    if (!t) return false;
    if (auto it = converted_.find(t); it != converted_.end()) return it->second;
    bool c = false;
    switch (t->kind) {
      case TypeKind::Explicit:
      case TypeKind::Recursive:
      case TypeKind::List: c = true; break;
      case TypeKind::Union:
        for (const Type* a : t->elems) c = c || converted(a);  // not one of typed functions or primitives
        break;
      case TypeKind::Tuple:
        for (const Type* e : t->elems) c = c || converted(e);
        break;
      default: break;
    }
    return converted_[t] = c;
  }

  // Can a value of type t be represented without closures: tuples, Explicit closures and
  // Unions of Explicit closures of distinct codes, down to values that hold none?
  bool representable(const Type* t) {
    if (!converted(t)) return true;
    switch (t->kind) {
      case TypeKind::Explicit: return representable(t->elems[0]);
      case TypeKind::Union: {
        std::unordered_set<const Graph*> codes;
        for (const Type* a : t->elems)
          if (a->kind != TypeKind::Explicit || !codes.insert(a->graph).second || !representable(a->elems[0])) return false;
        return true;
      }
      case TypeKind::Tuple:
        for (const Type* e : t->elems)
          if (!representable(e)) return false;
        return true;
      default: return false;
    }
  }

  // The type that represents a value of type t: a closure's env, a Union's tagged slots.
  const Type* mapped(const Type* t) {
    if (!converted(t)) return t;
    if (auto it = mapped_.find(t); it != mapped_.end()) return it->second;
    const Type* out = t;
    if (t->kind == TypeKind::Explicit) {
      out = mapped(t->elems[0]);
    } else if (t->kind == TypeKind::Union) {
      std::vector<const Type*> slots{ctx_.store.i64()};
      for (const Type* a : t->elems) slots.push_back(mapped(a->elems[0]));
      out = ctx_.store.tuple(std::move(slots));
    } else if (t->kind == TypeKind::Tuple) {
      std::vector<const Type*> elems;
      for (const Type* e : t->elems) elems.push_back(mapped(e));
      out = ctx_.store.tuple(std::move(elems));
    }
    return mapped_[t] = out;
  }

  // The alternative of Union u whose code is c, or -1.
  static int alternative(const Type* u, const Graph* c) {
    for (size_t k = 0; k < u->elems.size(); ++k)
      if (u->elems[k]->graph == c) return static_cast<int>(k);
    return -1;
  }

  // ---- the tree

  // Does the tree of g make or take apart a converted closure at all?
  bool has_closures(const Graph* g) {
    bool found = false;
    visit_tree(g, [&](const Graph* h) {
      for (const Node* n : h->body)
        found = found || n->is_prim_apply(Prim::MakeClosure) || n->is_prim_apply(Prim::ClosureIs);
    });
    return found;
  }

  // Calls f on g, its nested graphs and the branch codes their `if`s run (with theirs).
  void visit_tree(const Graph* g, const std::function<void(const Graph*)>& f) {
    std::unordered_set<const Graph*> seen;
    std::function<void(const Graph*)> go = [&](const Graph* h) {
      if (!seen.insert(h).second) return;
      f(h);
      if (auto it = children_.find(h); it != children_.end())
        for (const Graph* c : it->second) go(c);
      for (const Node* n : h->body)
        if (n->is_prim_apply(Prim::If))
          for (size_t k = 1; k <= 2; ++k)
            if (const Graph* code = branch_code(n->arg(k))) go(code);
    };
    go(g);
  }

  // The code of branch closure x, make_closure(@code, env), that may become a nested graph.
  static const Graph* branch_code(const Node* x) {
    if (!x->is_prim_apply(Prim::MakeClosure) || x->num_args() != 2 || !x->arg(0)->holds_graph()) return nullptr;
    return x->arg(0)->as_graph();
  }

  // Is every value holding a converted closure in the tree made, read and passed on by the
  // primitives this pass rewrites? `opened`: the branch closures are nested graphs already.
  bool eligible(const Graph* root, bool opened) {
    bool ok = true;
    visit_tree(root, [&](const Graph* h) {
      if (!ok) return;
      if (h != root && !h->parent) {  // a branch code, to be opened
        if (opened || !generated(h) || h->owns_last_param || h->params.size() != 1 || children_.count(h)) ok = false;
      } else if (h != root) {
        for (const Node* p : h->params) ok = ok && !converted(p->type);
      }
      for (const Node* n : h->body) ok = ok && eligible_node(n, opened);
      if (h != root && h->output && !representable(h->output->type)) ok = false;
    });
    return ok;
  }

  bool eligible_node(const Node* n, bool opened) {
    Prim p{};
    const bool prim = n->prim_callee(&p);
    if (converted(n->type) || !n->type) {
      if (!n->type || !prim || !representable(n->type)) return false;
      switch (p) {
        case Prim::MakeTuple: case Prim::TupleGet: case Prim::ClosureEnv: break;
        case Prim::MakeClosure:
          if (n->num_args() != 2 || !n->arg(0)->holds_graph() || n->type->kind != TypeKind::Explicit ||
              n->type->elems[0] != n->arg(1)->type)
            return false;
          break;
        case Prim::If:
          for (size_t k = 1; k <= 2; ++k) {
            const Node* b = n->arg(k);
            if (b->holds_graph() ? !b->as_graph()->parent : !(!opened && branch_code(b))) return false;
          }
          break;
        default: return false;
      }
    }
    for (size_t i = 1; i < n->inputs.size(); ++i) {
      const Node* x = n->inputs[i];
      if (!converted(x->type)) continue;
      if (prim && (p == Prim::MakeTuple || p == Prim::ClosureEnv || (p == Prim::TupleGet && i == 1) ||
                   (p == Prim::ClosureIs && i == 1) || (p == Prim::MakeClosure && i == 2)))
        continue;
      if (prim && p == Prim::If && i >= 2) continue;  // a branch closure
      return false;
    }
    if (!n->inputs.empty() && converted(n->callee()->type)) return false;
    if (prim && p == Prim::If)  // a branch closure's env becomes its code's parameter: of its type exactly
      for (size_t k = 1; k <= 2; ++k)
        if (const Graph* code = branch_code(n->arg(k)))
          if (code->params.size() != 1 || code->params[0]->type != n->arg(k)->arg(1)->type) return false;
    if (prim && p == Prim::ClosureEnv && n->arg(0)->type && n->arg(0)->type->kind == TypeKind::Explicit &&
        n->arg(0)->type->elems[0] != n->type)
      return false;
    if (prim && p == Prim::ClosureIs) {
      const Type* t = n->arg(0)->type;
      if (converted(t) && (t->kind == TypeKind::Union || t->kind == TypeKind::Explicit) && !n->arg(1)->holds_graph())
        return false;
    }
    return true;
  }

  // ---- opening the branches

  // Each branch closure of an `if` in h becomes a graph nested in h that reads the env's
  // values as free variables; the new graphs are opened in turn.
  void open_branches(Graph* h) {
    for (Node* n : h->body) {
      if (!n->is_prim_apply(Prim::If)) continue;
      for (size_t k = 2; k <= 3; ++k) {
        Node* closure = n->inputs[k];
        const Graph* code = branch_code(closure);
        if (!code) continue;
        Graph* g = opened_copy(code, h, closure->arg(1));
        n->inputs[k] = typed_constant(m_, g, nullptr, closure->loc);
        open_branches(g);
      }
    }
  }

  Graph* opened_copy(const Graph* code, Graph* parent, Node* env) {
    Graph* g = m_.new_graph(code->name, parent, code->loc, ir::GraphRole::Branch);
    g->origin = code;  // checked as generated code (type_verifier.cpp)
    children_[parent].push_back(g);
    std::unordered_map<const Node*, Node*> map{{code->params[0], env}};
    auto use = [&](Node* x) {
      auto it = map.find(x);
      return it == map.end() ? x : it->second;
    };
    for (Node* b : code->body) {
      int64_t i;
      // The env's element read where it is made: the free variable itself.
      if (b->is_prim_apply(Prim::TupleGet) && b->arg(0) == code->params[0] && env->is_prim_apply(Prim::MakeTuple) &&
          constant_int(b->arg(1), &i) && i >= 0 && size_t(i) < env->num_args() && env->arg(size_t(i))->type == b->type) {
        map[b] = env->arg(size_t(i));
        continue;
      }
      std::vector<Node*> inputs;
      for (Node* in : b->inputs) inputs.push_back(use(in));
      Node* c = detached_apply(m_, g, std::move(inputs), b->loc, b->type, b->name);
      c->keywords = b->keywords;
      c->arg_locs = b->arg_locs;
      c->follows_primal = b->follows_primal;
      if (!b->callee()->is_constant()) ctx_.checker.copy_call_targets(b, c);
      g->body.push_back(c);
      map[b] = c;
    }
    g->output = use(code->output);
    return g;
  }

  // ---- the closures

  // The tree's graphs, parents before the graphs nested in them.
  std::vector<Graph*> tree_of(Graph* root) {
    std::vector<Graph*> out{root};
    for (size_t i = 0; i < out.size(); ++i)
      if (auto it = children_.find(out[i]); it != children_.end()) out.insert(out.end(), it->second.begin(), it->second.end());
    return out;
  }

  bool defunctionalise(Graph* root) {
    if (!eligible(root, false)) return false;
    std::vector<Graph*> tree = tree_of(root);
    for (Graph* h : tree) open_branches(h);
    tree = tree_of(root);
    // The `if` and side each nested graph is a branch of.
    for (Graph* h : tree)
      for (Node* n : h->body)
        if (n->is_prim_apply(Prim::If))
          for (size_t k = 1; k <= 2; ++k)
            if (n->arg(k)->holds_graph()) branch_of_[n->arg(k)->as_graph()] = {n, k == 1};
    // Opening is complete in itself; what follows needs every closure_env's code known and
    // every branch's result coercible, checked before anything is rewritten.
    if (!eligible(root, true)) return true;
    std::unordered_map<const Node*, int> slot;  // closure_env of a Union: the alternative it reads
    for (Graph* h : tree) {
      for (Node* n : h->body) {
        if (n->is_prim_apply(Prim::ClosureEnv) && converted(n->arg(0)->type) && n->arg(0)->type->kind == TypeKind::Union) {
          int k = code_at(n);
          if (k < 0) return true;
          slot[n] = k;
        }
        if (n->is_prim_apply(Prim::If) && converted(n->type))
          for (size_t k = 1; k <= 2; ++k)
            if (!coercible(n->arg(k)->as_graph()->output->type, n->type)) return true;
      }
    }
    rewrite(tree, slot);
    return true;
  }

  // Which alternative of its operand's Union closure_env n reads: the one the tests of the
  // dispatch leave on the way from the root (then-branch of closure_is(f, @c): c; else: not c)
  // whose env has n's type; -1 when that is not one.
  int code_at(const Node* n) {
    const Node* f = n->arg(0);
    const Type* u = f->type;
    std::vector<bool> possible(u->elems.size(), true);
    for (const Graph* g = n->graph; g; g = g->parent) {
      auto it = branch_of_.find(g);
      if (it == branch_of_.end()) continue;
      const Node* test = it->second.first->arg(0);
      if (!test->is_prim_apply(Prim::ClosureIs) || test->arg(0) != f || !test->arg(1)->holds_graph()) continue;
      const int k = alternative(u, test->arg(1)->as_graph());
      for (size_t j = 0; j < possible.size(); ++j)
        if ((static_cast<int>(j) == k) != it->second.second) possible[j] = false;
    }
    int found = -1;
    for (size_t j = 0; j < possible.size(); ++j) {
      if (!possible[j] || u->elems[j]->elems[0] != n->type) continue;
      if (found >= 0) return -1;
      found = static_cast<int>(j);
    }
    return found;
  }

  // Can a branch's result of type s stand where its `if` returns type t, once tagged?
  bool coercible(const Type* s, const Type* t) {
    if (s == t || !converted(t) || s->kind == TypeKind::Bottom) return true;
    if (t->kind == TypeKind::Union && s->kind == TypeKind::Explicit) {
      const int k = alternative(t, s->graph);
      return k >= 0 && t->elems[size_t(k)] == s;
    }
    if (t->kind == TypeKind::Union && s->kind == TypeKind::Union) return !renumbered(s, t).empty();
    if (t->kind == TypeKind::Tuple && s->kind == TypeKind::Tuple && s->elems.size() == t->elems.size()) {
      for (size_t i = 0; i < s->elems.size(); ++i)
        if (!coercible(s->elems[i], t->elems[i])) return false;
      return true;
    }
    return false;
  }

  // Where s's alternatives are among t's (the Union of an inner `if`, returned by a branch of an
  // outer one): the position in t of each of s's, when they are evenly spaced (two always are),
  // so that the tag is renumbered by arithmetic; otherwise nothing.
  static std::vector<int> renumbered(const Type* s, const Type* t) {
    std::vector<int> at;
    for (const Type* a : s->elems) {
      const int k = alternative(t, a->graph);
      if (k < 0 || t->elems[size_t(k)] != a) return {};
      at.push_back(k);
    }
    for (size_t j = 2; j < at.size(); ++j)
      if (at[j] - at[j - 1] != at[1] - at[0]) return {};
    return at;
  }

  void rewrite(const std::vector<Graph*>& tree, const std::unordered_map<const Node*, int>& slot) {
    std::unordered_map<const Node*, const Type*> old;
    for (Graph* h : tree)
      for (Node* n : h->body) old[n] = n->type;
    auto old_type = [&](const Node* x) {
      auto it = old.find(x);
      return it == old.end() ? x->type : it->second;
    };
    Replacements r;
    for (Graph* h : tree) {
      std::vector<Node*> body;
      const std::vector<Node*> nodes = h->body;  // detached_apply touches h->body
      for (Node* n : nodes) {
        const Type* t = n->type;
        const Type* operand = n->num_args() ? old_type(n->arg(0)) : nullptr;  // before it is replaced
        r.refresh(n);
        if (n->is_prim_apply(Prim::MakeClosure) && converted(t)) {
          r.add(n, n->arg(1));
          continue;
        }
        if (n->is_prim_apply(Prim::ClosureEnv) && converted(operand)) {
          const Type* f = operand;
          if (f->kind == TypeKind::Explicit) {
            r.add(n, n->arg(0));
            continue;
          }
          Node* read = prim_apply(m_, n, Prim::TupleGet, {n->arg(0), index(slot.at(n) + 1, n)}, mapped(t));
          body.push_back(read);
          r.add(n, read);
          continue;
        }
        if (n->is_prim_apply(Prim::ClosureIs) && converted(operand)) {
          const Type* f = operand;
          const Graph* c = n->arg(1)->as_graph();
          const int k = f->kind == TypeKind::Union ? alternative(f, c) : (f->graph == c ? 0 : -1);
          if (f->kind == TypeKind::Explicit || k < 0) {
            r.add(n, typed_constant(m_, f->kind == TypeKind::Explicit && k == 0, t, n->loc));
            continue;
          }
          Node* tag = prim_apply(m_, n, Prim::TupleGet, {n->arg(0), index(0, n)}, ctx_.store.i64());
          Node* is = prim_apply(m_, n, Prim::Eq, {tag, index(k, n)}, t);
          body.push_back(tag);
          body.push_back(is);
          r.add(n, is);
          continue;
        }
        n->type = mapped(t);
        body.push_back(n);
      }
      h->body = std::move(body);
    }
    // A branch whose result holds the closure of one code where its `if` returns one of several.
    for (Graph* h : tree)
      for (Node* n : h->body) {
        if (!n->is_prim_apply(Prim::If) || !converted(old_type(n))) continue;
        for (size_t k = 1; k <= 2; ++k) {
          Graph* b = n->arg(k)->as_graph();
          Node* out = r.resolve(b->output);
          b->output = coerce(b, out, old_type(b->output), old_type(n));
        }
      }
    r.apply(m_);
  }

  Node* index(int64_t k, const Node* at) { return typed_constant(m_, k, ctx_.store.i64(), at->loc); }

  // v (a value of old type s, represented already) as a value of old type t's representation,
  // built at the end of branch b.
  Node* coerce(Graph* b, Node* v, const Type* s, const Type* t) {
    if (s == t || !converted(t) || s->kind == TypeKind::Bottom) return v;
    auto place = [&](Prim p, std::vector<Node*> args, const Type* type) {
      std::vector<Node*> inputs{m_.prim(p)};
      inputs.insert(inputs.end(), args.begin(), args.end());
      Node* x = detached_apply(m_, b, std::move(inputs), v->loc, type);
      b->body.push_back(x);
      return x;
    };
    if (t->kind == TypeKind::Union && s->kind == TypeKind::Union) {
      // The tag of s's alternative j is at[j] = at[0] + j * step in t (renumbered).
      const std::vector<int> at = renumbered(s, t);
      const int step = at.size() > 1 ? at[1] - at[0] : 1;
      Node* tag = place(Prim::TupleGet, {v, index(0, v)}, ctx_.store.i64());
      if (step != 1) tag = place(Prim::Mul, {tag, index(step, v)}, ctx_.store.i64());
      if (at[0] != 0) tag = place(Prim::Add, {tag, index(at[0], v)}, ctx_.store.i64());
      std::vector<Node*> slots{tag};
      for (size_t j = 0; j < t->elems.size(); ++j) {
        auto it = std::find(at.begin(), at.end(), static_cast<int>(j));
        slots.push_back(it == at.end() ? typed_constant(m_, ir::Undef{}, mapped(t->elems[j]->elems[0]), v->loc)
                                       : place(Prim::TupleGet, {v, index(1 + (it - at.begin()), v)},
                                               mapped(t->elems[j]->elems[0])));
      }
      return place(Prim::MakeTuple, std::move(slots), mapped(t));
    }
    if (t->kind == TypeKind::Union) {
      const int k = alternative(t, s->graph);
      std::vector<Node*> slots{index(k, v)};
      for (size_t j = 0; j < t->elems.size(); ++j)
        slots.push_back(static_cast<int>(j) == k ? v
                                                 : typed_constant(m_, ir::Undef{}, mapped(t->elems[j]->elems[0]), v->loc));
      return place(Prim::MakeTuple, std::move(slots), mapped(t));
    }
    std::vector<Node*> elems;
    std::vector<const Type*> types;
    for (size_t i = 0; i < t->elems.size(); ++i) {
      Node* e = place(Prim::TupleGet, {v, index(int64_t(i), v)}, mapped(s->elems[i]));
      elems.push_back(coerce(b, e, s->elems[i], t->elems[i]));
      types.push_back(elems.back()->type);
    }
    return place(Prim::MakeTuple, std::move(elems), ctx_.store.tuple(std::move(types)));
  }

  PassContext& ctx_;
  ir::Module& m_;
  std::unordered_map<const Graph*, std::vector<Graph*>> children_;
  std::unordered_map<const Type*, bool> converted_;
  std::unordered_map<const Type*, const Type*> mapped_;
  std::unordered_map<const Graph*, std::pair<const Node*, bool>> branch_of_;  // the if, and whether then
};

}  // namespace

bool defunctionalise_branches(PassContext& ctx) { return BranchClosures(ctx).run(); }

}  // namespace fx::opt

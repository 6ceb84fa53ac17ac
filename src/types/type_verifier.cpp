#include "types/type_verifier.hpp"

#include <algorithm>

#include "support/diagnostics.hpp"
#include "types/generated_typing.hpp"
#include "types/no_calls.hpp"
#include "types/prim_rules.hpp"

namespace fx::types {

namespace {

bool calls_functions(ir::Prim p) {
  switch (p) {
    case ir::Prim::If:
    case ir::Prim::While:
    case ir::Prim::TreeMap:
    case ir::Prim::Jvp:
    case ir::Prim::Vjp:
    case ir::Prim::GradHook:
    case ir::Prim::ClosureAt:
      return true;
    default:
      return false;
  }
}

// Does an argument of type `actual` fit a parameter of type `param`? A call signature forgets
// tensor extents (erase_extents), and a clone inferred for an argument not known yet has it
// as Bottom.
// A tensor of unknown rank also fits a parameter declared with a rank (`m: Tensor[f64, 2]`),
// which checks the rank when the call starts.
bool fits_param(TypeStore& store, const Type* actual, const Type* param) {
  if (actual == param || fits(actual, param) || erase_extents(store, actual) == param ||
      param->kind == TypeKind::Bottom)
    return true;
  return is_tensor(actual) && is_tensor(param) && actual->rank < 0 && actual->dtype == param->dtype;
}

// The verifier applies only the rules of primitives that call nothing (NoCalls): those that
// do are typed from the calls the inferrer made, which it checks at the calls themselves.
class Verifier {
 public:
  Verifier(TypeStore& store, Annotations& annotations, const std::string& stage, ExpansionNodes nodes)
      : store_(store),
        rules_(store, annotations, no_calls_),
        generated_rules_(store, annotations),
        stage_(stage),
        just_expanded_(nodes == ExpansionNodes::JustExpanded) {}

  // A graph the AD transforms built, as the expansion specialised it: the nodes it typed
  // agree with their primitives' rules (extents forgotten); function values, persistent
  // stacks and what depends on them are untyped.
  void generated(const ir::Graph& g) {
    for (const ir::Node* n : g.body) {
      ir::Prim p;
      if (!n->type || !n->prim_callee(&p)) continue;
      // The tangent spaces, closures and stacks: expand/value_types.hpp types them by their
      // operands' structure (a function value's tangent is its env's), no rule here does.
      if (ir::prim_info(p).family == ir::PrimFamily::AD_INTERNAL && !just_expanded_) continue;
      std::vector<const ir::Node*> args;
      std::vector<const Type*> types;
      for (size_t i = 0; i < n->num_args(); ++i) {
        args.push_back(n->arg(i));
        types.push_back(n->arg(i)->type);
      }
      if (std::find(types.begin(), types.end(), nullptr) != types.end()) continue;
      const Type* expected = nullptr;
      try {
        expected = generated_rules_.checked_result(p, n, args, types);
      } catch (const CompileError& e) {
        // As for a clone (primitive() below): operands inlined into derivative code may know
        // extents that reveal the user's error (shapes that do not broadcast), which the
        // program reports when it runs; the rule must hold for the extents forgotten.
        for (const Type*& t : types) t = erase_extents(store_, t);
        try {
          expected = generated_rules_.checked_result(p, n, args, types);
        } catch (const CompileError&) {
          fail(g, n, std::string("breaks the type rule of ") + ir::prim_name(p) + ": " + e.message);
        }
      }
      const Type* actual = erase_extents(store_, as_tuple(n->type));
      if (expected) expected = as_tuple(expected);
      if (expected && expected != actual && !fits(expected, actual) && !fits(actual, expected) &&
          !narrows(actual, expected))
        fail(g, n, std::string("is typed ") + to_string(n->type) + ", but " + ir::prim_name(p) + " of its operands gives " +
                       to_string(expected));
    }
  }

  // Is `actual` one alternative of the union `expected`: one of several tuples that the code
  // reading it knows to be that one (expand/value_types.cpp, narrowed_by_reads)?
  static bool narrows(const Type* actual, const Type* expected) {
    if (expected->kind != TypeKind::Union) return false;
    return std::any_of(expected->elems.begin(), expected->elems.end(),
                       [&](const Type* m) { return m == actual || fits(actual, m); });
  }

  // The tangent of a recursive closure is the tuple the store keeps for it
  // (expand/value_types.cpp folds the tuples of that structure into it).
  const Type* as_tuple(const Type* t) const {
    if (t->kind != TypeKind::RecursiveTangent) return t;
    const Type* tuple = store_.recursive_tangent_env(t->graph);
    return tuple ? tuple : t;
  }

  // Checks generated graphs as if they were nodes of a typed clone (holds_as_clone): a
  // disagreement throws Rejected instead of an internal error.
  struct Rejected {};
  void as_clone(const ir::Graph& g) {
    as_clone_ = true;
    graph(g);
  }

  void graph(const ir::Graph& g) {
    for (const ir::Node* p : g.params)
      if (!p->type) fail(g, p, "parameter '" + p->name + "' has no type");
    for (const ir::Node* n : g.body) node(g, n);
  }

 private:
  void node(const ir::Graph& g, const ir::Node* n) {
    if (!n->type) {
      if (just_expanded_ && built_by_expansion(n)) return;
      fail(g, n, "has no type");
    }
    ir::Prim p;
    if (n->prim_callee(&p)) {
      if (p == ir::Prim::ClosureAt) closure_at(g, n);
      if (!calls_functions(p)) primitive(g, n, p);
      return;
    }
    // A call of a closure whose code is known: a graph constant, or closure_at of a closure
    // (not of a derived function: calling grad(f) does not return f's result).
    const ir::Node* callee = n->callee();
    if (callee->is_prim_apply(ir::Prim::ClosureAt) && callee->num_args() == 2 && callee->arg(0)->type &&
        callee->arg(0)->type->kind == TypeKind::Closure)
      callee = callee->arg(1);
    const ir::Graph* target = callee->holds_graph() ? callee->as_graph() : nullptr;
    if (target && target->origin && target->origin != target) call_of_clone(g, n, *target);  // not derivative code
  }

  void primitive(const ir::Graph& g, const ir::Node* n, ir::Prim p) {
    // Closures and stacks of derivative code inlined into a clone have no user-facing rule
    // (expand/value_types.hpp types them).
    if (ir::prim_info(p).family == ir::PrimFamily::AD_INTERNAL) return;
    PrimCall call;
    call.node = n;
    for (size_t i = 0; i < n->num_args(); ++i) {
      const ir::Node* a = n->arg(i);
      if (!a->type) {
        if (just_expanded_ && built_by_expansion(a)) return;  // a derived function's env, ...
        fail(g, n, "operand " + std::to_string(i) + " has no type");
      }
      call.args.push_back(a->type);
      call.arg_nodes.push_back(a);
    }
    const Type* expected = nullptr;
    try {
      expected = rules_.infer(p, call);
    } catch (const CompileError& e) {
      // Operands may know more extents than the clone was typed with (a callee inlined into
      // its caller): a user's error that only they reveal (an index out of range) is reported
      // when it runs, as before; the rule must hold for the extents the clone was typed for.
      for (const Type*& t : call.args) t = erase_extents(store_, t);
      try {
        expected = rules_.infer(p, call);
      } catch (const CompileError&) {
        fail(g, n, std::string("breaks the type rule of ") + ir::prim_name(p) + ": " + e.message);
      }
    }
    if (expected && expected != n->type && !fits(expected, n->type) && !fits(n->type, expected))
      fail(g, n, std::string("is typed ") + to_string(n->type) + ", but " + ir::prim_name(p) + " of its operands gives " +
                     to_string(expected));
  }

  void call_of_clone(const ir::Graph& g, const ir::Node* n, const ir::Graph& clone) {
    if (clone.params.size() != n->num_args())
      fail(g, n, "calls @" + clone.name + " with " + std::to_string(n->num_args()) + " arguments, it takes " +
                     std::to_string(clone.params.size()));
    for (size_t i = 0; i < clone.params.size(); ++i) {
      const Type* actual = n->arg(i)->type;
      const Type* param = clone.params[i]->type;
      if (actual && param && !fits_param(store_, actual, param))
        fail(g, n, "passes " + to_string(actual) + " as parameter '" + clone.params[i]->name + "' of @" + clone.name +
                       ", typed " + to_string(param));
    }
    const Type* result = clone.output ? clone.output->type : nullptr;
    if (result && result != n->type && !fits(result, n->type) && result->kind != TypeKind::Bottom)
      fail(g, n, "is typed " + to_string(n->type) + ", but @" + clone.name + " returns " + to_string(result));
  }

  void closure_at(const ir::Graph& g, const ir::Node* n) {
    // The expansion keeps a closure_at of a derived function's env without clones: an identity
    // (generated graphs have no origin, or, while the optimiser runs over them, are their own).
    if (n->num_args() < 2 && !as_clone_ && (!g.origin || g.origin == &g)) return;
    if (n->num_args() < 2) fail(g, n, "closure_at lists no clone");
    if (!n->arg(0)->type && just_expanded_ && built_by_expansion(n->arg(0))) return;
    for (size_t i = 1; i < n->num_args(); ++i) {
      const ir::Graph& clone = *n->arg(i)->as_graph();
      if (!names(n->arg(0)->type, clone)) fail(g, n, "lists @" + clone.name + ", which " + to_string(n->arg(0)->type) +
                                                         " does not call");
    }
  }

  // The expansion (src/expand/) puts untyped nodes into the typed clones: derived functions'
  // env tuples, the envs and closures of the codes it built, and calls of those codes. Typing
  // them is still to do (docs/ad.md §10).
  static bool built_by_expansion(const ir::Node* n) {
    ir::Prim p;
    if (n->prim_callee(&p))
      return p == ir::Prim::MakeTuple || p == ir::Prim::ClosureEnv || p == ir::Prim::MakeClosure ||
             p == ir::Prim::ClosureAt;
    return n->callee()->holds_graph() && !n->callee()->as_graph()->origin;
  }

  // Can a function value of type t call clone c (directly, or as a derived function's function)?
  bool names(const Type* t, const ir::Graph& c) const {
    if (!t) return false;
    switch (t->kind) {
      case TypeKind::Closure: return t->graph == c.origin;
      // The expanded program typed for native code: a derived function is its env tuple, a
      // converted closure's code is the conversion of a clone (expand/value_types.hpp).
      case TypeKind::Explicit:
      case TypeKind::Recursive: return true;
      case TypeKind::Tuple:
      case TypeKind::Union:
      case TypeKind::Derived:
        for (const Type* e : t->elems)
          if (names(e, c)) return true;
        return false;
      default: return false;
    }
  }

  [[noreturn]] void fail(const ir::Graph& g, const ir::Node* n, const std::string& what) const {
    if (as_clone_) throw Rejected{};
    internal_error("type verifier after " + stage_,
                   "in @" + g.name + ", node %" + std::to_string(n->id) + " (line " + std::to_string(n->loc.line) + ") " +
                       what);
  }

  TypeStore& store_;
  NoCalls no_calls_;
  PrimRules rules_;
  PrimTyping generated_rules_;
  std::string stage_;
  bool just_expanded_;  // ExpansionNodes::JustExpanded
  bool as_clone_ = false;
};

}  // namespace

void verify_types(const ir::Module& m, TypeStore& store, Annotations& annotations, const std::string& stage,
                  ExpansionNodes nodes) {
  Verifier v(store, annotations, stage, nodes);
  for (const auto& g : m.graphs) {
    // A generated graph the optimiser is rewriting names itself as its origin
    // (Compilation::optimise_derivatives): checked as generated code, and so is a copy the
    // optimiser made of one (opt/loop_versions.cpp), which names that graph.
    if (g->origin == g.get() || (g->origin && g->origin->origin == g->origin)) v.generated(*g);
    else if (g->origin) v.graph(*g);
    else if (nodes == ExpansionNodes::JustExpanded) v.generated(*g);
  }
}

bool holds_as_clone(const std::vector<const ir::Graph*>& graphs, TypeStore& store, Annotations& annotations) {
  Verifier v(store, annotations, "", ExpansionNodes::Typed);
  try {
    for (const ir::Graph* g : graphs) v.as_clone(*g);
  } catch (const Verifier::Rejected&) {
    return false;
  } catch (const InternalError&) {  // a user-facing rule that asserts its node is not derivative code
    return false;                   // (set_attr of a tuple's element by index)
  }
  return true;
}

}  // namespace fx::types

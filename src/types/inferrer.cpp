#include "types/inferrer.hpp"

#include <algorithm>

#include "support/diagnostics.hpp"
#include "types/locations.hpp"

namespace fx::types {

namespace {

bool is_bottom(const Type* t) { return t->kind == TypeKind::Bottom; }

SourceLoc loc_or(SourceLoc preferred, SourceLoc fallback) {
  return preferred.valid() ? preferred : fallback;
}

}  // namespace

Inferrer::Inferrer(TypeStore& store, Annotations& annotations, InferenceLimits limits)
    : store_(store), annotations_(annotations), prims_(store, annotations, *this), limits_(limits) {}

// ------------------------------------------------------------------ entries
const Context* Inferrer::infer_entry(const ir::Graph* g, const std::vector<const Type*>& args) {
  if (g->parent) internal_error("type inference", "specialise() needs a top-level graph, got " + g->name);
  try {
    std::vector<const Type*> bound = bind_arguments(g, nullptr, g->loc, args, {});
    const Context* ctx = new_context(g, std::move(bound), nullptr, g->loc);
    infer_context(ctx, nullptr, nullptr);
    return ctx;
  } catch (...) {
    reset_after_error();
    throw;
  }
}

const Record& Inferrer::final_record(const Context* ctx) {
  Record& r = record(ctx);
  if (r.state != Record::State::Done) {
    if (!stack_.empty()) internal_error("type inference", "final_record() during inference");
    try {
      infer_context(ctx, nullptr, nullptr);
    } catch (...) {
      reset_after_error();
      throw;
    }
  }
  return r;
}

const Record* Inferrer::find(const Context* ctx) const {
  auto it = records_.find(ctx);
  return it == records_.end() ? nullptr : it->second.get();
}

const Context* Inferrer::uncalled_context(const ir::Graph* g, const Context* parent) {
  std::vector<const Type*> args;
  for (const ast::TypeExpr* annotation : g->param_types) {
    const Type* t = annotations_.resolve(annotation);
    args.push_back(t ? t : store_.bottom());
  }
  return store_.context(g, std::move(args), parent);
}

// After a CompileError the records on the stack are half-evaluated: forget them, so
// that a later specialise() (another entry point) starts from a consistent state.
void Inferrer::reset_after_error() {
  for (Record* r : stack_) r->state = Record::State::Fresh;
  for (Record* r : provisional_) r->state = Record::State::Fresh;
  stack_.clear();
  provisional_.clear();
}

// ---------------------------------------------------------------- recursion
Record& Inferrer::record(const Context* ctx) {
  auto& slot = records_[ctx];
  if (!slot) {
    slot = std::make_unique<Record>();
    slot->ctx = ctx;
    slot->args = ctx->args;
    slot->result = store_.bottom();
  }
  return *slot;
}

// The record on top of the stack used `source`'s result or node types, which are not final.
void Inferrer::note_read(Record& source) {
  if (stack_.empty() || stack_.back() == &source) return;  // a record's reads of itself: read_while_running
  Record* reader = stack_.back();
  if (source.readers.empty() || source.readers.back() != reader) source.readers.push_back(reader);
}

// The record on top of the stack read something that is only final once the running
// record at `depth` finishes.
void Inferrer::note_dependency(size_t depth) {
  if (!stack_.empty()) stack_.back()->min_dep = std::min(stack_.back()->min_dep, depth);
}

// `source` is about to be evaluated again: everything computed from what it said before
// is dropped (made Fresh, to be recomputed on demand), transitively, except `keep`.
// A running reader finishes its round with stale information, so it runs another round.
void Inferrer::invalidate_readers(Record& source, const Record* keep) {
  std::vector<Record*> work;
  work.swap(source.readers);
  while (!work.empty()) {
    Record* x = work.back();
    work.pop_back();
    if (x == keep || x == &source) continue;
    switch (x->state) {
      case Record::State::Fresh:
        continue;  // already dropped, with its readers
      case Record::State::Running:
        x->needs_rerun = true;
        break;
      case Record::State::Provisional:
      case Record::State::Done:
        x->state = Record::State::Fresh;
        break;
    }
    work.insert(work.end(), x->readers.begin(), x->readers.end());
    x->readers.clear();
  }
}

// The record whose evaluation started at `mark` is final: so are the provisional records
// completed since then that were not dropped.
void Inferrer::settle_provisional(size_t mark) {
  for (size_t i = mark; i < provisional_.size(); ++i) {
    Record* p = provisional_[i];
    if (p->state != Record::State::Provisional) continue;
    p->state = Record::State::Done;
    p->readers.clear();
  }
  provisional_.resize(mark);
}

const Context* Inferrer::new_context(const ir::Graph* g, std::vector<const Type*> args,
                                     const Context* parent, SourceLoc loc) {
  bool created = false;
  const Context* ctx = store_.context(g, std::move(args), parent, &created);
  if (!created) return ctx;
  if (++specialisations_[{g, parent}] > limits_.max_specialisations)
    compile_error(loc, "too many specialisations of " + graph_display_name(g) + ": it is called with more than " +
                           std::to_string(limits_.max_specialisations) +
                           " different argument types (does a recursive call keep changing the types "
                           "of its arguments?)");
  if (store_.context_count() > limits_.max_total_specialisations)
    compile_error(loc, "type inference gave up: the program needs more than " +
                           std::to_string(limits_.max_total_specialisations) + " specialisations");
  return ctx;
}

const Type* Inferrer::infer_context(const Context* ctx, const Record* caller, const ir::Node* call_node) {
  Record& r = record(ctx);
  switch (r.state) {
    case Record::State::Done:
      return r.result;
    case Record::State::Provisional:
      note_read(r);
      note_dependency(r.min_dep);
      return r.result;
    case Record::State::Running:
      r.read_while_running = true;
      note_read(r);
      note_dependency(r.depth);
      return r.result;
    case Record::State::Fresh:
      break;
  }
  const ir::Graph* g = ctx->graph;
  if (stack_.size() >= limits_.max_depth)
    compile_error(loc_or(call_node ? call_node->loc : SourceLoc{}, g->loc),
                  "type inference is nested too deeply: more than " + std::to_string(limits_.max_depth) +
                      " calls with different argument types are being inferred inside each other");
  const Type* declared = annotations_.resolve(g->return_type);
  r.state = Record::State::Running;
  r.depth = stack_.size();
  r.caller = caller;
  r.call_node = call_node;
  r.result = declared ? declared : store_.bottom();
  size_t mark = provisional_.size();
  stack_.push_back(&r);
  for (size_t round = 1;; ++round) {
    r.read_while_running = false;
    r.needs_rerun = false;
    r.min_dep = SIZE_MAX;
    const Type* out = evaluate_body(r);
    if (declared && !fits(out, declared)) {
      // At the returned value, or at the declaration when the value is a parameter.
      const ir::Node* value = path_node(r, out, 0);
      SourceLoc where = value->is_parameter() ? g->return_type->loc : value->loc;
      compile_error(loc_or(where, g->loc), describe_function(enclosing_function(g)) + " is declared to return " +
                                               to_string(declared) + " but returns " + to_string(out));
    }
    const Type* joined = join(store_, r.result, out);
    if (!joined) result_mismatch(r, r.result, out);
    bool again = (r.read_while_running && joined != r.result) || r.needs_rerun;
    r.result = joined;
    if (!again) break;
    invalidate_readers(r, &r);
    if (round >= limits_.max_recursion_rounds)
      compile_error(g->loc, "cannot infer the type of recursive " + describe_function(enclosing_function(g)) +
                                ": its result type keeps changing (" + to_string(r.result) + " so far)");
  }
  stack_.pop_back();
  if (r.min_dep >= r.depth) {
    settle_provisional(mark);
    r.state = Record::State::Done;
    r.readers.clear();
  } else {
    r.state = Record::State::Provisional;
    provisional_.push_back(&r);
    note_read(r);  // by the caller, now on top of the stack
    note_dependency(r.min_dep);
  }
  return r.result;
}

// --------------------------------------------------------------- evaluation
const Type* Inferrer::evaluate_body(Record& r) {
  const ir::Graph* g = r.ctx->graph;
  for (size_t i = 0; i < g->params.size(); ++i) r.types[g->params[i]] = r.args.at(i);
  // A merge graph's record depends on its parent's evaluation even when it uses none of
  // its variables: it stays provisional, so those who read it are known when it widens.
  if (is_merge_graph(g) && r.ctx->parent) read_ancestor(r.ctx->parent);
  for (const ir::Node* n : g->body) {
    if (++steps_ > limits_.max_steps)
      compile_error(loc_or(n->loc, g->loc), "type inference gave up after " + std::to_string(limits_.max_steps) +
                                                " steps: the program is too large or too polymorphic");
    const Type* t = evaluate_apply(r, n);
    r.types[n] = t;
  }
  return type_of(r, g->output);
}

const Type* Inferrer::evaluate_apply(Record& r, const ir::Node* n) {
  PrimCall pc;
  pc.node = n;
  for (size_t i = 0; i < n->num_args(); ++i) {
    pc.arg_nodes.push_back(n->arg(i));
    pc.args.push_back(type_of(r, n->arg(i)));
  }
  r.callees.erase(n);
  ir::Prim p;
  if (n->prim_callee(&p)) {
    if (!n->keywords.empty())
      compile_error(n->loc, std::string(ir::prim_name(p)) + " takes no keyword arguments");
    return prims_.infer(p, pc);
  }
  return call(r, n, type_of(r, n->callee()), pc.args, n->keywords);
}

const Type* Inferrer::type_of(Record& r, const ir::Node* n) {
  if (n->is_constant()) return constant_type(r.ctx, n);
  const Record* owner = &r;
  if (n->graph != r.ctx->graph) {
    // A free variable: its type is in the record of the enclosing graph's context.
    const Context* ancestor = r.ctx->find(n->graph);
    if (!ancestor)
      internal_error("type inference", "node %" + std::to_string(n->id) + " of @" +
                                           (n->graph ? n->graph->name : "?") + " used outside its scope in @" +
                                           r.ctx->graph->name);
    owner = &read_ancestor(ancestor);
  }
  auto it = owner->types.find(n);
  if (it == owner->types.end())
    internal_error("type inference", "node %" + std::to_string(n->id) + " of @" + n->graph->name +
                                         " is used before it is defined");
  return it->second;
}

// The record of an enclosing context whose node types the record on top of the stack uses.
Record& Inferrer::read_ancestor(const Context* ancestor) {
  Record& a = record(ancestor);
  // A parent record dropped by a fixpoint round (its closure escaped) is recomputed.
  if (a.state == Record::State::Fresh) infer_context(ancestor, nullptr, nullptr);
  if (a.state != Record::State::Done) {
    note_read(a);
    note_dependency(a.state == Record::State::Running ? a.depth : a.min_dep);
  }
  return a;
}

const Type* Inferrer::constant_type(const Context* ctx, const ir::Node* n) {
  struct Visitor {
    Inferrer& self;
    const Context* ctx;
    const Type* operator()(ir::Undef) const { return self.store_.bottom(); }
    const Type* operator()(ir::NoneVal) const { return self.store_.none(); }
    const Type* operator()(int64_t) const { return self.store_.i64(); }
    const Type* operator()(double) const { return self.store_.f64(); }
    const Type* operator()(bool) const { return self.store_.boolean(); }
    const Type* operator()(const std::string&) const { return self.store_.str(); }
    const Type* operator()(ir::Prim p) const { return self.store_.prim_fn(p); }
    const Type* operator()(const ir::StructDecl* s) const { return self.store_.struct_ctor(s); }
    const Type* operator()(const ir::VariantDecl* v) const { return self.store_.variant_ctor(v); }
    const Type* operator()(ir::Graph* g) const {
      if (!g->parent) return self.store_.closure(g, nullptr);
      const Context* parent = ctx ? ctx->find(g->parent) : nullptr;
      if (!parent)
        internal_error("type inference", "closure @" + g->name + " evaluated outside its parent @" + g->parent->name);
      return self.store_.closure(g, parent);
    }
  };
  return std::visit(Visitor{*this, ctx}, n->value);
}

// -------------------------------------------------------------------- calls
const Type* Inferrer::call(Record& r, const ir::Node* n, const Type* callee,
                           const std::vector<const Type*>& args, const std::vector<std::string>& keywords) {
  switch (callee->kind) {
    case TypeKind::Bottom:
      return callee;  // the function is not known yet (recursion approximation)
    case TypeKind::Closure:
      return call_closure(r, n, callee, args, keywords);
    case TypeKind::PrimFn: {
      if (!keywords.empty())
        compile_error(n->loc, std::string(ir::prim_name(callee->prim)) + " takes no keyword arguments");
      PrimCall pc;
      pc.node = n;
      pc.args = args;
      return prims_.infer(callee->prim, pc);
    }
    case TypeKind::Constructor:
      return call_constructor(n, callee, args, keywords);
    case TypeKind::Derived:
      return call_derived(r, n, callee, args, keywords);
    case TypeKind::Union: {
      // One of several functions: infer each and join the results. Defaults are filled in
      // where the called function is known (the specialiser), so a union must get every argument.
      const Type* result = store_.bottom();
      for (const Type* alternative : callee->elems) {
        if (alternative->kind == TypeKind::Closure && args.size() < alternative->graph->params.size())
          compile_error(n->loc, "the function called here may be one of several, so every argument must be "
                                "given: '" + alternative->graph->params[args.size()]->name + "' of " +
                                    graph_display_name(alternative->graph) + " is left to its default");
        const Type* t = call(r, n, alternative, args, keywords);
        const Type* joined = join(store_, result, t);
        if (!joined)
          compile_error(n->loc, "the functions that may be called here return different types: " +
                                    to_string(result) + " and " + to_string(t));
        result = joined;
      }
      return result;
    }
    case TypeKind::None:
    case TypeKind::Bool:
    case TypeKind::I64:
    case TypeKind::F64:
    case TypeKind::F32:
    case TypeKind::Str:
    case TypeKind::Tuple:
    case TypeKind::Struct:
    case TypeKind::Enum:
    case TypeKind::Tensor:
    case TypeKind::Explicit:  // only in the expanded program, which is not inferred
    case TypeKind::Recursive:
    case TypeKind::RecursiveTangent:
    case TypeKind::List:
      break;
  }
  compile_error(n->loc, "expected a function, found " + to_string(callee));
}

const Type* Inferrer::call_closure(Record& r, const ir::Node* n, const Type* callee,
                                   const std::vector<const Type*>& args,
                                   const std::vector<std::string>& keywords) {
  std::vector<const Type*> bound = bind_arguments(callee->graph, n, n->loc, args, keywords);
  if (callee->graph->role == ir::GraphRole::Join) return call_join_graph(r, n, callee, std::move(bound));
  // Call signatures forget tensor extents (docs/tensors.md): a recursion over x[1:] is one
  // specialisation, not one per length. Join graphs are part of the caller's body: they keep them.
  for (const Type*& t : bound) t = erase_extents(store_, t);
  const Context* ctx = new_context(callee->graph, std::move(bound), callee->context, n->loc);
  r.callees[n].push_back(ctx);
  return infer_context(ctx, &r, n);
}

// The join graph after an `if` statement merges its paths: it has one context per parent
// context, whose parameter types (the variables the paths disagree on) are the join of
// what every path passes, as a variable has one type after the `if` (like the two arms of
// a conditional expression). When a later path widens them, the join graph and what was
// computed from it are dropped and inferred again.
const Type* Inferrer::call_join_graph(Record& r, const ir::Node* n, const Type* callee,
                                      std::vector<const Type*> args) {
  const ir::Graph* g = callee->graph;
  const Context* ctx = new_context(g, {}, callee->context, n->loc);
  Record& join_record = record(ctx);
  r.callees[n].push_back(ctx);
  if (join_record.state == Record::State::Fresh) {
    join_record.args = std::move(args);
  } else if (join_record.state != Record::State::Running) {
    std::vector<const Type*> widened;
    for (size_t i = 0; i < args.size(); ++i) {
      const Type* t = join(store_, join_record.args.at(i), args[i]);
      if (!t)
        compile_error(n->loc, "variable '" + g->params[i]->name + "' is " + to_string(join_record.args[i]) +
                                  " on one path and " + to_string(args[i]) + " on another");
      widened.push_back(t);
    }
    if (widened != join_record.args) {
      invalidate_readers(join_record, nullptr);
      join_record.state = Record::State::Fresh;
      join_record.args = std::move(widened);
    }
  }
  return infer_context(ctx, &r, n);
}

namespace {

// The call node whose arguments `given` types describe, if any (not an `if` calling a branch).
const ir::Node* argument_source(const ir::Node* call, size_t given) {
  return call && call->num_args() == given ? call : nullptr;
}

// Where argument i of a call was written (the call itself when not known).
SourceLoc argument_loc(const ir::Node* call, size_t i, SourceLoc fallback) {
  return call ? operand_loc(call, call->arg(i)) : fallback;
}

// A tensor of unknown rank passed for a parameter declared Tensor[T, rank] of its dtype: the
// lowering checks the rank when the function is entered (Lowerer::check_declared_rank).
bool rank_checked_on_entry(const Type* actual, const Type* declared) {
  return is_tensor(actual) && is_tensor(declared) && actual->rank < 0 && declared->rank >= 0 &&
         actual->dtype == declared->dtype;
}

// Positions of the arguments of a call in parameter order: positional ones first, then
// keywords matched by name. Errors name `who` and point at `loc` (or at the keyword).
// Parameters left out that have a default (`defaults`, null entries for none; may be empty)
// stay SIZE_MAX.
std::vector<size_t> match_arguments(const std::vector<std::string>& names, const std::string& who,
                                    const char* what, SourceLoc loc, const ir::Node* call, size_t given,
                                    const std::vector<std::string>& keywords,
                                    const std::vector<ir::Node*>& defaults = {}) {
  call = argument_source(call, given);
  size_t positional = given - keywords.size();
  size_t required = names.size();
  while (required > 0 && required <= defaults.size() && defaults[required - 1]) --required;
  if (positional > names.size() || (keywords.empty() && (given > names.size() || given < required)))
    compile_error(loc, who + " takes " +
                           (required == names.size() ? count_of(names.size(), what)
                                                     : std::to_string(required) + " to " + count_of(names.size(), what)) +
                           ", " + std::to_string(given) + " given");
  std::vector<size_t> from(names.size(), SIZE_MAX);
  for (size_t i = 0; i < positional; ++i) from[i] = i;
  for (size_t k = 0; k < keywords.size(); ++k) {
    SourceLoc at = loc;  // the call's `(`: the IR does not record where a keyword is written
    auto it = std::find(names.begin(), names.end(), keywords[k]);
    if (it == names.end())
      compile_error(at, who + " has no " + (std::string(what) == "field" ? "field" : "parameter") + " named '" +
                            keywords[k] + "'");
    size_t j = static_cast<size_t>(it - names.begin());
    if (from[j] != SIZE_MAX) compile_error(at, who + " got two values for '" + keywords[k] + "'");
    from[j] = positional + k;
  }
  for (size_t j = 0; j < names.size(); ++j)
    if (from[j] == SIZE_MAX && !(j < defaults.size() && defaults[j]))
      compile_error(loc, who + " is missing a value for '" + names[j] + "'");
  return from;
}

}  // namespace

std::vector<const Type*> Inferrer::bind_arguments(const ir::Graph* g, const ir::Node* call, SourceLoc loc,
                                                  const std::vector<const Type*>& args,
                                                  const std::vector<std::string>& keywords) {
  std::vector<std::string> names;
  for (const ir::Node* p : g->params) names.push_back(p->name);
  std::string who = graph_display_name(g);
  std::vector<size_t> from =
      match_arguments(names, who, "argument", loc, call, args.size(), keywords, g->param_defaults);
  const ir::Node* source = argument_source(call, args.size());
  std::vector<const Type*> bound;
  for (size_t j = 0; j < names.size(); ++j) {
    if (from[j] == SIZE_MAX) {  // left out: the default (a literal), checked against an annotation too
      const Type* t = constant_type(nullptr, g->param_defaults[j]);
      const Type* declared = annotations_.resolve(g->param_types.at(j));
      if (declared && !fits(t, declared))
        compile_error(g->param_defaults[j]->loc, "the default of '" + names[j] + "' is " + to_string(t) +
                                                     ", but the parameter is declared " + to_string(declared));
      bound.push_back(declared ? declared : t);
      continue;
    }
    const Type* t = args[from[j]];
    if (const Type* declared = annotations_.resolve(g->param_types.at(j))) {
      if (!fits(t, declared) && !rank_checked_on_entry(t, declared)) {
        SourceLoc at = argument_loc(source, from[j], loc);
        // `x: T = v` lowers to a call of a top-level identity lambda named "annotation".
        if (g->role == ir::GraphRole::Lambda && !g->parent && g->name == "annotation")
          compile_error(at, "variable '" + names[j] + "' is declared " + to_string(declared) + ", found " +
                                to_string(t));
        compile_error(at, "argument '" + names[j] + "' of " + who + " expects " + to_string(declared) +
                              ", found " + to_string(t));
      }
      t = declared;  // also refines a Bottom argument
    }
    bound.push_back(t);
  }
  return bound;
}

const Type* Inferrer::call_constructor(const ir::Node* n, const Type* callee,
                                       const std::vector<const Type*>& args,
                                       const std::vector<std::string>& keywords) {
  const std::vector<ir::FieldInfo>& fields =
      callee->struct_decl ? callee->struct_decl->fields : callee->variant->fields;
  std::string who = callee->struct_decl ? callee->struct_decl->name : callee->variant->name;
  std::vector<std::string> names;
  for (const ir::FieldInfo& f : fields) names.push_back(f.name);
  std::vector<size_t> from = match_arguments(names, who, "field", n->loc, n, args.size(), keywords);
  const ir::Node* source = argument_source(n, args.size());
  std::vector<const Type*> ordered;
  std::vector<SourceLoc> locs;
  for (size_t j : from) {
    ordered.push_back(args[j]);
    locs.push_back(argument_loc(source, j, n->loc));
  }
  if (callee->struct_decl) return prims_.construct_struct(callee->struct_decl, ordered, n->loc, locs);
  return prims_.construct_variant(callee->variant, ordered, n->loc, locs);
}

// ------------------------------------------------------------- control flow
// Calls the condition or body function of a `while` with the state type. Loop graphs
// made by the lowering get one context per parent context whose parameter type is the
// current state (see the header); any other function value is called normally.
const Type* Inferrer::call_loop_graph(Record& r, const ir::Node* n, const Type* fn, const Type* state) {
  bool loop_graph = fn->kind == TypeKind::Closure && (fn->graph->role == ir::GraphRole::LoopCond ||
                                                      fn->graph->role == ir::GraphRole::LoopBody);
  if (!loop_graph) return call(r, n, fn, {state}, {});
  if (fn->graph->params.size() != 1)
    internal_error("type inference", "loop graph @" + fn->graph->name + " does not take one state parameter");
  const Context* ctx = new_context(fn->graph, {}, fn->context, n->loc);
  Record& loop = record(ctx);
  if (loop.state == Record::State::Running)
    internal_error("type inference", "loop graph @" + fn->graph->name + " re-entered");
  // Whatever was computed from an earlier state type is dropped (not r, which is
  // evaluating the loop right now).
  invalidate_readers(loop, &r);
  loop.state = Record::State::Fresh;
  loop.args = {state};
  r.callees[n].push_back(ctx);
  return infer_context(ctx, &r, n);
}

const Type* Inferrer::infer_if(const PrimCall& c) {
  Record& r = *stack_.back();
  const Type* cond = c.args[0];
  if (!is_bottom(cond) && cond != store_.boolean())
    compile_error(c.arg_nodes.empty() ? c.node->loc : operand_loc(c.node, c.arg_nodes[0]),
                  "condition must be bool, found " + to_string(cond));
  // When the else path widens the join graph both paths continue in, what the then path
  // computed from the narrower join is dropped: infer it again, here, rather than
  // making the whole record run another round.
  bool needed_rerun = r.needs_rerun;
  const Type* then_type = nullptr;
  const Type* else_type = nullptr;
  size_t split = 0;
  for (int attempt = 0;; ++attempt) {
    r.callees.erase(c.node);
    then_type = call(r, c.node, c.args[1], {}, {});
    split = r.callees[c.node].size();
    else_type = call(r, c.node, c.args[2], {}, {});
    const auto& called = r.callees[c.node];
    bool then_dropped = std::any_of(called.begin(), called.begin() + split, [&](const Context* ctx) {
      return record(ctx).state == Record::State::Fresh;
    });
    if (!then_dropped) {
      r.needs_rerun = needed_rerun;
      break;
    }
    if (attempt == 3) break;  // leave needs_rerun set: the record runs another round
  }
  const Type* joined = join(store_, then_type, else_type);
  if (!joined) {
    const auto& all = r.callees[c.node];
    branch_mismatch(r, c.node, then_type, else_type, {all.begin() + split, all.end()});
  }
  return joined;
}

// The lowering places a loop-condition graph where the condition is written.
static SourceLoc condition_loc(const ir::Node* loop) {
  const ir::Node* cond = loop->arg(0);
  if (cond->holds_graph() && cond->as_graph()->loc.valid()) return cond->as_graph()->loc;
  return loop->loc;
}

// The state type is iterated to a fixpoint: s = init; s = join(s, body(s)) until stable.
// Only the condition and body records of the final state stay as the node's callees.
const Type* Inferrer::infer_while(const PrimCall& c) {
  Record& r = *stack_.back();
  const Type* state = c.args[2];
  for (size_t round = 0; round < limits_.max_loop_rounds; ++round) {
    r.callees.erase(c.node);
    const Type* cond = call_loop_graph(r, c.node, c.args[0], state);
    if (!is_bottom(cond) && cond != store_.boolean())
      compile_error(condition_loc(c.node), "loop condition must be bool, found " + to_string(cond));
    const Type* next = call_loop_graph(r, c.node, c.args[1], state);
    const Type* joined = join(store_, state, next);
    if (!joined) {
      const auto& called = r.callees[c.node];
      loop_state_mismatch(c.node, c, state, next, called.empty() ? nullptr : called.back());
    }
    if (joined == state) return state;
    state = joined;
  }
  compile_error(c.node->loc, "cannot infer the types of the loop's variables: they keep changing (" +
                                 to_string(state) + " so far)");
}

}  // namespace fx::types

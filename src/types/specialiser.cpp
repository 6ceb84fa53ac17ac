#include "types/specialiser.hpp"

#include <algorithm>
#include <functional>
#include <unordered_set>

#include "support/diagnostics.hpp"

namespace fx::types {

namespace {

std::string clone_name(const Record& rec) {
  std::string name = rec.ctx->graph->name + "[";
  for (size_t i = 0; i < rec.args.size(); ++i) {
    if (i) name += ",";
    name += to_string(rec.args[i]);
  }
  return name + "]";
}

}  // namespace

// Two phases: first every context to clone is found (this may still infer closures
// that are never called, and so may report a type error), then the module is changed.
// An error therefore never leaves half-built clones behind.
ir::Graph* Specialiser::clone(const Context* entry) {
  if (auto it = clones_.find(entry); it != clones_.end()) return it->second;
  discover(entry);
  std::stable_sort(to_fill_.begin(), to_fill_.end(),
                   [](const Context* a, const Context* b) { return a->depth() < b->depth(); });
  for (const Context* ctx : to_fill_) shell(ctx);
  for (const Context* ctx : to_fill_) fill(ctx);
  to_fill_.clear();
  return clones_.at(entry);
}

void Specialiser::discover(const Context* root) {
  std::vector<const Context*> found;
  std::unordered_set<const Context*> seen;
  std::map<std::pair<const ir::Graph*, const Context*>, std::vector<const Context*>> new_calls;
  std::vector<std::pair<const ir::Graph*, const Context*>> values;  // closure values used
  auto has_calls = [&](const std::pair<const ir::Graph*, const Context*>& key) {
    auto a = calls_of_.find(key);
    auto b = new_calls.find(key);
    return (a != calls_of_.end() && !a->second.empty()) || (b != new_calls.end() && !b->second.empty());
  };

  std::vector<const Context*> queue{root};
  while (!queue.empty()) {
    for (size_t q = 0; q < queue.size(); ++q) {
      const Context* ctx = queue[q];
      if (clones_.count(ctx) || !seen.insert(ctx).second) continue;
      found.push_back(ctx);
      new_calls[{ctx->graph, ctx->parent}].push_back(ctx);
      const Record& rec = inferrer_.final_record(ctx);
      if (ctx->parent) queue.push_back(ctx->parent);
      auto note_value = [&](const ir::Node* v) {
        if (!v->holds_graph()) return;
        const ir::Graph* g = v->as_graph();
        values.push_back({g, g->parent ? ctx->find(g->parent) : nullptr});
      };
      for (const ir::Node* n : ctx->graph->body) {
        for (const ir::Node* in : n->inputs) note_value(in);
        if (auto it = rec.callees.find(n); it != rec.callees.end())
          queue.insert(queue.end(), it->second.begin(), it->second.end());
      }
      note_value(ctx->graph->output);
    }
    queue.clear();
    // Closures used only as values, never called: clone them for unknown argument types.
    for (const auto& key : values)
      if (!has_calls(key)) queue.push_back(inferrer_.uncalled_context(key.first, key.second));
    values.clear();
  }
  for (auto& [key, contexts] : new_calls)
    calls_of_[key].insert(calls_of_[key].end(), contexts.begin(), contexts.end());
  to_fill_ = std::move(found);
}

ir::Graph* Specialiser::shell(const Context* ctx) {
  if (auto it = clones_.find(ctx); it != clones_.end()) return it->second;
  const ir::Graph* g = ctx->graph;
  const Record& rec = *inferrer_.find(ctx);
  ir::Graph* parent = ctx->parent ? clones_.at(ctx->parent) : nullptr;
  ir::Graph* c = module_.new_graph(clone_name(rec), parent, g->loc, g->role);
  auto& map = node_maps_[ctx];
  for (size_t i = 0; i < g->params.size(); ++i) {
    ir::Node* p = module_.add_param(c, g->params[i]->name, g->params[i]->loc);
    p->type = rec.args.at(i);
    c->param_types[i] = g->param_types[i];
    c->param_defaults[i] = g->param_defaults[i];
    map[g->params[i]] = p;
  }
  c->return_type = g->return_type;
  c->origin = g;
  clones_[ctx] = c;
  context_of_clone_[c] = ctx;
  return c;
}

void Specialiser::fill(const Context* ctx) {
  const Record& rec = *inferrer_.find(ctx);
  const ir::Graph* g = ctx->graph;
  ir::Graph* c = clones_.at(ctx);
  for (ir::Node* n : g->body) {
    std::vector<ir::Node*> inputs;
    for (size_t j = 0; j < n->inputs.size(); ++j) inputs.push_back(map_value(ctx, rec, n->inputs[j], n, j));
    std::vector<SourceLoc> arg_locs = n->arg_locs;
    std::vector<std::string> keywords = n->keywords;
    if (n->is_prim_apply(ir::Prim::TreeMap)) {
      if (ir::Node* expanded = expand_tree_map(ctx, rec, n, c, inputs)) {
        node_maps_[ctx][n] = expanded;
        continue;
      }
    }
    resolve_tuple_index(ctx, n, inputs, arg_locs);
    bind_by_position(ctx, rec, n, inputs, arg_locs, keywords);
    resolve_function_values(ctx, rec, n, c, inputs);
    ir::Node* copy = module_.apply(c, std::move(inputs), n->loc, n->name);
    copy->keywords = std::move(keywords);
    copy->arg_locs = std::move(arg_locs);
    copy->type = rec.types.at(n);
    node_maps_[ctx][n] = copy;
    if (auto it = rec.callees.find(n); it != rec.callees.end()) {
      std::vector<ir::Graph*>& targets = call_targets_[copy];
      for (const Context* callee : it->second) {
        ir::Graph* target = clones_.at(callee);
        if (std::find(targets.begin(), targets.end(), target) == targets.end()) targets.push_back(target);
      }
    }
  }
  c->output = map_value(ctx, rec, g->output, nullptr, 0);
}

void Specialiser::bind_by_position(const Context* ctx, const Record& rec, const ir::Node* n,
                                   std::vector<ir::Node*>& inputs, std::vector<SourceLoc>& arg_locs,
                                   std::vector<std::string>& keywords) {
  const Type* callee_type = inputs.at(0)->type;
  if (!callee_type || callee_type->kind != TypeKind::Closure) return;  // not primitives, derived functions
  auto it = rec.callees.find(n);
  if (it == rec.callees.end() || it->second.empty()) return;
  const ir::Graph* g = it->second.front()->graph;
  for (const Context* callee : it->second)
    if (callee->graph != g) return;  // one of several functions: inference required every argument
  const size_t given = inputs.size() - 1, params = g->params.size();
  if (keywords.empty() && given == params) return;
  const size_t positional = given - keywords.size();
  const bool located = arg_locs.size() == given;
  std::vector<ir::Node*> args(params, nullptr);
  std::vector<SourceLoc> locs(params);
  auto place = [&](size_t j, size_t i) {
    args.at(j) = inputs.at(i + 1);
    if (located) locs[j] = arg_locs[i];
  };
  for (size_t i = 0; i < positional; ++i) place(i, i);
  for (size_t k = 0; k < keywords.size(); ++k) {
    size_t j = 0;
    while (j < params && g->params[j]->name != keywords[k]) ++j;
    place(j, positional + k);  // inference matched every keyword
  }
  for (size_t j = 0; j < params; ++j) {
    if (args[j]) continue;
    const ir::Node* d = g->param_defaults.at(j);
    if (!d) internal_error("specialisation", "no value for parameter '" + g->params[j]->name + "' of " + g->name);
    args[j] = module_.constant(d->value, d->loc);
    args[j]->type = inferrer_.constant_type(ctx, args[j]);
  }
  inputs.resize(1);
  inputs.insert(inputs.end(), args.begin(), args.end());
  if (located) arg_locs = std::move(locs);
  keywords.clear();
}

namespace {

size_t tree_map_leaves(const Type* x, Annotations& annotations) {
  if (x->kind == TypeKind::Tuple) {
    size_t n = 0;
    for (const Type* e : x->elems) n += tree_map_leaves(e, annotations);
    return n;
  }
  if (x->kind == TypeKind::Struct) {
    size_t n = 0;
    for (size_t i = 0; i < x->struct_decl->fields.size(); ++i)
      n += tree_map_leaves(annotations.field_type(x->struct_decl, i), annotations);
    return n;
  }
  return is_tree_map_leaf(x) ? 1 : 0;
}

}  // namespace

// The parts are built in the order inference called f (Inferrer::tree_map_node), so the k-th
// leaf's call is the k-th context inference recorded for the tree_map node. A leaf's call goes
// to the clone inferred for its own signature when f is written at the call (a lambda or a
// function name: a graph constant), as AD reads the types of the clone it differentiates;
// otherwise through the value f.
ir::Node* Specialiser::expand_tree_map(const Context* ctx, const Record& rec, const ir::Node* n, ir::Graph* c,
                                       const std::vector<ir::Node*>& inputs) {
  const ir::Node* f = n->inputs.at(1);
  const Type* f_type = inputs.at(1)->type;
  if (!f_type || inputs.size() < 3) return nullptr;
  // f is one closure or primitive, or one of several (a Union of them: inference called each
  // closure at every leaf, in the union's order, and the leaf's call goes through the value to
  // one of them). A primitive has no context: its result at a leaf is read from the type
  // inference gave the whole tree_map (with_primitives).
  // (A primitive alone, as in tree_map(exp, x), is left to the back ends: they call it.)
  if (f_type->kind == TypeKind::PrimFn) return nullptr;
  size_t alternatives = 0;  // closures among f's alternatives
  bool with_primitives = false;
  for (const Type* e : f_type->kind == TypeKind::Union ? f_type->elems : std::vector<const Type*>{f_type}) {
    if (e->kind == TypeKind::Closure)
      ++alternatives;
    else if (e->kind == TypeKind::PrimFn)
      with_primitives = true;
    else
      return nullptr;
  }
  auto callees = rec.callees.find(n);
  const size_t leaves = tree_map_leaves(inputs[2]->type, inferrer_.annotations());
  if (leaves * alternatives != (callees == rec.callees.end() ? 0 : callees->second.size())) return nullptr;

  const SourceLoc loc = n->loc;
  auto prim = [&](ir::Prim p, std::vector<ir::Node*> args, const Type* type) {
    ir::Node* callee = module_.constant(p, loc);
    callee->type = inferrer_.constant_type(ctx, callee);
    args.insert(args.begin(), callee);
    ir::Node* node = module_.apply(c, std::move(args), loc);
    node->type = type;
    return node;
  };
  auto typed_constant = [&](ir::ConstValue v) {
    ir::Node* k = module_.constant(std::move(v), loc);
    k->type = inferrer_.constant_type(ctx, k);
    return k;
  };
  size_t next_leaf = 0;
  // trees: the corresponding subtrees of the arguments; inferred: what inference gave this part
  // of the result (for a struct's field, the field's declared type).
  std::function<ir::Node*(const std::vector<ir::Node*>&, const Type*)> part = [&](const std::vector<ir::Node*>& trees,
                                                                                  const Type* inferred) {
    const Type* x = trees[0]->type;
    if (x->kind == TypeKind::Tuple) {
      std::vector<ir::Node*> parts;
      std::vector<const Type*> types;
      for (size_t i = 0; i < x->elems.size(); ++i) {
        std::vector<ir::Node*> children;
        for (ir::Node* t : trees)
          children.push_back(prim(ir::Prim::TupleGet, {t, typed_constant(int64_t(i))}, t->type->elems[i]));
        parts.push_back(part(children, inferred->elems.at(i)));
        types.push_back(parts.back()->type);
      }
      return prim(ir::Prim::MakeTuple, std::move(parts), inferrer_.store().tuple(std::move(types)));
    }
    if (x->kind == TypeKind::Struct) {
      const ir::StructDecl* decl = x->struct_decl;
      std::vector<ir::Node*> parts{typed_constant(decl)};
      for (size_t i = 0; i < decl->fields.size(); ++i) {
        const Type* field = inferrer_.annotations().field_type(decl, i);
        std::vector<ir::Node*> children;
        for (ir::Node* t : trees)
          children.push_back(prim(ir::Prim::GetAttr, {t, typed_constant(decl->fields[i].name)}, field));
        parts.push_back(part(children, field));
      }
      return prim(ir::Prim::MakeStruct, std::move(parts), x);
    }
    if (!is_tree_map_leaf(x)) return trees[0];
    ir::Node* fn = inputs[1];
    std::vector<const Context*> called;
    const Type* result = with_primitives ? inferred : inferrer_.store().bottom();
    for (size_t k = 0; k < alternatives; ++k) {
      called.push_back(callees->second.at(next_leaf++));
      result = join(inferrer_.store(), result, inferrer_.final_record(called.back()).result);
      if (!result) internal_error("specialiser", "tree_map's alternatives return types inference did not join");
    }
    if (alternatives == 1 && f->holds_graph() && f->as_graph() == called[0]->graph) {
      fn = module_.constant(clones_.at(called[0]), f->loc);
      fn->type = f_type;
    } else if (alternatives > 0) {
      // A value called at this leaf's signature: switched to the clones for it, as a direct
      // call of the value is (resolve_function_values), so that its derivative is taken with
      // this leaf's types.
      ir::Node* at = module_.constant(ir::Prim::ClosureAt, loc);
      at->type = inferrer_.constant_type(ctx, at);
      std::vector<ir::Node*> switched{at, fn};
      for (const Context* callee : called) {
        ir::Graph* target = clones_.at(callee);
        if (std::none_of(switched.begin() + 2, switched.end(), [&](ir::Node* k) { return k->as_graph() == target; }))
          switched.push_back(module_.constant(target, loc));
      }
      fn = module_.apply(c, std::move(switched), loc);
      fn->type = f_type;
    }
    std::vector<ir::Node*> args{fn};
    args.insert(args.end(), trees.begin(), trees.end());
    ir::Node* call = module_.apply(c, std::move(args), loc);
    call->type = result;
    for (const Context* callee : called) call_targets_[call].push_back(clones_.at(callee));
    return call;
  };
  return part(std::vector<ir::Node*>(inputs.begin() + 2, inputs.end()), rec.types.at(n));
}

namespace {

// The inputs of n that are function values called at n: the callee of a call through a value,
// the function of jvp(f, ...), vjp(f, ...) and the hook of grad_hook(x, h).
std::vector<size_t> called_value_inputs(const ir::Node* n) {
  ir::Prim p;
  if (!n->prim_callee(&p)) return n->inputs.at(0)->holds_graph() ? std::vector<size_t>{} : std::vector<size_t>{0};
  if (p == ir::Prim::Jvp || p == ir::Prim::Vjp) return {1};
  if (p == ir::Prim::GradHook) return {2};
  return {};
}

}  // namespace

// A function value may be called at several signatures (one lambda passed to `apply` with an
// i64 and with an f64), but the value is built once and points at one clone. Where it is
// called, inference knows which clone the call needs (the call's callees): closure_at(f,
// @clones...) switches the value to that clone, so the interpreter runs it and the AD
// transforms differentiate it with the types of this call.
void Specialiser::resolve_function_values(const Context* ctx, const Record& rec, const ir::Node* n, ir::Graph* c,
                                          std::vector<ir::Node*>& inputs) {
  auto callees = rec.callees.find(n);
  if (callees == rec.callees.end() || callees->second.empty()) return;
  for (size_t i : called_value_inputs(n)) {
    if (i >= inputs.size() || !is_function(inputs[i]->type)) continue;
    ir::Node* at = module_.constant(ir::Prim::ClosureAt, n->loc);
    at->type = inferrer_.constant_type(ctx, at);
    std::vector<ir::Node*> args{at, inputs[i]};
    for (const Context* callee : callees->second) {
      ir::Graph* target = clones_.at(callee);
      bool listed = false;
      for (size_t k = 2; k < args.size(); ++k) listed = listed || args[k]->as_graph() == target;
      if (!listed) args.push_back(module_.constant(target, n->loc));
    }
    ir::Node* resolved = module_.apply(c, std::move(args), n->loc);
    resolved->type = inputs[i]->type;
    inputs[i] = resolved;
  }
}

// `t[k]` is lowered to index(t, "i", k) because the lowering cannot tell a tuple from a
// tensor; on a tuple (k a constant, checked by inference) it becomes tuple_get(t, k).
void Specialiser::resolve_tuple_index(const Context* ctx, const ir::Node* n, std::vector<ir::Node*>& inputs,
                                      std::vector<SourceLoc>& arg_locs) {
  if (!n->is_prim_apply(ir::Prim::Index) || inputs.size() != 4) return;
  const Type* t = inputs[1]->type;
  if (!t || t->kind != TypeKind::Tuple) return;
  ir::Node* callee = module_.constant(ir::Prim::TupleGet, inputs[0]->loc);
  callee->type = inferrer_.constant_type(ctx, callee);
  ir::Node* k = inputs[3];
  if (k->is_prim_apply(ir::Prim::Neg) && k->arg(0)->is_constant()) {  // t[-1] written as neg(1)
    k = module_.int_const(-k->arg(0)->as_int());
    k->type = inferrer_.constant_type(ctx, k);
  }
  inputs = {callee, inputs[1], k};
  if (arg_locs.size() == 3) arg_locs = {arg_locs[0], arg_locs[2]};
}

ir::Node* Specialiser::map_value(const Context* ctx, const Record& rec, const ir::Node* v,
                                 const ir::Node* user, size_t index) {
  if (v->is_constant()) {
    // Non-graph constants are shared by all graphs; their type does not depend on context.
    ir::Node* shared = const_cast<ir::Node*>(v);
    if (!v->holds_graph()) {
      shared->type = inferrer_.constant_type(ctx, v);
      return shared;
    }
    std::vector<const Context*> others;
    const Context* target = closure_target(ctx, rec, v, user, index, &others);
    ir::Node* k = module_.constant(clones_.at(target), v->loc);
    k->type = inferrer_.constant_type(ctx, v);
    if (!others.empty()) {
      SharedClosure shared_closure{k, {}};
      for (const Context* other : others) shared_closure.other_clones.push_back(clones_.at(other));
      shared_.push_back(std::move(shared_closure));
    }
    return k;
  }
  const Context* owner = ctx->find(v->graph);
  if (!owner) internal_error("specialisation", "node of @" + v->graph->name + " used outside its scope");
  return node_maps_.at(owner).at(v);
}

const Context* Specialiser::closure_target(const Context* ctx, const Record& rec, const ir::Node* constant,
                                           const ir::Node* user, size_t index,
                                           std::vector<const Context*>* others) {
  const ir::Graph* g = constant->as_graph();
  const Context* parent = g->parent ? ctx->find(g->parent) : nullptr;
  ir::Prim p;
  bool called_here = user && (index == 0 || (user->prim_callee(&p) && (p == ir::Prim::If || p == ir::Prim::While)));
  if (called_here) {
    std::vector<const Context*> matching;
    if (auto it = rec.callees.find(user); it != rec.callees.end())
      for (const Context* callee : it->second)
        if (callee->graph == g && callee->parent == parent &&
            std::find(matching.begin(), matching.end(), callee) == matching.end())
          matching.push_back(callee);
    if (matching.size() == 1) return matching[0];
  }
  // A value called at several signatures: prefer a clone that a derivative operator
  // calls, because the AD transforms read the types of the clone they differentiate
  // (an `f` typed for i64 would look constant), while plain calls evaluate any clone alike.
  std::vector<const Context*> candidates = calls_of_.at({g, parent});
  auto by_ad = std::find_if(candidates.begin(), candidates.end(),
                            [&](const Context* c) { return inferrer_.called_by_derivative(c); });
  if (by_ad != candidates.end()) std::rotate(candidates.begin(), by_ad, by_ad + 1);
  others->assign(candidates.begin() + 1, candidates.end());
  return candidates.front();
}

const Context* Specialiser::context_of(const ir::Graph* clone) const {
  auto it = context_of_clone_.find(clone);
  return it == context_of_clone_.end() ? nullptr : it->second;
}

std::vector<ir::Graph*> Specialiser::call_targets(const ir::Node* call) const {
  auto it = call_targets_.find(call);
  return it == call_targets_.end() ? std::vector<ir::Graph*>{} : it->second;
}

}  // namespace fx::types

namespace fx::types {

void Specialiser::copy_call_targets(const ir::Node* call, const ir::Node* copy) {
  auto it = call_targets_.find(call);
  if (it != call_targets_.end()) call_targets_[copy] = it->second;
}

}  // namespace fx::types
